import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatEnvironment,
  formatSeconds,
  formatSummary,
  ProgressPrinter
} from '../../../src/cli/progress';
import type { ICellResult, ICheckCell } from '../../../src/core';

const cell: ICheckCell = { id: 'abc', index: 4, source: 'x' };
const result = (
  status: ICellResult['status'],
  extra: Partial<ICellResult> = {}
): ICellResult => ({
  status,
  outputs: [],
  executionCount: 3,
  durationMs: 400,
  ...extra
});

describe('ProgressPrinter', () => {
  it('prints one plain line per cell when not on a terminal', () => {
    let text = '';
    const printer = new ProgressPrinter({ write: chunk => (text += chunk) });
    printer.handle({ kind: 'started', total: 12, budgetMs: 600_000 });
    printer.handle({
      kind: 'cell-started',
      cell,
      position: 3,
      total: 12,
      elapsedMs: 0
    });
    printer.handle({
      kind: 'cell-finished',
      cell,
      position: 3,
      total: 12,
      result: result('ok'),
      elapsedMs: 400
    });
    printer.handle({
      kind: 'cell-finished',
      cell,
      position: 4,
      total: 12,
      result: result('error', { ename: 'KeyError', evalue: "'price'" }),
      elapsedMs: 800
    });
    assert.equal(
      text,
      "Running 12 code cells\n[3/12] cell 5 ok 0.4s\n[4/12] cell 5 KeyError: 'price' 0.4s\n"
    );
  });
});

describe('formatting', () => {
  it('writes durations for people', () => {
    assert.equal(formatSeconds(420), '0.4s');
    assert.equal(formatSeconds(125_000), '2m05s');
  });

  it('names libraries by distribution and calls out missing ones', () => {
    assert.equal(
      formatEnvironment({
        python: '3.11.7',
        modules: [
          {
            module: 'os',
            distribution: null,
            version: null,
            stdlib: true,
            missing: false
          },
          {
            module: 'sklearn',
            distribution: 'scikit-learn',
            version: '1.9.1',
            stdlib: false,
            missing: false
          },
          {
            module: 'xgboost',
            distribution: null,
            version: null,
            stdlib: false,
            missing: true
          },
          {
            module: 'helpers',
            distribution: null,
            version: null,
            stdlib: false,
            missing: false
          }
        ]
      }),
      'Python 3.11.7 · scikit-learn 1.9.1 · xgboost MISSING · helpers (local)'
    );
  });

  it('says where and why a run broke', () => {
    const text = formatSummary(
      {
        verdict: 'failed',
        stoppedBy: 'error',
        ran: 2,
        total: 3,
        failure: {
          cell,
          position: 2,
          result: result('error', {
            ename: 'KeyError',
            evalue: "'price'",
            traceback: ["\u001b[31mKeyError\u001b[39m: 'price'"]
          }),
          traceback: "KeyError: 'price'"
        },
        elapsedMs: 1500
      },
      600_000
    );
    assert.match(
      text,
      /^Failed at cell 5 \(code cell 2 of 3, id abc\): KeyError: 'price'\n/
    );
    assert.match(text, /2 of 3 code cells ran in 1\.5s\.$/);
  });

  it('blames the budget, not the cell, when the budget ran out', () => {
    const text = formatSummary(
      {
        verdict: 'failed',
        stoppedBy: 'budget',
        ran: 1,
        total: 3,
        failure: {
          cell,
          position: 1,
          result: result('timeout'),
          traceback: ''
        },
        elapsedMs: 600_000
      },
      600_000
    );
    assert.match(text, /the time budget of 10m00s ran out/);
  });
});
