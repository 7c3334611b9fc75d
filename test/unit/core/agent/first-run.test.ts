import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoopEvent } from '../../../../src/core';
import {
  executions,
  FakeDocument,
  FakeKernel,
  movedForestScore,
  session
} from './loop-fakes';

// The first pass from a kernel of its own, every fix in before its cell ran, is the verification.

const NOTEBOOK = [
  'from sklearn.cross_validation import KFold\nimport pandas as pd',
  'x = 1',
  "print(df.ix[0, 'a'])"
];

type Finished = Extract<LoopEvent, { kind: 'finished' }>;
const finished = (events: LoopEvent[]) => events.at(-1) as Finished;
const restarts = (events: LoopEvent[]) =>
  events.flatMap(e => (e.kind === 'restart' ? [e.why] : []));
const verified = (events: LoopEvent[]) =>
  events.flatMap(e => (e.kind === 'verified' ? [e] : []));

describe('runLoop from a fresh kernel', () => {
  it('takes a clean first pass as the verification: each cell runs once, no restart', async () => {
    const { events, verdict, kernel } = await session(NOTEBOOK, {
      freshKernel: true
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    // The offline fix of c0 before the run, the kernel's answer for c2 just before it ran.
    assert.equal(kernel.executed.length, 3);
    assert.equal(executions(events), 3);
    assert.equal(kernel.state.restarted, 0);
    assert.deepEqual(restarts(events), []);
    assert.deepEqual(
      verified(events).map(e => [e.passed, e.firstRun]),
      [[true, true]]
    );
    assert.equal(finished(events).verifiedByFirstRun, true);
  });

  it('still verifies from a restart in a live kernel that ran cells before (the panel)', async () => {
    const { events, kernel } = await session(NOTEBOOK);
    assert.equal(executions(events), 6);
    assert.equal(kernel.state.restarted, 1);
    assert.deepEqual(
      verified(events).map(e => e.firstRun),
      [false]
    );
    assert.equal(finished(events).verifiedByFirstRun, false);
  });

  it('verifies from a restart once a cell failed and ran again', async () => {
    const sources = ["import pandas as pd\nprint(df.ix[0, 'a'])", 'y = 2'];
    const { verdict, events, kernel } = await session(sources, {
      freshKernel: true
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    // c0 fails, c0 again, c1; the verification's two.
    assert.equal(executions(events), 5);
    assert.equal(kernel.state.restarted, 1);
    assert.equal(finished(events).verifiedByFirstRun, false);
  });

  it('verifies from a restart when a cell was changed after it ran (a score pinned)', async () => {
    const { sources, ...scenario } = movedForestScore();
    const { verdict, events } = await session(sources, {
      ...scenario,
      freshKernel: true
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(executions(events), 4);
    assert.deepEqual(restarts(events), ['verification']);
    // The verification's scores, not the first pass's.
    assert.equal(finished(events).scores!.rows[0].now, 0.81);
  });

  it('verifies from a restart when the user edited a cell after it ran', async () => {
    const document = new FakeDocument(['a = 1', 'b = 2']);
    const kernel = new FakeKernel(code => {
      if (code === 'b = 2') {
        document.cells[0].source = 'a = 10';
      }
      return {};
    });
    const { events } = await session(['a = 1', 'b = 2'], {
      kernel,
      document,
      freshKernel: true
    });
    assert.deepEqual(restarts(events), ['verification']);
    assert.deepEqual(kernel.executed, ['a = 1', 'b = 2', 'a = 10', 'b = 2']);
  });

  it('verifies from a restart when other code ran in the kernel between its cells', async () => {
    let userRan = false;
    const kernel: FakeKernel = new FakeKernel(code => {
      if (code === 'b = 2' && !userRan) {
        // The user runs a cell of their own in the live kernel meanwhile.
        userRan = true;
        void kernel.execute('a = 99');
      }
      return {};
    });
    const { events } = await session(['a = 1', 'b = 2'], {
      kernel,
      freshKernel: true
    });
    assert.deepEqual(restarts(events), ['verification']);
    assert.equal(finished(events).verifiedByFirstRun, false);
  });

  it('counts a cell that raises as its saved output shows as clean', async () => {
    const sources = ['x = 1', "raise ValueError('a teaching example')"];
    const kernel = new FakeKernel(code =>
      code.startsWith('raise')
        ? { status: 'error', ename: 'ValueError', evalue: 'a teaching example' }
        : {}
    );
    const { verdict, events } = await session(sources, {
      kernel,
      freshKernel: true,
      saved: [
        [],
        [
          {
            output_type: 'error',
            ename: 'ValueError',
            evalue: 'a teaching example',
            traceback: []
          }
        ]
      ]
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(executions(events), 2);
    assert.equal(finished(events).expectedErrors.length, 1);
  });

  it('counts the clean first pass as the first of the verification runs asked for', async () => {
    let run = 0;
    const kernel = new FakeKernel(code =>
      code.includes('accuracy')
        ? { print: `Accuracy: ${[0.7, 0.9][run++ % 2].toFixed(2)}` }
        : {}
    );
    const { verdict, events } = await session(
      [
        "from sklearn.metrics import accuracy_score\nprint('Accuracy: %.2f' % accuracy_score(y, p))"
      ],
      {
        kernel,
        freshKernel: true,
        printed: ['Accuracy: 0.80'],
        limits: { verificationRuns: 2 }
      }
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.deepEqual(restarts(events), ['verification, run 2 of 2']);
    assert.equal(executions(events), 2);
    const [row] = finished(events).scores!.rows;
    // The mean of the first pass's 0.70 and the second run's 0.90.
    assert.ok(row.now !== null && Math.abs(row.now - 0.8) < 1e-9);
    assert.equal(row.runs, 2);
  });
});
