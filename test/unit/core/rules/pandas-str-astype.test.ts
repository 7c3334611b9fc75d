import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import {
  pandasStrAstypeRule,
  pandasStrAstypeRules
} from '../../../../src/core/rules/pandas-str-astype';
import { answered, testExamples, TODAY } from './helpers';

/** The rule's matches in a cell of a notebook that imports numpy and pandas. */
function scan(cell: string): IRuleMatch[] {
  const imports = importTable(
    ['import numpy as np\nimport pandas as pd', cell].map(prepareSource)
  );
  return scanSource(cell, [pandasStrAstypeRule], { versions: TODAY, imports });
}

/** The calls the rule asks about. */
function asked(cell: string): string[] {
  return scan(cell).map(m => cell.slice(m.from, m.to));
}

testExamples(pandasStrAstypeRules);

describe('casts to text of values that may be missing', () => {
  it("asks about astype(str), astype('str') and astype(dtype=str) on names and columns", () => {
    const cell = [
      "a = df['cabin'].astype(str)",
      "b = s.astype('str') + t.astype(dtype=str)"
    ].join('\n');
    assert.deepEqual(asked(cell), [
      "df['cabin'].astype(str)",
      "s.astype('str')",
      't.astype(dtype=str)'
    ]);
  });

  it('leaves other casts, calls, modules and extra arguments alone', () => {
    const cell = [
      'a = s.astype(float) + s.astype(object)',
      'b = f(s).astype(str) + np.astype(x, str)',
      "c = s.astype(str, copy=False) + s.astype('string')"
    ].join('\n');
    assert.deepEqual(asked(cell), []);
  });

  it('writes map(str) only for pandas objects with missing values of plain dtypes', () => {
    const cell = "deck = df['cabin'].astype(str).str[0]";
    const rewrite = (answer: string) =>
      proposeRewrite(cell, answered(scan(cell), answer))?.source ?? cell;
    assert.equal(
      rewrite('Series|True|ok'),
      "deck = df['cabin'].map(str).str[0]"
    );
    for (const answer of [
      'Series|False|ok',
      'Series|True|other',
      'ndarray|True|ok'
    ]) {
      assert.equal(rewrite(answer), cell);
    }
  });
});
