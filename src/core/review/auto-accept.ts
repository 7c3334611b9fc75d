import type { IProposal, IReviewer } from '../model/types';
import { describeFlags, unsafeFlags } from './safety';

/**
 * The reviewer of a headless run: accepts every proposal except those flagged unsafe
 * (shell, installs, processes, deletions, writes outside the folder, network, the
 * interpreter, dynamic code, IPython), which need a person. A proposal not made by the
 * rules is judged again here, whatever its fixer said.
 */
export function autoAcceptReviewer(): IReviewer {
  return {
    review: async proposal => {
      const flags = Private.judgedAgain(proposal);
      if (proposal.unsafe.length === 0 && flags.length === 0) {
        return { kind: 'accept' };
      }
      const reasons = flags.length
        ? describeFlags(flags)
        : proposal.unsafe.join(', ');
      return {
        kind: 'reject',
        reason: `flagged unsafe (${reasons}); review it by hand`
      };
    }
  };
}

namespace Private {
  /**
   * The flags of a proposal's change. A rule's proposal was judged where it was made,
   * with the edits the rule declares trusted; those edits are not known here.
   */
  export function judgedAgain(proposal: IProposal) {
    return proposal.fixer === 'rules' && proposal.unsafe.length === 0
      ? []
      : unsafeFlags(proposal.before, proposal.after);
  }
}
