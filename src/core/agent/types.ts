import type { CheckEvent, ICheckCell } from './check-run';
import type { ICellResult } from '../execution/types';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreReport } from '../scores';
import type { Blocker } from '../diagnosis/blocker';
import type { IDiagnosis } from '../diagnosis/root-cause';

/** What a proposal changes: a notebook cell, or a local module beside the notebook. */
export type ProposalTarget =
  { kind: 'cell'; cellId: string } | { kind: 'module'; path: string };

/**
 * A proposed fix: the full replacement source of one cell or module, made against
 * `before`. It changes nothing until accepted.
 */
export interface IProposal {
  id: string;
  target: ProposalTarget;
  kind: FixKind;
  /** The source the proposal was made against. */
  before: string;
  /** The full new source. */
  after: string;
  /** One line: why. */
  rationale: string;
  /** The migration rules that produced it; empty for other fixers. */
  ruleIds: string[];
  /** Which fixer made it: `rules`, `llm`. */
  fixer: string;
  /** Why it must not be accepted without a person (shell, installs, deletions, network). */
  unsafe: string[];
}

/** The reviewer's answer to a proposal. */
export type Decision =
  | {
      kind: 'accept';
      /** The source to apply when the reviewer took only part of it (some hunks). */
      source?: string;
    }
  | { kind: 'reject'; reason?: string }
  /** Its target changed since it was made (the user's edit wins): nothing is written. */
  | { kind: 'stale' }
  | { kind: 'stop' };

/** Asks for decisions: the sidebar waits for the user, the CLI may auto-accept. */
export interface IReviewer {
  review(proposal: IProposal, signal: AbortSignal): Promise<Decision>;
}

/**
 * The notebook as the loop sees it (named apart from notebook/parse's INotebookDocument,
 * the parsed file, so both can be exported from the core). In JupyterLab, the live notebook's shared model
 * (every write one undoable step; the user's edits win); in the CLI, an in-memory copy.
 */
export interface IEditableNotebook {
  /** The code cells, in order. */
  codeCells(): ICheckCell[];
  /** The current source of a cell; null when the cell is gone. */
  source(cellId: string): string | null;
  /** Replaces a cell's source; false when the cell changed since `expected` (nothing written). */
  replaceSource(cellId: string, expected: string, source: string): boolean;
  /** Reads and writes local modules (paths relative to the notebook's folder). */
  readModule(path: string): Promise<string | null>;
  writeModule(path: string, expected: string, source: string): Promise<boolean>;
}

/** Why a session ended without a verdict of its own. */
export type StopReason = 'user' | 'max-fixes' | 'time-budget' | 'no-fix';

/** How a session ended. */
export type Verdict =
  | { kind: 'reproducible' }
  | { kind: 'scores-off'; comparison: IScoreReport }
  | { kind: 'fails'; cellId: string; position: number; result: ICellResult }
  /** Not the code: a package to install or data to download; no fix of the code helps. */
  | {
      kind: 'blocked';
      cellId: string;
      position: number;
      result: ICellResult;
      blocker: Blocker;
    }
  | { kind: 'stopped'; reason: StopReason };

/** Where a session stands: what the policy (`nextStep`) decides from. */
export interface ILoopState {
  /** The preflight fixes ("Fix all offline") were proposed. */
  preflightDone: boolean;
  /** Non-empty code cells, and the 1-based position of the next one to run. */
  total: number;
  nextPosition: number;
  /** The cell that failed in the current kernel and has not been fixed yet. */
  failure?: { cellId: string; position: number; result: ICellResult };
  /** No fixer has a (new) proposal for `failure`. */
  noFix: boolean;
  /** With `noFix`: the failure is not the code's (a package, data on the network). */
  blocker?: Blocker;
  /** Set once every cell ran and the scores were compared. */
  scores?: IScoreReport;
  /** Score-calibration proposals were made (once per session). */
  calibrated: boolean;
  /** Runtime-reduction was tried and gave nothing. */
  noRuntimeFix: boolean;
  /** Verification runs made; a failed one is repaired and verified again, once. */
  verifications: number;
  /** Set by the latest verification run: its failure, if any, and its scores. */
  verification?: {
    failure?: { cellId: string; position: number; result: ICellResult };
    scores?: IScoreReport;
    /** Cut short by the budget or a stop. */
    cut?: StopReason;
    /** The failure is not the code's. */
    blocker?: Blocker;
    /** The clean first pass from a fresh kernel counted as its first run. */
    firstRun?: boolean;
  };
  fixes: number;
  maxFixes: number;
  elapsedMs: number;
  budgetMs: number;
  /** The reviewer said stop, or the signal was aborted. */
  stopped: boolean;
}

/** The loop's decision of what comes next: one value, so the policy reads as a table. */
export type NextStep =
  | { kind: 'preflight' }
  | { kind: 'run'; fromPosition: number }
  | { kind: 'propose'; fix: FixKind; cellId?: string; result?: ICellResult }
  | { kind: 'compare-scores' }
  | { kind: 'verify' }
  | { kind: 'done'; verdict: Verdict };

/** One change the session made, for the report and the notebook's metadata. */
export interface IChange {
  proposal: IProposal;
  /** What was written (the proposal's `after`, or the reviewer's partial source). */
  applied: string;
  /** ISO time of the write. */
  at: string;
}

/** A change taken back because the notebook was worse with it. */
export interface IRevertedChange extends IChange {
  /** One line: what got worse. */
  why: string;
}

/** A proposal the reviewer turned down (an unsafe one under auto-accept, or the user's no). */
export interface IRejectedProposal {
  proposal: IProposal;
  reason?: string;
}

/** A cell that raised the exception its saved outputs show, as in the original. */
export interface IExpectedError {
  cellId: string;
  ename: string;
}

/** What the loop tells its views (the sidebar, the CLI), in order. */
export type LoopEvent =
  | { kind: 'step'; step: NextStep }
  | {
      kind: 'scan';
      findings: IFinding[];
      skipped: { cellId: string; reason: string }[];
    }
  /** A run's progress; positions count from the run's first cell (a re-run starts at the fixed one). */
  | { kind: 'check'; event: CheckEvent }
  | { kind: 'diagnosis'; diagnosis: IDiagnosis }
  | { kind: 'restart'; why: string }
  | { kind: 'proposal'; proposal: IProposal }
  | { kind: 'applied'; change: IChange }
  | { kind: 'rejected'; proposal: IProposal; reason?: string }
  | { kind: 'stale'; proposal: IProposal }
  /** An applied change taken back (its cell or module as before it). */
  | { kind: 'reverted'; change: IRevertedChange }
  | { kind: 'scores'; comparison: IScoreReport }
  /** With `firstRun`, the clean first pass from a fresh kernel was (the first of) the verification. */
  | { kind: 'verified'; passed: boolean; firstRun: boolean }
  | {
      kind: 'finished';
      verdict: Verdict;
      changes: IChange[];
      /** Changes taken back, with why. */
      reverted: IRevertedChange[];
      /** Proposals the reviewer turned down. */
      rejected: IRejectedProposal[];
      /** Cells of the last run that raised as in the original. */
      expectedErrors: IExpectedError[];
      /** Cell executions, the verification run's included. */
      executions: number;
      /** The last comparison of scores (the verification's when it ran). */
      scores?: IScoreReport;
      elapsedMs: number;
      /** The last verification counted the clean first pass (no run of its own from a restart). */
      verifiedByFirstRun: boolean;
    };
