import { Dialog, showDialog } from '@jupyterlab/apputils';
import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext } from 'react';
import type { ReviewController } from '../inline-diff/review-controller';
import type { SessionModel } from '../check/model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';

/** Fix all offline and Revert all; both wait while a check or a Modernize run goes on. */
export function ReviewActions({
  review,
  model
}: {
  review: ReviewController;
  model: SessionModel;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const running = useSignal(model.runChanged, () => model.isRunning);
  return (
    <div className="jp-Modernizer-buttons jp-Modernizer-reviewActions">
      <FixAllButton review={review} running={running} />
      <button
        className="jp-Button jp-mod-styled jp-mod-reject jp-Modernizer-revertAll"
        title={trans.__('Restore the notebook as it was opened')}
        disabled={running}
        onClick={() => void Private.confirmRevert(review, trans)}
      >
        {trans.__('Revert all')}
      </button>
    </div>
  );
}

function FixAllButton({
  review,
  running
}: {
  review: ReviewController;
  running: boolean;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const busy = useSignal(review.proposals.changed, () => review.proposals.busy);
  return (
    <button
      className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-fixAll"
      title={trans.__(
        'Propose the migration rules’ rewrite of every eroded line at once, without running the notebook'
      )}
      disabled={busy || running}
      onClick={() => void review.fixes.fixAll()}
    >
      {trans.__('Fix all offline')}
    </button>
  );
}

namespace Private {
  /** Asks first: Revert all undoes every change, the user's own included. */
  export async function confirmRevert(
    review: ReviewController,
    trans: TranslationBundle
  ): Promise<void> {
    const result = await showDialog({
      title: trans.__('Revert all changes?'),
      body: trans.__(
        'The notebook goes back exactly to how it was opened: every cell’s code, saved outputs and execution counts. Cells added since are removed, cells deleted since come back, and your own edits are undone too.'
      ),
      buttons: [
        Dialog.cancelButton(),
        Dialog.warnButton({ label: trans.__('Revert all') })
      ]
    });
    if (result.button.accept) {
      review.revertAll();
    }
  }
}
