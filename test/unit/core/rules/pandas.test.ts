import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pandasApiRules } from '../../../../src/core/rules/pandas-api';
import { pandasBehaviourRules } from '../../../../src/core/rules/pandas-behaviour';
import { pandasCallRules } from '../../../../src/core/rules/pandas-calls';
import { pandasSignatureRules } from '../../../../src/core/rules/pandas-signatures';
import { rewriteAfter, testExamples } from './helpers';

testExamples([
  ...pandasApiRules,
  ...pandasCallRules,
  ...pandasSignatureRules,
  ...pandasBehaviourRules
]);

describe('DataFrame.as_matrix', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      pandasApiRules,
      'pandas.as-matrix',
      cell,
      'import pandas as pd'
    );

  it('is to_numpy() on the columns it was given, to_numpy taking a dtype first', () => {
    assert.equal(
      rewrite("x = data.as_matrix(['exam1', 'exam2'])"),
      "x = data[['exam1', 'exam2']].to_numpy()"
    );
    assert.equal(
      rewrite("X = df.iloc[:, 1:].as_matrix(columns=['X'])"),
      "X = df.iloc[:, 1:][['X']].to_numpy()"
    );
    assert.equal(rewrite('m = df.as_matrix()'), 'm = df.to_numpy()');
    assert.equal(
      rewrite('m = df.as_matrix(columns=None)'),
      'm = df.to_numpy()'
    );
  });

  it('reads the method called on the class as called on its first argument', () => {
    assert.equal(
      rewrite('matrix=pd.DataFrame.as_matrix(data)'),
      'matrix=data.to_numpy()'
    );
    assert.equal(
      rewrite("m = pd.DataFrame.as_matrix(load(), ['a'])"),
      "m = (load())[['a']].to_numpy()"
    );
  });

  it('leaves calls it cannot read alone', () => {
    for (const cell of [
      'm = df.as_matrix(*cols)',
      'm = pd.DataFrame.as_matrix(self=data)',
      "m = df.as_matrix(['a'], 'b')"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('DataFrame.set_value', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      pandasApiRules,
      'pandas.set-value',
      cell,
      'import pandas as pd'
    );

  it('is an assignment through .loc, where the call stands alone or keeps the frame', () => {
    assert.equal(
      rewrite("stepsS.set_value(len(stepsS) - 1, 'finish', i)"),
      "stepsS.loc[len(stepsS) - 1, 'finish'] = i"
    );
    assert.equal(
      rewrite("data_df = data_df.set_value(bad_height, 'Height', np.nan)"),
      "data_df.loc[bad_height, 'Height'] = np.nan"
    );
    assert.equal(
      rewrite('for name in names:\n    df.set_value(name, (m, n), t)'),
      'for name in names:\n    df.loc[name, (m, n)] = t'
    );
  });

  it('leaves other set_value calls alone', () => {
    for (const cell of [
      'w.set_value(np.asarray(0.0))',
      "other = df.set_value(1, 'a', 2)",
      "x = df.set_value(1, 'a', 2).sum()",
      "df.set_value(1, 'a', 2, takeable=True)"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('Series.order', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      pandasApiRules,
      'pandas.series-order',
      cell,
      'import pandas as pd'
    );

  it('is a stable sort_values, descending as the reverse of the ascending sort', () => {
    assert.equal(rewrite('obj.order()'), "obj.sort_values(kind='mergesort')");
    assert.equal(
      rewrite('tot = tot.order(ascending=False)'),
      "tot = tot.sort_values(kind='mergesort', na_position='first')[::-1]"
    );
    assert.equal(
      rewrite('return totals.order(ascending=False)[-n:]'),
      "return totals.sort_values(kind='mergesort', na_position='first')[::-1][-n:]"
    );
    assert.equal(
      rewrite("s.order(kind='quicksort', ascending=False).head(10)"),
      "s.sort_values(kind='quicksort', na_position='first')[::-1].head(10)"
    );
    assert.equal(
      rewrite('s.order(ascending=up)'),
      "s.sort_values(ascending=up, kind='mergesort')"
    );
  });

  it('leaves positional arguments, na_last and a descending sort in place', () => {
    for (const cell of [
      's.order(False)',
      's.order(na_last=False)',
      's.order(ascending=False, inplace=True)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('reindex_axis', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      pandasApiRules,
      'pandas.reindex-axis',
      cell,
      'import pandas as pd'
    );

  it('is reindex, its axis given by keyword', () => {
    assert.equal(
      rewrite('d = d.reindex_axis(d.mean().sort_values().index, axis=1)'),
      'd = d.reindex(d.mean().sort_values().index, axis=1)'
    );
    assert.equal(rewrite('d.reindex_axis(order)'), 'd.reindex(order)');
  });

  it('is left where the axis is given by place, which reindex refuses', () => {
    const cell = 'd = d.reindex_axis(cols, 1)';
    assert.equal(rewrite(cell), cell);
  });
});

describe("drop's axis beside columns= or index=", () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      pandasApiRules,
      'pandas.drop-axis-and-columns',
      cell,
      'import pandas as pd'
    );

  it('goes, columns= and index= saying the axis', () => {
    assert.equal(
      rewrite("X = X.drop(columns=['target'], axis=1)"),
      "X = X.drop(columns=['target'])"
    );
    assert.equal(
      rewrite('df.drop(axis=0, index=[3, 4], inplace=True)'),
      'df.drop(index=[3, 4], inplace=True)'
    );
  });

  it('stays where it is the only axis given', () => {
    for (const cell of [
      "df.drop(['a'], axis=1)",
      "df.drop(labels=['a'], axis=1)",
      "df.drop('a', axis=1, columns=None)"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});
