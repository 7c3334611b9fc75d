import type { Decision, IProposal, IReviewer } from '../../core';
import type { ProposalsModel } from './proposals-model';

/**
 * The reviewer of a Modernize run in JupyterLab: each proposal appears in its cell as an
 * inline diff and in the panel's list, and the decision is the user's. Accepted, whole
 * or some hunks, is an accept with the text the review left in the cell (a stale
 * proposal: the loop then finds the cell changed and keeps the user's edit); Reject
 * rejects; Stop, or the list cleared by Revert all, stops.
 */
export class SidebarReviewer implements IReviewer {
  constructor(options: SidebarReviewer.IOptions) {
    this._proposals = options.proposals;
    this._positionOf = options.positionOf;
  }

  /** Lists the proposal and waits for the user's decision. */
  review(proposal: IProposal, signal: AbortSignal): Promise<Decision> {
    const { target } = proposal;
    this._proposals.add({
      proposal,
      status: 'pending',
      position: target.kind === 'cell' ? this._positionOf(target.cellId) : 0,
      fromLoop: true
    });
    return new Promise(resolve => {
      const finish = (decision: Decision) => {
        this._proposals.changed.disconnect(onChange);
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      };
      const onAbort = () => finish({ kind: 'stop' });
      const onChange = () => {
        const entry = this._proposals.entries.find(
          candidate => candidate.proposal.id === proposal.id
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
          finish({ kind: 'accept' });
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
}

/** Options of {@link SidebarReviewer}. */
export namespace SidebarReviewer {
  export interface IOptions {
    proposals: ProposalsModel;
    /** A cell's number as the panel shows it. */
    positionOf: (cellId: string) => number;
  }
}
