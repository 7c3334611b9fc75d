import { after, before } from 'node:test';
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
  type LoopEvent,
  type Verdict
} from '../../../../src/core';
import type { IKernelSession } from '../../../../src/cli/connection';
import { startTestServer, type ITestServer } from '../../helpers/jupyter';

/** The notebook's cells in memory, as the command line keeps them. */
export class Cells implements IEditableNotebook {
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

/**
 * Starts a server and a kernel before the enclosing suite's tests and stops them after;
 * the kernel's session is there once the tests run.
 */
export function useKernel(): () => IKernelSession {
  let server: ITestServer;
  let session: IKernelSession;
  before(async () => {
    server = await startTestServer();
    session = await server.startKernel();
  });
  after(async () => {
    await server?.stop();
  });
  return () => session;
}

/** What a loop run did: the cells as it left them, its events, its verdict. */
export interface ILoopRun {
  document: Cells;
  events: LoopEvent[];
  verdict: Verdict;
  /** How many times the loop restarted the kernel. */
  restarts: number;
}

/** Runs the loop to its end on `notebook` (JSON) in the kernel, with auto-accepted fixes. */
export async function runLoopOnKernel(
  session: IKernelSession,
  notebook: string,
  fixers: IFixer[]
): Promise<ILoopRun> {
  const parsed = parseNotebook(notebook);
  const document = new Cells(codeCells(parsed));
  const events: LoopEvent[] = [];
  let restarts = 0;
  const loop = runLoop({
    document,
    executor: new KernelExecutor({ kernel: session.kernel }),
    reviewer: autoAcceptReviewer(),
    fixers,
    original: captureOriginal(parsed),
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
  return { document, events, verdict: next.value, restarts };
}

/** The text every finished cell printed, in the order the cells ran. */
export function printedTexts(events: LoopEvent[]) {
  return events.flatMap(event =>
    event.kind === 'check' && event.event.kind === 'cell-finished'
      ? event.event.result.outputs.map(o => ('text' in o ? o.text : ''))
      : []
  );
}
