import {
  blockerOf,
  emptyDatabase,
  pointerRead,
  type Blocker
} from '../diagnosis/blocker';
import { summarizeError } from '../diagnosis/traceback';
import { importedFiles } from '../environment/imports';
import type { ICellResult } from '../execution/types';
import { LLMFixer } from '../fixers/llm-fixer';
import { explainsFailure } from '../fixers/rules-fixer';
import type { IChange, IFixer, IFixRequest } from '../model/types';
import { ProposalWriter } from '../proposals/writer';
import { allRules } from '../rules';
import {
  importTable,
  prepareSource,
  type IScanEnvironment
} from '../rules/engine';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreRow } from '../scores';
import type { ILoopOptions } from './loop';
import { SessionRuns } from './session-runs';
import { canReach, earlierFailure, faultAt, type IWorse } from './take-back';
import type { LoopEvent } from './types';
import type { IProposal, ProposalTarget } from '../model/types';

// Errors Python raises before a cell runs any of its code.
const COMPILE_ERRORS = new Set(['SyntaxError', 'IndentationError', 'TabError']);

export { DEFAULT_MAX_FIXES } from './session-runs';

/**
 * One session: its runs (SessionRuns) and the steps that propose, review, apply and take
 * back changes. runLoop drives it by nextStep.
 */
export class LoopSession extends SessionRuns {
  constructor(options: ILoopOptions) {
    super(options);
    this._writer = options.writer ?? new ProposalWriter(options.document);
    this._originalImports = importTable(
      options.original.cells
        .filter(cell => cell.cellType === 'code')
        .map(cell => prepareSource(cell.source))
    );
  }

  /** The preflight scan's findings (as of the notebook before any fix). */
  get findings(): IFinding[] {
    return this._findings;
  }
  set findings(findings: IFinding[]) {
    this._findings = findings;
    this._asksKernel = new Set(
      findings.filter(f => f.needsKernel).map(f => f.cellId)
    );
  }

  /**
   * The scan environment for cells: imports read across the whole notebook, as it is and
   * as it was (a fixed import must not hide the old name from the cells that use it).
   */
  scanEnvironment(): IScanEnvironment {
    const { versions, files, evidence } = this.options.environment;
    const prepared = this.runnable().map(cell => prepareSource(cell.source));
    const imports = new Map([
      ...this._originalImports,
      ...importTable(prepared)
    ]);
    return { versions, files, evidence, imports };
  }

  /**
   * Whether the author never ran the cell: the notebook was opened with no execution
   * count and no output for it, and a count for another code cell. One saved with every
   * count cleared says nothing of which cells ran.
   */
  neverRan(cellId: string): boolean {
    const cells = this.options.original.cells.filter(
      c => c.cellType === 'code'
    );
    const cell = cells.find(c => c.id === cellId);
    return (
      cell !== undefined &&
      cell.executionCount === null &&
      cell.outputs.length === 0 &&
      cells.some(c => c.executionCount !== null)
    );
  }

  /**
   * What stops a failed cell that is not the code: a package to install, data to fetch,
   * a database another notebook builds, a Git LFS pointer read in place of its data.
   */
  blocker(failure: {
    cellId: string;
    result: ICellResult;
  }): Blocker | undefined {
    const { document, environment } = this.options;
    const { files, pointers } = environment;
    const cells = this.runnable();
    const position = cells.findIndex(c => c.id === failure.cellId);
    const ran = cells.slice(0, position + 1).map(cell => cell.source);
    // A cell Python could not compile ran nothing: no data read explains it.
    const compiled = !COMPILE_ERRORS.has(failure.result.ename ?? '');
    return (
      blockerOf(failure.result, document.source(failure.cellId) ?? '', files) ??
      emptyDatabase(failure.result, ran, files) ??
      (compiled && pointers ? pointerRead(ran, pointers) : undefined)
    );
  }

  /**
   * Local modules the notebook loads, beside it: those its cells import (`name.py`,
   * `name/__init__.py`, `name/sub.py`), then those these import in turn, a package's
   * submodules among them, in that order; at most MAX_LOCAL_MODULES.
   */
  async localModules(): Promise<string[]> {
    const { document, environment } = this.options;
    const found: string[] = [];
    const queue = this.runnable().flatMap(cell => importedFiles(cell.source));
    while (queue.length > 0 && found.length < Private.MAX_LOCAL_MODULES) {
      const path = queue.shift()!;
      if (!environment.files.has(path) || found.includes(path)) {
        continue;
      }
      found.push(path);
      const source = await document.readModule(path);
      queue.push(...(source ? importedFiles(source, path) : []));
    }
    return found;
  }

  /**
   * The first fixer's proposal for a target that the reviewer has not refused before;
   * with `explainedOnly`, only one made by a rule that explains the failure. Where no
   * fixer has one, the failing cell itself is asked once more for a fix of last resort.
   */
  async *propose(
    kind: FixKind,
    target: ProposalTarget,
    failure?: ICellResult,
    explainedOnly = false,
    scores?: readonly IScoreRow[]
  ): AsyncGenerator<LoopEvent, IProposal | null> {
    const { document, environment, executor, fixers, signal } = this.options;
    const source =
      target.kind === 'cell'
        ? document.source(target.cellId)
        : await document.readModule(target.path);
    if (source === null || source.trim() === '') {
      return null;
    }
    // The cell whose failure is being repaired (not an earlier one, which ran as it is),
    // where the failure is the code's: a missing package or file ends the run blocked.
    const failed =
      failure !== undefined &&
      target.kind === 'cell' &&
      this.state.failure?.cellId === target.cellId &&
      !this.blocker(this.state.failure);
    const request: IFixRequest = {
      kind,
      target,
      source,
      failure,
      findings:
        target.kind === 'cell'
          ? this.findings.filter(f => f.cellId === target.cellId)
          : [],
      environment:
        target.kind === 'cell'
          ? {
              ...this.scanEnvironment(),
              neverRan: failed && this.neverRan(target.cellId)
            }
          : { ...environment, imports: undefined },
      document,
      probe: this.kernelUsed ? executor : undefined,
      ...(scores ? { scores } : {})
    };
    const rules = this.options.rules ?? allRules;
    const lastResort = { ...request, lastResort: true };
    const rounds = failed ? [request, lastResort] : [request];
    for (const [fixer, asked] of rounds.flatMap(round =>
      fixers.map(fixer => [fixer, round] as const)
    )) {
      const proposal = yield* Private.watch(
        fixer,
        fixer.propose(asked, signal)
      );
      if (
        !proposal ||
        proposal.after === proposal.before ||
        this._refused.has(Private.key(proposal)) ||
        this.options.proposals?.decidedOn(proposal, source) ||
        (explainedOnly &&
          !rules.some(
            r => proposal.ruleIds.includes(r.id) && explainsFailure(r, failure)
          ))
      ) {
        continue;
      }
      return proposal;
    }
    return null;
  }

  /**
   * Asks the reviewer and applies an accepted proposal unless its target changed since it
   * was made (stale). After a fix the cells from the fixed one on run again; after a
   * module changed, the kernel restarts and every cell runs again.
   */
  async *review(
    proposal: IProposal,
    options: { rerun?: boolean } = {}
  ): AsyncGenerator<LoopEvent> {
    yield { kind: 'proposal', proposal };
    const signal = this.options.signal ?? new AbortController().signal;
    const decision = await this.options.reviewer.review(proposal, signal);
    if (decision.kind === 'stop' || signal.aborted) {
      this.state.stopped = true;
      return;
    }
    if (decision.kind === 'reject') {
      this._refused.add(Private.key(proposal));
      this.rejected.push({ proposal, reason: decision.reason });
      yield { kind: 'rejected', proposal, reason: decision.reason };
      return;
    }
    const applied =
      decision.kind === 'accept' && decision.source !== undefined
        ? decision.source
        : proposal.after;
    const { target } = proposal;
    const written = await this._writer.apply(proposal, decision);
    if (!written) {
      yield { kind: 'stale', proposal };
    } else {
      const change = { proposal, applied, at: new Date().toISOString() };
      this.changes.push(change);
      yield { kind: 'applied', change };
    }
    // Before the first run (the preflight) and for a calibration nothing is re-run.
    if (options.rerun === false || !this.kernelUsed) {
      return;
    }
    if (target.kind === 'module') {
      if (written) {
        const failedAt =
          this.state.failure?.position ?? this.state.nextPosition;
        yield* this.restart(`${target.path} changed`);
        this.pending = { change: this.changes.at(-1)!, failedAt };
      }
      return;
    }
    // A stale target was edited by the user: it runs again as it is now.
    const cells = this.runnable();
    const at = cells.findIndex(c => c.id === target.cellId) + 1;
    const failed = this.state.failure?.position ?? this.state.nextPosition;
    if (written) {
      this.pending = { change: this.changes.at(-1)!, failedAt: failed };
    }
    this.state.failure = undefined;
    this.state.noFix = false;
    this.state.nextPosition = Math.max(1, Math.min(at || failed, failed));
  }

  /**
   * Runs the cells from a position; a failure becomes the state's failure. A cell whose
   * rewrite depends on a live object (`.ix` on a frame an earlier cell loads) is fixed
   * just before it runs, once the cells before it made that object: it never has to fail
   * first.
   */
  async *run(fromPosition: number): AsyncGenerator<LoopEvent> {
    let cells = this.runnable().slice(fromPosition - 1);
    if (
      this.kernelUsed &&
      this.state.fixes < this.maxFixes &&
      this._asksKernel.delete(cells[0]?.id)
    ) {
      const proposal = yield* this.propose('error-repair', {
        kind: 'cell',
        cellId: cells[0].id
      });
      if (proposal) {
        this.state.fixes++;
        yield* this.review(proposal, { rerun: false });
        if (this.state.stopped) {
          return;
        }
        cells = this.runnable().slice(fromPosition - 1);
      }
    }
    const next = cells.findIndex((c, i) => i > 0 && this._asksKernel.has(c.id));
    const part = next > 0 ? cells.slice(0, next) : cells;
    const summary = yield* this.check(part);
    const reached =
      fromPosition - 1 + (summary.failure?.position ?? part.length);
    const pending = this.pending;
    if (pending && reached >= pending.failedAt) {
      this.pending = undefined;
    }
    if (summary.failure) {
      const position = fromPosition - 1 + summary.failure.position;
      const failure = {
        cellId: summary.failure.cell.id,
        position,
        result: summary.failure.result
      };
      // Only an error is a change's doing: a timeout or a dead kernel may be the machine's.
      const worse =
        failure.result.status !== 'error'
          ? undefined
          : pending &&
              position < pending.failedAt &&
              this.reaches(pending.change, position)
            ? earlierFailure(pending.change, failure.result)
            : faultAt(
                this.changes,
                failure.cellId,
                this.options.document.source(failure.cellId),
                failure.result
              );
      if (worse && (yield* this.takeBack(worse, position))) {
        return;
      }
      this.noteOriginalFailure(position);
      this.state.failure = failure;
      this.state.nextPosition = position;
    } else {
      this.state.nextPosition =
        next > 0 ? fromPosition + next : this.state.total + 1;
    }
    if (summary.stoppedBy === 'cancelled') {
      this.state.stopped = true;
    }
    if (summary.stoppedBy === 'budget') {
      this.budgetSpent = true;
    }
  }

  /**
   * Whether a cell change can have made the cell at a 1-based position fail: not when it
   * stays inside functions that neither the rest of its cell nor any cell since names.
   */
  reaches(change: IChange, position: number): boolean {
    const { target } = change.proposal;
    const cells = this.runnable();
    const at =
      target.kind === 'cell'
        ? cells.findIndex(c => c.id === target.cellId)
        : -1;
    return (
      at < 0 ||
      canReach(
        change,
        cells.slice(at + 1, position).map(cell => cell.source)
      )
    );
  }

  /**
   * Takes back a change the notebook is worse with, writing back the source it was made
   * against, and runs again from its cell (or the top, for a module): the failure it
   * was fixing comes back and the next option is tried (the change is not proposed
   * again). False when the target changed since (the user's edit wins): nothing taken back.
   */
  async *takeBack(
    worse: IWorse,
    failedAt: number
  ): AsyncGenerator<LoopEvent, boolean> {
    const { change } = worse;
    const { target } = change.proposal;
    if (!(yield* this.restore(worse))) {
      return false;
    }
    if (target.kind === 'module') {
      yield* this.restart(`${target.path} taken back`);
      return true;
    }
    const at = this.runnable().findIndex(c => c.id === target.cellId) + 1;
    this.state.failure = undefined;
    this.state.noFix = false;
    this.state.nextPosition = Math.max(1, Math.min(at || failedAt, failedAt));
    return true;
  }

  /**
   * Verifies; when the verification fails with an error at or after a cell that a
   * score-calibration changed, those changes are taken back and it verifies again. The
   * notebook ran to the end before any calibration, so such a failure is the calibration's
   * doing (a pinned old default that today's library refuses, e.g. liblinear on three
   * classes): scores off is better than a notebook that fails.
   */
  override async *verify(): AsyncGenerator<LoopEvent> {
    yield* super.verify();
    for (;;) {
      const failure = this.state.verification?.failure;
      if (!failure || failure.result.status !== 'error') {
        return;
      }
      const cells = this.runnable();
      const blamed = this.changes.filter(({ proposal }) => {
        const { target } = proposal;
        const at =
          target.kind === 'cell'
            ? cells.findIndex(c => c.id === target.cellId) + 1
            : 0;
        return (
          proposal.kind === 'score-calibration' &&
          at > 0 &&
          at <= failure.position
        );
      });
      const why = `with it the notebook fails at its code cell ${failure.position} (${summarizeError(failure.result)}), which ran to the end before`;
      let restored = false;
      for (const change of [...blamed].reverse()) {
        restored = (yield* this.restore({ change, why })) || restored;
      }
      if (!restored) {
        return;
      }
      this.state.failure = undefined;
      this.state.noFix = false;
      yield* super.verify();
    }
  }

  /**
   * Takes back a change through the writer, writing back the source it was made against;
   * records and announces it. False when its target changed since (the user's edit wins).
   */
  async *restore(worse: IWorse): AsyncGenerator<LoopEvent, boolean> {
    const { change, why } = worse;
    if (!(await this._writer.takeBack(change))) {
      return false;
    }
    this.changes.splice(this.changes.indexOf(change), 1);
    this._refused.add(Private.key(change.proposal));
    const reverted = { ...change, why, at: new Date().toISOString() };
    this.reverted.push(reverted);
    this.pending = undefined;
    yield { kind: 'reverted', change: reverted };
    return true;
  }

  private readonly _originalImports: Map<string, string>;
  private readonly _writer: ProposalWriter;
  private readonly _refused = new Set<string>();
  private _findings: IFinding[] = [];
  // Cells with a rewrite that waits for the kernel's answer, not yet asked.
  private _asksKernel = new Set<string>();
}

namespace Private {
  /** Local modules the preflight scan reads at most: a vendored library's, not a tree's. */
  export const MAX_LOCAL_MODULES = 40;

  /**
   * A fixer's proposal, and meanwhile what an LLM fixer reports as the loop's own events
   * (its request, the reply growing, its end), so the views follow one stream.
   */
  export async function* watch<T>(
    fixer: IFixer,
    work: Promise<T>
  ): AsyncGenerator<LoopEvent, T> {
    if (!(fixer instanceof LLMFixer)) {
      return await work;
    }
    const queue: LoopEvent[] = [];
    let wake: (() => void) | null = null;
    let settled = false;
    const stop = fixer.subscribe(event => {
      queue.push({ kind: 'llm', model: fixer.model, event });
      wake?.();
    });
    const done = work.finally(() => {
      settled = true;
      wake?.();
    });
    // Its failure is thrown where it is awaited below, not left unhandled meanwhile.
    done.catch(() => undefined);
    try {
      while (!settled || queue.length > 0) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>(resolve => (wake = resolve));
        wake = null;
      }
    } finally {
      stop();
    }
    return await done;
  }

  /** Two proposals with the same target and result are the same proposal. */
  export function key(proposal: IProposal): string {
    return JSON.stringify([proposal.target, proposal.after]);
  }
}
