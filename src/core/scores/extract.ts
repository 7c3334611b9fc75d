import type * as nbformat from '@jupyterlab/nbformat';
import {
  computesMetric,
  metricOfExpression,
  type IMetricSpec
} from './metrics';
import { scoresInText, type IPrintedScore } from './printed-text';
import { withoutComments } from './python-source';
import { unseededRandomness } from './seeding';
import type { IScore, IScoreCell } from './types';

/**
 * The scores a notebook's cells printed, in notebook order. Only cells that compute a metric
 * (or use a name an earlier cell assigned from one) are read, and in them only stdout and
 * plain-text results: stderr warnings, figures and tables are not scores. Precise rather
 * than greedy: a number is a score only when a metric's name labels it, or when it is the
 * bare result of a metric expression (`clf.score(X, y)`).
 */
export function extractScores(cells: readonly IScoreCell[]): IScore[] {
  const code = cells.filter(
    cell => cell.cellType === undefined || cell.cellType === 'code'
  );
  const unseeded = unseededRandomness(code);
  const metricNames = new Set<string>();
  const scores: IScore[] = [];
  for (const cell of code) {
    const source = withoutComments(cell.source);
    const scoring =
      computesMetric(source) || Private.usesAny(source, metricNames);
    Private.collectMetricNames(source, metricNames);
    if (!scoring) {
      continue;
    }
    const counts = new Map<string, number>();
    const because = unseeded.get(cell.index) ?? null;
    for (const { found, outputIndex } of Private.printedScores(cell, source)) {
      const occurrence = (counts.get(found.spec.metric) ?? 0) + 1;
      counts.set(found.spec.metric, occurrence);
      scores.push({
        cellId: cell.id,
        cellIndex: cell.index,
        metric: found.spec.metric,
        label: found.label,
        value: found.value,
        printed: found.printed,
        direction: found.spec.direction,
        occurrence,
        seeded: because === null,
        ...(because === null ? {} : { unseededBecause: because }),
        span: {
          outputIndex,
          start: found.start,
          end: found.end,
          line: found.line
        }
      });
    }
  }
  return scores;
}

namespace Private {
  /** A bare number, as Python or numpy 2 prints it: `0.81`, `np.float64(0.81)`. */
  const BARE_NUMBER =
    /^(?:np\.float(?:16|32|64)\(([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?)\)|([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?))$/i;

  /** Scores in a cell's outputs, with the output each came from. */
  export function printedScores(
    cell: IScoreCell,
    source: string
  ): { found: IPrintedScore; outputIndex: number }[] {
    const result: { found: IPrintedScore; outputIndex: number }[] = [];
    const outputs = cell.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const output = outputs[i];
      if (isStdout(output)) {
        // A stream arrives in chunks that may split a line: read a run of them as one text.
        let text = '';
        const first = i;
        while (i < outputs.length && isStdout(outputs[i])) {
          text += joined((outputs[i] as nbformat.IStream).text);
          i++;
        }
        i--;
        for (const found of scoresInText(text)) {
          result.push({ found, outputIndex: first });
        }
      } else if (output.output_type === 'execute_result') {
        const found = resultScore(output as nbformat.IExecuteResult, source);
        if (found) {
          result.push({ found, outputIndex: i });
        }
      }
    }
    return result;
  }

  /**
   * The score in an execute_result: a bare number from a metric expression, or a printed
   * string like `'Accuracy: 0.81'`. Tables, figures and reprs are not read.
   */
  function resultScore(
    output: nbformat.IExecuteResult,
    source: string
  ): IPrintedScore | null {
    const data = output.data ?? {};
    if (Object.keys(data).some(type => type !== 'text/plain')) {
      return null;
    }
    const text = joined(data['text/plain'] as nbformat.MultilineString);
    const bare = BARE_NUMBER.exec(text.trim());
    if (bare) {
      const expression = lastExpression(source);
      const spec = expression && metricOfExpression(expression);
      return spec
        ? bareScore(spec, expression, bare[1] ?? bare[2], text)
        : null;
    }
    if (/^['"]/.test(text.trim())) {
      return scoresInText(text)[0] ?? null;
    }
    return null;
  }

  function bareScore(
    spec: IMetricSpec,
    expression: string,
    printed: string,
    text: string
  ): IPrintedScore | null {
    const value = Number(printed);
    const [low, high] = spec.range ?? [-Infinity, Infinity];
    if (value < low || value > high) {
      return null;
    }
    const start = text.indexOf(printed);
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
  function lastExpression(source: string): string {
    const lines = source.split('\n').filter(line => line.trim() !== '');
    const last = lines[lines.length - 1]?.trim() ?? '';
    // An assignment or a statement has no value to show.
    return /^(?:[\w.[\], ]+=[^=]|print\b|for\b|if\b|import\b|from\b)/.test(last)
      ? ''
      : last;
  }

  /** Names assigned from a metric call: `acc = accuracy_score(...)`, `scores = cross_val_score(...)`. */
  export function collectMetricNames(source: string, names: Set<string>): void {
    for (const found of source.matchAll(
      /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*=(?!=)(.*)$/gm
    )) {
      if (computesMetric(found[2])) {
        for (const name of found[1].split(',')) {
          names.add(name.trim());
        }
      }
    }
  }

  export function usesAny(source: string, names: Set<string>): boolean {
    for (const name of names) {
      if (new RegExp(`\\b${name}\\b`).test(source)) {
        return true;
      }
    }
    return false;
  }

  function isStdout(output: nbformat.IOutput): boolean {
    return output.output_type === 'stream' && output.name === 'stdout';
  }

  function joined(text: nbformat.MultilineString | undefined): string {
    return Array.isArray(text) ? text.join('') : (text ?? '');
  }
}
