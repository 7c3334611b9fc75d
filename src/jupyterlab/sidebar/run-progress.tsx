import React from 'react';
import type { SessionModel } from '../session/model';
import { formatClock } from './format';
import { useSignal } from '../use-signal';

/** Cell n of m, the time elapsed and the budget left, with a bar. */
export function RunProgress({
  model
}: {
  model: SessionModel;
}): JSX.Element | null {
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
          {Private.cells(position, total)}
        </span>
        <span className="jp-Modernizer-progressTimes">
          <span title="Elapsed">{formatClock(elapsedMs)} elapsed</span>
          <span title="Time budget left">{formatClock(left)} left</span>
        </span>
      </div>
      <progress
        className="jp-Modernizer-progressBar"
        max={Math.max(total, 1)}
        value={position}
        aria-label={`Cell ${position} of ${total}`}
      />
    </div>
  );
}

namespace Private {
  export function cells(position: number, total: number): string {
    if (total === 0) {
      return 'No code to run';
    }
    if (position === 0) {
      return total === 1 ? '1 cell to run' : `${total} cells to run`;
    }
    return `Cell ${position} of ${total}`;
  }
}
