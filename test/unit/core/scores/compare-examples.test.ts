import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareScores,
  extractScores,
  matchScores,
  type IScoreReport
} from '../../../../src/core/scores';
import { example, rerunExample } from './helpers';

/** The saved scores of an example against those of its real re-run on today's stack. */
function compareExample(name: string, directionAware = false): IScoreReport {
  return compareScores(
    extractScores(example(name)),
    extractScores(rerunExample(name)),
    { tolerance: { directionAware } }
  );
}

/** 'label: original -> now (deviation %)' for each row out of tolerance. */
function outOfTolerance(report: IScoreReport): string[] {
  return report.rows
    .filter(row => !row.withinTolerance)
    .map(
      row =>
        `${row.label}: ${row.original} -> ${row.now} (${(row.deviation! * 100).toFixed(1)}%)`
    );
}

describe('scores of the examples, saved against a real re-run', () => {
  it('titanic-2017: the forest moved (ROC AUC 0.7525 -> 0.7791), within 10%', () => {
    const report = compareExample('titanic-2017');
    assert.deepEqual(
      report.rows.map(row => [row.label, row.original, row.now]),
      [
        ['Logistic regression CV accuracy', 0.7672, 0.7672],
        ['Logistic regression CV ROC AUC', 0.834, 0.8342],
        ['Random forest CV accuracy', 0.7297, 0.7375],
        ['Random forest CV ROC AUC', 0.7525, 0.7791],
        ['Random forest validation accuracy', 0.7562, 0.7312]
      ]
    );
    assert.equal(report.allWithin, true);
    assert.ok(report.rows.every(row => row.seeded && row.basis === 'saved'));
  });

  it("digits-2018: SVC's new gamma doubles its accuracy, which only direction-aware accepts", () => {
    const symmetric = compareExample('digits-2018');
    assert.deepEqual(outOfTolerance(symmetric), [
      'SVM test accuracy: 0.4867 -> 0.9911 (103.6%)'
    ]);
    assert.equal(symmetric.allWithin, false);
    const directionAware = compareExample('digits-2018', true);
    assert.equal(directionAware.allWithin, true);
    assert.equal(directionAware.rows[0].note, 'better than the saved score');
  });

  it('housing-2018: k-means with one initialisation is worse at k = 3 and 8, either way', () => {
    const expected = [
      'k = 3 inertia: 3128.3 -> 3577.1 (14.3%)',
      'k = 8 inertia: 878.9 -> 972.4 (10.6%)',
      'k = 8 silhouette: 0.399 -> 0.358 (-10.3%)'
    ];
    assert.deepEqual(outOfTolerance(compareExample('housing-2018')), expected);
    assert.deepEqual(
      outOfTolerance(compareExample('housing-2018', true)),
      expected
    );
  });

  it("breast-cancer-svm-2017: the old report's avg / total pairs with today's weighted avg", () => {
    const saved = extractScores(example('breast-cancer-svm-2017'));
    const now = extractScores(rerunExample('breast-cancer-svm-2017'));
    const report = matchScores(saved, now).filter(
      pair => pair.original.cellIndex === 17
    );
    assert.deepEqual(
      report.map(({ original, current }) => [
        original.label,
        current?.label,
        current?.printed
      ]),
      [
        ['Test accuracy', 'Test accuracy', '0.9474'],
        ['avg / total f1-score', 'weighted avg f1-score', '0.95']
      ]
    );
    // Today's report adds an accuracy row and a macro average: printed, but nothing to compare.
    assert.deepEqual(
      now.filter(s => s.cellIndex === 17).map(s => s.metric),
      ['accuracy', 'accuracy', 'f1_macro', 'f1_weighted']
    );
    const table = compareExample('breast-cancer-svm-2017');
    assert.equal(table.rows.length, saved.length);
    assert.equal(table.allWithin, true);
    // The old GridSearchCV weighted folds by size: a grid score's third decimal moved.
    const moved = table.rows.filter(row => row.deviation !== 0);
    assert.deepEqual(
      moved.map(row => [row.label, row.original, row.now]),
      [["for {'svm__C': 1, 'svm__gamma': 0.001}", 0.894, 0.895]]
    );
  });

  it('iris-knn-py2: once it runs on Python 3, every score is as saved', () => {
    const report = compareExample('iris-knn-py2');
    assert.equal(report.rows.length, 14);
    assert.ok(report.rows.every(row => row.deviation === 0));
  });

  it("today's reprs, figures and warnings add no scores", () => {
    for (const name of ['titanic-2017', 'digits-2018', 'housing-2018']) {
      assert.equal(
        extractScores(rerunExample(name)).length,
        extractScores(example(name)).length,
        name
      );
    }
  });
});
