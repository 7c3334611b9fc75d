import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pandasAggregateRules } from '../../../../src/core/rules/pandas-aggregate';
import { askingScan, rewriteAfter, testExamples } from './helpers';

testExamples(pandasAggregateRules);

describe('pandas.agg-renamer', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(pandasAggregateRules, 'pandas.agg-renamer', cell);

  it('writes each nested dict as pairs, keeping its layout and the other columns', () => {
    const cell = [
      "display(df.groupby(['shop', 'kind']).agg({'price': {",
      "                                    'total': np.sum,",
      "                                    'sd': np.std},",
      "                                'qty': np.sum}))"
    ].join('\n');
    assert.equal(
      rewrite(cell),
      [
        "display(df.groupby(['shop', 'kind']).agg({'price': [",
        "                                    ('total', np.sum),",
        "                                    ('sd', np.std)],",
        "                                'qty': np.sum}))"
      ].join('\n')
    );
  });

  it("names a grouped column's results without asking when the grouping is made there", () => {
    assert.equal(
      rewrite("df.groupby('shop').price.agg({'n': 'count', 'mean': 'mean'})"),
      "df.groupby('shop').price.agg([('n', 'count'), ('mean', 'mean')])"
    );
    assert.equal(
      rewrite("df.groupby('shop').price.agg({'n: all': 'count'})"),
      "df.groupby('shop').price.agg([('n: all', 'count')])"
    );
    assert.equal(
      rewrite("df.resample('D')['price'].aggregate({'high': 'max'})"),
      "df.resample('D')['price'].aggregate([('high', 'max')])"
    );
  });

  it('leaves a dict of columns on frames, and any key that is not a name', () => {
    for (const cell of [
      "df.groupby('shop').agg({'price': 'sum', 'qty': 'max'})",
      "df.groupby('shop')[['price']].agg({'price': 'sum'})",
      "df.groupby('shop')['price'].agg({0: 'sum'})",
      "df.groupby('shop')['price'].agg({**names})",
      "df.groupby('shop')['price'].agg(['sum', 'max'])"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });

  it('asks the kernel about a grouped column bound elsewhere', () => {
    const { asked, rewritten } = askingScan(
      pandasAggregateRules,
      'import pandas as pd'
    );
    const cell = "by_shop['price'].agg({'n': 'count'})";
    assert.deepEqual(asked(cell), [cell]);
    assert.equal(
      rewritten(cell, 'SeriesGroupBy'),
      "by_shop['price'].agg([('n', 'count')])"
    );
    assert.equal(rewritten(cell, 'DataFrame'), cell);
  });
});
