import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnMixinOrderRules } from '../../../../src/core/rules/sklearn-mixin-order';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnMixinOrderRules);

const [rule] = sklearnMixinOrderRules;
const rewritten = (source: string) =>
  proposeRewrite(source, matchesIn(rule, source))?.source ?? source;

describe('mixins before BaseEstimator', () => {
  it('moves BaseEstimator after the last scikit-learn mixin, keeping the other bases', () => {
    assert.equal(
      rewritten(
        'import sklearn.base as skb\nfrom sklearn.base import TransformerMixin\nclass Sel(skb.BaseEstimator, Logged, TransformerMixin, Other):\n    pass'
      ),
      'import sklearn.base as skb\nfrom sklearn.base import TransformerMixin\nclass Sel(Logged, TransformerMixin, skb.BaseEstimator, Other):\n    pass'
    );
  });

  it('leaves the right order, other BaseEstimators and classes with keywords', () => {
    for (const source of [
      'from sklearn.base import BaseEstimator, RegressorMixin\nclass R(RegressorMixin, BaseEstimator):\n    pass',
      'from mylib import BaseEstimator, ClassifierMixin\nclass C(BaseEstimator, ClassifierMixin):\n    pass',
      'from sklearn.base import BaseEstimator, ClassifierMixin\nclass C(BaseEstimator, ClassifierMixin, metaclass=Meta):\n    pass'
    ]) {
      assert.deepEqual(matchesIn(rule, source), [], source);
    }
  });
});
