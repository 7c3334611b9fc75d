import type { IReference, IScore, IScoreReport } from '../../core';
import { StateModel } from '../state-model';

/** What the scores section shows. */
export interface IScoresState {
  /** The scores in the saved outputs of the original notebook. */
  original: readonly IScore[];
  /** The comparison with the scores printed now; null before a run. */
  report: IScoreReport | null;
  /** Scores the user typed in. */
  references: readonly IReference[];
}

/** The scores of one notebook: saved, typed in, and compared after a run. */
export class ScoresModel extends StateModel<IScoresState> {
  constructor() {
    super({ original: [], report: null, references: [] });
  }
}
