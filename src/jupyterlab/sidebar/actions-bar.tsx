import { runIcon, stopIcon } from '@jupyterlab/ui-components';
import React from 'react';
import { blockerText, type Verdict } from '../../core';
import type { ReviewController } from '../review/review-controller';
import type { RunState } from '../session/model';
import type { CheckSession } from '../session/session';
import { useSignal } from '../use-signal';
import { ReviewActions } from './review-actions';

/** What each state says when there is no more specific notice. */
const DESCRIPTIONS: Record<RunState, string> = {
  idle: 'Ready: nothing has run yet.',
  waiting: 'Waiting for the kernel…',
  running: 'Running…',
  stopping: 'Stopping…',
  passed: 'The notebook ran without error.',
  failed: 'The check stopped at a failing cell.',
  stopped: 'Stopped.'
};

/**
 * The panel's primary actions, kept at its top while the sections scroll beneath: Run
 * check, Modernize and Stop; Fix all offline and Revert all; and beside them what runs
 * now, the run's state and its verdict.
 */
export function ActionsBar({
  session
}: {
  session: CheckSession;
}): JSX.Element {
  const { model, loop, review } = session;
  const run = useSignal(model.runChanged, () => ({
    state: model.state,
    notice: model.notice,
    isRunning: model.isRunning
  }));
  const state = useSignal(loop.changed, () => loop.state);
  return (
    <div
      className="jp-Modernizer-actions"
      role="toolbar"
      aria-label="Modernizer actions"
    >
      <div className="jp-Modernizer-buttons">
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-modernizeButton"
          title="Run the notebook, review a fix for each failure, compare the scores and verify from a restart"
          disabled={run.isRunning}
          onClick={() => void session.modernize()}
        >
          Modernize
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-runButton"
          title="Run every code cell in order and stop at the first failure"
          disabled={run.isRunning}
          onClick={() => void session.run()}
        >
          <runIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          Run check
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-warn jp-Modernizer-stopButton"
          disabled={!run.isRunning || run.state === 'stopping'}
          onClick={() => session.stop()}
        >
          <stopIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          Stop
        </button>
      </div>
      <ReviewActions review={review} model={model} />
      {state.verdict && <VerdictBanner verdict={state.verdict} />}
      {state.verdict && !state.running && <OpenProposals review={review} />}
      {state.activity && (
        <p
          className="jp-Modernizer-message jp-Modernizer-activity"
          role="status"
        >
          {state.activity}…
        </p>
      )}
      <p
        className={`jp-Modernizer-runState jp-mod-${run.state}`}
        data-state={run.state}
        role="status"
      >
        {run.notice ?? DESCRIPTIONS[run.state]}
      </p>
    </div>
  );
}

/**
 * The proposals still waiting when the run ended (made by Fix all offline, which the run
 * had no reason to ask about): the verdict never hides them.
 */
function OpenProposals({
  review
}: {
  review: ReviewController;
}): JSX.Element | null {
  const open = useSignal(review.proposals.changed, () =>
    review.proposals.entries.filter(entry => entry.status === 'pending')
  );
  if (open.length === 0) {
    return null;
  }
  const where = open
    .map(({ proposal, position }) =>
      proposal.target.kind === 'cell'
        ? `cell ${position}`
        : proposal.target.path
    )
    .join(', ');
  return (
    <p
      className="jp-Modernizer-message jp-Modernizer-verdictOpen"
      role="status"
    >
      {open.length === 1
        ? `1 proposal is still open: ${where}. Accept or reject it; the verdict is for the notebook without it.`
        : `${open.length} proposals are still open: ${where}. Accept or reject them; the verdict is for the notebook without them.`}
    </p>
  );
}

/** "Reproducible" only after a clean verification from a restart. */
function VerdictBanner({ verdict }: { verdict: Verdict }): JSX.Element {
  const [text, tone] =
    verdict.kind === 'reproducible'
      ? ['Reproducible', 'ok']
      : verdict.kind === 'scores-off'
        ? ['Runs, scores out of tolerance', 'warning']
        : verdict.kind === 'fails'
          ? ['Still fails', 'error']
          : verdict.kind === 'blocked'
            ? [`Blocked: ${blockerText(verdict.blocker)}`, 'warning']
            : ['Stopped', 'warning'];
  return (
    <p
      className={`jp-Modernizer-verdict jp-mod-${tone}`}
      data-verdict={verdict.kind}
    >
      {text}
    </p>
  );
}
