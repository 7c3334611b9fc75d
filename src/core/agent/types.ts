import type { LLMFixEvent } from '../fixers/llm-fixer-types';
import type { CheckEvent } from './check-run';
import type {
  IChange,
  IProposal,
  IRejectedProposal,
  IRevertedChange
} from '../model/types';
import type { ICellResult } from '../execution/types';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreReport } from '../scores';
import type { Blocker } from '../diagnosis/blocker';
import type { IDiagnosis } from '../diagnosis/root-cause';

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
  /** The LLM at work on a fix: the request, its reply growing, its end or failure. */
  | { kind: 'llm'; model: string; event: LLMFixEvent }
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
