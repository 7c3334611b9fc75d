// The core's shared nouns: what a proposal is, how it is decided and written, what a fixer
// is asked. Every other folder of the core builds on these; they import nothing above them.
import type { ICellResult, IKernelProbe } from '../execution/types';
import type { IScanEnvironment } from '../rules/engine';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreRow } from '../scores/types';

/** A code cell to run in a check. */
export interface ICheckCell {
  id: string;
  /** Index of the cell in the notebook (all cell types counted). */
  index: number;
  source: string;
}

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

/** What a fixer is asked to fix. */
export interface IFixRequest {
  kind: FixKind;
  target: ProposalTarget;
  /** The target's current source. */
  source: string;
  /** The failure being repaired (error-repair after a run). */
  failure?: ICellResult;
  /** The preflight scan's findings in the target cell, made before any fix (none for modules). */
  findings: readonly IFinding[];
  /** Versions, evidence, files; `imports` are the notebook's for a cell. */
  environment: IScanEnvironment;
  document: IEditableNotebook;
  /** Answers questions about live objects; absent before anything ran. */
  probe?: IKernelProbe;
  /** Score-calibration: the target cell's scores out of tolerance, if it prints any. */
  scores?: readonly IScoreRow[];
  /**
   * Asked once no fixer had a fix: only a fix of last resort (a rule's `lastResort`),
   * which gives up on code rather than repairing it.
   */
  lastResort?: boolean;
}

/** Proposes fixes of one kind of knowledge (migration rules, a language model). */
export interface IFixer {
  /** `rules`, `llm`: recorded in each proposal. */
  readonly name: string;
  /** A proposal that changes the target's source, or null when it has none. */
  propose(
    request: IFixRequest,
    signal?: AbortSignal
  ): Promise<IProposal | null>;
}
