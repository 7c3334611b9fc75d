import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  nextStep,
  type ICellResult,
  type ILoopState,
  type IScoreReport,
  type NextStep
} from '../../../../src/core';

const failed: ICellResult = {
  status: 'error',
  ename: 'NameError',
  evalue: "name 'x' is not defined",
  outputs: [],
  executionCount: 3,
  durationMs: 1
};
const failure = { cellId: 'c3', position: 3, result: failed };
const blocker = {
  kind: 'install' as const,
  module: 'statsmodels',
  package: 'statsmodels'
};
const within: IScoreReport = {
  rows: [],
  allWithin: true,
  tolerance: { mode: 'relative', value: 0.1 }
};
const off: IScoreReport = { ...within, allWithin: false };

/** A session that has done the preflight, run nothing yet, with budget and fixes to spare. */
function state(overrides: Partial<ILoopState> = {}): ILoopState {
  return {
    preflightDone: true,
    total: 5,
    nextPosition: 1,
    noFix: false,
    calibrated: false,
    noRuntimeFix: false,
    verifications: 0,
    fixes: 0,
    maxFixes: 16,
    elapsedMs: 1000,
    budgetMs: 600_000,
    stopped: false,
    ...overrides
  };
}

const table: [string, Partial<ILoopState>, NextStep][] = [
  ['preflight first', { preflightDone: false }, { kind: 'preflight' }],
  [
    'run from the next cell',
    { nextPosition: 2 },
    { kind: 'run', fromPosition: 2 }
  ],
  [
    'error-repair on a failure',
    { failure },
    {
      kind: 'propose',
      fix: 'error-repair',
      cellId: 'c3',
      result: failed
    }
  ],
  [
    'runtime-reduction of a cell that ran out of time',
    { failure: { ...failure, result: { ...failed, status: 'timeout' } } },
    {
      kind: 'propose',
      fix: 'runtime-reduction',
      cellId: 'c3',
      result: { ...failed, status: 'timeout' }
    }
  ],
  [
    'fails at the cell when no fix is available',
    { failure, noFix: true },
    { kind: 'done', verdict: { kind: 'fails', ...failure } }
  ],
  [
    'blocked when no fix is left and the failure is not the code',
    { failure, noFix: true, blocker },
    { kind: 'done', verdict: { kind: 'blocked', ...failure, blocker } }
  ],
  [
    'blocked when the last verification stops at what is not the code',
    { verification: { failure, blocker }, verifications: 2 },
    { kind: 'done', verdict: { kind: 'blocked', ...failure, blocker } }
  ],
  [
    'stops at max fixes while a cell fails',
    { failure, fixes: 16 },
    { kind: 'done', verdict: { kind: 'stopped', reason: 'max-fixes' } }
  ],
  [
    'compare scores once every cell ran',
    { nextPosition: 6 },
    { kind: 'compare-scores' }
  ],
  [
    'verify when scores are in tolerance',
    { nextPosition: 6, scores: within },
    { kind: 'verify' }
  ],
  [
    'score-calibration when a score is off',
    { nextPosition: 6, scores: off },
    { kind: 'propose', fix: 'score-calibration' }
  ],
  [
    'verify after calibrating (the verification compares again)',
    { nextPosition: 6, scores: off, calibrated: true },
    { kind: 'verify' }
  ],
  [
    'runtime-reduction when over budget',
    { elapsedMs: 600_000, failure },
    { kind: 'propose', fix: 'runtime-reduction' }
  ],
  [
    'stops on the budget when no runtime fix is available',
    { elapsedMs: 600_001, noRuntimeFix: true },
    { kind: 'done', verdict: { kind: 'stopped', reason: 'time-budget' } }
  ],
  [
    'a user stop wins over everything',
    { stopped: true, failure, elapsedMs: 700_000 },
    { kind: 'done', verdict: { kind: 'stopped', reason: 'user' } }
  ],
  [
    'reproducible after a clean verification in tolerance',
    { nextPosition: 6, verification: { scores: within } },
    { kind: 'done', verdict: { kind: 'reproducible' } }
  ],
  [
    'scores off after a clean verification out of tolerance',
    { nextPosition: 6, verification: { scores: off } },
    { kind: 'done', verdict: { kind: 'scores-off', comparison: off } }
  ],
  [
    'repairs a cell that failed in the verification',
    {
      failure,
      nextPosition: 3,
      scores: within,
      verification: { failure, scores: within },
      verifications: 1
    },
    { kind: 'propose', fix: 'error-repair', cellId: 'c3', result: failed }
  ],
  [
    'runs on after repairing it, then verifies again',
    {
      nextPosition: 3,
      scores: within,
      verification: { failure, scores: within },
      verifications: 1
    },
    { kind: 'run', fromPosition: 3 }
  ],
  [
    'fails when the last verification fails',
    {
      nextPosition: 6,
      verification: { failure, scores: within },
      verifications: 2
    },
    { kind: 'done', verdict: { kind: 'fails', ...failure } }
  ],
  [
    'stopped when the verification was cut by the budget',
    { verification: { cut: 'time-budget' } },
    { kind: 'done', verdict: { kind: 'stopped', reason: 'time-budget' } }
  ]
];

describe('nextStep', () => {
  for (const [name, overrides, expected] of table) {
    it(name, () => {
      assert.deepEqual(nextStep(state(overrides)), expected);
    });
  }
});
