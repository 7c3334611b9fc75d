import {
  acceptHunks,
  rebaseHunks,
  rejectHunks,
  type IHunkSet,
  type ProposalWriter
} from '../../core';
import type { IProposalEntry, ProposalsModel } from '../review/proposals-model';

/**
 * The decisions on a proposal's hunks: each accepted hunk is written to the cell by the
 * proposals' writer, as one undoable step, and the others move onto the new text; the
 * user's edits move them too, and the hunks an edit overlaps are conflicted, never
 * written. A proposal is decided once no hunk is left: accepted if any hunk was. A
 * module's hunks are decided in its file's editor, and the text they make is written
 * whole.
 */
export class HunkReview {
  constructor(options: HunkReview.IOptions) {
    this._proposals = options.proposals;
    this._writer = options.writer;
  }

  /**
   * Accepts every hunk that does not conflict with the user's edits, in one undoable
   * step; stale when there is none and none was accepted before.
   */
  acceptCell(entry: IProposalEntry): void {
    const { id } = entry.proposal;
    const set = this._current(entry);
    if (!set) {
      this._proposals.setStatus([id], 'stale');
      return;
    }
    const applicable = set.hunks.filter(hunk => !hunk.conflicted);
    const next = acceptHunks(
      set,
      applicable.map(hunk => hunk.id)
    );
    const accepted = (entry.acceptedHunks ?? 0) + applicable.length;
    if (!this._writer.writeCell(entry.proposal, set.text, next.text)) {
      this._proposals.setStatus([id], 'stale');
      return;
    }
    this._proposals.update(id, {
      hunks: { ...next, hunks: [] },
      acceptedHunks: accepted,
      result: next.text,
      status: accepted > 0 ? 'accepted' : 'stale',
      undo: applicable.length > 0 ? set : undefined
    });
  }

  /** Turns the rest of a proposal down: the hunks accepted before stay. */
  reject(entry: IProposalEntry): void {
    this._finish(entry, this._current(entry), 'rejected');
  }

  /** Applies one hunk, as one undoable step; the others move onto the new text. */
  acceptHunk(id: string, hunkId: string): void {
    const entry = this._proposals.pending(id);
    const set = entry && !entry.streaming ? this._current(entry) : null;
    const hunk = set?.hunks.find(h => h.id === hunkId);
    if (!entry || !set || !hunk || hunk.conflicted) {
      return;
    }
    const next = acceptHunks(set, [hunkId]);
    if (
      next.text === set.text ||
      !this._writer.writeCell(entry.proposal, set.text, next.text)
    ) {
      return;
    }
    const acceptedHunks = (entry.acceptedHunks ?? 0) + 1;
    if (next.hunks.length === 0) {
      this._finish({ ...entry, acceptedHunks }, next, 'accepted', set);
    } else {
      this._proposals.update(id, { hunks: next, acceptedHunks });
    }
  }

  /** Drops one hunk: the cell keeps those lines. */
  rejectHunk(id: string, hunkId: string): void {
    const entry = this._proposals.pending(id);
    const set = entry ? this._current(entry) : null;
    if (!entry || !set || !set.hunks.some(h => h.id === hunkId)) {
      return;
    }
    const next = rejectHunks(set, [hunkId]);
    if (next.hunks.length === 0) {
      this._finish(entry, next, 'rejected');
    } else {
      this._proposals.update(id, { hunks: next });
    }
  }

  /**
   * Accepts a module proposal with `source`, the text of the hunks accepted in its
   * file's editor: the run that made it writes it, else the writer does here.
   */
  acceptModule(entry: IProposalEntry, source: string): void {
    const { proposal } = entry;
    if (entry.fromLoop) {
      // The run writes it (or finds it stale) and says so in its events.
      this._proposals.update(proposal.id, {
        result: source,
        status: 'accepted'
      });
      return;
    }
    void this._writer
      .apply(proposal, { kind: 'accept', source })
      .then(written =>
        this._proposals.setStatus([proposal.id], written ? 'accepted' : 'stale')
      );
  }

  /**
   * Reopens an accepted proposal whose last write was undone (Ctrl+Z): its cell holds
   * the text that write replaced, and its hunks come back as they were.
   */
  reopenUndone(entry: IProposalEntry): void {
    if (
      entry.status === 'accepted' &&
      entry.undo &&
      this._writer.undone(entry.proposal)
    ) {
      this._proposals.reopen(entry.proposal.id, entry.undo);
    }
  }

  /** Moves a pending proposal's hunks onto its cell's text after the user edited it. */
  rebase(id: string): void {
    const entry = this._proposals.pending(id);
    // A write of our own is followed by its own update.
    if (!entry?.hunks || this._writer.writing) {
      return;
    }
    const set = this._current(entry);
    if (!set) {
      this._proposals.setStatus([id], 'stale');
    } else if (set !== entry.hunks) {
      this._proposals.update(id, { hunks: set });
    }
  }

  /** A cell proposal's hunks on its cell's text now; null when the cell is gone. */
  private _current(entry: IProposalEntry): IHunkSet | null {
    const { target } = entry.proposal;
    const source =
      target.kind === 'cell'
        ? this._writer.document.source(target.cellId)
        : null;
    return source === null || !entry.hunks
      ? null
      : rebaseHunks(entry.hunks, source);
  }

  /** Ends a proposal's review: accepted if any hunk was, else `status`. */
  private _finish(
    entry: IProposalEntry,
    set: IHunkSet | null,
    status: 'accepted' | 'rejected',
    undo?: IHunkSet
  ): void {
    const accepted = (entry.acceptedHunks ?? 0) > 0;
    this._proposals.update(entry.proposal.id, {
      hunks: set ? { ...set, hunks: [] } : entry.hunks,
      acceptedHunks: entry.acceptedHunks,
      // The user's edits since the last accepted hunk are part of what they accepted.
      result: set?.text,
      status: accepted ? 'accepted' : status,
      undo
    });
  }

  private _proposals: ProposalsModel;
  private _writer: ProposalWriter;
}

/** Options of {@link HunkReview}. */
export namespace HunkReview {
  export interface IOptions {
    proposals: ProposalsModel;
    /** Writes the accepted hunks (and modules) into the notebook. */
    writer: ProposalWriter;
  }
}
