import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sklearnRemovedParamRules } from '../../../../src/core/rules/sklearn-removed-params';
import { sklearnParamValueRules } from '../../../../src/core/rules/sklearn-param-values';
import { proposeRewrite } from '../../../../src/core/rules';
import { askingScan, boundBy, matchesIn } from './helpers';

describe("a scikit-learn callable's keyword-only arguments, asked of the kernel", () => {
  const { scan, rewritten } = askingScan(
    sklearnRemovedParamRules.filter(r => r.id === 'sklearn.keyword-only-asked'),
    'from sklearn.metrics import brier_score_loss, confusion_matrix\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC'
  );

  it('names the arguments past those taken by position, in the old order', () => {
    const cell = 'score = brier_score_loss(y_test, prob_pos, sw_test)';
    assert.equal(
      rewritten(
        cell,
        'sklearn.metrics._classification|2|sample_weight,pos_label'
      ),
      'score = brier_score_loss(y_test, prob_pos, sample_weight=sw_test)'
    );
    assert.equal(
      rewritten(
        'cm = confusion_matrix(y, p, [1, 0], None)',
        'sklearn.metrics._classification|2|labels,sample_weight,normalize'
      ),
      'cm = confusion_matrix(y, p, labels=[1, 0], sample_weight=None)'
    );
  });

  it("leaves another library's callable, one that takes them all, or more than it names", () => {
    const cell = 'score = brier_score_loss(y_test, prob_pos, sw_test)';
    assert.equal(rewritten(cell, 'mylib.scores|2|sample_weight'), cell);
    assert.equal(rewritten(cell, 'sklearn.metrics._classification|3|'), cell);
    assert.equal(
      rewritten(cell, 'sklearn.metrics._classification|1002|sample_weight'),
      cell
    );
    assert.equal(rewritten(cell, 'sklearn.metrics._classification|1|'), cell);
  });

  it('asks in the frame of a function, and nothing of a call it would have to make', () => {
    const [match] = scan(
      'def evaluate(m, X, y, w):\n    return m.fit(X, y, w)'
    );
    assert.match(match.question!.expression, /co_name == 'evaluate'/);
    assert.deepEqual(scan('make_model().fit(X, y, w)'), []);
    assert.deepEqual(scan('scores()[0](X, y)'), []);
  });

  it("answers Python 3.11's message for a call that also passes keywords", () => {
    const [rule] = sklearnRemovedParamRules.filter(
      r => r.id === 'sklearn.keyword-only-asked'
    );
    const message = rule.raises!.message as RegExp;
    for (const text of [
      'GridSearchCV.__init__() takes 3 positional arguments but 4 positional arguments (and 1 keyword-only argument) were given',
      'f() takes 2 positional arguments but 3 positional arguments (and 2 keyword-only arguments) were given',
      'brier_score_loss() takes 2 positional arguments but 3 were given'
    ]) {
      assert.match(text, message);
    }
    assert.equal(
      rewritten(
        'grid = GridSearchCV(regressor, params, scoring_fnc, cv=cv_sets)',
        'sklearn.model_selection._search|2|scoring,n_jobs,refit,cv'
      ),
      'grid = GridSearchCV(regressor, params, scoring=scoring_fnc, cv=cv_sets)'
    );
  });

  it('leaves the calls whose old order is listed, and starred calls', () => {
    assert.deepEqual(scan("clf = SVC(10.0, 'linear')"), []);
    assert.deepEqual(scan('brier_score_loss(*args)'), []);
  });
});

describe("a calibration of a model fitted already (cv='prefit')", () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.calibration-prefit'
  )!;
  const setup = 'from sklearn.calibration import CalibratedClassifierCV';
  const rewritten = (source: string) =>
    proposeRewrite(source, matchesIn(rule, source, { setup }), {
      bound: boundBy({ setup })
    })?.source ?? source;

  it('wraps the model in FrozenEstimator, imported where it is needed', () => {
    assert.equal(
      rewritten(
        "cal = CalibratedClassifierCV(clf, cv='prefit', method='isotonic')"
      ),
      "from sklearn.frozen import FrozenEstimator\ncal = CalibratedClassifierCV(FrozenEstimator(clf), method='isotonic')"
    );
    assert.equal(
      rewritten(
        'cal = CalibratedClassifierCV(estimator=svc.fit(X, y), cv="prefit")'
      ),
      'from sklearn.frozen import FrozenEstimator\ncal = CalibratedClassifierCV(estimator=FrozenEstimator(svc.fit(X, y)))'
    );
  });

  it('leaves a calibration that fits its own folds', () => {
    for (const source of [
      'cal = CalibratedClassifierCV(clf, cv=3)',
      'cal = CalibratedClassifierCV(cv=cv_mode)'
    ]) {
      assert.equal(rewritten(source), source);
    }
  });
});

describe('an ngram_range given as a list', () => {
  const rule = sklearnParamValueRules.find(
    r => r.id === 'sklearn.ngram-range-tuple'
  )!;
  const setup =
    'from sklearn.feature_extraction.text import TfidfVectorizer\nfrom sklearn.model_selection import GridSearchCV';
  const rewritten = (source: string) =>
    proposeRewrite(source, matchesIn(rule, source, { setup }))?.source ??
    source;

  it("is a tuple in a vectorizer's keyword and in a grid's values", () => {
    assert.equal(
      rewritten(
        "tf = TfidfVectorizer(ngram_range=[1,3], stop_words='english')"
      ),
      "tf = TfidfVectorizer(ngram_range=(1,3), stop_words='english')"
    );
    assert.equal(
      rewritten(
        "params = {'tfidf__ngram_range': [[1, 1], [1, n]], 'clf__alpha': [0.1, 1]}"
      ),
      "params = {'tfidf__ngram_range': [(1, 1), (1, n)], 'clf__alpha': [0.1, 1]}"
    );
  });

  it("leaves tuples, other keys and other libraries' calls", () => {
    for (const source of [
      'tf = TfidfVectorizer(ngram_range=(1, 2))',
      "params = {'clf__hidden': [[10, 10], [20]]}",
      'v = mylib.Vectorizer(ngram_range=[1, 2])'
    ]) {
      assert.equal(rewritten(source), source);
    }
  });
});
