import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareScores,
  DEFAULT_TOLERANCE,
  deviationOf,
  type IScoreRow
} from '../../../../src/core/scores';
import { score } from './helpers';

const RELATIVE = DEFAULT_TOLERANCE;

/** [label, original, now, deviation rounded to 4 places, within] for each row. */
function rows(table: IScoreRow[]): unknown[][] {
  return table.map(r => [
    r.label,
    r.original,
    r.now,
    r.deviation === null ? null : Math.round(r.deviation * 1e4) / 1e4,
    r.withinTolerance
  ]);
}

describe('deviationOf', () => {
  it('relative: signed, and exactly 10% is within', () => {
    assert.deepEqual(deviationOf(0.5, 0.55, 'higher', RELATIVE), {
      deviation: 0.10000000000000009,
      mode: 'relative',
      withinTolerance: true
    });
    assert.equal(
      deviationOf(0.5, 0.44, 'higher', RELATIVE).withinTolerance,
      false
    );
    assert.equal(
      deviationOf(-2, -2.1, 'higher', RELATIVE).deviation,
      -0.050000000000000044
    );
  });

  it('absolute: the difference in the score’s own units', () => {
    const absolute = { mode: 'absolute', value: 0.05 } as const;
    const moved = deviationOf(0.7562, 0.7312, 'higher', absolute);
    assert.equal(moved.mode, 'absolute');
    assert.ok(Math.abs(moved.deviation! + 0.025) < 1e-12);
    assert.equal(moved.withinTolerance, true);
    assert.equal(
      deviationOf(3.375, 3.5, 'lower', absolute).withinTolerance,
      false
    );
  });

  it('an original of 0 falls back to the absolute difference, with a note', () => {
    const near = deviationOf(0, 0.05, 'higher', RELATIVE);
    assert.equal(near.mode, 'absolute');
    assert.equal(near.withinTolerance, true);
    assert.match(near.note!, /saved score is 0.*absolute.*0\.1/);
    assert.equal(
      deviationOf(0, -0.5, 'higher', RELATIVE).withinTolerance,
      false
    );
  });

  it('NaN on either side is never within', () => {
    const saved = deviationOf(NaN, 0.8, 'higher', RELATIVE);
    assert.deepEqual([saved.deviation, saved.withinTolerance], [null, false]);
    assert.match(saved.note!, /saved score is not a number/);
    const now = deviationOf(0.8, NaN, 'higher', RELATIVE);
    assert.deepEqual([now.deviation, now.withinTolerance], [null, false]);
    assert.match(now.note!, /not a number \(nan\) now/);
  });
});

describe('compareScores rows', () => {
  it('a score the cell no longer prints is out of tolerance, and says why', () => {
    const report = compareScores([score({ value: 0.81 })], []);
    assert.deepEqual(rows(report.rows), [
      ['accuracy', 0.81, null, null, false]
    ]);
    assert.equal(
      report.rows[0].note,
      'not printed now: the cell did not print this score'
    );
    assert.equal(report.allWithin, false);
  });

  it('unseeded randomness is flagged on the row', () => {
    const because = 'train_test_split() without random_state (cell 3)';
    const report = compareScores(
      [score({ value: 0.81, seeded: false, unseededBecause: because })],
      [score({ value: 0.8, seeded: false, unseededBecause: because })]
    );
    assert.equal(report.rows[0].seeded, false);
    assert.equal(report.rows[0].withinTolerance, true);
    assert.equal(
      report.rows[0].note,
      `unseeded randomness (${because}): the score may move from run to run`
    );
  });

  it('a typed-in reference is compared with the score it stands for', () => {
    const current = [
      score({ cellId: 'cv', cellIndex: 4, label: 'CV accuracy', value: 0.74 }),
      score({
        cellId: 'val',
        cellIndex: 5,
        label: 'Validation accuracy',
        value: 0.7312
      })
    ];
    const report = compareScores([], current, {
      references: [
        {
          metric: 'accuracy',
          value: 0.78,
          direction: 'higher',
          label: 'Leaderboard'
        },
        { cellId: 'cv', metric: 'accuracy', value: 0.9, direction: 'higher' },
        { metric: 'rmse', value: 3, direction: 'lower' }
      ]
    });
    assert.deepEqual(rows(report.rows), [
      ['Leaderboard', 0.78, 0.7312, -0.0626, true],
      ['reference accuracy', 0.9, 0.74, -0.1778, false],
      ['reference rmse', 3, null, null, false]
    ]);
    assert.deepEqual(
      report.rows.map(r => [r.basis, r.cellId, r.cellIndex]),
      [
        ['reference', 'val', 5],
        ['reference', 'cv', 4],
        ['reference', '', -1]
      ]
    );
    assert.equal(report.rows[2].note, 'not printed now: no rmse score');
  });

  it('nothing to compare is all within; a bad tolerance is refused', () => {
    assert.equal(compareScores([], []).allWithin, true);
    assert.throws(
      () => compareScores([], [], { tolerance: { value: -0.1 } }),
      RangeError
    );
    assert.throws(
      () => compareScores([], [], { tolerance: { value: NaN } }),
      RangeError
    );
  });
});
