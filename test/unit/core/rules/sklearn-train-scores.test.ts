import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnTrainScoreRules } from '../../../../src/core/rules/sklearn-train-scores';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnTrainScoreRules);

const [rule] = sklearnTrainScoreRules;
const rewritten = (source: string) =>
  proposeRewrite(source, matchesIn(rule, source))?.source ?? source;

describe('return_train_score', () => {
  it('asks every search of the cell for its training scores, by any import', () => {
    assert.equal(
      rewritten(
        'from sklearn import model_selection as ms\ng = ms.RandomizedSearchCV(est, grid,\n    cv=5)\nh = ms.GridSearchCV(est, grid, return_train_score=False)'
      ),
      'from sklearn import model_selection as ms\ng = ms.RandomizedSearchCV(est, grid,\n    cv=5, return_train_score=True)\nh = ms.GridSearchCV(est, grid, return_train_score=False)'
    );
  });

  it('leaves calls that pass **kwargs and searches of other libraries', () => {
    assert.equal(
      matchesIn(
        rule,
        'from sklearn.model_selection import GridSearchCV\ng = GridSearchCV(est, grid, **opts)'
      ).length,
      0
    );
    assert.equal(
      matchesIn(rule, 'from mylib import GridSearchCV\ng = GridSearchCV(est)')
        .length,
      0
    );
  });

  it('explains the KeyError of a missing training score only', () => {
    const failure = (evalue: string) =>
      rule.raises!.message.test(evalue) && rule.raises!.ename === 'KeyError';
    assert.ok(failure("'mean_train_score'"));
    assert.ok(failure("'split3_train_score'"));
    assert.ok(failure("'train_accuracy'"));
    assert.ok(!failure("'mean_test_score'"));
  });
});
