import {
  checkIcon,
  circleEmptyIcon,
  closeIcon,
  historyIcon,
  LabIcon,
  offlineBoltIcon,
  stopIcon
} from '@jupyterlab/ui-components';
import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext } from 'react';
import type { CellRunStatus } from '../check/model';
import { TranslationContext } from '../translation';

const ICONS: Record<CellRunStatus, LabIcon | null> = {
  pending: circleEmptyIcon,
  // Drawn by the stylesheet as a spinning ring.
  running: null,
  ok: checkIcon,
  error: closeIcon,
  aborted: closeIcon,
  timeout: historyIcon,
  'kernel-died': offlineBoltIcon,
  cancelled: stopIcon
};

/** The label a cell status is announced with. */
export function statusLabel(
  status: CellRunStatus,
  trans: TranslationBundle
): string {
  switch (status) {
    case 'pending':
      return trans.__('Not run yet');
    case 'running':
      return trans.__('Running');
    case 'ok':
      return trans.__('Ran without error');
    case 'error':
      return trans.__('Raised an error');
    case 'aborted':
      return trans.__('Aborted by the kernel');
    case 'timeout':
      return trans.__('Timed out');
    case 'kernel-died':
      return trans.__('The kernel died');
    case 'cancelled':
      return trans.__('Stopped');
  }
}

/** A small icon for a cell's status, coloured by the stylesheet. */
export function CellStatusIcon({
  status
}: {
  status: CellRunStatus;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const icon = ICONS[status];
  const label = statusLabel(status, trans);
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
