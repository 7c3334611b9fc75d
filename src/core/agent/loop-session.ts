import { blockerOf } from '../diagnosis/blocker';
import { savedErrors } from '../diagnosis/expected-errors';
import { importedModules } from '../environment/imports';
import type { ICellResult } from '../execution/types';
import { explainsFailure } from '../fixers/rules-fixer';
import type { IFixRequest } from '../fixers/types';
import { allRules } from '../rules';
import {
  importTable,
  prepareSource,
  type IScanEnvironment
} from '../rules/engine';
import type { FixKind, IFinding } from '../rules/types';
import {
  compareScores,
  extractScores,
  meanScores,
  type IScore,
  type IScoreReport,
  type IScoreRow
} from '../scores';
import {
  DEFAULT_BUDGET_MS,
  runCheck,
  type ICheckCell,
  type ICheckSummary
} from './check-run';
import type { ILoopOptions } from './loop';
import { changedUpTo, earlierFailure, faultAt, type IWorse } from './take-back';
import type {
  IChange,
  ILoopState,
  IRevertedChange,
  IProposal,
  LoopEvent,
  ProposalTarget,
  Verdict
} from './types';

/** Default for ILoopLimits.maxFixes. */
export const DEFAULT_MAX_FIXES = 16;

/**
 * The state of one session and the steps that change it: running cells, proposing,
 * reviewing and applying, comparing scores, verifying. runLoop drives it by nextStep.
 */
export class LoopSession {
  constructor(readonly options: ILoopOptions) {
    this.maxFixes = options.limits?.maxFixes ?? DEFAULT_MAX_FIXES;
    this._saved = savedErrors(options.original.cells);
    this._originalImports = importTable(
      options.original.cells
        .filter(cell => cell.cellType === 'code')
        .map(cell => prepareSource(cell.source))
    );
    this.state = {
      preflightDone: false,
      total: this.runnable().length,
      nextPosition: 1,
      noFix: false,
      calibrated: false,
      noRuntimeFix: false,
      verifications: 0,
      fixes: 0,
      maxFixes: this.maxFixes,
      elapsedMs: 0,
      budgetMs: options.limits?.budgetMs ?? DEFAULT_BUDGET_MS,
      stopped: false
    };
  }

  readonly state: ILoopState;
  readonly maxFixes: number;
  readonly changes: IChange[] = [];
  /** Changes taken back because the notebook was worse with them. */
  readonly reverted: IRevertedChange[] = [];
  /**
   * A position at which the original notebook is known to fail: a cell failed with
   * no change at or before it. The final guard needs no check up to there.
   */
  originalFailsBy: number | undefined;
  /** Which cell ran with each `In[n]` in the current kernel. */
  readonly executionCounts = new Map<number, string>();
  /** Cells that ran without error in the current kernel. */
  readonly ran = new Set<string>();
  executions = 0;
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

  /** Brings the clock and the stop signal into the state. */
  tick(): void {
    const elapsed = Date.now() - this._start;
    // A cell cut short by the budget spent it, even if a few milliseconds are left.
    this.state.elapsedMs = this._budgetSpent
      ? Math.max(elapsed, this.state.budgetMs)
      : elapsed;
    this.state.total = this.runnable().length;
    if (this.options.signal?.aborted) {
      this.state.stopped = true;
    }
  }

  /** The non-empty code cells as they are now. */
  runnable(): ICheckCell[] {
    return this.options.document
      .codeCells()
      .filter(cell => cell.source.trim() !== '');
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

  /** Local modules the notebook imports: `name.py` or `name/__init__.py` beside it. */
  localModules(): string[] {
    const { files } = this.options.environment;
    const names = importedModules(this.runnable().map(c => c.source));
    return names.flatMap(name =>
      [`${name}.py`, `${name}/__init__.py`].filter(path => files.has(path))
    );
  }

  /**
   * The first fixer's proposal for a target that the reviewer has not refused before;
   * with `explainedOnly`, only one made by a rule that explains the failure.
   */
  async propose(
    kind: FixKind,
    target: ProposalTarget,
    failure?: ICellResult,
    explainedOnly = false,
    scores?: readonly IScoreRow[]
  ): Promise<IProposal | null> {
    const { document, environment, executor, fixers, signal } = this.options;
    const source =
      target.kind === 'cell'
        ? document.source(target.cellId)
        : await document.readModule(target.path);
    if (source === null || source.trim() === '') {
      return null;
    }
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
          ? this.scanEnvironment()
          : { ...environment, imports: undefined },
      document,
      probe: this._kernelUsed ? executor : undefined,
      ...(scores ? { scores } : {})
    };
    const rules = this.options.rules ?? allRules;
    for (const fixer of fixers) {
      const proposal = await fixer.propose(request, signal);
      if (
        !proposal ||
        proposal.after === proposal.before ||
        this._refused.has(Private.key(proposal)) ||
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
      yield { kind: 'rejected', proposal, reason: decision.reason };
      return;
    }
    const applied = decision.source ?? proposal.after;
    const { document } = this.options;
    const { target } = proposal;
    const written =
      target.kind === 'cell'
        ? document.replaceSource(target.cellId, proposal.before, applied)
        : await document.writeModule(target.path, proposal.before, applied);
    if (!written) {
      yield { kind: 'stale', proposal };
    } else {
      const change = { proposal, applied, at: new Date().toISOString() };
      this.changes.push(change);
      yield { kind: 'applied', change };
    }
    // Before the first run (the preflight) and for a calibration nothing is re-run.
    if (options.rerun === false || !this._kernelUsed) {
      return;
    }
    if (target.kind === 'module') {
      if (written) {
        const failedAt =
          this.state.failure?.position ?? this.state.nextPosition;
        yield* this._restart(`${target.path} changed`);
        this._pending = { change: this.changes.at(-1)!, failedAt };
      }
      return;
    }
    // A stale target was edited by the user: it runs again as it is now.
    const cells = this.runnable();
    const at = cells.findIndex(c => c.id === target.cellId) + 1;
    const failed = this.state.failure?.position ?? this.state.nextPosition;
    if (written) {
      this._pending = { change: this.changes.at(-1)!, failedAt: failed };
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
      this._kernelUsed &&
      this.state.fixes < this.maxFixes &&
      this._asksKernel.delete(cells[0]?.id)
    ) {
      const proposal = await this.propose('error-repair', {
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
    const summary = yield* this._check(part);
    const reached =
      fromPosition - 1 + (summary.failure?.position ?? part.length);
    const pending = this._pending;
    if (pending && reached >= pending.failedAt) {
      this._pending = undefined;
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
          : pending && position < pending.failedAt
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
      this._noteOriginalFailure(position);
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
      this._budgetSpent = true;
    }
  }

  /** Restarts the kernel and runs every cell from the top; its scores decide. */
  async *verify(): AsyncGenerator<LoopEvent> {
    // Each run from a restart; its scores are averaged with the earlier runs'.
    const runs = Math.max(1, this.options.limits?.verificationRuns ?? 1);
    const printed: IScore[][] = [];
    let summary: ICheckSummary;
    do {
      yield* this._restart(
        runs === 1
          ? 'verification'
          : `verification, run ${printed.length + 1} of ${runs}`
      );
      summary = yield* this._check(this.runnable());
      printed.push(this.currentScores());
    } while (
      printed.length < runs &&
      !summary.failure &&
      summary.stoppedBy === undefined
    );
    const scores = this.compare(meanScores(printed));
    yield { kind: 'scores', comparison: scores };
    const cut =
      summary.stoppedBy === 'cancelled'
        ? 'user'
        : summary.stoppedBy === 'budget'
          ? 'time-budget'
          : undefined;
    const failure = summary.failure && {
      cellId: summary.failure.cell.id,
      position: summary.failure.position,
      result: summary.failure.result
    };
    const blocker =
      failure &&
      blockerOf(
        failure.result,
        this.options.document.source(failure.cellId) ?? '',
        this.options.environment.files
      );
    if (failure && !cut) {
      this._noteOriginalFailure(failure.position);
    }
    this.state.verifications++;
    this.state.verification = {
      ...(cut ? { cut } : {}),
      ...(failure && !cut ? { failure } : {}),
      ...(failure && !cut && blocker ? { blocker } : {}),
      scores
    };
    if (failure && !cut) {
      // Repaired like any failure if the policy allows another verification.
      this.state.failure = failure;
      this.state.noFix = false;
      this.state.nextPosition = failure.position;
    }
    const passed = !cut && !failure && scores.allWithin;
    yield { kind: 'verified', passed };
  }

  /** The saved scores against `now`: by default those printed in this kernel's runs. */
  compare(now: readonly IScore[] = this.currentScores()): IScoreReport {
    const { original, tolerance, references } = this.options;
    const saved = extractScores(
      original.cells.map(cell => ({ ...cell, cellType: cell.cellType }))
    );
    this._lastScores = compareScores(saved, now, { tolerance, references });
    return this._lastScores;
  }

  /** The scores the cells printed in this kernel. */
  currentScores(): IScore[] {
    return extractScores(
      this.options.document.codeCells().map(cell => ({
        ...cell,
        cellType: 'code',
        outputs: this._results.get(cell.id)?.outputs ?? []
      }))
    );
  }

  /** The session's last event. */
  finished(verdict: Verdict): LoopEvent {
    return {
      kind: 'finished',
      verdict,
      changes: this.changes,
      reverted: this.reverted,
      expectedErrors: [...this._expected].map(([cellId, ename]) => ({
        cellId,
        ename
      })),
      executions: this.executions,
      ...(this._lastScores ? { scores: this._lastScores } : {}),
      elapsedMs: Date.now() - this._start
    };
  }

  private async *_check(
    cells: ICheckCell[]
  ): AsyncGenerator<LoopEvent, ICheckSummary> {
    const { executor, limits, signal } = this.options;
    let summary: ICheckSummary | undefined;
    for await (const event of runCheck({
      cells,
      executor,
      cellTimeoutMs: limits?.cellTimeoutMs,
      budgetMs: this.budgetLeft(),
      signal,
      expectedErrors: this._saved
    })) {
      yield { kind: 'check', event };
      if (event.kind === 'cell-finished') {
        this.executions++;
        this._kernelUsed = true;
        const { cell, result } = event;
        this._results.set(cell.id, result);
        if (result.executionCount !== null) {
          this.executionCounts.set(result.executionCount, cell.id);
        }
        if (result.status === 'ok' || event.expected) {
          this.ran.add(cell.id);
        } else {
          this.ran.delete(cell.id);
        }
        if (event.expected) {
          this._expected.set(cell.id, result.ename!);
        } else {
          this._expected.delete(cell.id);
        }
      } else if (event.kind === 'finished') {
        summary = event.summary;
      }
    }
    return summary!;
  }

  /** Milliseconds of the time budget left. */
  budgetLeft(): number {
    return Math.max(0, this.state.budgetMs - (Date.now() - this._start));
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
    const { change, why } = worse;
    const { target, before } = change.proposal;
    const { document } = this.options;
    const restored =
      target.kind === 'cell'
        ? document.replaceSource(target.cellId, change.applied, before)
        : await document.writeModule(target.path, change.applied, before);
    if (!restored) {
      return false;
    }
    this.changes.splice(this.changes.indexOf(change), 1);
    this._refused.add(Private.key(change.proposal));
    const reverted = { ...change, why, at: new Date().toISOString() };
    this.reverted.push(reverted);
    this._pending = undefined;
    yield { kind: 'reverted', change: reverted };
    if (target.kind === 'module') {
      yield* this._restart(`${target.path} taken back`);
      return true;
    }
    const at = this.runnable().findIndex(c => c.id === target.cellId) + 1;
    this.state.failure = undefined;
    this.state.noFix = false;
    this.state.nextPosition = Math.max(1, Math.min(at || failedAt, failedAt));
    return true;
  }

  private _noteOriginalFailure(position: number): void {
    if (!changedUpTo(this.changes, this.runnable(), position)) {
      this.originalFailsBy = Math.min(
        position,
        this.originalFailsBy ?? position
      );
    }
  }

  private async *_restart(why: string): AsyncGenerator<LoopEvent> {
    yield { kind: 'restart', why };
    await this.options.restartKernel();
    this._kernelUsed = false;
    this._pending = undefined;
    this._expected.clear();
    this.ran.clear();
    this.executionCounts.clear();
    this._results.clear();
    this.state.failure = undefined;
    this.state.noFix = false;
    this.state.nextPosition = 1;
  }

  private readonly _originalImports: Map<string, string>;
  // The exception each cell's saved outputs show, and the cells that raised it now.
  private readonly _saved: ReadonlyMap<string, string>;
  private readonly _expected = new Map<string, string>();
  private _budgetSpent = false;
  // The change last applied and re-run from, until the run gets as far as before it.
  private _pending: { change: IChange; failedAt: number } | undefined;
  private readonly _start = Date.now();
  private readonly _results = new Map<string, ICellResult>();
  private readonly _refused = new Set<string>();
  private _findings: IFinding[] = [];
  // Cells with a rewrite that waits for the kernel's answer, not yet asked.
  private _asksKernel = new Set<string>();
  private _lastScores: IScoreReport | undefined;
  /** Cells ran in this kernel since it started. */
  private _kernelUsed = false;
}

namespace Private {
  /** Two proposals with the same target and result are the same proposal. */
  export function key(proposal: IProposal): string {
    return JSON.stringify([proposal.target, proposal.after]);
  }
}
