import React from 'react';
import type { SessionModel } from '../session/model';
import { useSignal } from '../use-signal';

/** The notebook's kernel: its name and status, or why there is none to run in. */
export function KernelSection({ model }: { model: SessionModel }): JSX.Element {
  const kernel = useSignal(model.kernelChanged, () => model.kernel);
  if (kernel.status === null) {
    return (
      <section className="jp-Modernizer-section jp-Modernizer-kernel">
        <h3 className="jp-Modernizer-heading">Kernel</h3>
        <p className="jp-Modernizer-message jp-mod-warning">
          No kernel: select a kernel for this notebook to run the check.
        </p>
      </section>
    );
  }
  return (
    <section className="jp-Modernizer-section jp-Modernizer-kernel">
      <h3 className="jp-Modernizer-heading">Kernel</h3>
      <div className="jp-Modernizer-kernelLine">
        <span className="jp-Modernizer-kernelName">{kernel.displayName}</span>
        <span
          className={`jp-Modernizer-kernelStatus jp-mod-${kernel.status}`}
          data-status={kernel.status}
        >
          {kernel.status}
        </span>
      </div>
      {kernel.status === 'dead' && (
        <p className="jp-Modernizer-message jp-mod-error">
          The kernel is dead: restart it to run the check.
        </p>
      )}
    </section>
  );
}
