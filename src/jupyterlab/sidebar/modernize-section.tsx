import React, { useContext } from 'react';
import type { ILLMActivity, LoopModel } from '../review/loop-model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { formatClock } from './format';
import { InlineCode } from './inline-code';
import { Section } from './section';

/** The LLM's part in the Modernize run, and the run's timeline. */
export function ModernizeSection({ loop }: { loop: LoopModel }): JSX.Element {
  const trans = useContext(TranslationContext);
  const state = useSignal(loop.changed, () => loop.state);
  return (
    <Section id="modernize" title={trans.__('Fix')} attention={state.verdict}>
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
  const trans = useContext(TranslationContext);
  return (
    <div className="jp-Modernizer-llm">
      <p className="jp-Modernizer-message jp-mod-quiet">
        {trans.__('After the rules:')} <code>{llm.model}</code>,{' '}
        <span className="jp-Modernizer-llmTokens">
          {trans._n(
            '%2 token',
            '%2 tokens',
            llm.tokens,
            llm.tokens.toLocaleString('en')
          )}
        </span>
      </p>
      {llm.writing && (
        <figure className="jp-Modernizer-llmWriting">
          <figcaption>
            {trans.__(
              '%1 is writing the fix for %2',
              llm.model,
              llm.writing.target
            )}
          </figcaption>
          <pre aria-live="off">{llm.writing.source}</pre>
        </figure>
      )}
    </div>
  );
}
