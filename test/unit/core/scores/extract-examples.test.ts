import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { captureOriginal, parseNotebook } from '../../../../src/core/notebook';
import { extractScores, type IScore } from '../../../../src/core/scores';
import { example } from './helpers';

/** The saved scores of an example notebook, as the comparison table would list them. */
function savedScores(name: string): IScore[] {
  return extractScores(example(name));
}

/** One line per score: cell index, metric#occurrence, value as printed, label. */
function table(scores: IScore[]): string[] {
  return scores.map(
    s => `${s.cellIndex} ${s.metric}#${s.occurrence} ${s.printed} ${s.label}`
  );
}

/** Every number that was taken as a score, as printed. */
function printed(scores: IScore[]): string[] {
  return scores.map(s => s.printed);
}

describe('extractScores on the example notebooks', () => {
  it('titanic-2017: cross-validated accuracy and ROC AUC, then validation accuracy', () => {
    const scores = savedScores('titanic-2017');
    assert.deepEqual(table(scores), [
      '18 accuracy#1 0.7672 Logistic regression CV accuracy',
      '18 roc_auc#1 0.8340 Logistic regression CV ROC AUC',
      '19 accuracy#1 0.7297 Random forest CV accuracy',
      '19 roc_auc#1 0.7525 Random forest CV ROC AUC',
      '20 accuracy#1 0.7562 Random forest validation accuracy'
    ]);
    assert.ok(scores.every(s => s.direction === 'higher' && s.seeded));
    // Spreads, shapes, describe() tables and the submission table are not scores.
    for (const number of ['0.0852', '0.0337', '640', '0.400000', '641']) {
      assert.ok(!printed(scores).includes(number), number);
    }
  });

  it('digits-2018: SVC, logistic regression, random forest and a CV mean', () => {
    const scores = savedScores('digits-2018');
    assert.deepEqual(table(scores), [
      '6 accuracy#1 0.4867 SVM test accuracy',
      '7 accuracy#1 0.9533 Logistic regression test accuracy',
      '8 accuracy#1 0.9400 Random forest test accuracy',
      '10 accuracy#1 0.9444 Scaled SVM 5-fold CV accuracy'
    ]);
    // `(1797, 64) [178 182 ...]` is a shape and class counts; `(+/- 0.0230)` a spread.
    assert.ok(!printed(scores).includes('1797'));
    assert.ok(!printed(scores).includes('0.0230'));
  });

  it('housing-2018: RMSE and R^2, CV RMSE, then k-means inertia and silhouette per k', () => {
    const scores = savedScores('housing-2018');
    const inertia = scores.filter(s => s.metric === 'inertia');
    assert.deepEqual(table(scores).slice(0, 3), [
      '10 rmse#1 3.375 Linear regression test RMSE',
      '10 r2#1 0.784 R^2',
      '11 rmse#1 3.306 Ridge CV RMSE'
    ]);
    assert.deepEqual(
      inertia.map(s => [s.label, s.value, s.occurrence, s.direction]),
      [
        ['k = 2 inertia', 5318.7, 1, 'lower'],
        ['k = 3 inertia', 3128.3, 2, 'lower'],
        ['k = 4 inertia', 1657.6, 3, 'lower'],
        ['k = 5 inertia', 1322.0, 4, 'lower'],
        ['k = 6 inertia', 1120.9, 5, 'lower'],
        ['k = 7 inertia', 982.4, 6, 'lower'],
        ['k = 8 inertia', 878.9, 7, 'lower']
      ]
    );
    const silhouette = scores.filter(s => s.metric === 'silhouette');
    assert.deepEqual(
      silhouette.map(s => s.value),
      [0.377, 0.449, 0.54, 0.483, 0.447, 0.441, 0.399]
    );
    // The line's `k = 3` tells this silhouette from the next line's.
    assert.equal(silhouette[1].label, 'k = 3 silhouette');
    assert.equal(scores.length, 3 + 7 + 7);
    // Coefficients (`rooms 8.363`), the k of each line, and describe()/corr() tables.
    for (const number of ['8.363', '-0.562', '2', '0.842781', '520.00']) {
      assert.ok(!printed(scores).includes(number), number);
    }
  });

  it('breast-cancer-svm-2017: grid scores, best score, test accuracy and the report', () => {
    const scores = savedScores('breast-cancer-svm-2017');
    const grid = scores.filter(s => s.cellIndex === 14);
    assert.equal(grid.length, 16);
    assert.deepEqual(table(grid.slice(0, 2)), [
      "14 cv_mean#1 0.626 for {'svm__C': 0.1, 'svm__gamma': 0.001}",
      "14 cv_mean#2 0.892 for {'svm__C': 0.1, 'svm__gamma': 0.01}"
    ]);
    assert.equal(grid[13].value, 0.935);
    assert.deepEqual(table(scores.filter(s => s.cellIndex !== 14)), [
      '11 accuracy#1 0.9474 Test accuracy with default parameters',
      '15 accuracy#1 0.9347 Best CV accuracy',
      '17 accuracy#1 0.9474 Test accuracy',
      '17 f1_weighted#1 0.95 avg / total f1-score'
    ]);
    // The GridSearchCV repr (`C=1.0`, `tol=0.001`), per-class report rows, the counts.
    for (const number of [
      '1.0',
      '0.001',
      '0.94',
      '0.98',
      '108',
      '569',
      '37.3%'
    ]) {
      assert.ok(!printed(scores).includes(number), number);
    }
  });

  it('iris-knn-py2: accuracy for each k and the held-out accuracy of the saved model', () => {
    const scores = savedScores('iris-knn-py2');
    assert.equal(scores.length, 14);
    assert.deepEqual(table(scores.slice(0, 2)), [
      '9 accuracy#1 0.960 k = 1 accuracy',
      '9 accuracy#2 0.960 k = 3 accuracy'
    ]);
    assert.deepEqual(table(scores.slice(-2)), [
      '9 accuracy#13 0.980 k = 25 accuracy',
      '14 accuracy#1 0.98 held-out accuracy'
    ]);
    // `best k: 11` and `100 50` (split sizes) are not scores.
    assert.ok(!printed(scores).includes('11'));
    assert.ok(!printed(scores).includes('100'));
  });

  it('reads the capture a session keeps of the notebook as opened', () => {
    const text = readFileSync(
      resolve(__dirname, '../../../../examples/titanic-2017.ipynb'),
      'utf8'
    );
    const original = captureOriginal(parseNotebook(text));
    assert.deepEqual(
      extractScores(original.cells),
      savedScores('titanic-2017')
    );
  });

  it('points at the printed number in its output', () => {
    const [first] = savedScores('titanic-2017');
    const text = 'Logistic regression CV accuracy: 0.7672 (+/- 0.0852)';
    assert.equal(first.span.outputIndex, 0);
    assert.equal(first.span.line, text);
    assert.equal(text.slice(first.span.start, first.span.end), first.printed);
  });
});
