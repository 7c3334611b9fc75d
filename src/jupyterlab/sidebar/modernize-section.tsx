import React from 'react';
import { blockerText, type Verdict } from '../../core';
import type { ILLMActivity, LoopModel } from '../review/loop-model';
import type { ReviewController } from '../review/review-controller';
import type { SessionModel } from '../session/model';
import { useSignal } from '../use-signal';
import { formatClock } from './format';
import { InlineCode } from './inline-code';
import { ReviewActions } from './review-actions';
import { Section } from './section';

/** The props of {@link ModernizeSection}. */
export interface IModernizeSectionProps {
  loop: LoopModel;
  review: ReviewController;
  /** The session's model: the button is off while anything runs. */
  model: SessionModel;
  onModernize: () => void;
}

/**
 * Fix all offline, Revert all and Modernize; what the Modernize run does now, its verdict
 * and its timeline.
 */
export function ModernizeSection({
  loop,
  review,
  model,
  onModernize
}: IModernizeSectionProps): JSX.Element {
  const state = useSignal(loop.changed, () => loop.state);
  return (
    <Section id="modernize" title="Fix" attention={state.verdict}>
      <ReviewActions review={review} model={model} />
      <ModernizeButton model={model} onModernize={onModernize} />
      {state.activity && (
        <p
          className="jp-Modernizer-message jp-Modernizer-activity"
          role="status"
        >
          {state.activity}…
        </p>
      )}
      {state.llm && <LLMActivity llm={state.llm} />}
      {state.verdict && <VerdictBanner verdict={state.verdict} />}
      {state.verdict && !state.running && <OpenProposals review={review} />}
      {state.timeline.length > 0 && (
        <ol className="jp-Modernizer-timeline">
          {state.timeline.map((entry, i) => (
            <li
              key={i}
              className={`jp-Modernizer-timelineEntry${entry.tone ? ` jp-mod-${entry.tone}` : ''}`}
            >
              <span className="jp-Modernizer-timelineTime">
                {formatClock(entry.atMs)}
              </span>
              <span>
                <InlineCode text={entry.text} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function ModernizeButton({
  model,
  onModernize
}: {
  model: SessionModel;
  onModernize: () => void;
}): JSX.Element {
  const running = useSignal(model.runChanged, () => model.isRunning);
  return (
    <button
      className="jp-Button jp-mod-styled jp-mod-accept jp-Modernizer-modernizeButton"
      title="Run the notebook, review a fix for each failure, compare the scores and verify from a restart"
      disabled={running}
      onClick={onModernize}
    >
      Modernize
    </button>
  );
}

/** Which model fixes what the rules cannot, its tokens, and the fix it is writing. */
function LLMActivity({ llm }: { llm: ILLMActivity }): JSX.Element {
  return (
    <div className="jp-Modernizer-llm">
      <p className="jp-Modernizer-message jp-mod-quiet">
        After the rules: <code>{llm.model}</code>,{' '}
        <span className="jp-Modernizer-llmTokens">
          {llm.tokens.toLocaleString('en')} tokens
        </span>
      </p>
      {llm.writing && (
        <figure className="jp-Modernizer-llmWriting">
          <figcaption>
            {llm.model} is writing the fix for {llm.writing.target}
          </figcaption>
          <pre aria-live="off">{llm.writing.source}</pre>
        </figure>
      )}
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
