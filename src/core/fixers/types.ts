import type {
  IEditableNotebook,
  IProposal,
  ProposalTarget
} from '../agent/types';
import type { ICellResult, IKernelProbe } from '../execution/types';
import type { IScanEnvironment } from '../rules/engine';
import type { FixKind, IFinding } from '../rules/types';
import type { IScoreRow } from '../scores/types';

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
