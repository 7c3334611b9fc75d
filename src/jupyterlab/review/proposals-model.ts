import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import {
  computeHunks,
  rebaseHunks,
  unsafeReasons,
  type IHunkSet,
  type IProposal
} from '../../core';

/**
 * Where a proposal stands: waiting for the user, applied, turned down, or stale (its
 * cell changed since it was made, so it is never applied: the user's edit wins).
 */
export type ProposalStatus = 'pending' | 'accepted' | 'rejected' | 'stale';

/** A proposal as the panel lists it. */
export interface IProposalEntry {
  proposal: IProposal;
  status: ProposalStatus;
  /** 1-based position of its cell among the non-empty code cells; 0 for a module. */
  position: number;
  /**
   * Made by a Modernize run, which applies it itself once accepted; else a Fix all
   * offline proposal, applied by the panel.
   */
  fromLoop?: boolean;
  /**
   * A cell proposal's hunks still to decide, on the cell's text as it is now; none for a
   * module, which is decided whole.
   */
  hunks?: IHunkSet;
  /** How many of its hunks were accepted (each written to the cell as it was). */
  acceptedHunks?: number;
  /** The cell's text once decided: what an accepted proposal left in the cell. */
  result?: string;
  /** Its `after` still streams in: it cannot be accepted yet. */
  streaming?: boolean;
}

/** The proposals of one notebook, in the order they were made. */
export class ProposalsModel implements IDisposable {
  /** Every proposal of the session, decided ones included. */
  get entries(): readonly IProposalEntry[] {
    return this._entries;
  }

  /** What the panel says about the last batch (e.g. nothing to fix), or null. */
  get message(): string | null {
    return this._message;
  }

  /** Whether proposals are being made (the kernel may be asked questions). */
  get busy(): boolean {
    return this._busy;
  }

  /** Emitted when the list, a status, the message or `busy` changes. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }

  /** The pending proposal with this id, or null. */
  pending(id: string): IProposalEntry | null {
    return (
      this._entries.find(
        entry => entry.proposal.id === id && entry.status === 'pending'
      ) ?? null
    );
  }

  /** Replaces the still-pending proposals with `entries`; decided ones stay listed. */
  replacePending(
    entries: readonly IProposalEntry[],
    message: string | null
  ): void {
    this._entries = [
      ...this._entries.filter(entry => entry.status !== 'pending'),
      ...entries.map(Private.withHunks)
    ];
    this._message = message;
    this._changed.emit();
  }

  /**
   * Adds one proposal (the loop's), pending. One that streamed in under the same id is
   * replaced: its stream is over.
   */
  add(entry: IProposalEntry): void {
    const streamed = this.pending(entry.proposal.id);
    const added = Private.withHunks(entry);
    this._entries = streamed
      ? this._entries.map(e => (e === streamed ? added : e))
      : [...this._entries, added];
    this._changed.emit();
  }

  /** Changes a pending proposal's review state (its hunks, status, result). */
  update(
    id: string,
    change: Partial<Omit<IProposalEntry, 'proposal' | 'position' | 'fromLoop'>>
  ): void {
    if (!this.pending(id)) {
      return;
    }
    this._entries = this._entries.map(entry =>
      entry.proposal.id === id ? { ...entry, ...change } : entry
    );
    this._changed.emit();
  }

  /**
   * Replaces a pending proposal's `after` as it streams in; its hunks are computed again
   * (ids stay for hunks that did not change) and moved onto `current`, the cell's text,
   * and what the new text adds is checked for unsafe code.
   */
  updateAfter(
    id: string,
    after: string,
    current: string | null,
    streaming: boolean
  ): void {
    const entry = this.pending(id);
    if (!entry) {
      return;
    }
    // While it streams its last line may be cut short (`os.pa`): whole lines are judged.
    const judged = streaming
      ? after.slice(0, after.lastIndexOf('\n') + 1)
      : after;
    const unsafe = unsafeReasons(entry.proposal.before, judged);
    const proposal = { ...entry.proposal, after, unsafe };
    const hunks = entry.hunks ? Private.hunks(proposal, current) : undefined;
    this._entries = this._entries.map(e =>
      e === entry ? { ...entry, proposal, hunks, streaming } : e
    );
    this._changed.emit();
  }

  /** Forgets a pending proposal that streamed in but came to nothing. */
  drop(id: string): void {
    const entry = this.pending(id);
    if (entry) {
      this._entries = this._entries.filter(e => e !== entry);
      this._changed.emit();
    }
  }

  /** Sets the status of the proposals with these ids. */
  setStatus(ids: readonly string[], status: ProposalStatus): void {
    if (ids.length === 0) {
      return;
    }
    this._entries = this._entries.map(entry =>
      ids.includes(entry.proposal.id) ? { ...entry, status } : entry
    );
    this._changed.emit();
  }

  /** Starts or ends the making of proposals. */
  setBusy(busy: boolean, message: string | null = this._message): void {
    if (busy === this._busy && message === this._message) {
      return;
    }
    this._busy = busy;
    this._message = message;
    this._changed.emit();
  }

  /**
   * Hands the run's still-pending proposals over to the panel once the run ended: they
   * stay listed, and accepting one applies it then.
   */
  releaseFromLoop(): void {
    if (!this._entries.some(e => e.fromLoop && e.status === 'pending')) {
      return;
    }
    this._entries = this._entries.map(entry =>
      entry.fromLoop && entry.status === 'pending'
        ? { ...entry, fromLoop: false }
        : entry
    );
    this._changed.emit();
  }

  /** Forgets every proposal (after Revert all). */
  clear(): void {
    this._entries = [];
    this._message = null;
    this._changed.emit();
  }

  /** Whether the model is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Disconnects the views. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    Signal.clearData(this);
  }

  private _isDisposed = false;
  private _entries: readonly IProposalEntry[] = [];
  private _message: string | null = null;
  private _busy = false;
  private _changed = new Signal<this, void>(this);
}

namespace Private {
  /** A cell proposal gets its hunks on the text it was made against. */
  export function withHunks(entry: IProposalEntry): IProposalEntry {
    return entry.proposal.target.kind === 'cell' && !entry.hunks
      ? { ...entry, hunks: hunks(entry.proposal, null) }
      : entry;
  }

  export function hunks(proposal: IProposal, current: string | null): IHunkSet {
    const set = computeHunks(proposal.before, proposal.after);
    return current === null ? set : rebaseHunks(set, current);
  }
}
