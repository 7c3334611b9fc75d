import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { raisedBy } from '../../../../src/core/rules/engine';
import { sklearnTrainScoreRules } from '../../../../src/core/rules/sklearn-train-scores';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(sklearnTrainScoreRules);

const [rule] = sklearnTrainScoreRules;
/** The rewrite when the kernel answers the rule's questions `answer`. */
const rewritten = (source: string, answer = 'True') =>
  proposeRewrite(source, answered(matchesIn(rule, source), answer))?.source ??
  source;

describe('return_train_score', () => {
  it('asks a search for its training scores once the kernel finds its results lack them', () => {
    const source =
      'from sklearn import model_selection as ms\ng = ms.RandomizedSearchCV(est, grid,\n    cv=5)\nself.h = ms.GridSearchCV(est, grid).fit(X, y)\nk = ms.GridSearchCV(est, grid, return_train_score=False)';
    assert.equal(
      rewritten(source),
      'from sklearn import model_selection as ms\ng = ms.RandomizedSearchCV(est, grid,\n    cv=5, return_train_score=True)\nself.h = ms.GridSearchCV(est, grid, return_train_score=True).fit(X, y)\nk = ms.GridSearchCV(est, grid, return_train_score=False)'
    );
    const [question] = matchesIn(rule, source);
    assert.match(question.question!.expression, /cv_results_/);
    assert.equal(rewritten(source, 'False'), source);
  });

  it('leaves calls that pass **kwargs, are not assigned, or are of other libraries', () => {
    for (const source of [
      'from sklearn.model_selection import GridSearchCV\ng = GridSearchCV(est, grid, **opts)',
      'from sklearn.model_selection import GridSearchCV\nprint(GridSearchCV(est, grid).fit(X, y).best_score_)',
      'from mylib import GridSearchCV\ng = GridSearchCV(est)'
    ]) {
      assert.deepEqual(matchesIn(rule, source), [], source);
    }
  });

  it('explains the KeyError of a missing training score only, or the AttributeError of a frame of the results', () => {
    const explains = (ename: string, evalue: string) =>
      raisedBy(rule, { ename, evalue });
    assert.ok(explains('KeyError', "'mean_train_score'"));
    assert.ok(explains('KeyError', "'split3_train_score'"));
    assert.ok(explains('KeyError', "'train_accuracy'"));
    assert.ok(!explains('KeyError', "'mean_test_score'"));
    assert.ok(
      explains(
        'AttributeError',
        "'DataFrame' object has no attribute 'mean_train_score'"
      )
    );
    assert.ok(
      !explains(
        'AttributeError',
        "'DataFrame' object has no attribute 'mean_test_score'"
      )
    );
  });
});
