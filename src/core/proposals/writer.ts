import type {
  Decision,
  IChange,
  IEditableNotebook,
  IProposal,
  ProposalTarget
} from '../model/types';
import { targetKey } from './registry';

/** One write of a proposal's change: its target's text before and after it. */
export interface IWrite {
  proposalId: string;
  before: string;
  after: string;
  /** A run took the proposal's change back: `after` is the text the change replaced. */
  takenBack?: boolean;
}

/**
 * The one writer of decided changes, whoever decided them: the hunks a reviewer accepts
 * in a cell, a run's decisions and take-backs, a module accepted outside a run. Every
 * write goes through the notebook, which refuses it when its target changed since (the
 * user's edit wins), and is kept with its target and proposal: a run's accept of a text
 * the review wrote into the cell already writes nothing more, and the user's undo of a
 * write can be told from a run's take-back.
 */
export class ProposalWriter {
  constructor(document: IEditableNotebook) {
    this.document = document;
  }

  /** The notebook the changes are written to. */
  readonly document: IEditableNotebook;

  /** Whether a cell is being written: its change is the writer's, not the user's. */
  get writing(): boolean {
    return this._writing;
  }

  /** What was written into a target, in order, whichever proposal it was for. */
  writes(target: ProposalTarget): readonly IWrite[] {
    return this._writes.get(targetKey(target)) ?? [];
  }

  /**
   * Writes part of a cell proposal (the hunks the reviewer accepted): its cell goes from
   * `expected` to `text`. False when the cell no longer holds `expected`: nothing is written.
   */
  writeCell(proposal: IProposal, expected: string, text: string): boolean {
    const { target } = proposal;
    if (
      target.kind !== 'cell' ||
      !this._replaceSource(target.cellId, expected, text)
    ) {
      return false;
    }
    this._record(proposal, expected, text);
    return true;
  }

  /**
   * Applies a decision: an accept writes its text over the text the proposal left in its
   * target (its last write's, else its `before`). A cell that holds the accepted text
   * already, written there by the review (the hunks the user accepted, with the user's
   * own edits since), is not written again. False when nothing was applied: the decision
   * is not an accept, or the target changed since (stale).
   */
  async apply(proposal: IProposal, decision: Decision): Promise<boolean> {
    if (decision.kind !== 'accept') {
      return false;
    }
    const text = decision.source ?? proposal.after;
    const { target } = proposal;
    const left = this._last(proposal)?.after ?? proposal.before;
    if (target.kind === 'module') {
      if (!(await this.document.writeModule(target.path, left, text))) {
        return false;
      }
      this._record(proposal, left, text);
      return true;
    }
    if (
      this.writes(target).length > 0 &&
      this.document.source(target.cellId) === text
    ) {
      return true;
    }
    return this.writeCell(proposal, left, text);
  }

  /**
   * Takes back a change a run made its target worse with: the target gets the text the
   * change replaced again. False when the target no longer holds the change (the user's
   * edit wins, or it was taken back already): nothing is written.
   */
  async takeBack(change: IChange): Promise<boolean> {
    const { proposal, applied } = change;
    const { target, before } = proposal;
    const written =
      target.kind === 'cell'
        ? this._replaceSource(target.cellId, applied, before)
        : await this.document.writeModule(target.path, applied, before);
    if (written) {
      this._record(proposal, applied, before, true);
    }
    return written;
  }

  /**
   * Whether the user undid the last write of a proposal: its cell holds again the text
   * that write replaced (never while the writer writes, nor once a run took it back).
   */
  undone(proposal: IProposal): boolean {
    const { target } = proposal;
    const writes = this.writes(target);
    const last = this._last(proposal);
    return (
      !this._writing &&
      target.kind === 'cell' &&
      last !== undefined &&
      // A run's take-back since (of this write, or of the run's change that joined it) is no undo.
      !writes.slice(writes.indexOf(last)).some(write => write.takenBack) &&
      this.document.source(target.cellId) === last.before
    );
  }

  /** Forgets every write (after Revert all). */
  clear(): void {
    this._writes.clear();
  }

  private _last(proposal: IProposal): IWrite | undefined {
    return this.writes(proposal.target)
      .filter(write => write.proposalId === proposal.id)
      .at(-1);
  }

  /** Replaces a cell's text while `writing` tells the change is the writer's. */
  private _replaceSource(
    cellId: string,
    expected: string,
    text: string
  ): boolean {
    this._writing = true;
    try {
      return this.document.replaceSource(cellId, expected, text);
    } finally {
      this._writing = false;
    }
  }

  private _record(
    proposal: IProposal,
    before: string,
    after: string,
    takenBack = false
  ): void {
    if (before !== after) {
      const key = targetKey(proposal.target);
      const write = { proposalId: proposal.id, before, after };
      this._writes.set(key, [
        ...this.writes(proposal.target),
        takenBack ? { ...write, takenBack } : write
      ]);
    }
  }

  private readonly _writes = new Map<string, IWrite[]>();
  private _writing = false;
}
