import React, { useContext } from 'react';
import type { ICellLocation } from '../reveal-cell';
import { InlineCode } from './inline-code';
import { kindLabel } from '../review/kind-label';
import type { IFindingEntry, ScanModel } from '../review/scan-model';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';

/** The props of {@link PreflightSection}. */
export interface IPreflightSectionProps {
  model: ScanModel;
  /** Shows a cell, with the cursor at a line. */
  onReveal: (cellId: string, location?: ICellLocation) => void;
}

/**
 * Every line known to have eroded, found before anything runs: the rule's summary, the
 * cell and line, the matched code, the kind of fix and the changelog. A click shows the
 * line in its cell. Cells that could not be read are listed with the reason.
 */
export function PreflightSection({
  model,
  onReveal
}: IPreflightSectionProps): JSX.Element {
  const trans = useContext(TranslationContext);
  const scan = useSignal(model.changed, () => model.state);
  const count = scan.findings.length;
  return (
    <Section
      id="preflight"
      title={trans.__('Preflight scan')}
      aside={
        scan.state === 'ready' && (
          <span className="jp-Modernizer-count" data-count={count}>
            {count}
          </span>
        )
      }
    >
      {scan.state === 'waiting' && (
        <p className="jp-Modernizer-message jp-mod-quiet">
          {trans.__('Scanned once the kernel’s library versions are known.')}
        </p>
      )}
      {scan.state === 'scanning' && count === 0 && (
        <p className="jp-Modernizer-message">{trans.__('Scanning…')}</p>
      )}
      {scan.state === 'failed' && (
        <p className="jp-Modernizer-message jp-mod-error">
          {trans.__('The scan failed: %1', scan.error ?? '')}
        </p>
      )}
      {scan.state === 'ready' && count === 0 && (
        <p className="jp-Modernizer-message">
          {trans.__(
            'No line known to have eroded with the installed versions.'
          )}
        </p>
      )}
      {count > 0 && (
        <ul className="jp-Modernizer-findings">
          {scan.findings.map((finding, i) => (
            <FindingRow
              key={`${finding.cellId}:${finding.line}:${finding.column}:${finding.ruleId}:${i}`}
              finding={finding}
              onReveal={onReveal}
            />
          ))}
        </ul>
      )}
      {scan.skipped.length > 0 && (
        <ul className="jp-Modernizer-skipped">
          {scan.skipped.map(skipped => (
            <li
              key={skipped.cellId}
              className="jp-Modernizer-skippedCell"
              data-position={skipped.position}
            >
              <button
                className="jp-Modernizer-link"
                onClick={() => onReveal(skipped.cellId)}
              >
                {trans.__('Cell %1', skipped.position)}
              </button>{' '}
              {trans.__('not scanned: %1', skipped.reason)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function FindingRow({
  finding,
  onReveal
}: {
  finding: IFindingEntry;
  onReveal: IPreflightSectionProps['onReveal'];
}): JSX.Element {
  const trans = useContext(TranslationContext);
  return (
    <li
      className={`jp-Modernizer-finding jp-mod-${finding.kind}`}
      data-rule={finding.ruleId}
      data-position={finding.position}
      data-line={finding.line}
    >
      <button
        className="jp-Modernizer-findingButton"
        title={trans.__(
          'Go to cell %1, line %2',
          finding.position,
          finding.line
        )}
        onClick={() =>
          onReveal(finding.cellId, {
            line: finding.line,
            column: finding.column
          })
        }
      >
        <span className="jp-Modernizer-findingWhere">
          {trans.__('Cell %1, line %2', finding.position, finding.line)}
        </span>
        <span className={`jp-Modernizer-kind jp-mod-${finding.kind}`}>
          {kindLabel(finding.kind, trans)}
        </span>
        <code className="jp-Modernizer-findingText">{finding.text}</code>
      </button>
      <p className="jp-Modernizer-findingSummary">
        <InlineCode text={finding.summary} />
        {finding.note && (
          <span className="jp-Modernizer-findingNote">
            {' '}
            <InlineCode text={finding.note} />
          </span>
        )}{' '}
        <a
          className="jp-Modernizer-changelog"
          href={finding.link}
          target="_blank"
          rel="noopener noreferrer"
        >
          {trans.__('Changelog')}
        </a>
      </p>
    </li>
  );
}
