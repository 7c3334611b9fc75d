import type { IReference, IScore, IScoreComparison } from './types';

/**
 * Pairs each original score with the score printed in its place now. In order of trust:
 * same cell, metric and label (the n-th of that label), then same cell, metric and
 * occurrence (a label that printed a changed number, e.g. "(10 trees)"), then same cell
 * and label (a metric read differently). Each current score is used once; an original with
 * no counterpart gets `current: null`.
 */
export function matchScores(
  original: readonly IScore[],
  current: readonly IScore[]
): IScoreComparison[] {
  const used = new Set<IScore>();
  const pairs: IScoreComparison[] = original.map(score => ({
    original: score,
    current: null,
    matchedBy: null
  }));
  const labels = new Map([
    ...Private.labelKeys(original),
    ...Private.labelKeys(current)
  ]);
  const passes: [key: (score: IScore) => string, by: 'key' | 'label'][] = [
    [s => `${s.metric}\n${labels.get(s)}`, 'key'],
    [s => `${s.metric}\n${s.occurrence}`, 'key'],
    [s => labels.get(s)!, 'label']
  ];
  for (const [key, by] of passes) {
    const available = new Map<string, IScore>();
    for (const score of current) {
      const id = `${score.cellId}\n${key(score)}`;
      if (!used.has(score) && !available.has(id)) {
        available.set(id, score);
      }
    }
    for (const pair of pairs) {
      if (pair.current) {
        continue;
      }
      const found = available.get(
        `${pair.original.cellId}\n${key(pair.original)}`
      );
      if (found && !used.has(found)) {
        used.add(found);
        pair.current = found;
        pair.matchedBy = by;
      }
    }
  }
  return pairs;
}

/**
 * The score printed now that a reference stands for: in its cell when it names one, else
 * anywhere; the last with its metric, as a notebook's final result is usually printed last.
 */
export function matchReference(
  reference: IReference,
  current: readonly IScore[]
): IScore | null {
  const candidates = current.filter(
    score =>
      score.metric === reference.metric &&
      (reference.cellId === undefined || score.cellId === reference.cellId)
  );
  return candidates[candidates.length - 1] ?? null;
}

namespace Private {
  /** 'test accuracy\n2' for the second "Test accuracy" of its cell. */
  export function labelKeys(scores: readonly IScore[]): Map<IScore, string> {
    const keys = new Map<IScore, string>();
    const seen = new Map<string, number>();
    for (const score of scores) {
      const label = score.label.toLowerCase().replace(/\s+/g, ' ').trim();
      const n = (seen.get(`${score.cellId}\n${label}`) ?? 0) + 1;
      seen.set(`${score.cellId}\n${label}`, n);
      keys.set(score, `${label}\n${n}`);
    }
    return keys;
  }
}
