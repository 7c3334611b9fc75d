import {
  computesMetric,
  metricOfExpression,
  metricSpec,
  type IMetricSpec
} from './metrics';

/**
 * Names assigned from a metric, with what they hold: a metric's value (`acc =
 * accuracy_score(...)`), cross-validation scores (`scores = cross_val_score(...)`, whose mean
 * is a score), or something a metric call made that is not one value (`a, b = ...`): null.
 */
export type MetricNames = Map<string, IMetricSpec | 'cv' | null>;

/** Adds the names a cell's code (strings blanked) assigns from a metric. */
export function collectMetricNames(program: string, names: MetricNames): void {
  for (const found of program.matchAll(
    /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*=(?!=)(.*)$/gm
  )) {
    const [, targets, value] = found;
    if (!computesMetric(value)) {
      continue;
    }
    const list = targets.split(',').map(name => name.trim());
    const held =
      list.length > 1
        ? null
        : (metricOfExpression(value) ??
          (Private.CV_SCORES.test(value) ? 'cv' : null));
    for (const name of list) {
      names.set(name, held);
    }
  }
}

/**
 * The metric whose value an expression is: a metric call (`clf.score(X, y)`), a name that
 * holds one (`rf_auc`), or the mean of cross-validation scores (`np.mean(scores)`,
 * `scores.mean()`).
 */
export function metricOfValue(
  expression: string,
  names: MetricNames
): IMetricSpec | undefined {
  const direct = metricOfExpression(expression);
  if (direct) {
    return direct;
  }
  const trimmed = expression
    .trim()
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  const named = /^[A-Za-z_]\w*$/.test(trimmed) ? names.get(trimmed) : undefined;
  if (named && named !== 'cv') {
    return named;
  }
  const mean =
    /^(?:(?:np|numpy|statistics)\.)?(?:mean|average)\(\s*([A-Za-z_]\w*)\s*\)$/.exec(
      trimmed
    ) ?? /^([A-Za-z_]\w*)\.mean\(\s*\)$/.exec(trimmed);
  const held = mean ? names.get(mean[1]) : undefined;
  if (held === 'cv') {
    return metricSpec('cv_mean');
  }
  // The mean of a list of accuracies is an accuracy.
  return held ?? undefined;
}

namespace Private {
  export const CV_SCORES = /\bcross_val_score\s*\(/;
}
