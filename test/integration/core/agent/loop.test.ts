import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  allRules,
  autoAcceptReviewer,
  captureOriginal,
  codeCells,
  KernelExecutor,
  parseNotebook,
  RulesFixer,
  runLoop,
  type ICheckCell,
  type IEditableNotebook,
  type LoopEvent
} from '../../../../src/core';
import type { IKernelSession } from '../../../../src/cli/connection';
import {
  notebookJson,
  startTestServer,
  type ITestServer
} from '../../helpers/jupyter';

/** The notebook's cells in memory, as the command line keeps them. */
class Cells implements IEditableNotebook {
  constructor(private cells: ICheckCell[]) {}
  codeCells = () => this.cells.map(cell => ({ ...cell }));
  source = (id: string) => this.cells.find(c => c.id === id)?.source ?? null;
  replaceSource(id: string, expected: string, source: string): boolean {
    const cell = this.cells.find(c => c.id === id);
    if (cell?.source !== expected) {
      return false;
    }
    cell.source = source;
    return true;
  }
  readModule = async () => null;
  writeModule = async () => false;
}

describe('runLoop on a real kernel', { timeout: 60_000 }, () => {
  let server: ITestServer;
  let session: IKernelSession;

  before(async () => {
    server = await startTestServer();
    session = await server.startKernel();
  });

  after(async () => {
    await server?.stop();
  });

  it('asks the live kernel how to rewrite .ix before the cell runs, verifies from the top', async () => {
    const notebook = parseNotebook(
      notebookJson([
        [
          'code',
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]}, index=['x', 'y', 'z'])"
        ],
        ['markdown', '# Rows'],
        ['code', "print(df.ix[1:]['a'].tolist())"]
      ])
    );
    const document = new Cells(codeCells(notebook));
    const executor = new KernelExecutor({ kernel: session.kernel });
    let restarts = 0;
    const events: LoopEvent[] = [];
    const loop = runLoop({
      document,
      executor,
      reviewer: autoAcceptReviewer(),
      fixers: [new RulesFixer(allRules)],
      original: captureOriginal(notebook),
      environment: {
        versions: new Map([
          ['python', '3.11'],
          ['pandas', '3.0.0']
        ]),
        files: new Set(),
        evidence: { predates: new Map() }
      },
      restartKernel: async () => {
        restarts++;
        await session.kernel.restart();
        await session.kernel.requestKernelInfo();
      }
    });
    let next = await loop.next();
    while (!next.done) {
      events.push(next.value);
      next = await loop.next();
    }
    assert.deepEqual(next.value, { kind: 'reproducible' });
    assert.equal(
      document.source('cell-id-2'),
      "print(df.iloc[1:]['a'].tolist())"
    );
    assert.equal(restarts, 1);
    const finished = events.at(-1);
    assert.equal(finished?.kind, 'finished');
    // Cell 1 makes df; cell 3 is fixed before it runs (the kernel knows df by then), so
    // it runs once; then the verification's two.
    assert.equal(finished?.kind === 'finished' && finished.executions, 4);
    assert.ok(!events.some(event => event.kind === 'diagnosis'));
    const printed = events.flatMap(event =>
      event.kind === 'check' && event.event.kind === 'cell-finished'
        ? event.event.result.outputs.map(o => ('text' in o ? o.text : ''))
        : []
    );
    assert.equal(printed.at(-1), '[2, 3]\n');
  });
});
