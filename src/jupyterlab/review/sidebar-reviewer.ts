import type { Decision, IProposal, IReviewer } from '../../core';
import type { ProposalsModel } from './proposals-model';

/**
 * The reviewer of a Modernize run in JupyterLab: each proposal appears in its cell as an
 * inline diff and in the panel's list, and the decision is the user's. Accepted, whole
 * or some hunks, is an accept with the text the review left in the cell; a stale
 * proposal (the user's edit wins) is stale; Reject rejects; Stop, or the list cleared
 * by Revert all, stops.
 */
export class SidebarReviewer implements IReviewer {
  constructor(options: SidebarReviewer.IOptions) {
    this._proposals = options.proposals;
    this._positionOf = options.positionOf;
    this._source = options.source;
  }

  /**
   * Lists the proposal and waits for the user's decision. When its target has a live
   * proposal already (Fix all offline's, some of its hunks decided), the run waits for
   * that one instead of showing a second; a fix decided on the text as it is is not
   * shown again.
   */
  review(proposal: IProposal, signal: AbortSignal): Promise<Decision> {
    const { target } = proposal;
    const offer = this._proposals.offer(
      {
        proposal,
        status: 'pending',
        position: target.kind === 'cell' ? this._positionOf(target.cellId) : 0,
        fromLoop: true
      },
      target.kind === 'cell' ? this._source(target.cellId) : null
    );
    if (offer.kind === 'decided') {
      return Promise.resolve({
        kind: 'reject',
        reason: 'you decided this fix already, on the code as it is'
      });
    }
    const id = offer.kind === 'joined' ? offer.live.id : proposal.id;
    this._proposals.adopt(id);
    return new Promise(resolve => {
      const finish = (decision: Decision) => {
        this._proposals.changed.disconnect(onChange);
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      };
      const onAbort = () => finish({ kind: 'stop' });
      const onChange = () => {
        const entry = this._proposals.entries.find(
          candidate => candidate.proposal.id === id
        );
        if (!entry) {
          finish({ kind: 'stop' });
        } else if (entry.status === 'accepted') {
          finish(
            entry.result === undefined
              ? { kind: 'accept' }
              : { kind: 'accept', source: entry.result }
          );
        } else if (entry.status === 'stale') {
          finish({ kind: 'stale' });
        } else if (entry.status === 'rejected') {
          finish({ kind: 'reject' });
        }
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      this._proposals.changed.connect(onChange);
      signal.addEventListener('abort', onAbort);
    });
  }

  private _proposals: ProposalsModel;
  private _positionOf: (cellId: string) => number;
  private _source: (cellId: string) => string | null;
}

/** Options of {@link SidebarReviewer}. */
export namespace SidebarReviewer {
  export interface IOptions {
    proposals: ProposalsModel;
    /** A cell's number as the panel shows it. */
    positionOf: (cellId: string) => number;
    /** A cell's text now. */
    source: (cellId: string) => string | null;
  }
}
