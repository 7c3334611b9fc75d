import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  codeCells,
  KernelExecutor,
  parseNotebook,
  runCheck,
  type CheckEvent,
  type ICheckSummary
} from '../../../../src/core';
import {
  notebookJson,
  startTestServer,
  type ITestServer,
  type TestCell
} from '../../helpers/jupyter';

describe('runCheck on a real kernel', { timeout: 120_000 }, () => {
  let server: ITestServer;
  let executor: KernelExecutor;

  before(async () => {
    server = await startTestServer();
    const session = await server.startKernel();
    executor = new KernelExecutor({
      kernel: session.kernel,
      interruptGraceMs: 2000
    });
  });

  after(async () => {
    await server?.stop();
  });

  async function check(
    cells: TestCell[],
    options: { minor?: number; budgetMs?: number } = {}
  ): Promise<{ events: CheckEvent[]; summary: ICheckSummary }> {
    const notebook = parseNotebook(
      notebookJson(cells, { minor: options.minor })
    );
    const events: CheckEvent[] = [];
    for await (const event of runCheck({
      cells: codeCells(notebook),
      executor,
      budgetMs: options.budgetMs
    })) {
      events.push(event);
    }
    const last = events.at(-1)!;
    assert.equal(last.kind, 'finished');
    return { events, summary: last.summary };
  }

  for (const minor of [0, 5]) {
    it(`runs the code cells of an nbformat 4.${minor} notebook, not markdown or raw`, async () => {
      const { events, summary } = await check(
        [
          ['markdown', '# `raise SystemExit` in markdown is text'],
          ['code', ['total = 0\n', 'for i in range(4):\n', '    total += i']],
          ['raw', 'raise SystemExit'],
          ['code', 'print(total)']
        ],
        { minor }
      );
      assert.equal(summary.verdict, 'passed');
      assert.equal(summary.total, 2);
      const finished = events.filter(event => event.kind === 'cell-finished');
      assert.deepEqual(
        finished.map(event => event.cell.index),
        [1, 3]
      );
      assert.deepEqual(finished[1].result.outputs, [
        { output_type: 'stream', name: 'stdout', text: '6\n' }
      ]);
    });
  }

  it('stops at the first failing cell; later cells do not run', async () => {
    const { summary } = await check([
      ['code', 'ran_after = False'],
      ['code', "import pandas as pd\npd.DataFrame({'a': [1]}).ix[0]"],
      ['code', 'ran_after = True']
    ]);
    assert.equal(summary.stoppedBy, 'error');
    assert.equal(summary.failure?.position, 2);
    assert.equal(summary.failure?.result.ename, 'AttributeError');
    assert.match(summary.failure?.traceback ?? '', /has no attribute 'ix'$/);
    assert.equal(await executor.evaluate('ran_after'), 'False');
  });

  it('stops with "budget" when the run is over its time budget', async () => {
    const started = Date.now();
    const { summary } = await check(
      [
        ['code', 'import time\ntime.sleep(0.5)'],
        ['code', 'time.sleep(30)'],
        ['code', "print('never')"]
      ],
      { budgetMs: 2000 }
    );
    assert.equal(summary.verdict, 'failed');
    assert.equal(summary.stoppedBy, 'budget');
    assert.equal(summary.failure?.position, 2);
    assert.ok(Date.now() - started < 8000, `took ${Date.now() - started} ms`);
  });
});
