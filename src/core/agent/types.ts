import type { CheckEvent, ICheckCell } from './check-run';
import type { ICellResult } from '../execution/types';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreReport } from '../scores';

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
  | { kind: 'stop' };

/** Asks for decisions: the sidebar waits for the user, the CLI may auto-accept. */
export interface IReviewer {
  review(proposal: IProposal, signal: AbortSignal): Promise<Decision>;
}

/**
 * The notebook as the loop sees it. In JupyterLab, the live notebook's shared model
 * (every write one undoable step; the user's edits win); in the CLI, an in-memory copy.
 */
export interface INotebookDocument {
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
  | { kind: 'stopped'; reason: StopReason };

/** The loop's decision of what comes next: one value, so the policy reads as a table. */
export type NextStep =
  | { kind: 'run'; fromPosition: number }
  | { kind: 'propose'; fix: FixKind; cellId: string; result?: ICellResult }
  | { kind: 'compare-scores' }
  | { kind: 'verify' }
  | { kind: 'done'; verdict: Verdict };

/** One change the session made, for the report and the notebook's metadata. */
export interface IChange {
  proposal: IProposal;
  /** What was written (the proposal's `after`, or the reviewer's partial source). */
  applied: string;
  at: string;
}

/** What the loop tells its views (the sidebar, the CLI), in order. */
export type LoopEvent =
  | { kind: 'step'; step: NextStep }
  | {
      kind: 'scan';
      findings: IFinding[];
      skipped: { cellId: string; reason: string }[];
    }
  | { kind: 'check'; event: CheckEvent }
  | { kind: 'proposal'; proposal: IProposal }
  | { kind: 'applied'; change: IChange }
  | { kind: 'rejected'; proposal: IProposal; reason?: string }
  | { kind: 'stale'; proposal: IProposal }
  | { kind: 'scores'; comparison: IScoreReport }
  | { kind: 'verified'; passed: boolean }
  | {
      kind: 'finished';
      verdict: Verdict;
      changes: IChange[];
      executions: number;
    };
