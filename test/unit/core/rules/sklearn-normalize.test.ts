import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnNormalizeRules } from '../../../../src/core/rules/sklearn-normalize';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnNormalizeRules);

const [rule] = sklearnNormalizeRules;
const rewritten = (source: string) =>
  proposeRewrite(source, matchesIn(rule, source))?.source ?? source;

describe('normalize=True on linear models', () => {
  it('puts the scaler in the notebook own pipeline, in its alias style', () => {
    assert.equal(
      rewritten(
        'from sklearn import linear_model as lm, preprocessing as pp\nfrom sklearn.pipeline import make_pipeline\nm = make_pipeline(pp.PolynomialFeatures(3), lm.LarsCV(normalize=True, cv=5))'
      ),
      'from sklearn import linear_model as lm, preprocessing as pp\nfrom sklearn.pipeline import make_pipeline\nm = make_pipeline(make_pipeline(pp.PolynomialFeatures(3), pp.StandardScaler(with_mean=False)), lm.LarsCV(cv=5))'
    );
  });

  it('keeps the model at its place among the steps, or only points at it', () => {
    const IMPORTS =
      'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\n';
    assert.equal(
      rewritten(
        `${IMPORTS}m = make_pipeline(A(), B(), LassoCV(normalize=True), memory=None)\nm.fit(X, y)\nprint(m.steps[2][1].alpha_)`
      ),
      `${IMPORTS}m = make_pipeline(A(), make_pipeline(B(), StandardScaler(with_mean=False)), LassoCV(), memory=None)\nm.fit(X, y)\nprint(m.steps[2][1].alpha_)`
    );
    assert.equal(
      rewritten(
        `from sklearn.pipeline import Pipeline\n${IMPORTS}m = Pipeline(steps=[('poly', P()), ('lasso', LassoCV(normalize=True))])`
      ),
      `from sklearn.pipeline import Pipeline\n${IMPORTS}m = Pipeline(steps=[('poly', make_pipeline(P(), StandardScaler(with_mean=False))), ('lasso', LassoCV())])`
    );
    for (const first of [
      `${IMPORTS}m = make_pipeline(LassoCV(normalize=True))`,
      `from sklearn.pipeline import Pipeline\n${IMPORTS}m = Pipeline([('lasso', LassoCV(normalize=True))])`
    ]) {
      const matches = matchesIn(rule, first);
      assert.equal(matches.length, 1, first);
      assert.deepEqual(matches[0].edits, [], first);
    }
  });

  it('drops normalize=False, and normalize where fit_intercept=False ignored it', () => {
    assert.equal(
      rewritten(
        'from sklearn.linear_model import Ridge, OrthogonalMatchingPursuit\na = Ridge(alpha=2, normalize=False)\nb = OrthogonalMatchingPursuit(fit_intercept=False, normalize=True)'
      ),
      'from sklearn.linear_model import Ridge, OrthogonalMatchingPursuit\na = Ridge(alpha=2)\nb = OrthogonalMatchingPursuit(fit_intercept=False)'
    );
  });

  it('only points at a fixed penalty or a grid of alphas on the old scale', () => {
    for (const source of [
      'from sklearn.linear_model import Lasso\nm = Lasso(alpha=0.1, normalize=True)',
      'from sklearn.linear_model import RidgeCV\nm = RidgeCV(alphas=[0.1, 1], normalize=True)',
      'from sklearn.linear_model import LassoCV\nm = LassoCV(0.001, 50, normalize=True)'
    ]) {
      const matches = matchesIn(rule, source);
      assert.equal(matches.length, 1, source);
      assert.deepEqual(matches[0].edits, [], source);
    }
  });

  it('leaves models of other libraries alone', () => {
    assert.equal(
      matchesIn(rule, 'from mylib import LassoCV\nm = LassoCV(normalize=True)')
        .length,
      0
    );
  });
});
