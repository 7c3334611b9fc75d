import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchReference, matchScores } from '../../../../src/core/scores';
import { score } from './helpers';

describe('matchScores', () => {
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
