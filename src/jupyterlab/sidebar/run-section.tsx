import React, { useContext } from 'react';
import type { SessionModel } from '../check/model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { RunProgress } from './run-progress';
import { Section } from './section';

/** The progress of a check or a Modernize run: cell n of m, the time elapsed and left. */
export function RunSection({ model }: { model: SessionModel }): JSX.Element {
  const trans = useContext(TranslationContext);
  const started = useSignal(model.progressChanged, () => !!model.progress);
  return (
    <Section id="run" title={trans.__('Check')}>
      {!started && (
        <p className="jp-Modernizer-message jp-mod-quiet">
          {trans.__('Nothing has run yet.')}
        </p>
      )}
      <RunProgress model={model} />
    </Section>
  );
}
