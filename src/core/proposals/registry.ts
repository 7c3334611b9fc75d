import type { Decision, IProposal, ProposalTarget } from '../model/types';
import { computeHunks } from '../review/hunks';

/** A decided proposal: the decision, and the text its target held right after it. */
export interface IDecidedProposal {
  proposal: IProposal;
  decision: Exclude<Decision, { kind: 'stop' }>;
  /** The target's text once decided; null when it was not known (a module). */
  text: string | null;
}

/**
 * What becomes of a new proposal for a target: it is the target's live proposal now
 * (replacing a pending one, if any); a proposal is already live there and the new one
 * joins it (that one is decided); or the same fix was decided on this very text before,
 * so it is not proposed again.
 */
export type Offer =
  | { kind: 'open'; replaced: IProposal | null }
  | { kind: 'joined'; live: IProposal }
  | { kind: 'decided'; decided: IDecidedProposal };

/** The key of a target: two proposals for one cell or one module share it. */
export function targetKey(target: ProposalTarget): string {
  return target.kind === 'cell'
    ? `cell:${target.cellId}`
    : `module:${target.path}`;
}

/**
 * The proposals of one notebook and what was decided on them, whoever made them (the
 * rules at once, a run, the LLM for one cell). A target has at most one live proposal,
 * and a fix decided on a text is not proposed again while the text stays as it was.
 * An accepted change that is undone reopens its proposal.
 */
export class ProposalRegistry {
  /** The live proposal of a target, if any. */
  live(target: ProposalTarget): IProposal | null {
    return this._live.get(targetKey(target)) ?? null;
  }

  /** Whether this proposal is its target's live one. */
  isLive(id: string): boolean {
    return [...this._live.values()].some(p => p.id === id);
  }

  /**
   * What a new proposal becomes, given its target's text now (`current`); nothing is
   * recorded: {@link open} makes it live.
   * - `joined` when a proposal is live for the target: the live one is decided instead
   *   (with `replace`, an open one is replaced unless it is the same fix);
   * - `decided` when the same fix (same result) was decided on the text the target holds.
   */
  offer(
    proposal: IProposal,
    current: string | null,
    options: { replace?: boolean } = {}
  ): Offer {
    const live = this.live(proposal.target);
    if (live && live.id !== proposal.id && !options.replace) {
      return { kind: 'joined', live };
    }
    const decided = this.decidedOn(proposal, current);
    if (decided) {
      return { kind: 'decided', decided };
    }
    return {
      kind: 'open',
      replaced: live && live.id !== proposal.id ? live : null
    };
  }

  /** Makes a proposal its target's live one; returns the one it replaced, if any. */
  open(proposal: IProposal): IProposal | null {
    const key = targetKey(proposal.target);
    const replaced = this._live.get(key) ?? null;
    this._live.set(key, proposal);
    return replaced && replaced.id !== proposal.id ? replaced : null;
  }

  /** Forgets a live proposal that came to nothing (a stream cut short). */
  drop(id: string): void {
    for (const [key, live] of this._live) {
      if (live.id === id) {
        this._live.delete(key);
      }
    }
  }

  /**
   * Records the decision on a proposal, with the text its target holds after it; it is
   * no longer live. Stop decides nothing: it stays live.
   */
  decide(proposal: IProposal, decision: Decision, text: string | null): void {
    if (decision.kind === 'stop') {
      return;
    }
    const key = targetKey(proposal.target);
    if (this._live.get(key)?.id === proposal.id) {
      this._live.delete(key);
    }
    const decided = this._decided.get(key) ?? [];
    this._decided.set(key, [...decided, { proposal, decision, text }]);
  }

  /**
   * Reopens an accepted proposal whose change was undone: its target holds its text
   * again. False when it was not decided, or its target has a live proposal already.
   */
  reopen(id: string): boolean {
    for (const [key, decided] of this._decided) {
      const found = decided.find(d => d.proposal.id === id);
      if (found && !this._live.has(key)) {
        this._decided.set(
          key,
          decided.filter(d => d !== found)
        );
        this._live.set(key, found.proposal);
        return true;
      }
    }
    return false;
  }

  /** The decisions on a target, in the order they were made. */
  decisions(target: ProposalTarget): readonly IDecidedProposal[] {
    return this._decided.get(targetKey(target)) ?? [];
  }

  /**
   * The decision taken on the text the target holds now (`current`) on a proposal that
   * had every change `proposal` makes (a fix made again, or what is left of it once some
   * of its hunks were accepted); null when there is none, or the code changed since.
   */
  decidedOn(
    proposal: IProposal,
    current: string | null
  ): IDecidedProposal | null {
    if (current === null) {
      return null;
    }
    const wanted = computeHunks(current, proposal.after).hunks;
    return (
      [...this.decisions(proposal.target)].reverse().find(d => {
        if (d.decision.kind === 'stale' || d.text !== current) {
          return false;
        }
        const had = new Set(
          computeHunks(d.proposal.before, d.proposal.after).hunks.map(h => h.id)
        );
        return wanted.every(hunk => had.has(hunk.id));
      }) ?? null
    );
  }

  /** Forgets every proposal and decision (after Revert all). */
  clear(): void {
    this._live.clear();
    this._decided.clear();
  }

  private _live = new Map<string, IProposal>();
  private _decided = new Map<string, IDecidedProposal[]>();
}
