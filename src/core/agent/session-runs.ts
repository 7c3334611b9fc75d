import { blockerOf } from '../diagnosis/blocker';
import { savedErrors } from '../diagnosis/expected-errors';
import { savedAnswers } from '../execution/answers';
import type { ICellResult } from '../execution/types';
import {
  compareScores,
  extractScores,
  meanScores,
  type IScore,
  type IScoreReport
} from '../scores';
import { DEFAULT_BUDGET_MS, runCheck, type ICheckSummary } from './check-run';
import { type ICheckCell } from '../model/types';
import type { ILoopOptions } from './loop';
import { changedUpTo } from './take-back';
import type { ILoopState, LoopEvent, Verdict } from './types';
import type {
  IChange,
  IRejectedProposal,
  IRevertedChange
} from '../model/types';

/** Default for ILoopLimits.maxFixes. */
export const DEFAULT_MAX_FIXES = 16;

/**
 * The state of one session and its runs in the kernel: running cells, restarting,
 * comparing scores, verifying. LoopSession adds the proposals and their review.
 */
export class SessionRuns {
  constructor(readonly options: ILoopOptions) {
    this.maxFixes = options.limits?.maxFixes ?? DEFAULT_MAX_FIXES;
    this._saved = savedErrors(options.original.cells);
    this._answers = savedAnswers(options.original.cells);
    this._pass = options.freshKernel ? new Map() : null;
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
  /** Proposals the reviewer turned down, with why. */
  readonly rejected: IRejectedProposal[] = [];
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

  /** Brings the clock and the stop signal into the state. */
  tick(): void {
    const elapsed = Date.now() - this._start;
    // A cell cut short by the budget spent it, even if a few milliseconds are left.
    this.state.elapsedMs = this.budgetSpent
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
   * Restarts the kernel and runs every cell from the top; its scores decide. A clean
   * first pass of the notebook as it is now, from a fresh kernel, is such a run already:
   * it counts as the first one.
   */
  async *verify(): AsyncGenerator<LoopEvent> {
    // Each run from a restart; its scores are averaged with the earlier runs'.
    const runs = Math.max(1, this.options.limits?.verificationRuns ?? 1);
    const firstRun = this._cleanPass();
    const printed: IScore[][] = firstRun ? [this.currentScores()] : [];
    let summary: ICheckSummary | undefined;
    while (
      printed.length < runs &&
      !summary?.failure &&
      summary?.stoppedBy === undefined
    ) {
      yield* this.restart(
        runs === 1
          ? 'verification'
          : `verification, run ${printed.length + 1} of ${runs}`
      );
      summary = yield* this.check(this.runnable());
      printed.push(this.currentScores());
    }
    const scores = this.compare(meanScores(printed));
    yield { kind: 'scores', comparison: scores };
    const cut =
      summary?.stoppedBy === 'cancelled'
        ? 'user'
        : summary?.stoppedBy === 'budget'
          ? 'time-budget'
          : undefined;
    const failure = summary?.failure && {
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
      this.noteOriginalFailure(failure.position);
    }
    this.state.verifications++;
    this.state.verification = {
      ...(cut ? { cut } : {}),
      ...(failure && !cut ? { failure } : {}),
      ...(failure && !cut && blocker ? { blocker } : {}),
      ...(firstRun ? { firstRun } : {}),
      scores
    };
    if (failure && !cut) {
      // Repaired like any failure if the policy allows another verification.
      this.state.failure = failure;
      this.state.noFix = false;
      this.state.nextPosition = failure.position;
    }
    const passed = !cut && !failure && scores.allWithin;
    yield { kind: 'verified', passed, firstRun };
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
      rejected: this.rejected,
      expectedErrors: [...this._expected].map(([cellId, ename]) => ({
        cellId,
        ename
      })),
      executions: this.executions,
      ...(this._lastScores ? { scores: this._lastScores } : {}),
      elapsedMs: Date.now() - this._start,
      verifiedByFirstRun: this.state.verification?.firstRun === true
    };
  }

  /** Milliseconds of the time budget left. */
  budgetLeft(): number {
    return Math.max(0, this.state.budgetMs - (Date.now() - this._start));
  }

  /** Something ran in the kernel outside the session's runs: no pass of it is clean. */
  kernelTouched(): void {
    this._pass = null;
  }

  /** Runs cells in the kernel and keeps what the session needs of each result. */
  protected async *check(
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
      expectedErrors: this._saved,
      answers: this._answers
    })) {
      yield { kind: 'check', event };
      if (event.kind === 'cell-finished') {
        this.executions++;
        this.kernelUsed = true;
        const { cell, result } = event;
        this._results.set(cell.id, result);
        if (result.executionCount !== null) {
          this.executionCounts.set(result.executionCount, cell.id);
        }
        const ok = result.status === 'ok' || event.expected === true;
        if (ok) {
          this.ran.add(cell.id);
        } else {
          this.ran.delete(cell.id);
        }
        // A cell run twice, one that failed part way, or code run in between (a count
        // skipped: the user ran a cell in the panel's kernel) leaves state a run-all would not.
        if (
          this._pass &&
          ok &&
          !this._pass.has(cell.id) &&
          result.executionCount === this._pass.size + 1
        ) {
          this._pass.set(cell.id, cell.source);
        } else {
          this._pass = null;
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

  protected noteOriginalFailure(position: number): void {
    if (!changedUpTo(this.changes, this.runnable(), position)) {
      this.originalFailsBy = Math.min(
        position,
        this.originalFailsBy ?? position
      );
    }
  }

  protected async *restart(why: string): AsyncGenerator<LoopEvent> {
    yield { kind: 'restart', why };
    await this.options.restartKernel();
    this.kernelUsed = false;
    this.pending = undefined;
    this._pass = new Map();
    this._expected.clear();
    this.ran.clear();
    this.executionCounts.clear();
    this._results.clear();
    this.state.failure = undefined;
    this.state.noFix = false;
    this.state.nextPosition = 1;
  }

  /**
   * Whether the cells of the current kernel ran as a restart and run-all of the notebook
   * as it is now would: from a fresh kernel, each cell once, in order, without a failure,
   * and none changed since it ran (a module changed restarts the kernel).
   */
  private _cleanPass(): boolean {
    const pass = this._pass;
    const cells = this.runnable();
    const ran = pass ? [...pass] : [];
    return (
      pass !== null &&
      ran.length === cells.length &&
      cells.every(
        (cell, i) => ran[i][0] === cell.id && ran[i][1] === cell.source
      )
    );
  }

  /** Cells ran in this kernel since it started. */
  protected kernelUsed = false;
  // The change last applied and re-run from, until the run gets as far as before it.
  protected pending: { change: IChange; failedAt: number } | undefined;
  // A cell was cut short by the time budget.
  protected budgetSpent = false;
  // The exception each cell's saved outputs show, and the cells that raised it now.
  private readonly _saved: ReadonlyMap<string, string>;
  private readonly _answers: ReadonlyMap<string, readonly string[]>;
  private readonly _expected = new Map<string, string>();
  private readonly _start = Date.now();
  private readonly _results = new Map<string, ICellResult>();
  private _lastScores: IScoreReport | undefined;
  // The cells run cleanly from a fresh kernel, in order, with the source each ran;
  // null once the kernel holds anything else (the panel's live kernel, a failure, a re-run).
  private _pass: Map<string, string> | null;
}
