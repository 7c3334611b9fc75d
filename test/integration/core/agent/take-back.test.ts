import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  autoAcceptReviewer,
  captureOriginal,
  codeCells,
  KernelExecutor,
  parseNotebook,
  runLoop,
  type ICheckCell,
  type IEditableNotebook,
  type IFixer,
  type LoopEvent
} from '../../../../src/core';
import type { IKernelSession } from '../../../../src/cli/connection';
import {
  notebookJson,
  startTestServer,
  type ITestServer
} from '../../helpers/jupyter';

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

/** A fixer that proposes one source for a failing cell, as an LLM might. */
function proposes(name: string, after: string): IFixer {
  return {
    name,
    propose: async request =>
      request.failure
        ? {
            id: name,
            target: request.target,
            kind: request.kind,
            before: request.source,
            after,
            rationale: `${name} fix`,
            ruleIds: [],
            fixer: name,
            unsafe: []
          }
        : null
  };
}

describe(
  'runLoop takes back a fix on a real kernel',
  { timeout: 60_000 },
  () => {
    let server: ITestServer;
    let session: IKernelSession;

    before(async () => {
      server = await startTestServer();
      session = await server.startKernel();
    });

    after(async () => {
      await server?.stop();
    });

    it('takes back a fix whose cell fails on the name it brought in, then applies the next one', async () => {
      const notebook = parseNotebook(
        notebookJson([
          ['code', "import pandas as pd\ndf = pd.DataFrame({'a': [3, 1, 2]})"],
          ['code', "print(df.sort('a')['a'].tolist())"]
        ])
      );
      const document = new Cells(codeCells(notebook));
      const events: LoopEvent[] = [];
      const loop = runLoop({
        document,
        executor: new KernelExecutor({ kernel: session.kernel }),
        reviewer: autoAcceptReviewer(),
        // `np` is not imported anywhere: the first fix makes the cell fail on it.
        fixers: [
          proposes('unbound', "print(np.sort(df['a']).tolist())"),
          proposes('bound', "print(sorted(df['a'].tolist()))")
        ],
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
      const reverted = events.filter(e => e.kind === 'reverted');
      assert.equal(reverted.length, 1);
      assert.match(
        reverted[0].kind === 'reverted' ? reverted[0].change.why : '',
        /brought in 'np'.*NameError: name 'np' is not defined/
      );
      assert.equal(
        document.source('cell-id-1'),
        "print(sorted(df['a'].tolist()))"
      );
      const printed = events.flatMap(event =>
        event.kind === 'check' && event.event.kind === 'cell-finished'
          ? event.event.result.outputs.map(o => ('text' in o ? o.text : ''))
          : []
      );
      assert.equal(printed.at(-1), '[1, 2, 3]\n');
    });
  }
);
