import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { pandasObjectDtypeRules } from '../../../../src/core/rules/pandas-object-dtype';
import { testExamples, TODAY } from './helpers';

testExamples(pandasObjectDtypeRules);

/** The cell as the rule rewrites it, or null. */
function rewrite(cell: string, versions = TODAY): string | null {
  return (
    proposeRewrite(cell, scanSource(cell, pandasObjectDtypeRules, { versions }))
      ?.source ?? null
  );
}

describe('tests for the object dtype that meant text', () => {
  it('look for str too, whichever side the dtype is on', () => {
    assert.equal(
      rewrite("cats = X.columns[X.dtypes != 'object']"),
      "cats = X.columns[(X.dtypes != 'object') & (X.dtypes != 'str')]"
    );
    assert.equal(
      rewrite('if "O" == df["a"].dtype: pass'),
      'if df["a"].dtype in ("O", \'str\'): pass'
    );
  });

  it('leave other dtypes, chained comparisons and calls in the receiver alone', () => {
    for (const cell of [
      "x = df.dtypes == 'float64'",
      "x = df['a'].dtype == 'category'",
      "x = 'O' == t.dtype == u.dtype",
      "x = load().dtypes == 'object'",
      "x = df.dtype.kind == 'O'"
    ]) {
      assert.equal(rewrite(cell), null, cell);
    }
  });

  it('leave object alone where the notebook binds the name itself', () => {
    const cell = "object = 'O'\nx = s.dtype == object";
    const matches = scanSource(cell, pandasObjectDtypeRules, {
      versions: TODAY,
      defined: new Set(['object'])
    });
    assert.deepEqual(matches, []);
  });

  it('change nothing before pandas 3.0, where text columns were objects', () => {
    const old = new Map(TODAY);
    old.set('pandas', '2.2.3');
    assert.equal(rewrite("x = df.dtypes == 'object'", old), null);
  });
});
