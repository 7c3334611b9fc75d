import React, { useContext } from 'react';
import { nowText, type IScore, type IScoreRow } from '../../core';
import type { ReviewController } from '../inline-diff/review-controller';
import { TranslationContext } from '../translation';
import { useSignal } from '../use-signal';
import { Section } from './section';
import { ReferenceForm } from './reference-form';

/** The props of {@link ScoresSection}. */
export interface IScoresSectionProps {
  review: ReviewController;
  /** Each cell's number as the panel shows it, by cell id. */
  positionOf: (cellId: string) => number;
}

/**
 * The scores the notebook printed when it was saved and, after a run, the scores it
 * prints now: deviation and whether it is within tolerance, with a note where a score may
 * move from run to run (unseeded randomness). The user may add reference scores.
 */
export function ScoresSection({
  review,
  positionOf
}: IScoresSectionProps): JSX.Element {
  const trans = useContext(TranslationContext);
  const model = review.scores;
  const state = useSignal(model.changed, () => model.state);
  const { report, original, references } = state;
  return (
    <Section
      id="scores"
      title={trans.__('Scores')}
      attention={report && !report.allWithin ? report : null}
    >
      {report ? (
        report.rows.length === 0 ? (
          <p className="jp-Modernizer-message jp-mod-quiet">
            {trans.__(
              'No score to compare: the notebook printed none when it was saved.'
            )}
          </p>
        ) : (
          <>
            <ScoreTable rows={report.rows} positionOf={positionOf} />
            <p
              className={`jp-Modernizer-message ${report.allWithin ? 'jp-mod-ok' : 'jp-mod-error'}`}
            >
              {report.allWithin
                ? trans.__('Every score is within tolerance.')
                : trans.__('Some scores are out of tolerance.')}{' '}
              {trans.__('Tolerance: %1.', Private.tolerance(report.tolerance))}
            </p>
          </>
        )
      ) : original.length === 0 && references.length === 0 ? (
        <p className="jp-Modernizer-message jp-mod-quiet">
          {trans.__('The saved outputs print no score.')}
        </p>
      ) : (
        <SavedScores scores={original} positionOf={positionOf} />
      )}
      {!report && references.length > 0 && (
        <ul className="jp-Modernizer-references">
          {references.map((reference, i) => (
            <li key={i}>
              {reference.direction === 'lower'
                ? trans.__(
                    'reference %1: %2 (lower is better)',
                    reference.metric,
                    reference.value
                  )
                : trans.__(
                    'reference %1: %2 (higher is better)',
                    reference.metric,
                    reference.value
                  )}
            </li>
          ))}
        </ul>
      )}
      <ReferenceForm onAdd={reference => review.addReference(reference)} />
    </Section>
  );
}

/** Before a run: the saved scores only. */
function SavedScores({
  scores,
  positionOf
}: {
  scores: readonly IScore[];
  positionOf: (cellId: string) => number;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  return (
    <div className="jp-Modernizer-scoreTableWrapper">
      <table className="jp-Modernizer-scoreTable">
        <thead>
          <tr>
            <th>{trans.__('Cell')}</th>
            <th>{trans.__('Metric')}</th>
            <th className="jp-Modernizer-number">{trans.__('Saved')}</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((score, i) => (
            <tr key={i} data-metric={score.metric}>
              <td>{positionOf(score.cellId)}</td>
              <td className="jp-Modernizer-scoreMetric" title={score.label}>
                {score.metric}
                {!score.seeded && <Unseeded because={score.unseededBecause} />}
              </td>
              <td className="jp-Modernizer-number">{score.printed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** After a run: the comparison, one row per score. */
function ScoreTable({
  rows,
  positionOf
}: {
  rows: readonly IScoreRow[];
  positionOf: (cellId: string) => number;
}): JSX.Element {
  const trans = useContext(TranslationContext);
  return (
    <div className="jp-Modernizer-scoreTableWrapper">
      <table className="jp-Modernizer-scoreTable">
        <thead>
          <tr>
            <th>{trans.__('Cell')}</th>
            <th>{trans.__('Metric')}</th>
            <th className="jp-Modernizer-number">{trans.__('Original')}</th>
            <th className="jp-Modernizer-number">{trans.__('Now')}</th>
            <th className="jp-Modernizer-number" title={trans.__('Deviation')}>
              {trans.__('Dev.')}
            </th>
            <th title={trans.__('Within tolerance')}>{trans.__('OK')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={i}
              data-metric={row.metric}
              data-basis={row.basis}
              data-within={row.withinTolerance}
              title={row.note}
            >
              <td>{row.cellId ? positionOf(row.cellId) || '' : ''}</td>
              <td className="jp-Modernizer-scoreMetric" title={row.label}>
                {row.basis === 'reference'
                  ? trans.__('%1 (ref.)', row.metric)
                  : row.metric}
                {!row.seeded && <Unseeded />}
              </td>
              <td className="jp-Modernizer-number">
                {Private.value(row.original)}
              </td>
              <td className="jp-Modernizer-number">
                {row.now === null ? '—' : nowText(row, Private.value)}
              </td>
              <td className="jp-Modernizer-number">{Private.deviation(row)}</td>
              <td
                className={`jp-Modernizer-within ${row.withinTolerance ? 'jp-mod-ok' : 'jp-mod-error'}`}
              >
                {row.withinTolerance ? '✓' : '✗'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Unseeded({ because }: { because?: string }): JSX.Element {
  const trans = useContext(TranslationContext);
  return (
    <span
      className="jp-Modernizer-unseeded"
      title={
        because
          ? trans.__(
              'Unseeded randomness (%1): the score may move from run to run.',
              because
            )
          : trans.__('Unseeded randomness: the score may move from run to run.')
      }
    >
      {trans.__('unseeded')}
    </span>
  );
}

namespace Private {
  export function value(n: number): string {
    return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(4)));
  }

  export function deviation(row: IScoreRow): string {
    if (row.deviation === null) {
      return '—';
    }
    const sign = row.deviation > 0 ? '+' : '';
    return row.mode === 'relative'
      ? `${sign}${(row.deviation * 100).toFixed(1)}%`
      : `${sign}${value(row.deviation)}`;
  }

  export function tolerance(t: { mode: string; value: number }): string {
    return t.mode === 'relative' ? `±${t.value * 100}%` : `±${t.value}`;
  }
}
