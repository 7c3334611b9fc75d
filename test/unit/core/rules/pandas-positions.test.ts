import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import {
  pandasPositionalRule,
  pandasPositionalRules
} from '../../../../src/core/rules/pandas-positions';
import { answered, testExamples, TODAY } from './helpers';

/** The rule's matches in a cell after `earlier` cells (pandas imported by default). */
function scan(
  cell: string,
  earlier = 'import numpy as np\nimport pandas as pd'
): IRuleMatch[] {
  const prepared = [earlier, cell].map(prepareSource);
  return scanSource(cell, [pandasPositionalRule], {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
}

/** The cell as the rule rewrites it, kernel questions answered with `answer`. */
function rewrite(cell: string, answer?: string, earlier?: string): string {
  return (
    proposeRewrite(cell, answered(scan(cell, earlier), answer))?.source ?? cell
  );
}

testExamples(pandasPositionalRules);

describe('removed positional accessors', () => {
  it('rewrites irow, icol and iget_value on any receiver of a pandas notebook', () => {
    assert.equal(
      rewrite('for i in rows:\n    print(data[y == 0].text.irow(i))'),
      'for i in rows:\n    print(data[y == 0].text.iloc[i])'
    );
    assert.equal(
      rewrite('x = df.icol(n - 1)\nv = df.iget_value(i, j)'),
      'x = df.iloc[:, n - 1]\nv = df.iat[i, j]'
    );
  });

  it('asks the kernel about iget, and rewrites it only on a Series', () => {
    const cell = 'v = s.iget(0)';
    assert.equal(rewrite(cell, 'Series'), 'v = s.iloc[0]');
    assert.equal(rewrite(cell, 'Cache'), cell);
  });

  it('asks the kernel where the notebook imports no pandas or defines the method', () => {
    const cell = 'r = grid.irow(2)';
    assert.equal(rewrite(cell, 'Grid', 'import numpy as np'), cell);
    assert.equal(
      rewrite(cell, 'DataFrame', 'import numpy as np'),
      'r = grid.iloc[2]'
    );
    const own =
      'import pandas as pd\nclass Grid:\n    pass\ndef irow(g, i):\n    return g';
    assert.equal(rewrite(cell, 'Grid', own), cell);
  });

  it('leaves keywords, other arities, modules and plain functions alone', () => {
    for (const cell of [
      'r = df.irow(0, copy=False)',
      'r = df.icol(0, 1)',
      'r = s.iget_value(*ij)',
      'r = pd.irow(0)',
      'r = irow(0)',
      'r = df.constructor(0)'
    ]) {
      assert.equal(rewrite(cell, 'DataFrame'), cell);
    }
  });
});
