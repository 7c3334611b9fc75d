import { matchReference, matchScores } from './match';
import type {
  IReference,
  IScore,
  IScoreReport,
  IScoreRow,
  ITolerance,
  ScoreDirection
} from './types';

/** The study's tolerance: a score within 10% of the original, either way, is reproduced. */
export const DEFAULT_TOLERANCE: Readonly<ITolerance> = Object.freeze({
  mode: 'relative',
  value: 0.1,
  directionAware: false
});

/** What to compare the scores printed now with, and how closely. */
export interface ICompareOptions {
  /** Merged over DEFAULT_TOLERANCE. */
  tolerance?: Partial<ITolerance>;
  /** Scores the user typed in; each adds a row. */
  references?: readonly IReference[];
}

/** How one score moved. */
export interface IDeviation {
  /** Signed, in `mode`; null when it cannot be computed (a NaN). */
  deviation: number | null;
  mode: ITolerance['mode'];
  withinTolerance: boolean;
  note?: string;
}

/**
 * The scores table: each saved score against the score printed in its place now, then each
 * reference against the score it stands for. All within tolerance means reproduced.
 */
export function compareScores(
  original: readonly IScore[],
  current: readonly IScore[],
  options: ICompareOptions = {}
): IScoreReport {
  const tolerance = { ...DEFAULT_TOLERANCE, ...options.tolerance };
  if (!(tolerance.value >= 0)) {
    throw new RangeError(
      `A tolerance must be a number of at least 0, not ${tolerance.value}.`
    );
  }
  const rows: IScoreRow[] = matchScores(original, current).map(
    ({ original: saved, current: now }) =>
      Private.row('saved', saved, saved.value, now, tolerance)
  );
  for (const reference of options.references ?? []) {
    const now = matchReference(reference, current);
    const target = {
      cellId: now?.cellId ?? reference.cellId ?? '',
      cellIndex: now?.cellIndex ?? -1,
      metric: reference.metric,
      label: reference.label ?? `reference ${reference.metric}`,
      direction: reference.direction,
      seeded: true
    };
    rows.push(
      Private.row('reference', target, reference.value, now, tolerance)
    );
  }
  return { rows, allWithin: rows.every(row => row.withinTolerance), tolerance };
}

/**
 * How far `now` is from `original`, and whether that is within tolerance. Relative mode
 * divides by |original|; an original of 0 has no relative scale, so it falls back to the
 * absolute difference with the same value. Direction-aware, a better score always passes.
 */
export function deviationOf(
  original: number,
  now: number,
  direction: ScoreDirection,
  tolerance: ITolerance
): IDeviation {
  if (Number.isNaN(original)) {
    return {
      deviation: null,
      mode: tolerance.mode,
      withinTolerance: false,
      note: 'the saved score is not a number (nan)'
    };
  }
  if (Number.isNaN(now)) {
    return {
      deviation: null,
      mode: tolerance.mode,
      withinTolerance: false,
      note: 'the score is not a number (nan) now'
    };
  }
  const zero = tolerance.mode === 'relative' && original === 0;
  const mode = zero ? 'absolute' : tolerance.mode;
  const difference = now - original;
  const deviation =
    mode === 'relative' ? difference / Math.abs(original) : difference;
  // Printed scores are rounded: a deviation of exactly the tolerance counts as within.
  const close = Math.abs(deviation) <= tolerance.value + Private.EPSILON;
  const better = direction === 'higher' ? difference > 0 : difference < 0;
  const notes: string[] = [];
  if (zero) {
    notes.push(
      `the saved score is 0, so the difference is compared in absolute terms (at most ${tolerance.value})`
    );
  }
  if (!close && better && tolerance.directionAware) {
    notes.push('better than the saved score');
  }
  return {
    deviation,
    mode,
    withinTolerance: close || (better && Boolean(tolerance.directionAware)),
    ...(notes.length ? { note: notes.join('; ') } : {})
  };
}

namespace Private {
  export const EPSILON = 1e-9;

  type Target = Pick<
    IScore,
    'cellId' | 'cellIndex' | 'metric' | 'label' | 'direction' | 'seeded'
  > &
    Partial<Pick<IScore, 'unseededBecause'>>;

  /** One table row: `target` is where the original score stands, `now` its counterpart. */
  export function row(
    basis: IScoreRow['basis'],
    target: Target,
    original: number,
    now: IScore | null,
    tolerance: ITolerance
  ): IScoreRow {
    const base = {
      basis,
      cellId: target.cellId,
      cellIndex: target.cellIndex,
      metric: target.metric,
      label: target.label,
      direction: target.direction,
      original
    };
    const seeded = target.seeded && (now?.seeded ?? true);
    const unseeded = seeded
      ? []
      : [
          `unseeded randomness (${target.unseededBecause ?? now?.unseededBecause}): ` +
            'the score may move from run to run'
        ];
    if (!now) {
      const missing =
        basis === 'saved'
          ? 'not printed now: the cell did not print this score'
          : `not printed now: no ${target.metric} score${target.cellId ? ' in that cell' : ''}`;
      return {
        ...base,
        now: null,
        deviation: null,
        mode: tolerance.mode,
        withinTolerance: false,
        seeded,
        note: [missing, ...unseeded].join('; ')
      };
    }
    const { note, ...moved } = deviationOf(
      original,
      now.value,
      target.direction,
      tolerance
    );
    const notes = [...(note ? [note] : []), ...unseeded];
    return {
      ...base,
      now: now.value,
      ...(now.runs ? { spread: now.spread, runs: now.runs } : {}),
      ...moved,
      seeded,
      ...(notes.length ? { note: notes.join('; ') } : {})
    };
  }
}
