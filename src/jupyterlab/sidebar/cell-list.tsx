import React, { useContext, useEffect, useRef } from 'react';
import type { SessionModel } from '../check/model';
import { CellStatusIcon } from './cell-status-icon';
import { formatDuration } from './format';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';

/** The props of {@link CellList}. */
export interface ICellListProps {
  model: SessionModel;
  /** Scrolls to and selects a cell of the notebook. */
  onReveal: (cellId: string) => void;
}

/** One row per code cell of the check, with its status; a click shows the cell. */
export function CellList({
  model,
  onReveal
}: ICellListProps): JSX.Element | null {
  const trans = useContext(TranslationContext);
  const cells = useSignal(model.cellsChanged, () => model.cells);
  const running = useRef<HTMLLIElement>(null);
  const runningId = cells.find(cell => cell.status === 'running')?.id;
  useEffect(() => {
    running.current?.scrollIntoView({ block: 'nearest' });
  }, [runningId]);
  if (cells.length === 0) {
    return null;
  }
  return (
    <Section id="cells" title={trans.__('Cells')}>
      <ol className="jp-Modernizer-cellList">
        {cells.map(cell => (
          <li
            key={cell.id}
            ref={cell.id === runningId ? running : undefined}
            className={`jp-Modernizer-cell jp-mod-${cell.status}`}
            data-status={cell.status}
            data-position={cell.position}
          >
            <button
              className="jp-Modernizer-cellButton"
              title={trans.__('Go to cell %1', cell.position)}
              onClick={() => onReveal(cell.id)}
            >
              <CellStatusIcon status={cell.status} />
              <span className="jp-Modernizer-cellPosition">
                {cell.position}
              </span>
              <code className="jp-Modernizer-cellLabel">{cell.label}</code>
              {cell.durationMs !== undefined && (
                <span className="jp-Modernizer-cellDuration">
                  {formatDuration(cell.durationMs)}
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
    </Section>
  );
}
