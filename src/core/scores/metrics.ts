import { namesNoValue } from './internals';
import type { ScoreDirection } from './types';

/** One metric: how a printed label names it, which calls compute it, which way is better. */
export interface IMetricSpec {
  metric: string;
  direction: ScoreDirection;
  /** Matches the metric's name in a printed label (case-insensitive). */
  label: RegExp;
  /** Matches a call in the source that computes it. */
  call?: RegExp;
  /** Values it can take; a number outside is not this metric (a count, a percentage). */
  range?: readonly [number, number];
  /** A generic word (score, CV score): used only when no specific metric is named. */
  generic?: boolean;
}

const UNIT: readonly [number, number] = [0, 1];
const SIGNED_UNIT: readonly [number, number] = [-1, 1];
const NON_NEGATIVE: readonly [number, number] = [0, Infinity];

/**
 * The metrics we recognise. Order breaks ties: when a label or an expression names two,
 * the earlier entry wins (rmse before mse: `sqrt(mean_squared_error(...))` is an RMSE).
 */
export const METRICS: readonly IMetricSpec[] = [
  {
    metric: 'roc_auc',
    direction: 'higher',
    label:
      /\b(?:roc[\s_-]*)?auc\b|\bau[\s_-]?roc\b|\barea under (?:the )?(?:roc )?curve\b/i,
    call: /\broc_auc_score\s*\(|\bauc\s*\(/,
    range: UNIT
  },
  {
    metric: 'balanced_accuracy',
    direction: 'higher',
    label: /\bbalanced[\s_-]acc(?:uracy)?\b/i,
    call: /\bbalanced_accuracy_score\s*\(/,
    range: UNIT
  },
  {
    metric: 'accuracy',
    direction: 'higher',
    label: /\b(?:val_)?acc(?:urac(?:y|ies))?\b/i,
    call: /\baccuracy_score\s*\(/,
    range: UNIT
  },
  {
    metric: 'rmse',
    direction: 'lower',
    label: /\brmse\b|\broot[\s_-]mean[\s_-]squared?[\s_-]error\b/i,
    call: /\broot_mean_squared_error\s*\(|\bsqrt\s*\(\s*(?:-\s*)?(?:[\w.]+\.)?mean_squared_error\s*\(|\bmean_squared_error\s*\([^()]*squared\s*=\s*False/,
    range: NON_NEGATIVE
  },
  {
    metric: 'mse',
    direction: 'lower',
    label: /\bmse\b|\bmean[\s_-]squared[\s_-]error\b/i,
    call: /\bmean_squared_error\s*\(/,
    range: NON_NEGATIVE
  },
  {
    metric: 'mae',
    direction: 'lower',
    label: /\bmae\b|\bmean[\s_-]absolute[\s_-]error\b/i,
    call: /\bmean_absolute_error\s*\(/,
    range: NON_NEGATIVE
  },
  {
    // An error rate, `1 - accuracy` or a model's error on a set: not `standard error`.
    metric: 'error',
    direction: 'lower',
    label:
      /\b(?:test|train(?:ing)?|validation|cv|generali[sz]ation|(?:mis)?classification|prediction|oob|out[\s_-]of[\s_-]bag)[\s_-]error\b|\berror[\s_-]rate\b/i,
    range: NON_NEGATIVE
  },
  {
    metric: 'r2',
    direction: 'higher',
    label:
      /\br(?:\^|\*\*)?2\b|\br[\s_-]?squared\b|\bcoefficient of determination\b/i,
    call: /\br2_score\s*\(/,
    range: [-Infinity, 1]
  },
  {
    // classification_report's rows; its old `avg / total` row was the weighted average.
    metric: 'f1_weighted',
    direction: 'higher',
    label:
      /\bweighted[\s_-]?(?:avg[\s_-]?|average[\s_-]?)?f1\b|\bf1[\s_-]weighted\b/i,
    call: /\bf1_score\s*\([^()]*average\s*=\s*['"]weighted/,
    range: UNIT
  },
  {
    metric: 'f1_macro',
    direction: 'higher',
    label:
      /\bmacro[\s_-]?(?:avg[\s_-]?|average[\s_-]?)?f1\b|\bf1[\s_-]macro\b/i,
    call: /\bf1_score\s*\([^()]*average\s*=\s*['"]macro/,
    range: UNIT
  },
  {
    metric: 'f1',
    direction: 'higher',
    label: /\bf1(?:[\s_-]?score)?\b|\bf[\s_-]?(?:measure|score)\b/i,
    call: /\bf1_score\s*\(/,
    range: UNIT
  },
  {
    metric: 'precision',
    direction: 'higher',
    label: /\bprecision\b/i,
    call: /\bprecision_score\s*\(/,
    range: UNIT
  },
  {
    metric: 'recall',
    direction: 'higher',
    label: /\brecall\b|\bsensitivity\b/i,
    call: /\brecall_score\s*\(/,
    range: UNIT
  },
  {
    metric: 'log_loss',
    direction: 'lower',
    label: /\blog[\s_-]?loss\b|\bcross[\s_-]?entropy\b/i,
    call: /\blog_loss\s*\(/,
    range: NON_NEGATIVE
  },
  {
    // Keras: `model.evaluate` and training logs.
    metric: 'loss',
    direction: 'lower',
    label: /\b(?:val_)?loss\b/i,
    range: NON_NEGATIVE
  },
  {
    metric: 'mcc',
    direction: 'higher',
    label: /\bmcc\b|\bmatthews\b/i,
    call: /\bmatthews_corrcoef\s*\(/,
    range: SIGNED_UNIT
  },
  {
    metric: 'silhouette',
    direction: 'higher',
    label: /\bsilhouette\b/i,
    call: /\bsilhouette_score\s*\(/,
    range: SIGNED_UNIT
  },
  {
    metric: 'inertia',
    direction: 'lower',
    label: /\binertia\b|\bwcss\b|\bwithin[\s-]cluster sum of squares\b/i,
    call: /\.inertia_\b/,
    range: NON_NEGATIVE
  },
  {
    metric: 'best_score',
    direction: 'higher',
    label:
      /\bbest[\s_-](?:cv[\s_-]|cross[\s_-]?validat\w*[\s_-]|mean[\s_-])?score_?\b/i,
    call: /\.best_score_\b/,
    generic: true
  },
  {
    metric: 'cv_mean',
    direction: 'higher',
    label:
      /\b(?:mean[\s_-])?(?:cv|cross[\s_-]?val(?:idation|idated)?)[\s_-](?:mean[\s_-])?scores?\b|\bmean[\s_-]scores?\b/i,
    call: /\bcross_val_score\s*\([\s\S]*\)\s*\.mean\s*\(\s*\)/,
    generic: true
  },
  {
    metric: 'score',
    direction: 'higher',
    label: /\bscores?\b/i,
    call: /\.score\s*\(/,
    generic: true
  }
];

/** Calls after which a cell's printed numbers may be scores, beside the metrics' own. */
const SCORING_CALLS: readonly RegExp[] = [
  /\bclassification_report\s*\(/,
  /\bcross_val_score\s*\(/,
  /\bcross_validate\s*\(/,
  /\.grid_scores_\b/,
  /\.cv_results_\b/,
  /\.evaluate\s*\(/
];

/** Any metric's name, to pass over most printed text quickly. */
const ANY_METRIC = new RegExp(
  METRICS.map(spec => spec.label.source).join('|'),
  'i'
);

/**
 * The metric a printed label names: the specific one nearest its end, else a generic one.
 * A name whose phrase names something else (`Feature importance score`, `Score time`) does
 * not count.
 */
export function metricInLabel(label: string): IMetricSpec | undefined {
  if (!ANY_METRIC.test(label)) {
    return undefined;
  }
  const named = (generic: boolean) => {
    let best: { spec: IMetricSpec; end: number; start: number } | undefined;
    for (const spec of METRICS) {
      if (Boolean(spec.generic) !== generic) {
        continue;
      }
      for (const found of label.matchAll(Private.global(spec.label))) {
        const start = found.index;
        const end = start + found[0].length;
        if (namesNoValue(label, start, end)) {
          continue;
        }
        // Nearest the number wins; at the same end, the longer name ("root mean squared").
        if (
          !best ||
          end > best.end ||
          (end === best.end && start < best.start)
        ) {
          best = { spec, end, start };
        }
      }
    }
    return best?.spec;
  };
  return named(false) ?? named(true);
}

/** Whether text ends with a metric's name, then `=` when `then` is '=' (`Log loss =`). */
export function endsWithMetricName(text: string, then: '' | '='): boolean {
  return METRICS.some(spec => Private.atEnd(spec.label, then).test(text));
}

/** The metric an expression computes (`accuracy_score(y, p)`, `clf.score(X, y)`), if any. */
export function metricOfExpression(
  expression: string
): IMetricSpec | undefined {
  return METRICS.find(spec => spec.call?.test(expression));
}

/** Whether a source computes a metric, so that numbers its cell prints may be scores. */
export function computesMetric(source: string): boolean {
  return (
    METRICS.some(spec => spec.call?.test(source)) ||
    SCORING_CALLS.some(call => call.test(source))
  );
}

/** The spec of a normalised metric name. */
export function metricSpec(metric: string): IMetricSpec | undefined {
  return METRICS.find(spec => spec.metric === metric);
}

namespace Private {
  const cache = new Map<RegExp, RegExp>();
  const ends = new Map<string, RegExp>();

  /** The label pattern anchored at the end of the text, optionally followed by `=`. */
  export function atEnd(label: RegExp, then: '' | '='): RegExp {
    const key = label.source + then;
    let found = ends.get(key);
    if (!found) {
      // `('Accuracy', 0.81)`: Python 2 printed a tuple.
      const after = then ? '\\s*=\\s*' : `['"]?,?\\s*`;
      found = new RegExp(`(?:${label.source})${after}$`, 'i');
      ends.set(key, found);
    }
    return found;
  }

  /** The same pattern with the `g` flag, for matchAll. */
  export function global(pattern: RegExp): RegExp {
    let found = cache.get(pattern);
    if (!found) {
      found = new RegExp(pattern.source, pattern.flags + 'g');
      cache.set(pattern, found);
    }
    return found;
  }
}
