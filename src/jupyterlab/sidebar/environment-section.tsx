import { refreshIcon } from '@jupyterlab/ui-components';
import React, { useContext } from 'react';
import type { SessionModel } from '../check/model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';

/** The props of {@link EnvironmentSection}. */
export interface IEnvironmentSectionProps {
  model: SessionModel;
  /** Probes the kernel again. */
  onRefresh: () => void;
}

/**
 * Versions of the libraries the notebook imports, as installed in its kernel. Closed
 * unless the user opens it, or a library is missing or the probe failed.
 */
export function EnvironmentSection({
  model,
  onRefresh
}: IEnvironmentSectionProps): JSX.Element {
  const trans = useContext(TranslationContext);
  const env = useSignal(model.environmentChanged, () => model.environment);
  const libraries = env.modules.filter(module => !module.stdlib);
  const stdlib = env.modules.length - libraries.length;
  const missing = libraries.filter(module => module.missing);
  const attention =
    env.state === 'failed'
      ? 'failed'
      : missing.length > 0
        ? missing.map(module => module.module).join(' ')
        : null;
  return (
    <Section
      id="environment"
      title={trans.__('Libraries')}
      defaultOpen={false}
      attention={attention}
      aside={
        <button
          className="jp-Modernizer-iconButton"
          title={trans.__('Probe the versions again')}
          aria-label={trans.__('Probe the versions again')}
          disabled={env.state === 'probing'}
          onClick={onRefresh}
        >
          <refreshIcon.react tag="span" />
        </button>
      }
    >
      {env.state === 'unknown' && (
        <p className="jp-Modernizer-message jp-mod-quiet">
          {trans.__('Probed in the kernel once the notebook has one.')}
        </p>
      )}
      {env.state === 'probing' && (
        <p className="jp-Modernizer-message">
          {trans.__('Probing the kernel…')}
        </p>
      )}
      {env.state === 'failed' && (
        <p className="jp-Modernizer-message jp-mod-error">
          {trans.__('Could not probe the kernel: %1', env.error ?? '')}
        </p>
      )}
      {env.state === 'ready' && (
        <>
          {env.python && (
            <p className="jp-Modernizer-message">
              {trans.__('Python %1', env.python)}
            </p>
          )}
          {libraries.length === 0 ? (
            <p className="jp-Modernizer-message">
              {trans.__('The notebook imports no third-party library.')}
            </p>
          ) : (
            <table className="jp-Modernizer-modules">
              <tbody>
                {libraries.map(module => (
                  <tr key={module.module} data-module={module.module}>
                    <td className="jp-Modernizer-moduleName">
                      {module.module}
                      {module.distribution &&
                        module.distribution !== module.module && (
                          <span className="jp-Modernizer-distribution">
                            {module.distribution}
                          </span>
                        )}
                    </td>
                    <td
                      className={
                        module.missing
                          ? 'jp-Modernizer-moduleVersion jp-mod-missing'
                          : 'jp-Modernizer-moduleVersion'
                      }
                    >
                      {module.missing
                        ? trans.__('not installed')
                        : module.version}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {stdlib > 0 && (
            <p className="jp-Modernizer-message jp-mod-quiet">
              {trans._n(
                'and %1 standard-library module',
                'and %1 standard-library modules',
                stdlib
              )}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
