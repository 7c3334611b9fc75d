import { Dialog, showDialog } from '@jupyterlab/apputils';
import React from 'react';
import type { ReviewController } from '../review/review-controller';
import { useSignal } from '../use-signal';

/** Fix all offline and Revert all. */
export function ReviewActions({
  review
}: {
  review: ReviewController;
}): JSX.Element {
  const busy = useSignal(review.proposals.changed, () => review.proposals.busy);
  return (
    <section className="jp-Modernizer-section jp-Modernizer-reviewActions">
      <div className="jp-Modernizer-buttons">
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-fixAll"
          title="Propose the migration rules’ rewrite of every eroded line at once, without running the notebook"
          disabled={busy}
          onClick={() => void review.fixAllOffline()}
        >
          Fix all offline
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-reject jp-Modernizer-revertAll"
          title="Restore the notebook as it was opened"
          onClick={() => void Private.confirmRevert(review)}
        >
          Revert all
        </button>
      </div>
    </section>
  );
}

namespace Private {
  /** Asks first: Revert all undoes every change, the user's own included. */
  export async function confirmRevert(review: ReviewController): Promise<void> {
    const result = await showDialog({
      title: 'Revert all changes?',
      body:
        'The notebook goes back exactly to how it was opened: every cell’s code, saved ' +
        'outputs and execution counts. Cells added since are removed, cells deleted ' +
        'since come back, and your own edits are undone too.',
      buttons: [
        Dialog.cancelButton(),
        Dialog.warnButton({ label: 'Revert all' })
      ]
    });
    if (result.button.accept) {
      review.revertAll();
    }
  }
}
