import { argumentsAt, withoutComments } from './python-source';

/** A source that draws random numbers, and what makes it repeatable. */
interface IRandomSource {
  /** Matches the call; group 1 names it for the user. */
  call: RegExp;
  /** Arguments that make this call deterministic; without it, only a global seed does. */
  seededBy?: RegExp;
  /** The global seed call that also seeds it. */
  globalSeed: 'numpy' | 'python';
}

const RANDOM_STATE = /\brandom_state\s*=\s*(?!None\b)[^\s,)]/;

/**
 * Randomness that moves a printed score from run to run. scikit-learn and pandas draw from
 * numpy's global generator when `random_state` is None, so `np.random.seed` seeds them too.
 */
const RANDOM_SOURCES: readonly IRandomSource[] = [
  {
    call: /\b(train_test_split)\s*\(/g,
    seededBy: new RegExp(`${RANDOM_STATE.source}|\\bshuffle\\s*=\\s*False\\b`),
    globalSeed: 'numpy'
  },
  {
    call: /\b(RandomForest(?:Classifier|Regressor)|ExtraTrees(?:Classifier|Regressor)|GradientBoosting(?:Classifier|Regressor)|Bagging(?:Classifier|Regressor)|IsolationForest|(?:MiniBatch)?KMeans|SGD(?:Classifier|Regressor)|MLP(?:Classifier|Regressor)|TSNE|GaussianMixture|RandomizedSearchCV|(?:Stratified)?ShuffleSplit|RepeatedK?Fold|RepeatedStratifiedKFold)\s*\(/g,
    seededBy: RANDOM_STATE,
    globalSeed: 'numpy'
  },
  {
    // scikit-learn's data generators: `make_regression(noise=5)` is other data each run.
    call: /\b(make_(?:classification|regression|blobs|moons|circles|friedman[123]|gaussian_quantiles|hastie_10_2|multilabel_classification|s_curve|swiss_roll|sparse_uncorrelated|low_rank_matrix|biclusters|checkerboard))\s*\(/g,
    seededBy: RANDOM_STATE,
    globalSeed: 'numpy'
  },
  {
    // Folds are random only when shuffled.
    call: /\b((?:Stratified|Group)?KFold)\s*\((?=[^()]*\bshuffle\s*=\s*True)/g,
    seededBy: RANDOM_STATE,
    globalSeed: 'numpy'
  },
  {
    call: /\b((?:np|numpy)\.random\.(?:rand|randn|randint|random|random_sample|permutation|shuffle|choice|normal|uniform|binomial|poisson|exponential|multivariate_normal))\s*\(/g,
    globalSeed: 'numpy'
  },
  {
    call: /(?<![\w.])(random\.(?:random|shuffle|choices?|randint|randrange|sample|uniform|gauss))\s*\(/g,
    globalSeed: 'python'
  },
  {
    call: /(?<!\brandom)(\.sample)\s*\(/g,
    seededBy: RANDOM_STATE,
    globalSeed: 'numpy'
  }
];

const GLOBAL_SEEDS = {
  numpy: /\b(?:np|numpy)\.random\.seed\s*\(/,
  python: /(?<![\w.])random\.seed\s*\(/
};

/** A code cell's position and source, in notebook order. */
export interface ISeedingCell {
  index: number;
  source: string;
}

/**
 * For each cell index, the first unseeded randomness in that cell or an earlier one
 * (e.g. "RandomForestClassifier() without random_state (cell 12)"); null when there is none.
 */
export function unseededRandomness(
  cells: readonly ISeedingCell[]
): Map<number, string | null> {
  const result = new Map<number, string | null>();
  const seeded = { numpy: false, python: false };
  let reason: string | null = null;
  for (const cell of cells) {
    const code = withoutComments(cell.source);
    if (reason === null) {
      reason = Private.firstUnseeded(code, cell.index, seeded);
    }
    for (const kind of ['numpy', 'python'] as const) {
      seeded[kind] ||= GLOBAL_SEEDS[kind].test(code);
    }
    result.set(cell.index, reason);
  }
  return result;
}

namespace Private {
  /** The first random call in `code` that nothing seeds, described; else null. */
  export function firstUnseeded(
    code: string,
    cellIndex: number,
    seededBefore: { numpy: boolean; python: boolean }
  ): string | null {
    let first: { at: number; text: string } | null = null;
    for (const source of RANDOM_SOURCES) {
      for (const found of code.matchAll(source.call)) {
        const open = found.index + found[0].length - 1;
        const args = argumentsAt(code, open);
        if (
          source.seededBy?.test(args) ||
          seededBefore[source.globalSeed] ||
          seedBefore(code, found.index, source.globalSeed)
        ) {
          continue;
        }
        if (!first || found.index < first.at) {
          const without = source.seededBy
            ? 'without random_state'
            : 'without a seed';
          first = { at: found.index, text: `${found[1]}() ${without}` };
        }
      }
    }
    return first && `${first.text} (cell ${cellIndex + 1})`;
  }

  /** Whether a global seed call comes before `offset` in the same cell. */
  function seedBefore(
    code: string,
    offset: number,
    kind: 'numpy' | 'python'
  ): boolean {
    const found = GLOBAL_SEEDS[kind].exec(code);
    return found !== null && found.index < offset;
  }
}
