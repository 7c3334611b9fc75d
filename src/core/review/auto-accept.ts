import type { IReviewer } from '../agent/types';

/**
 * The reviewer of a headless run: accepts every proposal except those flagged unsafe
 * (shell, installs, processes, deletions, network), which need a person.
 */
export function autoAcceptReviewer(): IReviewer {
  return {
    review: async proposal =>
      proposal.unsafe.length > 0
        ? {
            kind: 'reject',
            reason: `flagged unsafe (${proposal.unsafe.join(', ')}); review it by hand`
          }
        : { kind: 'accept' }
  };
}
