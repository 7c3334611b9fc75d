import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext } from 'react';
import type { SessionModel } from '../check/model';
import { formatClock } from './format';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';

/** Cell n of m, the time elapsed and the budget left, with a bar. */
export function RunProgress({
  model
}: {
  model: SessionModel;
}): JSX.Element | null {
  const trans = useContext(TranslationContext);
  const progress = useSignal(model.progressChanged, () => model.progress);
  if (!progress) {
    return null;
  }
  const { position, total, elapsedMs, budgetMs } = progress;
  const left = Math.max(0, budgetMs - elapsedMs);
  return (
    <div className="jp-Modernizer-progress">
      <div className="jp-Modernizer-progressLine">
        <span className="jp-Modernizer-progressCells">
          {Private.cells(position, total, trans)}
        </span>
        <span className="jp-Modernizer-progressTimes">
          <span title={trans.__('Elapsed')}>
            {trans.__('%1 elapsed', formatClock(elapsedMs))}
          </span>
          <span title={trans.__('Time budget left')}>
            {trans.__('%1 left', formatClock(left))}
          </span>
        </span>
      </div>
      <progress
        className="jp-Modernizer-progressBar"
        max={Math.max(total, 1)}
        value={position}
        aria-label={trans.__('Cell %1 of %2', position, total)}
      />
    </div>
  );
}

namespace Private {
  export function cells(
    position: number,
    total: number,
    trans: TranslationBundle
  ): string {
    if (total === 0) {
      return trans.__('No code to run');
    }
    if (position === 0) {
      return trans._n('%1 cell to run', '%1 cells to run', total);
    }
    return trans.__('Cell %1 of %2', position, total);
  }
}
