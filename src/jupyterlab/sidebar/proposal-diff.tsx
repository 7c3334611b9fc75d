import { structuredPatch } from 'diff';
import React, { useContext, useMemo } from 'react';
import { TranslationContext } from '../translation';

/** Lines of context around each change. */
const CONTEXT = 2;

/** A unified diff of a proposal, each line coloured as removed, added or context. */
export function ProposalDiff({
  before,
  after
}: {
  before: string;
  after: string;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  const hunks = useMemo(
    () =>
      structuredPatch('before', 'after', before, after, '', '', {
        context: CONTEXT
      }).hunks,
    [before, after]
  );
  return (
    <div
      className="jp-Modernizer-diff"
      role="figure"
      aria-label={trans.__('Changes')}
    >
      {hunks.map(hunk => (
        <div
          key={`${hunk.oldStart}:${hunk.newStart}`}
          className="jp-Modernizer-hunk"
        >
          <div className="jp-Modernizer-hunkHeader">
            @@ -{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines}{' '}
            @@
          </div>
          {hunk.lines
            .filter(line => !line.startsWith('\\'))
            .map((line, i) => (
              <div
                key={i}
                className={`jp-Modernizer-diffLine ${Private.kind(line)}`}
              >
                {line}
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}

namespace Private {
  export function kind(line: string): string {
    return line.startsWith('+')
      ? 'jp-mod-added'
      : line.startsWith('-')
        ? 'jp-mod-removed'
        : 'jp-mod-context';
  }
}
