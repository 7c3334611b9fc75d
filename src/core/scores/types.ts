import type * as nbformat from '@jupyterlab/nbformat';

/** Which way a score is better. */
export type ScoreDirection = 'higher' | 'lower';

/** A cell as score extraction reads it: saved outputs, or the outputs of a run. */
export interface IScoreCell {
  readonly id: string;
  /** Index in the notebook, all cell types counted. */
  readonly index: number;
  readonly source: string;
  readonly outputs: readonly nbformat.IOutput[];
  /** When given, only `code` cells are read (a markdown cell's prose is not code). */
  readonly cellType?: string;
}

/** Where a score was printed. */
export interface IScoreSpan {
  /** Index of the output the number starts in (stdout chunks are read as one text). */
  outputIndex: number;
  /** Offsets of the number in that output's text (a stream's text, or text/plain). */
  start: number;
  end: number;
  /** The whole printed line, for display. */
  line: string;
}

/** A score a cell printed. */
export interface IScore {
  cellId: string;
  cellIndex: number;
  /** Normalised name: accuracy, roc_auc, rmse, mse, mae, r2, f1, cv_mean, inertia, score, ... */
  metric: string;
  /** As printed, e.g. 'Validation accuracy' (for a bare result, the expression). */
  label: string;
  /** The value; a percentage of a bounded metric is read as a fraction (81.2% is 0.812). */
  value: number;
  /** The number as printed, e.g. '0.9474' or '81.2%'. */
  printed: string;
  direction: ScoreDirection;
  /** 1 for the first score with this metric in the cell, 2 for the next, ... */
  occurrence: number;
  /**
   * False when this cell or an earlier one uses randomness without a seed: the score may
   * move from run to run, which is not drift.
   */
  seeded: boolean;
  /** Why `seeded` is false, e.g. "RandomForestClassifier() without random_state (cell 12)". */
  unseededBecause?: string;
  span: IScoreSpan;
  /** Over several verification runs, `value` is their mean: the runs and the spread. */
  runs?: number;
  spread?: number;
}

/** A score the user typed in (e.g. a leaderboard score) to compare with what is printed now. */
export interface IReference {
  /** The cell that prints the score; without it, the last score with this metric counts. */
  cellId?: string;
  metric: string;
  value: number;
  direction: ScoreDirection;
  /** Shown in the table; defaults to "reference <metric>". */
  label?: string;
}

/**
 * How far a score may move and still count as reproduced. The default is the study's:
 * relative, 10%, the same both ways.
 */
export interface ITolerance {
  mode: 'relative' | 'absolute';
  /** 0.10 is 10% in relative mode, 0.10 units in absolute mode. */
  value: number;
  /** A score that got better (accuracy up, RMSE down) always passes. Default false. */
  directionAware?: boolean;
}

/** An original score and the score printed now in its place (null: not printed now). */
export interface IScoreComparison {
  original: IScore;
  current: IScore | null;
  /** `key`: same cell and metric, then same label or occurrence; `label`: same cell and label. */
  matchedBy: 'key' | 'label' | null;
}

/** One row of the scores table. */
export interface IScoreRow {
  /** The saved output, or a reference the user typed in. */
  basis: 'saved' | 'reference';
  cellId: string;
  cellIndex: number;
  metric: string;
  label: string;
  direction: ScoreDirection;
  original: number;
  /** Null when the score is not printed now; over several runs, their mean. */
  now: number | null;
  /** Over several runs: the standard deviation of `now`, and how many runs printed it. */
  spread?: number;
  runs?: number;
  /** Signed: (now - original) / |original| in relative mode, now - original in absolute. */
  deviation: number | null;
  /** The mode the deviation is in: relative falls back to absolute for an original of 0. */
  mode: ITolerance['mode'];
  withinTolerance: boolean;
  /** False when either run used unseeded randomness before this score. */
  seeded: boolean;
  /** Why the row is what it is, when that is not plain (missing, NaN, absolute fallback). */
  note?: string;
}

/** The scores table and its verdict. */
export interface IScoreReport {
  rows: IScoreRow[];
  /** Every row within tolerance (true when there is nothing to compare). */
  allWithin: boolean;
  tolerance: ITolerance;
}
