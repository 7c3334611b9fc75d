import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { sklearnBackportRules } from '../../../../src/core/rules/sklearn-backports';
import { testExamples, TODAY } from './helpers';

testExamples(sklearnBackportRules);

/** The source as the rules rewrite it, every name it uses bound. */
function rewrite(source: string, imports = new Map<string, string>()): string {
  const matches = scanSource(source, sklearnBackportRules, {
    versions: TODAY,
    imports
  });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe("scikit-learn's removed copies of scipy functions", () => {
  it('imports each from where it lives, beside the names scikit-learn still has', () => {
    assert.equal(
      rewrite(
        'from sklearn.utils.extmath import pinvh, safe_sparse_dot\nS = safe_sparse_dot(pinvh(A), B)'
      ),
      'from sklearn.utils.extmath import safe_sparse_dot\nfrom scipy.linalg import pinvh\nS = safe_sparse_dot(pinvh(A), B)'
    );
    assert.equal(
      rewrite(
        'from sklearn.utils.extmath import log_logistic as ll\nl = ll(z)'
      ),
      'from scipy.special import log_expit as ll\nl = ll(z)'
    );
  });

  it('takes a dotted use from where the function lives', () => {
    assert.equal(
      rewrite(
        'import sklearn.utils.extmath as em\nv = em.logsumexp(a)',
        new Map([['em', 'sklearn.utils.extmath']])
      ),
      'import sklearn.utils.extmath as em\nfrom scipy.special import logsumexp\nv = logsumexp(a)'
    );
  });
});
