// What is printed beside a metric's name but is not its value: a model's internals, counts,
// shapes and timings ("Feature importance score", "Number of CV scores", "Score time").

/**
 * Words that make a phrase name something other than a metric's value, even when the phrase
 * holds a metric's name. Checked only within the metric name's own phrase (see `phraseAt`).
 */
const NOT_A_VALUE = new RegExp(
  [
    // Model internals.
    /\bimportances?\b/,
    /\bcoef(?:ficient)?s?\b(?!\s+of\s+determination)/,
    /\bweights?\b/,
    /\bintercepts?\b/,
    /\bp[\s_-]?values?\b/,
    /\bstatistics?\b/,
    /\bthresholds?\b/,
    /\bfeature[\s_-]+scores?\b/,
    // Counts and shapes.
    /\bnumber\b/,
    /\bcounts?\b/,
    /\bshapes?\b/,
    /\bsizes?\b/,
    /\blen(?:gth)?\b/,
    /#/,
    // Timings.
    /\btimes?\b/,
    /\bseconds?\b/,
    /\bduration\b/,
    /\belapsed\b/,
    /\bruntime\b/
  ]
    .map(pattern => pattern.source)
    .join('|'),
  'i'
);

/** Where a phrase ends: punctuation, a digit, or a word that starts a qualifier. */
const BOUNDARY =
  /[\d:=,;()[\]{}|]|\b(?:with|on|for|using|at|after|over|in|by|per|from|when|and)\b/gi;

/**
 * The phrase a metric's name at [start, end) of `label` belongs to: `Feature importance
 * score` in `Feature importance score: 0.23`, `Accuracy` in `Accuracy with uniform weights`.
 */
export function phraseAt(label: string, start: number, end: number): string {
  let from = 0;
  let to = label.length;
  for (const found of label.matchAll(BOUNDARY)) {
    const at = found.index;
    if (at + found[0].length <= start) {
      from = at + found[0].length;
    } else if (at >= end) {
      to = at;
      break;
    }
  }
  return label.slice(from, to);
}

/** Whether the phrase of a metric's name names an internal, a count, a shape or a timing. */
export function namesNoValue(
  label: string,
  start: number,
  end: number
): boolean {
  return NOT_A_VALUE.test(phraseAt(label, start, end));
}

/**
 * A line of a fit's or a search's progress log: `Iteration 12, loss = 0.31` (verbose
 * estimators), `-- Epoch 3`, `[CV] C=1 ... score=0.93` and `[Parallel(n_jobs=2)]` (verbose
 * searches), `[12]  validation_0-rmse:0.51` (boosting). The state of the work as it goes,
 * whose format changes between versions, not a score of the fitted model.
 */
export function isProgressLine(line: string): boolean {
  return PROGRESS.test(line);
}

const PROGRESS =
  /^\s*(?:(?:-+\s*)?(?:iter(?:ation)?|epoch|step)\s*[#:]?\s*\d+|\[(?:CV\b|Parallel\(|\d+\]))/i;
