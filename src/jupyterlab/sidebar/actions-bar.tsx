import { runIcon, stopIcon } from '@jupyterlab/ui-components';
import type { TranslationBundle } from '@jupyterlab/translation';
import React, { useContext } from 'react';
import { blockerText, type Verdict } from '../../core';
import type { ReviewController } from '../inline-diff/review-controller';
import type { RunState } from '../check/model';
import type { CheckSession } from '../session/session';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { ReviewActions } from './review-actions';

/** What each state says when there is no more specific notice. */
function description(state: RunState, trans: TranslationBundle): string {
  switch (state) {
    case 'idle':
      return trans.__('Ready: nothing has run yet.');
    case 'waiting':
      return trans.__('Waiting for the kernel…');
    case 'running':
      return trans.__('Running…');
    case 'stopping':
      return trans.__('Stopping…');
    case 'passed':
      return trans.__('The notebook ran without error.');
    case 'failed':
      return trans.__('The check stopped at a failing cell.');
    case 'stopped':
      return trans.__('Stopped.');
  }
}

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
  const trans = useContext(TranslationContext);
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
      aria-label={trans.__('Modernizer actions')}
    >
      <div className="jp-Modernizer-buttons">
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-modernizeButton"
          title={trans.__(
            'Run the notebook, review a fix for each failure, compare the scores and verify from a restart'
          )}
          disabled={run.isRunning}
          onClick={() => void session.modernize()}
        >
          {trans.__('Modernize')}
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-runButton"
          title={trans.__(
            'Run every code cell in order and stop at the first failure'
          )}
          disabled={run.isRunning}
          onClick={() => void session.run()}
        >
          <runIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          {trans.__('Run check')}
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-warn jp-Modernizer-stopButton"
          disabled={!run.isRunning || run.state === 'stopping'}
          onClick={() => session.stop()}
        >
          <stopIcon.react tag="span" className="jp-Modernizer-buttonIcon" />
          {trans.__('Stop')}
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
        {run.notice ?? description(run.state, trans)}
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
  const trans = useContext(TranslationContext);
  const open = useSignal(review.proposals.changed, () =>
    review.proposals.entries.filter(entry => entry.status === 'pending')
  );
  if (open.length === 0) {
    return null;
  }
  const where = open
    .map(({ proposal, position }) =>
      proposal.target.kind === 'cell'
        ? trans.__('cell %1', position)
        : proposal.target.path
    )
    .join(', ');
  return (
    <p
      className="jp-Modernizer-message jp-Modernizer-verdictOpen"
      role="status"
    >
      {trans._n(
        '%1 proposal is still open: %2. Accept or reject it; the verdict is for the notebook without it.',
        '%1 proposals are still open: %2. Accept or reject them; the verdict is for the notebook without them.',
        open.length,
        where
      )}
    </p>
  );
}

/** "Reproducible" only after a clean verification from a restart. */
function VerdictBanner({ verdict }: { verdict: Verdict }): JSX.Element {
  const trans = useContext(TranslationContext);
  const [text, tone] =
    verdict.kind === 'reproducible'
      ? [trans.__('Reproducible'), 'ok']
      : verdict.kind === 'scores-off'
        ? [trans.__('Runs, scores out of tolerance'), 'warning']
        : verdict.kind === 'fails'
          ? [trans.__('Still fails'), 'error']
          : verdict.kind === 'blocked'
            ? // The blocker's text comes from the core, which the command line shares.
              [trans.__('Blocked: %1', blockerText(verdict.blocker)), 'warning']
            : [trans.__('Stopped'), 'warning'];
  return (
    <p
      className={`jp-Modernizer-verdict jp-mod-${tone}`}
      data-verdict={verdict.kind}
    >
      {text}
    </p>
  );
}
