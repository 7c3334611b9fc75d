import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  runCheck,
  type CheckEvent,
  type ICellExecutor,
  type ICellResult,
  type ICheckCell,
  type IExecuteOptions
} from '../../../../src/core';

type Script = (
  code: string,
  options: IExecuteOptions
) => Promise<Partial<ICellResult>>;

/** An executor that answers from a script and records what it was asked. */
class FakeExecutor implements ICellExecutor {
  constructor(private readonly script: Script = async () => ({})) {}
  readonly calls: { code: string; options: IExecuteOptions }[] = [];

  async execute(
    code: string,
    options: IExecuteOptions = {}
  ): Promise<ICellResult> {
    this.calls.push({ code, options });
    return {
      status: 'ok',
      outputs: [],
      executionCount: this.calls.length,
      durationMs: 1,
      ...(await this.script(code, options))
    };
  }
}

function cells(...sources: string[]): ICheckCell[] {
  return sources.map((source, index) => ({ id: `c${index}`, index, source }));
}

async function collect(
  iterable: AsyncIterable<CheckEvent>
): Promise<CheckEvent[]> {
  const events: CheckEvent[] = [];
  for await (const event of iterable) {
    events.push(event);
  }
  return events;
}

function summaryOf(events: CheckEvent[]) {
  const last = events.at(-1);
  assert.equal(last?.kind, 'finished');
  return last.summary;
}

describe('runCheck', () => {
  it('runs every cell in order and passes', async () => {
    const executor = new FakeExecutor();
    const events = await collect(
      runCheck({ cells: cells('a = 1', 'b = 2'), executor })
    );
    assert.deepEqual(
      events.map(event => event.kind),
      [
        'started',
        'cell-started',
        'cell-finished',
        'cell-started',
        'cell-finished',
        'finished'
      ]
    );
    assert.deepEqual(
      executor.calls.map(call => call.code),
      ['a = 1', 'b = 2']
    );
    const summary = summaryOf(events);
    assert.equal(summary.verdict, 'passed');
    assert.equal(summary.stoppedBy, undefined);
    assert.equal(summary.ran, 2);
    assert.equal(summary.total, 2);
  });

  it('stops at the first failure, with the cleaned traceback', async () => {
    const executor = new FakeExecutor(async code =>
      code === 'boom'
        ? {
            status: 'error',
            ename: 'ValueError',
            evalue: 'bad',
            traceback: ['\u001b[31mValueError\u001b[39m: bad']
          }
        : {}
    );
    const events = await collect(
      runCheck({ cells: cells('ok', 'boom', 'never'), executor })
    );
    const summary = summaryOf(events);
    assert.equal(summary.verdict, 'failed');
    assert.equal(summary.stoppedBy, 'error');
    assert.equal(summary.ran, 2);
    assert.equal(summary.total, 3);
    assert.equal(summary.failure?.cell.id, 'c1');
    assert.equal(summary.failure?.position, 2);
    assert.equal(summary.failure?.traceback, 'ValueError: bad');
    assert.ok(!executor.calls.some(call => call.code === 'never'));
  });

  for (const status of ['timeout', 'kernel-died', 'cancelled'] as const) {
    it(`stops with "${status}" when a cell ends so`, async () => {
      const executor = new FakeExecutor(async () => ({ status }));
      const summary = summaryOf(
        await collect(
          runCheck({ cells: cells('x', 'y'), executor, cellTimeoutMs: 1000 })
        )
      );
      assert.equal(summary.stoppedBy, status);
      assert.equal(summary.ran, 1);
    });
  }

  it('sets no per-cell limit by default: a slow cell has the whole budget left', async () => {
    const executor = new FakeExecutor(async (code, options) =>
      options.timeoutMs! < 300_000 ? { status: 'timeout' } : {}
    );
    const events = await collect(
      runCheck({ cells: cells('grid.fit(X, y)', 'x'), executor })
    );
    assert.equal(summaryOf(events).verdict, 'passed');
    const timeout = executor.calls[0].options.timeoutMs!;
    assert.ok(timeout > 599_000 && timeout <= 600_000, `timeout ${timeout}`);
    // Only the budget can stop it: a timeout then is the budget's.
    const stopped = summaryOf(
      await collect(
        runCheck({
          cells: cells('x'),
          executor: new FakeExecutor(async () => ({ status: 'timeout' })),
          budgetMs: 1000
        })
      )
    );
    assert.equal(stopped.stoppedBy, 'budget');
  });

  it('goes on past a cell that raises the exception its saved outputs show', async () => {
    const executor = new FakeExecutor(async code =>
      code.startsWith('1/0')
        ? { status: 'error', ename: 'ZeroDivisionError', evalue: 'x' }
        : code.startsWith('int(')
          ? { status: 'error', ename: 'ValueError', evalue: 'y' }
          : {}
    );
    const expectedErrors = new Map([
      ['c0', 'ZeroDivisionError'],
      ['c2', 'TypeError']
    ]);
    const events = await collect(
      runCheck({
        cells: cells('1/0', 'a = 1', "int('x')", 'never'),
        executor,
        expectedErrors
      })
    );
    const finished = events.filter(e => e.kind === 'cell-finished');
    assert.equal(
      finished[0].kind === 'cell-finished' && finished[0].expected,
      true
    );
    const summary = summaryOf(events);
    // Another type than the saved one is a failure as ever.
    assert.equal(summary.failure?.cell.id, 'c2');
    assert.equal(summary.ran, 3);
  });

  it('treats an aborted reply as an error stop', async () => {
    const executor = new FakeExecutor(async () => ({ status: 'aborted' }));
    const summary = summaryOf(
      await collect(runCheck({ cells: cells('x'), executor }))
    );
    assert.equal(summary.stoppedBy, 'error');
  });

  it('skips empty code cells and numbers the rest 1..n, keeping notebook indices', async () => {
    const executor = new FakeExecutor();
    const input: ICheckCell[] = [
      { id: 'a', index: 1, source: 'x = 1' },
      { id: 'b', index: 2, source: '   \n' },
      { id: 'c', index: 4, source: 'y = 2' }
    ];
    const events = await collect(runCheck({ cells: input, executor }));
    const started = events.filter(event => event.kind === 'cell-started');
    assert.deepEqual(
      started.map(event => [
        event.cell.id,
        event.cell.index,
        event.position,
        event.total
      ]),
      [
        ['a', 1, 1, 2],
        ['c', 4, 2, 2]
      ]
    );
    assert.deepEqual(events[0], {
      kind: 'started',
      total: 2,
      budgetMs: 600_000
    });
    assert.equal(executor.calls.length, 2);
  });

  it('gives each cell the smaller of its timeout and the budget left', async () => {
    const executor = new FakeExecutor(async () => {
      await new Promise(resolve => setTimeout(resolve, 120));
      return {};
    });
    await collect(
      runCheck({
        cells: cells('a', 'b'),
        executor,
        cellTimeoutMs: 150,
        budgetMs: 200
      })
    );
    const [first, second] = executor.calls.map(call => call.options.timeoutMs!);
    assert.equal(first, 150);
    assert.ok(second <= 200 - 100 && second > 0, `second timeout ${second}`);
  });

  it('calls a timeout cut short by the budget a budget stop', async () => {
    const executor = new FakeExecutor(async (code, options) =>
      options.timeoutMs! < 1000 ? { status: 'timeout' } : {}
    );
    const summary = summaryOf(
      await collect(
        runCheck({
          cells: cells('a'),
          executor,
          cellTimeoutMs: 5000,
          budgetMs: 500
        })
      )
    );
    assert.equal(summary.stoppedBy, 'budget');
    assert.equal(summary.failure?.cell.id, 'c0');
  });

  it('stops with "budget" before a cell when no time is left', async () => {
    const executor = new FakeExecutor(async () => {
      await new Promise(resolve => setTimeout(resolve, 60));
      return {};
    });
    const summary = summaryOf(
      await collect(
        runCheck({ cells: cells('a', 'b', 'c'), executor, budgetMs: 50 })
      )
    );
    assert.equal(summary.verdict, 'failed');
    assert.equal(summary.stoppedBy, 'budget');
    assert.equal(summary.ran, 1);
    assert.equal(summary.failure, undefined);
  });

  it('stops with "cancelled" once the signal aborts, and passes the signal on', async () => {
    const controller = new AbortController();
    const executor = new FakeExecutor(async () => {
      controller.abort();
      return {};
    });
    const summary = summaryOf(
      await collect(
        runCheck({
          cells: cells('a', 'b'),
          executor,
          signal: controller.signal
        })
      )
    );
    assert.equal(summary.stoppedBy, 'cancelled');
    assert.equal(summary.ran, 1);
    assert.equal(executor.calls[0].options.signal, controller.signal);
  });

  it('passes per-cell executor options through', async () => {
    const executor = new FakeExecutor();
    await collect(
      runCheck({
        cells: cells('a'),
        executor,
        executeOptions: cell => ({ cellId: cell.id, timeoutMs: 1 })
      })
    );
    const options = executor.calls[0].options as IExecuteOptions & {
      cellId?: string;
    };
    assert.equal(options.cellId, 'c0');
    assert.ok(
      options.timeoutMs! > 599_000,
      'the check decides the timeout: the budget left'
    );
  });

  it('passes an empty notebook', async () => {
    const summary = summaryOf(
      await collect(runCheck({ cells: [], executor: new FakeExecutor() }))
    );
    assert.equal(summary.verdict, 'passed');
    assert.equal(summary.total, 0);
  });
});
