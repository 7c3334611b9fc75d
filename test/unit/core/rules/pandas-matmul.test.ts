import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { raisedBy } from '../../../../src/core/rules/engine';
import { pandasMatmulRule } from '../../../../src/core/rules/pandas-matmul';
import { testExamples, TODAY } from './helpers';

testExamples([pandasMatmulRule]);

/** The cell as the rule rewrites it, with the notebook's imports. */
function rewrite(
  cell: string,
  imports = new Map([['np', 'numpy']]),
  bound = new Set(['np'])
): string {
  const matches = scanSource(cell, [pandasMatmulRule], {
    versions: TODAY,
    imports
  });
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe("numpy's matmul of frames", () => {
  it('multiplies the operands as arrays, by place', () => {
    assert.equal(
      rewrite('y_hat = np.matmul(X, w)'),
      'y_hat = np.matmul(np.asarray(X), np.asarray(w))'
    );
    assert.equal(
      rewrite('p = np.matmul(np.transpose(X), y.loc[idx])'),
      'p = np.matmul(np.asarray(np.transpose(X)), np.asarray(y.loc[idx]))'
    );
  });

  it('leaves operands that are arrays already as they are', () => {
    assert.equal(
      rewrite('w = np.matmul(np.matmul(np.linalg.pinv(A), X.T), y.values)'),
      'w = np.matmul(np.matmul(np.linalg.pinv(A), np.asarray(X.T)), y.values)'
    );
    for (const cell of [
      'z = np.matmul(np.asarray(X), np.array(w))',
      'z = np.matmul(X.to_numpy(), 2)',
      'z = np.matmul(X, w, out=buffer)',
      'z = np.matmul(*pair)',
      'z = X @ w',
      'z = np.dot(X, w)'
    ]) {
      assert.equal(rewrite(cell), cell, cell);
    }
  });

  it('spells numpy as the notebook imports it, and imports it where it does not', () => {
    assert.equal(
      rewrite(
        'z = numpy.matmul(X, w)',
        new Map([['numpy', 'numpy']]),
        new Set(['numpy'])
      ),
      'z = numpy.matmul(numpy.asarray(X), numpy.asarray(w))'
    );
    assert.equal(
      rewrite(
        'z = matmul(X, w)',
        new Map([['matmul', 'numpy.matmul']]),
        new Set(['matmul'])
      ),
      'import numpy as np\nz = matmul(np.asarray(X), np.asarray(w))'
    );
  });

  it('explains the refusal and a product read by place, nothing else', () => {
    const explains = (ename: string, evalue: string) =>
      raisedBy(pandasMatmulRule, { ename, evalue });
    assert.ok(explains('ValueError', 'matrices are not aligned'));
    assert.ok(explains('KeyError', '0'));
    assert.ok(explains('KeyError', '-1'));
    assert.ok(!explains('KeyError', "'price'"));
    assert.ok(!explains('KeyError', "'[0] not in index'"));
    assert.ok(!explains('TypeError', '0'));
  });
});
