import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  autoAcceptReviewer,
  LLMFixer,
  type ChatEvent,
  type ILLMClient,
  type IFixRequest,
  type IProposal,
  type LoopEvent
} from '../../../../src/core';
import {
  executions,
  FakeDocument,
  FakeKernel,
  kinds,
  movedForestScore,
  reviewer,
  session
} from './loop-fakes';

const NOTEBOOK = [
  'from sklearn.cross_validation import KFold\nimport pandas as pd',
  'x = 1',
  "print(df.ix[0, 'a'])"
];

describe('runLoop', () => {
  it('applies the offline fixes first, asks the kernel just before the cell that needs it, verifies', async () => {
    const { events, verdict, kernel, document } = await session(NOTEBOOK);
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.deepEqual(kinds(events), [
      'scan',
      'proposal',
      'applied',
      'proposal',
      'applied',
      'scores',
      'restart',
      'scores',
      'verified',
      'finished'
    ]);
    assert.equal(document.source('c0')?.includes('model_selection'), true);
    assert.equal(document.source('c2'), "print(df.loc[0, 'a'])");
    // c0, c1, then c2 already fixed (df exists by then); the verification's three.
    assert.equal(kernel.executed.length, 6);
    assert.equal(executions(events), 6);
    assert.equal(kernel.state.restarted, 1);
  });

  it('re-runs a first cell that failed once it is fixed', async () => {
    const sources = ["import pandas as pd\nprint(df.ix[0, 'a'])", 'y = 2'];
    const { verdict, events } = await session(sources);
    assert.deepEqual(verdict, { kind: 'reproducible' });
    // c0 fails, c0 again, c1; the verification's two.
    assert.equal(executions(events), 5);
  });

  it('fails at the cell when the reviewer rejects its only fix', async () => {
    const { events, verdict, kernel } = await session(NOTEBOOK, {
      reviewer: reviewer(() => ({ kind: 'reject', reason: 'no' }))
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(verdict.kind === 'fails' && verdict.cellId, 'c0');
    assert.equal(verdict.kind === 'fails' && verdict.position, 1);
    assert.ok(kinds(events).includes('rejected'));
    assert.equal(kernel.executed.length, 1);
  });

  it('stops when the reviewer says stop', async () => {
    const { verdict, kernel } = await session(NOTEBOOK, {
      reviewer: reviewer(() => ({ kind: 'stop' }))
    });
    assert.deepEqual(verdict, { kind: 'stopped', reason: 'user' });
    assert.equal(kernel.executed.length, 0);
  });

  it('reports a proposal whose cell changed as stale and never applies it', async () => {
    const document = new FakeDocument(NOTEBOOK, true);
    const { events, verdict } = await session(NOTEBOOK, { document });
    assert.ok(kinds(events).includes('stale'));
    assert.ok(!kinds(events).includes('applied'));
    assert.equal(document.source('c0'), NOTEBOOK[0]);
    assert.notEqual(verdict.kind, 'reproducible');
  });

  it('stops at the maximum number of fixes', async () => {
    const sources = ['import pandas as pd', "df.ix[0, 'a']", "df.ix[1, 'a']"];
    const { verdict, events } = await session(sources, {
      limits: { maxFixes: 1 }
    });
    assert.deepEqual(verdict, { kind: 'stopped', reason: 'max-fixes' });
    assert.equal(kinds(events).filter(k => k === 'applied').length, 1);
  });

  it('stops when the time budget runs out (no runtime-reduction offline)', async () => {
    const kernel = new FakeKernel(() => ({ delayMs: 30 }));
    const { verdict } = await session(['a = 1', 'b = 2', 'c = 3', 'd = 4'], {
      kernel,
      limits: { budgetMs: 50 }
    });
    assert.deepEqual(verdict, { kind: 'stopped', reason: 'time-budget' });
  });

  it('is not reproducible when the verification from the top fails', async () => {
    // Hidden state: the cell only works in the kernel the session started with.
    const kernel = new FakeKernel((code, run) =>
      run.restarted > 0 && code === 'y = hidden'
        ? {
            status: 'error',
            ename: 'NameError',
            evalue: "name 'hidden' is not defined"
          }
        : {}
    );
    const { verdict, events } = await session(['x = 1', 'y = hidden'], {
      kernel
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(verdict.kind === 'fails' && verdict.cellId, 'c1');
    assert.ok(events.some(e => e.kind === 'verified' && !e.passed));
  });

  it('repairs a cell that fails only in the verification, then verifies again', async () => {
    // `hidden` lived in the kernel the session started with; from a restart it is gone.
    const kernel = new FakeKernel((code, run) =>
      run.restarted > 0 && code.includes('hidden')
        ? {
            status: 'error',
            ename: 'NameError',
            evalue: "name 'hidden' is not defined"
          }
        : {}
    );
    const fixer = {
      name: 'scripted',
      propose: async (request: IFixRequest): Promise<IProposal | null> =>
        request.failure
          ? {
              id: 'define-it',
              target: request.target,
              kind: request.kind,
              before: request.source,
              after: 'y = 1',
              rationale: 'define what the cell used',
              ruleIds: [],
              fixer: 'scripted',
              unsafe: []
            }
          : null
    };
    const { verdict, events, document } = await session(
      ['x = 1', 'y = hidden'],
      {
        kernel,
        fixers: [fixer]
      }
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.cells[1].source, 'y = 1');
    assert.deepEqual(
      events
        .filter(e => e.kind === 'verified')
        .map(e => e.kind === 'verified' && e.passed),
      [false, true]
    );
  });

  it('pins a changed default when a score moved, then verifies without re-running first', async () => {
    const { sources, ...scenario } = movedForestScore();
    const { verdict, events } = await session(sources, {
      ...scenario
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    const proposal = events.find(e => e.kind === 'proposal');
    assert.equal(
      proposal?.kind === 'proposal' && proposal.proposal.kind,
      'score-calibration'
    );
    // One run, one verification: two executions per code cell.
    assert.equal(executions(events), 4);
  });

  it("takes back a pinned default that today's library refuses: scores off beats a notebook that fails", async () => {
    const { sources, ...scenario } = movedForestScore();
    // The original fails before the score (a removed module), so only the loop can tell
    // that the pin, not the notebook, is to blame. Today the old default raises, as
    // liblinear does on three classes.
    sources[0] = `from sklearn.cross_validation import KFold\n${sources[0]}`;
    const kernel = new FakeKernel(code =>
      code.includes('sklearn.cross_validation')
        ? {
            status: 'error',
            ename: 'ModuleNotFoundError',
            evalue: "No module named 'sklearn.cross_validation'"
          }
        : code.includes('n_estimators=10')
          ? {
              status: 'error',
              ename: 'ValueError',
              evalue: 'n_estimators=10 is not supported'
            }
          : code.includes('RandomForestClassifier(')
            ? { print: 'Accuracy: 0.95' }
            : {}
    );
    const { verdict, events, document } = await session(sources, {
      ...scenario,
      kernel
    });
    assert.equal(verdict.kind, 'scores-off');
    const reverted = events.find(e => e.kind === 'reverted');
    assert.ok(reverted?.kind === 'reverted');
    assert.equal(reverted.change.proposal.kind, 'score-calibration');
    assert.match(reverted.change.why, /fails at its code cell 2/);
    // The notebook is left as it ran: the pin is gone from the cell.
    assert.doesNotMatch(document.source('c1') ?? '', /n_estimators/);
  });

  it('asks for a faster cell when one runs out of its time limit, not a different one', async () => {
    const slow = 'model.fit(X, epochs=1000)';
    const kernel = new FakeKernel(code =>
      code === slow ? { status: 'timeout' } : {}
    );
    const asked: string[] = [];
    const fixer = {
      name: 'scripted',
      propose: async (request: IFixRequest): Promise<IProposal | null> => {
        asked.push(request.kind);
        return request.kind === 'runtime-reduction'
          ? {
              id: 'fast',
              target: request.target,
              kind: request.kind,
              before: request.source,
              after: 'model.fit(X, epochs=10)',
              rationale: 'fewer epochs',
              ruleIds: [],
              fixer: 'scripted',
              unsafe: []
            }
          : null;
      }
    };
    // Out of its own per-cell limit; without one, only the budget stops a cell.
    const { verdict, document } = await session(['X = 1', slow], {
      kernel,
      fixers: [fixer],
      limits: { cellTimeoutMs: 120_000 }
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.cells[1].source, 'model.fit(X, epochs=10)');
    assert.ok(asked.includes('runtime-reduction'));
  });

  it('verifies as many times as asked, and judges the mean score', async () => {
    // The score moves from run to run: 0.70 and 0.90 around the saved 0.80.
    let run = 0;
    const kernel = new FakeKernel(code =>
      code.includes('accuracy')
        ? { print: `Accuracy: ${[0.8, 0.7, 0.9][run++ % 3].toFixed(2)}` }
        : {}
    );
    const { verdict, events } = await session(
      [
        "from sklearn.metrics import accuracy_score\nprint('Accuracy: %.2f' % accuracy_score(y, p))"
      ],
      { kernel, printed: ['Accuracy: 0.80'], limits: { verificationRuns: 2 } }
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(events.filter(e => e.kind === 'restart').length, 2);
    const last = events.at(-1) as Extract<LoopEvent, { kind: 'finished' }>;
    const [row] = last.scores!.rows;
    assert.equal(row.now, 0.8);
    assert.equal(row.runs, 2);
    assert.ok(Math.abs(row.spread! - 0.1) < 1e-9);
  });

  it('puts a moved score to the fixers with its scores only when no rule pins anything', async () => {
    const sources = [
      'X, y = load()',
      "print('Accuracy: %.2f' % accuracy_score(y, p))"
    ];
    const kernel = new FakeKernel(code =>
      code.includes('accuracy_score')
        ? { print: code.includes('seed') ? 'Accuracy: 0.80' : 'Accuracy: 0.95' }
        : {}
    );
    const asked: IFixRequest[] = [];
    const fixer = {
      name: 'scripted',
      propose: async (request: IFixRequest): Promise<IProposal | null> => {
        asked.push(request);
        return request.scores
          ? {
              id: 'seeded',
              target: request.target,
              kind: request.kind,
              before: request.source,
              after: `${request.source}  # seed`,
              rationale: 'seed it',
              ruleIds: [],
              fixer: 'scripted',
              unsafe: []
            }
          : null;
      }
    };
    const { verdict } = await session(sources, {
      kernel,
      printed: [null, 'Accuracy: 0.80'],
      fixers: [fixer]
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    const withScores = asked.filter(r => r.scores);
    assert.equal(withScores.length, 1);
    assert.equal(withScores[0].scores![0].now, 0.95);
    assert.deepEqual(withScores[0].target, { kind: 'cell', cellId: 'c1' });
  });

  it('never auto-accepts an unsafe proposal', async () => {
    const decision = await autoAcceptReviewer().review(
      {
        id: 'p',
        target: { kind: 'cell', cellId: 'c0' },
        kind: 'error-repair',
        before: '',
        after: '!pip install x',
        rationale: '',
        ruleIds: [],
        fixer: 'llm',
        unsafe: ['installs packages']
      },
      new AbortController().signal
    );
    assert.equal(decision.kind, 'reject');
  });
});

describe('an LLM fix in the loop', () => {
  it("comes as the loop's own events: the request, the reply growing, its end, then the proposal", async () => {
    const fixed = 'x = float(3)\nprint(x)';
    const reply = JSON.stringify({
      cells: [{ id: 'c1', source: fixed, rationale: 'asfarray was removed' }]
    });
    // A model that streams its reply in small pieces.
    const client: ILLMClient = {
      async *stream(): AsyncGenerator<ChatEvent> {
        for (let i = 0; i < reply.length; i += 9) {
          await new Promise(resolve => setTimeout(resolve, 1));
          yield { type: 'delta', text: reply.slice(i, i + 9) };
        }
        yield { type: 'usage', promptTokens: 900, completionTokens: 40 };
        yield { type: 'done', finishReason: 'stop' };
      },
      models: async () => ['scripted']
    };
    const kernel = new FakeKernel(code =>
      code.includes('asfarray')
        ? {
            status: 'error',
            ename: 'AttributeError',
            evalue: "module 'numpy' has no attribute 'asfarray'"
          }
        : {}
    );
    const { verdict, events, document } = await session(
      ['import numpy as np', 'x = np.asfarray([3])\nprint(x)'],
      { kernel, fixers: [new LLMFixer({ client, model: 'scripted' })] }
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.cells[1].source, fixed);
    const llm = events.flatMap(e => (e.kind === 'llm' ? [e] : []));
    assert.ok(llm.every(e => e.model === 'scripted'));
    const shown = llm.map(e => e.event.kind);
    assert.equal(shown[0], 'request');
    assert.equal(shown.at(-1), 'finished');
    assert.ok(shown.filter(kind => kind === 'partial').length > 1);
    // All of it before the proposal it made, in the one stream.
    const proposal = events.findIndex(e => e.kind === 'proposal');
    assert.ok(proposal > events.lastIndexOf(llm.at(-1)!));
  });
});
