import type { IScore, IScoreRow } from './types';

/**
 * The scores of several runs of the same notebook as one list: each score of the first
 * run with the mean of its values over the runs that printed it, and their spread (the
 * population standard deviation). A single run is returned as it is.
 */
export function meanScores(runs: readonly (readonly IScore[])[]): IScore[] {
  const [first = [], ...others] = runs;
  if (others.length === 0) {
    return [...first];
  }
  const key = (score: IScore) =>
    `${score.cellId}\u0000${score.metric}\u0000${score.occurrence}`;
  const values = new Map<string, number[]>(
    first.map(score => [key(score), [score.value]])
  );
  for (const run of others) {
    for (const score of run) {
      values.get(key(score))?.push(score.value);
    }
  }
  return first.map(score => {
    const all = values.get(key(score))!;
    const mean = all.reduce((sum, value) => sum + value, 0) / all.length;
    const variance =
      all.reduce((sum, value) => sum + (value - mean) ** 2, 0) / all.length;
    return {
      ...score,
      value: mean,
      spread: Math.sqrt(variance),
      runs: all.length
    };
  });
}

/** A row's score now as people read it: `0.8`, or `0.8 ± 0.1 (3 runs)` over several runs. */
export function nowText(
  row: Pick<IScoreRow, 'now' | 'spread' | 'runs'>,
  format: (value: number) => string = String
): string {
  if (row.now === null) {
    return 'not printed';
  }
  return row.runs && row.runs > 1
    ? `${format(row.now)} ± ${format(row.spread ?? 0)} (${row.runs} runs)`
    : format(row.now);
}
