import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  pandasReadOnlyRules,
  writtenInPlace
} from '../../../../src/core/rules/pandas-read-only';
import { rewriteAfter, testExamples } from './helpers';

testExamples(pandasReadOnlyRules);

describe('pandas.values-read-only', () => {
  // The other cell stands for the notebook's cells: where the arrays are written.
  const rewrite = (cell: string, other = '') =>
    rewriteAfter(
      pandasReadOnlyRules,
      'pandas.values-read-only',
      cell,
      `import pandas as pd\n${other}`
    );

  it('copies the arrays a later cell writes into, and only those', () => {
    const cell =
      "X = data[features].values\ny = data['Facies'].values\ndepth = data['Depth'].to_numpy()";
    assert.equal(
      rewrite(cell, 'for w in wells:\n    depth[w] = np.sort(depth[w])'),
      "X = data[features].values\ny = data['Facies'].values\ndepth = data['Depth'].to_numpy(copy=True)"
    );
    assert.equal(
      rewrite(cell, 'y[y == 2] = 1'),
      "X = data[features].values\ny = data['Facies'].to_numpy(copy=True)\ndepth = data['Depth'].to_numpy()"
    );
    assert.equal(rewrite(cell, 'print(X[0], y.sum())'), cell);
  });

  it('leaves a copy asked for, a call of values and any other form', () => {
    for (const cell of [
      'y = s.to_numpy(copy=True)\ny[0] = 1',
      'y = d.values()\ny[0] = 1',
      'y = s.values[1:]\ny[0] = 1',
      'y += s.values\ny[0] = 1'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('writtenInPlace', () => {
  it('names what a line writes into, not what it reads or compares', () => {
    assert.deepEqual(
      [
        ...writtenInPlace(
          'a[0] = 1\nb[m] *= 2\nc += 1\nd.sort()\nnp.random.shuffle(e)\nf = g[0]\nif h[0] == 1: pass'
        )
      ],
      ['a', 'b', 'c', 'd', 'e']
    );
  });
});
