import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnParamLiteralRules } from '../../../../src/core/rules/sklearn-param-literals';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(sklearnParamLiteralRules);

const rule = (id: string) =>
  sklearnParamLiteralRules.find(r => r.id === `sklearn.${id}`)!;

describe('old parameter values', () => {
  it('a shrink threshold held in a name becomes `t or None` once the kernel says it is 0', () => {
    const source =
      'from sklearn.neighbors import NearestCentroid\nfor t in ts:\n    m = NearestCentroid(shrink_threshold=t)';
    const [match] = matchesIn(rule('nearest-centroid-shrink-zero'), source);
    assert.match(match.question!.expression, /t == 0/);
    assert.equal(
      proposeRewrite(source, answered([match], 'True'))?.source,
      source.replace('shrink_threshold=t', 'shrink_threshold=t or None')
    );
    assert.equal(match.question!.decide('False'), null);
  });

  it('leaves values that are valid today', () => {
    for (const [id, source] of [
      [
        'min-samples-split-one',
        'from sklearn.tree import DecisionTreeRegressor\nm = DecisionTreeRegressor(min_samples_split=1.0)'
      ],
      [
        'ngram-range-list',
        'from sklearn.feature_extraction.text import TfidfVectorizer\nv = TfidfVectorizer(ngram_range=(1, 3))'
      ],
      [
        'nearest-centroid-shrink-zero',
        'from sklearn.neighbors import NearestCentroid\nm = NearestCentroid(shrink_threshold=0.5)'
      ],
      [
        'feature-range-list',
        'from mylib import MinMaxScaler\ns = MinMaxScaler(feature_range=[0, 1])'
      ]
    ]) {
      assert.deepEqual(matchesIn(rule(id), source), [], source);
    }
  });

  it('writes a range list as a tuple through any import of the class', () => {
    const source =
      'from sklearn.feature_extraction import text\nv = text.HashingVectorizer(analyzer="char", ngram_range=[2, n])';
    assert.equal(
      proposeRewrite(source, matchesIn(rule('ngram-range-list'), source))
        ?.source,
      'from sklearn.feature_extraction import text\nv = text.HashingVectorizer(analyzer="char", ngram_range=(2, n))'
    );
  });
});

describe('sklearn.bool-parameter-int', () => {
  const source =
    'from sklearn import preprocessing, linear_model\nscaler = preprocessing.StandardScaler(with_mean = 0, copy=True)\nmodel = linear_model.LogisticRegression(verbose=1, C=1, fit_intercept=1)\nd = dict(flag=0)';

  it('asks about each estimator keyword given 0 or 1, and writes False or True', () => {
    const matches = matchesIn(rule('bool-parameter-int'), source);
    assert.deepEqual(
      matches.map(m => source.slice(m.from, m.to)),
      ['with_mean = 0', 'verbose=1', 'C=1', 'fit_intercept=1']
    );
    assert.match(
      matches[0].question!.expression,
      /\.get\('with_mean'\).*import_module\('sklearn\.preprocessing'\)\.StandardScaler/
    );
    assert.equal(
      proposeRewrite(source, answered([matches[0], matches[3]], 'True'))
        ?.source,
      source
        .replace('with_mean = 0', 'with_mean = False')
        .replace('fit_intercept=1', 'fit_intercept=True')
    );
    assert.equal(matches[1].question!.decide('False'), null);
  });

  it('leaves calls of what is not a scikit-learn class', () => {
    for (const cell of [
      'from sklearn.metrics import f1_score\nf1_score(y, p, pos_label=1)',
      'import pandas as pd\npd.read_csv(f, header=0)'
    ]) {
      assert.deepEqual(matchesIn(rule('bool-parameter-int'), cell), [], cell);
    }
  });
});
