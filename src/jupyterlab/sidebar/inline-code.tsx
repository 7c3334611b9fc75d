import React from 'react';

/** Text with its `backquoted` parts shown as code, as the rules' summaries write them. */
export function InlineCode({ text }: { text: string }): JSX.Element {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && i < parts.length - 1 ? (
          <code key={i} className="jp-Modernizer-inlineCode">
            {part}
          </code>
        ) : (
          <React.Fragment key={i}>{part}</React.Fragment>
        )
      )}
    </>
  );
}
