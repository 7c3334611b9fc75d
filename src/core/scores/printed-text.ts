import { isProgressLine } from './internals';
import {
  endsWithMetricName,
  metricInLabel,
  metricSpec,
  type IMetricSpec
} from './metrics';

/** A score found in printed text, before it is tied to a cell. */
export interface IPrintedScore {
  spec: IMetricSpec;
  label: string;
  value: number;
  printed: string;
  /** Offsets of the number in the text. */
  start: number;
  end: number;
  line: string;
}

/**
 * Scores in printed text, line by line: `Accuracy: 0.81`, `RMSE = 3.2`, `AUC 0.75`,
 * `k = 3   inertia = 3128.3`, a classification_report's accuracy and averaged F1, and
 * grid-search lines `0.930 (+/-0.056) for {'C': 1}`. A number counts only when a metric's
 * name leads up to it; counts, shapes, parameters (`max_depth=3`) and spreads are skipped, and
 * so are an optimizer's progress lines and phrases that name no metric's value
 * (`Feature importance score`, see internals.ts).
 */
export function scoresInText(text: string): IPrintedScore[] {
  const scores: IPrintedScore[] = [];
  let inReport = false;
  for (const found of text.matchAll(/[^\r\n]*/g)) {
    const line = found[0];
    const offset = found.index;
    if (Private.REPORT_HEADER.test(line)) {
      inReport = true;
      continue;
    }
    if (inReport) {
      if (line.trim() === '' || Private.REPORT_ROW.test(line)) {
        scores.push(...Private.reportScores(line, offset));
        continue;
      }
      inReport = false;
    }
    if (isProgressLine(line)) {
      continue;
    }
    const grid = Private.gridScore(line, offset);
    if (grid) {
      scores.push(grid);
      continue;
    }
    scores.push(...Private.labelledScores(line, offset));
  }
  return scores;
}

namespace Private {
  /** A number standing alone: not part of a word, a version (1.2.3), `R^2` or `0x1f`. */
  const NUMBER =
    /(?<![\w.^])(?:[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?|nan)(?!\w|\.\w)%?/gi;

  /**
   * Ends a label that introduces a number: `Accuracy:`, `RMSE =`, `score is`, and Python 2's
   * tuple print `('Accuracy:', 0.81)`.
   */
  const INTRODUCED = /(?:[:=]|->|→|\bis|\bwas|\bof)['"]?,?\s*$/i;

  /** A spread after a score, not a score: `(+/- 0.03)`, `± 0.02`, `std 0.01`. */
  const SPREAD = /\+\/-|±|\bstd\b|\bstandard deviation\b/i;

  /** A parameter assignment right before the number: `k = 3`, `max_depth=3`. */
  const PARAMETER = /[A-Za-z_]\w*\s*=\s*$/;

  /** A printed dict's key right before the number: `'max_iter': 9`, `"f1": 0.8`. */
  const DICT_KEY = /(['"])([^'"]*)\1\s*:\s*$/;

  export const REPORT_HEADER =
    /^\s*precision\s+recall\s+f1-score\s+support\s*$/;
  /** A class, average or accuracy row: a name, then 2 to 4 numbers. */
  export const REPORT_ROW = /^\s*[^:=]*?(?:\s+(?:\d+\.\d+|\d+)){2,4}\s*$/;
  // `d`: the offsets of each group, to point at the number in the output.
  const REPORT_ACCURACY = /^\s*accuracy\s+(\d*\.\d+)\s+\d+\s*$/d;
  const REPORT_AVERAGE =
    /^\s*(macro avg|weighted avg|avg \/ total)\s+\d*\.\d+\s+\d*\.\d+\s+(\d*\.\d+)\s+\d+\s*$/d;
  const GRID_LINE =
    /^\s*(\d*\.\d+)\s*\(\s*\+\/-\s*\d*\.\d+\s*\)\s*for\s*(\{.*\})\s*$/d;

  export function labelledScores(
    line: string,
    offset: number
  ): IPrintedScore[] {
    const scores: IPrintedScore[] = [];
    let segmentStart = 0;
    let labelStart = 0;
    let previous: IPrintedScore | undefined;
    const context = leadingParameters(line);
    const withContext = (label: string) =>
      context && !label.startsWith(context) ? `${context} ${label}` : label;
    for (const number of line.matchAll(NUMBER)) {
      const segment = line.slice(segmentStart, number.index);
      const label = line.slice(labelStart, number.index);
      segmentStart = number.index + number[0].length;
      const continues = previous && /^[\s,;]+$/.test(segment);
      const spec = continues ? previous!.spec : labelledMetric(segment, label);
      const score = spec && toScore(spec, number[0], line);
      if (!score) {
        previous = undefined;
        continue;
      }
      previous = {
        ...score,
        label: continues ? previous!.label : withContext(cleanLabel(label)),
        start: offset + number.index,
        end: offset + segmentStart
      };
      scores.push(previous);
      labelStart = segmentStart;
    }
    return scores;
  }

  /**
   * `k = 3` in `k = 3   inertia = 3128.3   silhouette = 0.449`: the parameters a line starts
   * with, which tell its scores from those of the next line (the silhouette of k = 3).
   */
  function leadingParameters(line: string): string {
    const pair = /\s*([A-Za-z_]\w*)\s*=\s*[-+]?[\w.]+[\s,;]*/y;
    let end = 0;
    for (let found = pair.exec(line); found; found = pair.exec(line)) {
      if (metricInLabel(found[1])) {
        break;
      }
      end = pair.lastIndex;
    }
    return line
      .slice(0, end)
      .replace(/[\s,;]+/g, ' ')
      .trim();
  }

  /**
   * The metric a number is a score of: `label` (the text since the last score) names it and
   * `segment` (the text since the last number) introduces the number, not a count or a
   * parameter.
   */
  function labelledMetric(
    segment: string,
    label: string
  ): IMetricSpec | undefined {
    // In a printed dict the number is its own key's value (`{'loss': 'hinge', 'max_iter':
    // 9}` prints no loss): a score where that key names a metric.
    const key = DICT_KEY.exec(segment);
    if (key) {
      return metricInLabel(key[2]);
    }
    const spec = metricInLabel(label);
    if (!spec || SPREAD.test(segment)) {
      return undefined;
    }
    // `max_depth=3`, `k = 3` are parameters; `RMSE = 3.2` is not.
    if (PARAMETER.test(segment) && !endsWithMetricName(segment, '=')) {
      return undefined;
    }
    // `AUC 0.75`: the metric's own name may introduce the number.
    const introduced =
      INTRODUCED.test(segment) || endsWithMetricName(segment, '');
    return introduced ? spec : undefined;
  }

  /** The value of a printed number for a metric, or null when it cannot be that metric. */
  function toScore(
    spec: IMetricSpec,
    printed: string,
    line: string
  ): Omit<IPrintedScore, 'start' | 'end' | 'label'> | null {
    const percent = printed.endsWith('%');
    let value = Number(percent ? printed.slice(0, -1) : printed);
    if (/nan/i.test(printed)) {
      value = NaN;
    }
    const [low, high] = spec.range ?? [-Infinity, Infinity];
    if (percent) {
      if (high !== 1) {
        return null;
      }
      value /= 100;
    }
    if (value < low || value > high) {
      return null;
    }
    return { spec, value, printed, line };
  }

  /** 'Linear regression   test RMSE: ' → 'Linear regression test RMSE'. */
  function cleanLabel(label: string): string {
    return label
      .replace(/^[\s,;|)\]('"-]*(?:\(?\s*(?:\+\/-|±)\s*[-+.\d]+\s*\)?)?/, '')
      .replace(/(?:[:=]|->|→)?['"]?,?\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
  }

  /** Accuracy and averaged F1 from a classification_report row. */
  export function reportScores(line: string, offset: number): IPrintedScore[] {
    const accuracy = REPORT_ACCURACY.exec(line);
    if (accuracy) {
      return [fromGroup(line, offset, accuracy, 1, 'accuracy', 'accuracy')];
    }
    const average = REPORT_AVERAGE.exec(line);
    if (average) {
      // The old report's `avg / total` row is what is now called `weighted avg`.
      const weighted = average[1] !== 'macro avg';
      const metric = weighted ? 'f1_weighted' : 'f1_macro';
      const label = `${average[1]} f1-score`;
      return [fromGroup(line, offset, average, 2, metric, label)];
    }
    return [];
  }

  /** `0.930 (+/-0.056) for {'svm__C': 1}`: the mean CV score of one grid point. */
  export function gridScore(
    line: string,
    offset: number
  ): IPrintedScore | null {
    const found = GRID_LINE.exec(line);
    return (
      found && fromGroup(line, offset, found, 1, 'cv_mean', `for ${found[2]}`)
    );
  }

  /** The score in one group of a line pattern's match. */
  function fromGroup(
    line: string,
    offset: number,
    found: RegExpExecArray,
    group: number,
    metric: string,
    label: string
  ): IPrintedScore {
    const printed = found[group];
    const [start] = found.indices![group];
    return {
      spec: metricSpec(metric)!,
      label,
      value: Number(printed),
      printed,
      start: offset + start,
      end: offset + start + printed.length,
      line
    };
  }
}
