import {
  checkIcon,
  circleEmptyIcon,
  closeIcon,
  historyIcon,
  LabIcon,
  offlineBoltIcon,
  stopIcon
} from '@jupyterlab/ui-components';
import React from 'react';
import type { CellRunStatus } from '../session/model';

const ICONS: Record<CellRunStatus, { icon: LabIcon | null; label: string }> = {
  pending: { icon: circleEmptyIcon, label: 'Not run yet' },
  // Drawn by the stylesheet as a spinning ring.
  running: { icon: null, label: 'Running' },
  ok: { icon: checkIcon, label: 'Ran without error' },
  error: { icon: closeIcon, label: 'Raised an error' },
  aborted: { icon: closeIcon, label: 'Aborted by the kernel' },
  timeout: { icon: historyIcon, label: 'Timed out' },
  'kernel-died': { icon: offlineBoltIcon, label: 'The kernel died' },
  cancelled: { icon: stopIcon, label: 'Stopped' }
};

/** The label a cell status is announced with. */
export function statusLabel(status: CellRunStatus): string {
  return ICONS[status].label;
}

/** A small icon for a cell's status, coloured by the stylesheet. */
export function CellStatusIcon({
  status
}: {
  status: CellRunStatus;
}): JSX.Element {
  const { icon, label } = ICONS[status];
  return (
    <span
      className={`jp-Modernizer-statusIcon jp-mod-${status}`}
      title={label}
      aria-label={label}
      role="img"
    >
      {icon ? (
        <icon.react tag="span" />
      ) : (
        <span className="jp-Modernizer-spinner" />
      )}
    </span>
  );
}
