import type * as nbformat from '@jupyterlab/nbformat';
import { metricOfValue, type MetricNames } from './metric-names';
import type { IMetricSpec } from './metrics';
import { scoresInText, type IPrintedScore } from './printed-text';
import { argumentsAt } from './python-source';

// Numbers printed with no label: a score only when the code shows which metric they are.

/** A bare number, as Python or numpy 2 prints it: `0.81`, `np.float64(0.81)`. */
const BARE_NUMBER =
  /^\s*(?:np\.float(?:16|32|64)\(([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?)\)|([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?))\s*$/i;

/**
 * The score in an execute_result: the bare value of a metric expression on the cell's last
 * line (`clf.score(X_test, y_test)`), or a string like `'Accuracy: 0.81'`. Tables, figures
 * and reprs (anything with more than text/plain, or not a number or a string) are not read.
 */
export function bareResultScore(
  output: nbformat.IExecuteResult,
  source: string,
  names: MetricNames
): IPrintedScore | null {
  const data = output.data ?? {};
  if (Object.keys(data).some(type => type !== 'text/plain')) {
    return null;
  }
  const plain = data['text/plain'] as nbformat.MultilineString | undefined;
  const text = Array.isArray(plain) ? plain.join('') : (plain ?? '');
  if (/^\s*['"]/.test(text)) {
    return scoresInText(text)[0] ?? null;
  }
  const expression = Private.lastExpression(source);
  const spec = expression ? metricOfValue(expression, names) : undefined;
  return spec ? Private.bareScore(spec, expression, text, 0) : null;
}

/**
 * Bare numbers on their own stdout lines, when the cell's only print prints one metric
 * expression: `print(accuracy_score(y, p))`, or in a loop, `print clf.score(X, y)`.
 */
export function bareScoresPrinted(
  text: string,
  source: string,
  names: MetricNames
): IPrintedScore[] {
  const expression = Private.printedExpression(source);
  const spec = expression ? metricOfValue(expression, names) : undefined;
  if (!spec) {
    return [];
  }
  const scores: IPrintedScore[] = [];
  for (const line of text.matchAll(/[^\r\n]*/g)) {
    const score = Private.bareScore(spec, expression, line[0], line.index);
    if (score) {
      scores.push(score);
    }
  }
  return scores;
}

namespace Private {
  /** `text` as the score of `expression`, if it is a bare number in the metric's range. */
  export function bareScore(
    spec: IMetricSpec,
    expression: string,
    text: string,
    offset: number
  ): IPrintedScore | null {
    const bare = BARE_NUMBER.exec(text);
    if (!bare) {
      return null;
    }
    const printed = bare[1] ?? bare[2];
    const value = Number(printed);
    const [low, high] = spec.range ?? [-Infinity, Infinity];
    if (value < low || value > high) {
      return null;
    }
    const start = offset + text.indexOf(printed);
    return {
      spec,
      label: expression.replace(/\s+/g, ' '),
      value,
      printed,
      start,
      end: start + printed.length,
      line: text.trim()
    };
  }

  /** The cell's last line of code, which Jupyter shows the value of. */
  export function lastExpression(source: string): string {
    const lines = source.split('\n').filter(line => line.trim() !== '');
    const last = lines[lines.length - 1]?.trim() ?? '';
    // An assignment or a statement has no value to show.
    return /^(?:[\w.[\], ]+=[^=]|print\b|for\b|if\b|import\b|from\b)/.test(last)
      ? ''
      : last;
  }

  /** What the cell's only print prints, when that is one value and no text. */
  export function printedExpression(source: string): string {
    const calls = [...source.matchAll(/(?<![\w.])print\b[ \t]*(\()?/g)];
    if (calls.length !== 1) {
      return '';
    }
    const [call] = calls;
    const after = call.index + call[0].length;
    const printed = (
      call[1]
        ? argumentsAt(source, after - 1)
        : source.slice(after).split('\n')[0]
    ).trim();
    return /['"]/.test(printed) || hasTopLevelComma(printed) ? '' : printed;
  }

  function hasTopLevelComma(expression: string): boolean {
    let depth = 0;
    for (const char of expression) {
      if ('([{'.includes(char)) {
        depth++;
      } else if (')]}'.includes(char)) {
        depth--;
      } else if (char === ',' && depth === 0) {
        return true;
      }
    }
    return false;
  }
}
