import React, { useContext } from 'react';
import type { SessionModel } from '../check/model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';

/** The notebook's kernel: its name and status, or why there is none to run in. */
export function KernelSection({ model }: { model: SessionModel }): JSX.Element {
  const trans = useContext(TranslationContext);
  const kernel = useSignal(model.kernelChanged, () => model.kernel);
  // Without a live kernel nothing runs: the section opens to say why.
  const attention =
    kernel.status === null ? 'none' : kernel.status === 'dead' ? 'dead' : null;
  return (
    <Section id="kernel" title={trans.__('Kernel')} attention={attention}>
      {kernel.status === null ? (
        <p className="jp-Modernizer-message jp-mod-warning">
          {trans.__(
            'No kernel: select a kernel for this notebook to run the check.'
          )}
        </p>
      ) : (
        <div className="jp-Modernizer-kernelLine">
          <span className="jp-Modernizer-kernelName">{kernel.displayName}</span>
          <span
            className={`jp-Modernizer-kernelStatus jp-mod-${kernel.status}`}
            data-status={kernel.status}
          >
            {kernel.status}
          </span>
        </div>
      )}
      {kernel.status === 'dead' && (
        <p className="jp-Modernizer-message jp-mod-error">
          {trans.__('The kernel is dead: restart it to run the check.')}
        </p>
      )}
    </Section>
  );
}
