import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnDiscriminantRules } from '../../../../src/core/rules/sklearn-discriminant';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnDiscriminantRules);

const [lda, qda] = sklearnDiscriminantRules;

/** A rule's rewrite of a cell whose earlier cells are `setup`. */
function rewritten(rule: typeof lda, source: string, setup = ''): string {
  const matches = matchesIn(rule, source, { setup });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('sklearn.lda and sklearn.qda', () => {
  it('keep the names the code uses, aliases included', () => {
    assert.equal(
      rewritten(
        lda,
        'from sklearn.lda import LDA\npipe = make_pipeline(StandardScaler(), LDA(n_components=2))'
      ),
      'from sklearn.discriminant_analysis import LinearDiscriminantAnalysis as LDA\npipe = make_pipeline(StandardScaler(), LDA(n_components=2))'
    );
    assert.equal(
      rewritten(qda, 'from sklearn.qda import QDA as Q\nq = Q()'),
      'from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis as Q\nq = Q()'
    );
  });

  it('rename dotted uses, in a later cell too', () => {
    assert.equal(
      rewritten(lda, 'import sklearn.lda\nm = sklearn.lda.LDA()'),
      'import sklearn.discriminant_analysis\nm = sklearn.discriminant_analysis.LinearDiscriminantAnalysis()'
    );
    assert.equal(
      rewritten(lda, 'm = L.LDA(priors=None)', 'import sklearn.lda as L'),
      'm = L.LinearDiscriminantAnalysis(priors=None)'
    );
  });

  it('only point at names the module never had, and leave other objects alone', () => {
    const source = 'from sklearn.lda import LDA, _cov';
    assert.equal(matchesIn(lda, source).length, 1);
    assert.equal(rewritten(lda, source), source);
    for (const other of [
      'from sklearn.decomposition import LatentDirichletAllocation as LDA\nLDA(n_components=5)',
      'lda = LDA()\nlda.LDA = 1'
    ]) {
      assert.deepEqual(matchesIn(lda, other), [], other);
    }
  });
});
