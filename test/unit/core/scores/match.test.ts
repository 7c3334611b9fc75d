import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  extractScores,
  matchReference,
  matchScores,
  type IScoreComparison
} from '../../../../src/core/scores';
import { example, rerun, score } from './helpers';

/** 'label: original -> now (how)' for each pair. */
function pairs(comparisons: IScoreComparison[]): string[] {
  return comparisons.map(
    ({ original, current, matchedBy }) =>
      `${original.label}: ${original.printed} -> ${current?.printed ?? 'missing'}` +
      (matchedBy ? ` (${matchedBy})` : '')
  );
}

describe('matchScores', () => {
  it('finds the titanic scores again after the run changed the forest', () => {
    const saved = example('titanic-2017');
    const now = rerun(saved, {
      19:
        'Random forest CV accuracy: 0.7500 (+/- 0.0412)\n' +
        'Random forest CV ROC AUC:  0.7791\n',
      20: 'Random forest validation accuracy: 0.7312\n'
    });
    const comparisons = matchScores(extractScores(saved), extractScores(now));
    assert.deepEqual(pairs(comparisons), [
      'Logistic regression CV accuracy: 0.7672 -> 0.7672 (key)',
      'Logistic regression CV ROC AUC: 0.8340 -> 0.8340 (key)',
      'Random forest CV accuracy: 0.7297 -> 0.7500 (key)',
      'Random forest CV ROC AUC: 0.7525 -> 0.7791 (key)',
      'Random forest validation accuracy: 0.7562 -> 0.7312 (key)'
    ]);
  });

  it("pairs the old report's avg / total with today's weighted avg, past the new accuracy row", () => {
    const saved = example('breast-cancer-svm-2017');
    const report = [
      'Test accuracy: 0.9474',
      '              precision    recall  f1-score   support',
      '',
      '      benign       0.94      0.98      0.96       108',
      '   malignant       0.97      0.89      0.93        63',
      '',
      '    accuracy                           0.95       171',
      '   macro avg       0.95      0.94      0.94       171',
      'weighted avg       0.95      0.95      0.95       171',
      ''
    ].join('\n');
    const comparisons = matchScores(
      extractScores(saved),
      extractScores(rerun(saved, { 17: report }))
    ).filter(c => c.original.cellIndex === 17);
    assert.deepEqual(pairs(comparisons), [
      'Test accuracy: 0.9474 -> 0.9474 (key)',
      'avg / total f1-score: 0.95 -> 0.95 (key)'
    ]);
    assert.equal(comparisons[1].current!.label, 'weighted avg f1-score');
  });

  it('a line printed before the others does not shift the pairs', () => {
    const original = [
      score({ label: 'Test accuracy', value: 0.81 }),
      score({ label: 'Train accuracy', value: 0.95, occurrence: 2 })
    ];
    const current = [
      score({ label: 'Baseline accuracy', value: 0.5 }),
      score({ label: 'Test accuracy', value: 0.8, occurrence: 2 }),
      score({ label: 'Train accuracy', value: 0.96, occurrence: 3 })
    ];
    assert.deepEqual(
      matchScores(original, current).map(c => c.current?.value),
      [0.8, 0.96]
    );
  });

  it('a label with a changed number still pairs by metric and occurrence', () => {
    const [comparison] = matchScores(
      [score({ label: 'Random forest (10 trees) accuracy', value: 0.94 })],
      [score({ label: 'Random forest (100 trees) accuracy', value: 0.97 })]
    );
    assert.equal(comparison.current?.value, 0.97);
    assert.equal(comparison.matchedBy, 'key');
  });

  it('falls back to the label when the metric is read differently', () => {
    const [comparison] = matchScores(
      [
        score({
          metric: 'score',
          label: 'clf.score(X_test, y_test)',
          value: 0.8
        })
      ],
      [
        score({
          metric: 'accuracy',
          label: 'clf.score(X_test, y_test)',
          value: 0.79
        })
      ]
    );
    assert.equal(comparison.matchedBy, 'label');
    assert.equal(comparison.current?.value, 0.79);
  });

  it('a score the cell no longer prints, or printed by another cell, is missing', () => {
    const comparisons = matchScores(
      [
        score({ value: 0.81 }),
        score({ cellId: 'c1', metric: 'rmse', value: 3 })
      ],
      [score({ cellId: 'c2', value: 0.81 })]
    );
    assert.deepEqual(
      comparisons.map(c => [c.current, c.matchedBy]),
      [
        [null, null],
        [null, null]
      ]
    );
  });
});

describe('matchReference', () => {
  const current = [
    score({ cellId: 'a', value: 0.7 }),
    score({ cellId: 'b', value: 0.75 }),
    score({ cellId: 'b', metric: 'roc_auc', value: 0.8 })
  ];

  it('without a cell, the last score with the metric', () => {
    const found = matchReference(
      { metric: 'accuracy', value: 0.78, direction: 'higher' },
      current
    );
    assert.equal(found?.value, 0.75);
  });

  it('in the cell it names, or none', () => {
    const reference = {
      metric: 'accuracy',
      value: 0.78,
      direction: 'higher'
    } as const;
    assert.equal(
      matchReference({ ...reference, cellId: 'a' }, current)?.value,
      0.7
    );
    assert.equal(matchReference({ ...reference, cellId: 'z' }, current), null);
    assert.equal(matchReference({ ...reference, metric: 'f1' }, current), null);
  });
});
