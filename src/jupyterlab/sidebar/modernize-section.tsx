import React from 'react';
import type { ILLMActivity, LoopModel } from '../review/loop-model';
import { useSignal } from '../use-signal';
import { formatClock } from './format';
import { InlineCode } from './inline-code';
import { Section } from './section';

/** The LLM's part in the Modernize run, and the run's timeline. */
export function ModernizeSection({ loop }: { loop: LoopModel }): JSX.Element {
  const state = useSignal(loop.changed, () => loop.state);
  return (
    <Section id="modernize" title="Fix" attention={state.verdict}>
      {state.llm && <LLMActivity llm={state.llm} />}
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
