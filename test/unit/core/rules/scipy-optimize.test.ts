import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { scipyOptimizeRules } from '../../../../src/core/rules/scipy-optimize';
import { answered, testExamples, TODAY } from './helpers';

testExamples(scipyOptimizeRules);

const IMPORTS = 'import numpy as np\nfrom scipy.optimize import minimize';

/** A module's (or cell's) source rewritten, with its own imports on top. */
function rewrite(body: string, answer?: string): string {
  const source = `${IMPORTS}\n${body}`;
  const matches = answered(
    scanSource(source, scipyOptimizeRules, {
      versions: TODAY,
      imports: importTable([prepareSource(source)])
    }),
    answer
  );
  const out = proposeRewrite(source, matches, { bound: new Set() })?.source;
  return (out ?? source).slice(IMPORTS.length + 1);
}

describe('minimize with starting values in a column', () => {
  it('flattens x0 made 2-D where it is written, by position or keyword', () => {
    assert.equal(
      rewrite('r = minimize(cost, np.zeros((3, 1)), jac=grad)'),
      'r = minimize(cost, np.ravel(np.zeros((3, 1))), jac=grad)'
    );
    assert.equal(
      rewrite("r = minimize(fun=cost, x0=theta[:, np.newaxis], method='BFGS')"),
      "r = minimize(fun=cost, x0=np.ravel(theta[:, np.newaxis]), method='BFGS')"
    );
  });

  it('reads past the comments written above each argument', () => {
    const body = [
      'r = minimize(',
      '    # The cost.',
      '    cost,',
      '    # Where to start.',
      '    np.zeros((4, 1)),',
      "    method='CG',",
      ')'
    ].join('\n');
    assert.equal(
      rewrite(body),
      body.replace('np.zeros((4, 1))', 'np.ravel(np.zeros((4, 1)))')
    );
  });

  it('follows a parameter to the calls of its function in the same module', () => {
    const body = [
      'class Model:',
      '    def train(self):',
      '        for i in range(3):',
      '            start = np.copy(self.thetas[i]).reshape((self.n, 1))',
      '            theta = Model.descend(self.data, start, 100)',
      '    @staticmethod',
      '    def descend(data, initial_theta, steps):',
      '        result = minimize(lambda t: cost(data, t.reshape((-1, 1))), initial_theta,',
      "                          method='CG', options={'maxiter': steps})",
      '        return result.x.reshape((-1, 1))'
    ].join('\n');
    assert.equal(
      rewrite(body),
      body.replace('))), initial_theta,', '))), np.ravel(initial_theta),')
    );
  });

  it('asks the kernel at top level, and leaves 1-D starts alone', () => {
    assert.equal(
      rewrite('r = minimize(cost, theta0)', '2'),
      'r = minimize(cost, np.ravel(theta0))'
    );
    for (const body of [
      'r = minimize(cost, theta0)',
      'r = minimize(cost, [0.0, 1.0])',
      'r = minimize(cost, np.zeros(3))',
      'def fit(start):\n    return minimize(cost, start)',
      'start = np.ones(4)\ndef fit():\n    return minimize(cost, start)',
      'r = other.minimize(cost, np.zeros((3, 1)))'
    ]) {
      assert.equal(rewrite(body, '1'), body, body);
    }
  });
});
