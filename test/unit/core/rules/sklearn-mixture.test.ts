import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnMixtureRules } from '../../../../src/core/rules/sklearn-mixture';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnMixtureRules);

const rule = (id: string) => sklearnMixtureRules.find(r => r.id === id)!;
const [vbgmm, dpgmm, gmm, score] = [
  'sklearn.vbgmm',
  'sklearn.dpgmm',
  'sklearn.gmm-arguments',
  'sklearn.gmm-score'
].map(rule);

/** A rule's rewrite of a cell whose earlier cells are `setup`. */
function rewritten(rule: typeof vbgmm, source: string, setup = ''): string {
  const matches = matchesIn(rule, source, { setup });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('VBGMM and DPGMM', () => {
  it('maps every old argument, by keyword and by position', () => {
    assert.equal(
      rewritten(
        vbgmm,
        "from sklearn.mixture import GMM, VBGMM\nm = VBGMM(n_components=k, covariance_type='full', alpha=0.1, n_iter=50, min_covar=1e-3, params='wmc', verbose=1)"
      ),
      "from sklearn.mixture import GMM\nfrom sklearn.mixture import BayesianGaussianMixture\nm = BayesianGaussianMixture(n_components=k, covariance_type='full', weight_concentration_prior_type='dirichlet_distribution', weight_concentration_prior=0.1 / k, max_iter=50, reg_covar=1e-3, verbose=1)"
    );
    assert.equal(
      rewritten(
        dpgmm,
        "from sklearn import mixture\nm = mixture.DPGMM(5, 'tied', random_state=0, thresh=0.01)"
      ),
      "from sklearn import mixture\nm = mixture.BayesianGaussianMixture(n_components=5, covariance_type='tied', weight_concentration_prior_type='dirichlet_process', weight_concentration_prior=1.0, random_state=0, tol=0.01, max_iter=10)"
    );
  });

  it('rewrites calls in a cell after the one that imported the old name', () => {
    assert.equal(
      rewritten(
        vbgmm,
        'm = VBGMM(alpha=2.0)',
        'from sklearn.mixture import VBGMM'
      ),
      "from sklearn.mixture import BayesianGaussianMixture\nm = BayesianGaussianMixture(covariance_type='diag', weight_concentration_prior_type='dirichlet_distribution', weight_concentration_prior=2.0, max_iter=10)"
    );
  });

  it('leaves a call whose arguments have no equivalent, and other VBGMMs', () => {
    const imported = 'from sklearn.mixture import VBGMM\n';
    for (const call of [
      "m = VBGMM(2, params='wc')",
      'm = VBGMM(2, **options)',
      'm = VBGMM(2, "diag", 1.0, 0, 1e-3)',
      'm = VBGMM(n_components=f(k), alpha=2.0)'
    ]) {
      const after = rewritten(vbgmm, imported + call);
      assert.ok(
        after.endsWith(call.replace('VBGMM', 'BayesianGaussianMixture')),
        after
      );
    }
    const own = 'from mymodels import VBGMM\nm = VBGMM(alpha=2.0)';
    assert.equal(rewritten(vbgmm, own), own);
  });
});

describe('GMM on GaussianMixture', () => {
  it('maps its arguments and keeps diagonal covariances', () => {
    assert.equal(
      rewritten(
        gmm,
        "from sklearn.mixture import GMM\nm = GMM(n_components=3, min_covar=1e-3, thresh=0.01, params='wmc')"
      ),
      "from sklearn.mixture import GMM\nm = GMM(n_components=3, reg_covar=1e-3, tol=0.01, covariance_type='diag')"
    );
    // Rewritten to GaussianMixture already, in a notebook written for GMM.
    assert.equal(
      rewritten(
        gmm,
        "m = GaussianMixture(3, covariance_type='full', min_covar=1e-3)",
        'from sklearn.mixture import GMM'
      ),
      "m = GaussianMixture(3, covariance_type='full', reg_covar=1e-3)"
    );
  });

  it('leaves a GaussianMixture of a notebook written for it', () => {
    const source =
      'from sklearn.mixture import GaussianMixture\nm = GaussianMixture(3).fit(X)\nprint(m.score(X))';
    assert.equal(rewritten(gmm, source), source);
    assert.deepEqual(matchesIn(score, source), []);
  });

  it('asks the kernel what scored in a notebook written for GMM', () => {
    const [match] = matchesIn(score, 'total = gmm.score(X_test).sum()', {
      setup: 'from sklearn.mixture import GMM'
    });
    assert.equal(match.question?.expression, 'type(gmm).__name__');
    assert.equal(match.question?.decide('KMeans'), null);
    assert.ok(match.question?.decide('GaussianMixture'));
  });
});

describe('GMM through its module', () => {
  it('renames mixture.GMM and keeps its diagonal default with gmm-arguments', () => {
    const source =
      'from sklearn import mixture\ng = mixture.GMM(n_components=4, random_state=1)\nh = mixture.GaussianMixture(2)';
    const matches = [rule('sklearn.gmm-attribute'), gmm].flatMap(r =>
      matchesIn(r, source)
    );
    assert.equal(
      proposeRewrite(source, matches)?.source,
      "from sklearn import mixture\ng = mixture.GaussianMixture(n_components=4, random_state=1, covariance_type='diag')\nh = mixture.GaussianMixture(2)"
    );
  });

  it('leaves a GMM attribute of another module alone', () => {
    const source = 'import mymodels as mixture\ng = mixture.GMM(3)';
    assert.equal(matchesIn(rule('sklearn.gmm-attribute'), source).length, 0);
  });
});
