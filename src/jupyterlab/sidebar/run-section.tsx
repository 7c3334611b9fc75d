import React from 'react';
import type { SessionModel } from '../session/model';
import { useSignal } from '../use-signal';
import { RunProgress } from './run-progress';
import { Section } from './section';

/** The progress of a check or a Modernize run: cell n of m, the time elapsed and left. */
export function RunSection({ model }: { model: SessionModel }): JSX.Element {
  const started = useSignal(model.progressChanged, () => !!model.progress);
  return (
    <Section id="run" title="Check">
      {!started && (
        <p className="jp-Modernizer-message jp-mod-quiet">
          Nothing has run yet.
        </p>
      )}
      <RunProgress model={model} />
    </Section>
  );
}
