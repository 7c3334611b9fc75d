import { runIcon, stopIcon } from '@jupyterlab/ui-components';
import React from 'react';
import type { RunState, SessionModel } from '../session/model';
import { useSignal } from '../use-signal';
import { RunProgress } from './run-progress';
import { Section } from './section';

/** The props of {@link RunSection}. */
export interface IRunSectionProps {
  model: SessionModel;
  onRun: () => void;
  onStop: () => void;
}

/** What each state says when there is no more specific notice. */
const DESCRIPTIONS: Record<RunState, string> = {
  idle: 'Runs every code cell in order in this notebook’s kernel and stops at the first failure.',
  waiting: 'Waiting for the kernel…',
  running: 'Running…',
  stopping: 'Stopping…',
  passed: 'The notebook ran without error.',
  failed: 'The check stopped at a failing cell.',
  stopped: 'Stopped.'
};

/** The Run check and Stop buttons, the run's state in one line, and its progress. */
export function RunSection({
  model,
  onRun,
  onStop
}: IRunSectionProps): JSX.Element {
  const run = useSignal(model.runChanged, () => ({
    state: model.state,
    notice: model.notice,
    isRunning: model.isRunning
  }));
  return (
    <Section id="run" title="Check">
      <div className="jp-Modernizer-buttons">
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-runButton"
          disabled={run.isRunning}
          onClick={onRun}
        >
          <runIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          Run check
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-warn jp-Modernizer-stopButton"
          disabled={!run.isRunning || run.state === 'stopping'}
          onClick={onStop}
        >
          <stopIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          Stop
        </button>
      </div>
      <p
        className={`jp-Modernizer-runState jp-mod-${run.state}`}
        data-state={run.state}
        role="status"
      >
        {run.notice ?? DESCRIPTIONS[run.state]}
      </p>
      <RunProgress model={model} />
    </Section>
  );
}
