import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import {
  computeHunks,
  ProposalRegistry,
  rebaseHunks,
  targetKey,
  unsafeReasons,
  type Decision,
  type IHunkSet,
  type IProposal,
  type IRevertedChange,
  type Offer
} from '../../core';

/**
 * Where a proposal stands: waiting for the user, applied, turned down, stale (its cell
 * changed since it was made, so it is never applied: the user's edit wins), or taken
 * back (applied, then undone by a run it made worse).
 */
export type ProposalStatus =
  'pending' | 'accepted' | 'rejected' | 'stale' | 'taken-back';

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
  /**
   * The cell's text once decided: what an accepted proposal left in the cell (for one
   * taken back, what the run wrote back).
   */
  result?: string;
  /** Why a run took its change back. */
  why?: string;
  /** Its `after` still streams in: it cannot be accepted yet. */
  streaming?: boolean;
  /**
   * An accepted cell proposal's hunks as they were before the write that decided it: an
   * undo back to their text reopens the proposal with them.
   */
  undo?: IHunkSet;
}

/**
 * The proposals of one notebook, in the order they were made, as the panel and the cells
 * show them. Every proposal and decision is recorded in `registry`: one live proposal
 * per target, and a fix decided on a text is not made again while the text is unchanged.
 */
export class ProposalsModel implements IDisposable {
  /** The live proposals and the decisions, whoever made them. */
  readonly registry = new ProposalRegistry();

  /**
   * Lists a new proposal, unless its target has a live one already (`joined`: that one
   * is decided) or the same fix was decided on the text the target holds (`decided`);
   * with `replace`, a live proposal no run waits for is replaced.
   */
  offer(
    entry: IProposalEntry,
    current: string | null,
    options: { replace?: boolean } = {}
  ): Offer {
    const live = this.registry.live(entry.proposal.target);
    const waited = live && this.pending(live.id)?.fromLoop;
    const offer = this.registry.offer(entry.proposal, current, {
      replace: options.replace && !waited
    });
    if (offer.kind === 'open') {
      // One that streamed in under the same id is replaced in place: its stream is over.
      const streamed = this.pending(entry.proposal.id);
      const added = Private.withHunks(entry);
      const replaced = offer.replaced?.id;
      this._set(
        streamed
          ? this._entries.map(e => (e === streamed ? added : e))
          : [...this._entries.filter(e => e.proposal.id !== replaced), added]
      );
    }
    return offer;
  }

  /** Marks a live proposal as the one a run waits for: the run applies it once decided. */
  adopt(id: string): void {
    if (this.pending(id) && !this.pending(id)!.fromLoop) {
      this._set(
        this._entries.map(e =>
          e.proposal.id === id ? { ...e, fromLoop: true } : e
        )
      );
    }
  }

  /** Reopens a decided proposal (its accepted change was undone), with these hunks. */
  reopen(id: string, hunks: IHunkSet): void {
    const entry = this._entries.find(e => e.proposal.id === id);
    if (!entry || entry.status === 'pending') {
      return;
    }
    if (this.registry.live(entry.proposal.target)) {
      return;
    }
    this._change(entry, {
      status: 'pending',
      hunks,
      acceptedHunks: 0,
      result: undefined,
      undo: undefined,
      fromLoop: false
    });
  }

  /**
   * Marks the accepted proposal whose change a run took back as decided so: its target
   * holds the text the change replaced again, and an undo does not reopen it. A run's
   * change that joined a proposal of the panel's is that one's, with the text it left.
   */
  takeBack(change: IRevertedChange): void {
    const { proposal, applied, why } = change;
    const accepted = this._entries.filter(e => e.status === 'accepted');
    const entry =
      accepted.find(e => e.proposal.id === proposal.id) ??
      accepted
        .filter(
          e =>
            targetKey(e.proposal.target) === targetKey(proposal.target) &&
            e.result === applied
        )
        .at(-1);
    if (!entry) {
      return;
    }
    this._change(entry, {
      status: 'taken-back',
      why,
      result: proposal.before,
      undo: undefined
    });
  }

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

  /** The pending proposal of a cell, if any. */
  pendingFor(cellId: string): IProposalEntry | null {
    return (
      this._entries.find(
        ({ proposal, status }) =>
          status === 'pending' &&
          proposal.target.kind === 'cell' &&
          proposal.target.cellId === cellId
      ) ?? null
    );
  }

  /**
   * Adds one proposal (the loop's), pending. One that streamed in under the same id is
   * replaced: its stream is over.
   */
  add(entry: IProposalEntry): void {
    const streamed = this.pending(entry.proposal.id);
    const added = Private.withHunks(entry);
    this._set(
      streamed
        ? this._entries.map(e => (e === streamed ? added : e))
        : [...this._entries, added]
    );
  }

  /** Changes a pending proposal's review state (its hunks, status, result). */
  update(
    id: string,
    change: Partial<Omit<IProposalEntry, 'proposal' | 'position' | 'fromLoop'>>
  ): void {
    const entry = this.pending(id);
    const keys = Object.keys(change) as (keyof typeof change)[];
    if (!entry || keys.every(key => entry[key] === change[key])) {
      return;
    }
    this._change(entry, change);
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
    this._set(
      this._entries.map(e =>
        e === entry ? { ...entry, proposal, hunks, streaming } : e
      )
    );
  }

  /** Forgets a pending proposal that streamed in but came to nothing. */
  drop(id: string): void {
    const entry = this.pending(id);
    if (entry) {
      this._set(this._entries.filter(e => e !== entry));
    }
  }

  /** Sets the status of the proposals with these ids. */
  setStatus(ids: readonly string[], status: ProposalStatus): void {
    this._set(
      this._entries.map(entry =>
        ids.includes(entry.proposal.id) && entry.status !== status
          ? { ...entry, status }
          : entry
      )
    );
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
    this._set(
      this._entries.map(entry =>
        entry.fromLoop && entry.status === 'pending'
          ? { ...entry, fromLoop: false }
          : entry
      )
    );
  }

  /** Forgets every proposal (after Revert all). */
  clear(): void {
    const message = this._message;
    this._message = null;
    if (this._entries.length > 0) {
      this._set([]);
    } else if (message !== null) {
      this._changed.emit();
    }
    this.registry.clear();
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

  /** Sets the list with `entry` changed. */
  private _change(
    entry: IProposalEntry,
    change: Partial<Omit<IProposalEntry, 'proposal'>>
  ): void {
    this._set(this._entries.map(e => (e === entry ? { ...e, ...change } : e)));
  }

  /**
   * Sets the list and records in the registry what changed: a new pending proposal is
   * live, a pending one gone is dropped, a decided one is decided (with the text it left),
   * again when its decision changes (a run took it back).
   */
  private _set(entries: readonly IProposalEntry[]): void {
    if (
      entries.length === this._entries.length &&
      entries.every((entry, i) => entry === this._entries[i])
    ) {
      return;
    }
    const before = new Map(this._entries.map(e => [e.proposal.id, e]));
    const after = new Set(entries.map(e => e.proposal.id));
    for (const [id, entry] of before) {
      if (!after.has(id) && entry.status === 'pending') {
        this.registry.drop(id);
      }
    }
    for (const entry of entries) {
      const old = before.get(entry.proposal.id);
      if (entry.status === 'pending') {
        if (old && old.status !== 'pending') {
          this.registry.reopen(entry.proposal.id);
        } else if (!this.registry.isLive(entry.proposal.id)) {
          this.registry.open(entry.proposal);
        }
      } else if (old?.status !== entry.status) {
        const { decision, text } = Private.decisionOf(entry);
        this.registry.decide(entry.proposal, decision, text);
      }
    }
    this._entries = entries;
    this._changed.emit();
  }

  private _isDisposed = false;
  private _entries: readonly IProposalEntry[] = [];
  private _message: string | null = null;
  private _busy = false;
  private _changed = new Signal<this, void>(this);
}

namespace Private {
  /** What was decided on a proposal, and the text it left in its target. */
  export function decisionOf(entry: IProposalEntry): {
    decision: Decision;
    text: string | null;
  } {
    const { proposal, status, result, hunks } = entry;
    switch (status) {
      case 'accepted':
        return {
          decision: { kind: 'accept', source: result ?? proposal.after },
          text: result ?? proposal.after
        };
      case 'rejected':
        return {
          decision: { kind: 'reject' },
          text: result ?? hunks?.text ?? proposal.before
        };
      // The run's answer: the same fix is not proposed again on the text it wrote back.
      case 'taken-back':
        return {
          decision: { kind: 'reject', reason: entry.why },
          text: result ?? proposal.before
        };
      default:
        return { decision: { kind: 'stale' }, text: null };
    }
  }

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
