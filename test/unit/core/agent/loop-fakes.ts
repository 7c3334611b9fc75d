import type * as nbformat from '@jupyterlab/nbformat';
import {
  allRules,
  autoAcceptReviewer,
  captureOriginal,
  parseNotebook,
  RulesFixer,
  runLoop,
  type Decision,
  type ICellResult,
  type ICheckCell,
  type IExecuteOptions,
  type IEditableNotebook,
  type ILoopOptions,
  type IProposal,
  type IReviewer,
  type LoopEvent,
  type Verdict
} from '../../../../src/core';

// A fake kernel, document and reviewer for the loop's tests, and a session that runs them.

/** How the fake kernel answers a cell: an error, printed text, a delay. */
export type Behaviour = (
  code: string,
  run: { restarted: number; timeoutMs?: number }
) => Partial<ICellResult> & { print?: string; delayMs?: number };

/** Today's stack, as the fake kernel plays it: removed APIs raise. */
export const TODAY: Behaviour = code => {
  if (code.includes('sklearn.cross_validation')) {
    return {
      status: 'error',
      ename: 'ModuleNotFoundError',
      evalue: "No module named 'sklearn.cross_validation'"
    };
  }
  if (code.includes('.ix[')) {
    return {
      status: 'error',
      ename: 'AttributeError',
      evalue: "'DataFrame' object has no attribute 'ix'"
    };
  }
  return {};
};

/**
 * A kernel where `df.old()` is gone and nothing imports `np`: a fix that brings in `np`
 * makes its cell fail again, and the run takes it back.
 */
export const OLD_METHOD_NO_NP: Behaviour = code =>
  code.includes('.old()')
    ? {
        status: 'error',
        ename: 'AttributeError',
        evalue: "'DataFrame' object has no attribute 'old'"
      }
    : code.includes('np.')
      ? {
          status: 'error',
          ename: 'NameError',
          evalue: "name 'np' is not defined"
        }
      : {};

export class FakeKernel {
  constructor(private readonly behaviour: Behaviour = TODAY) {}
  readonly executed: string[] = [];
  readonly state = { restarted: 0 };
  private count = 0;

  async execute(
    code: string,
    options: IExecuteOptions = {}
  ): Promise<ICellResult> {
    this.executed.push(code);
    const { print, delayMs, ...result } = this.behaviour(code, {
      ...this.state,
      timeoutMs: options.timeoutMs
    });
    if (delayMs) {
      await new Promise(resolve => setTimeout(resolve, delayMs));
    }
    return {
      status: 'ok',
      outputs: print
        ? [{ output_type: 'stream', name: 'stdout', text: `${print}\n` }]
        : [],
      executionCount: ++this.count,
      durationMs: 1,
      ...result
    };
  }

  async evaluate(): Promise<string> {
    return "'integer|string'";
  }

  async restart(): Promise<void> {
    this.state.restarted++;
    this.count = 0;
  }
}

/**
 * A forest whose default changed since the notebook was saved: today it scores 0.95, with
 * the old default pinned (`n_estimators=10`) 0.81, and the notebook saved 0.80.
 */
export function movedForestScore(): {
  sources: string[];
  kernel: FakeKernel;
  printed: (string | null)[];
  predates: Map<string, string>;
} {
  return {
    sources: [
      'from sklearn.ensemble import RandomForestClassifier',
      "model = RandomForestClassifier(random_state=0)\nacc = model.score(X, y)\nprint('Accuracy: %.2f' % acc)"
    ],
    kernel: new FakeKernel(code =>
      code.includes('RandomForestClassifier(')
        ? {
            print: code.includes('n_estimators=10')
              ? 'Accuracy: 0.81'
              : 'Accuracy: 0.95'
          }
        : {}
    ),
    printed: [null, 'Accuracy: 0.80'],
    predates: new Map([['scikit-learn', '0.22']])
  };
}

export class FakeDocument implements IEditableNotebook {
  constructor(
    sources: string[],
    private readonly refuseWrites = false
  ) {
    this.cells = sources.map((source, index) => ({
      id: `c${index}`,
      index,
      source
    }));
  }
  cells: ICheckCell[];
  codeCells(): ICheckCell[] {
    return this.cells.map(cell => ({ ...cell }));
  }
  source(cellId: string): string | null {
    return this.cells.find(c => c.id === cellId)?.source ?? null;
  }
  replaceSource(cellId: string, expected: string, source: string): boolean {
    const cell = this.cells.find(c => c.id === cellId);
    if (!cell || cell.source !== expected || this.refuseWrites) {
      return false;
    }
    cell.source = source;
    return true;
  }
  async readModule(): Promise<string | null> {
    return null;
  }
  async writeModule(): Promise<boolean> {
    return false;
  }
}

export function reviewer(decide: (p: IProposal) => Decision): IReviewer {
  return { review: async proposal => decide(proposal) };
}

/** The notebook file behind the document: saved outputs give the scores to reproduce. */
export function original(
  sources: string[],
  printed: (string | null)[] = [],
  saved: nbformat.IOutput[][] = [],
  neverRan: readonly number[] = []
) {
  const printedText = (i: number): nbformat.IOutput[] =>
    printed[i]
      ? [{ output_type: 'stream', name: 'stdout', text: `${printed[i]}\n` }]
      : [];
  return captureOriginal(
    parseNotebook(
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { language_info: { name: 'python', version: '3.6.3' } },
        cells: sources.map((source, i) => ({
          id: `c${i}`,
          cell_type: 'code',
          metadata: {},
          source,
          execution_count: neverRan.includes(i) ? null : i + 1,
          outputs: neverRan.includes(i) ? [] : (saved[i] ?? printedText(i))
        }))
      })
    )
  );
}

export async function session(
  sources: string[],
  options: {
    kernel?: FakeKernel;
    reviewer?: IReviewer;
    document?: FakeDocument;
    printed?: (string | null)[];
    /** Saved outputs by cell, when not only printed text. */
    saved?: nbformat.IOutput[][];
    limits?: ILoopOptions['limits'];
    predates?: Map<string, string>;
    fixers?: ILoopOptions['fixers'];
    /** The kernel ran nothing before the session (the CLI's own kernel). */
    freshKernel?: boolean;
    /** Writes the accepted changes into `document`, as the review does too. */
    writer?: ILoopOptions['writer'];
    /** Sees each event as it comes, as a view of the run does. */
    onEvent?: (event: LoopEvent) => void;
    /** Git LFS pointers in the notebook's repository. */
    pointers?: ReadonlySet<string>;
    /** Cells saved with no execution count and no output: the author never ran them. */
    neverRan?: readonly number[];
  } = {}
): Promise<{
  events: LoopEvent[];
  verdict: Verdict;
  kernel: FakeKernel;
  document: FakeDocument;
}> {
  const kernel = options.kernel ?? new FakeKernel();
  const document = options.document ?? new FakeDocument(sources);
  const loop = runLoop({
    document,
    executor: kernel,
    reviewer: options.reviewer ?? autoAcceptReviewer(),
    fixers: options.fixers ?? [new RulesFixer(allRules)],
    original: original(
      sources,
      options.printed,
      options.saved,
      options.neverRan
    ),
    environment: {
      versions: new Map([
        ['python', '3.11.7'],
        ['pandas', '3.0.0'],
        ['scikit-learn', '1.9.0']
      ]),
      files: new Set(),
      pointers: options.pointers,
      evidence: { predates: options.predates ?? new Map() }
    },
    restartKernel: () => kernel.restart(),
    limits: options.limits,
    freshKernel: options.freshKernel,
    writer: options.writer
  });
  const events: LoopEvent[] = [];
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      return { events, verdict: next.value, kernel, document };
    }
    events.push(next.value);
    options.onEvent?.(next.value);
  }
}

export const kinds = (events: LoopEvent[]) =>
  events.filter(e => e.kind !== 'check' && e.kind !== 'step').map(e => e.kind);
export const executions = (events: LoopEvent[]) =>
  (events.at(-1) as Extract<LoopEvent, { kind: 'finished' }>).executions;
