import type * as nbformat from '@jupyterlab/nbformat';
import { bareResultScore, bareScoresPrinted } from './bare-values';
import { collectMetricNames, type MetricNames } from './metric-names';
import { computesMetric } from './metrics';
import { scoresInText, type IPrintedScore } from './printed-text';
import { scoresOfPrints } from './printed-values';
import { withoutComments, withoutStrings } from './python-source';
import { unseededRandomness } from './seeding';
import type { IScore, IScoreCell } from './types';

/**
 * The scores a notebook's cells printed, in notebook order. Only cells that compute a metric
 * (or use a name an earlier cell assigned from one) are read, and in them only stdout and
 * plain-text results: stderr warnings, figures and tables are not scores. Precise rather
 * than greedy: a number is a score only when a metric's name labels it, or when it is the
 * bare result of a metric expression (`clf.score(X, y)`). Names in string literals are not
 * code; phrases that name a model's internals, a count, a shape or a timing are not metrics'
 * names (README: "Which printed numbers are scores").
 */
export function extractScores(cells: readonly IScoreCell[]): IScore[] {
  const code = cells.filter(
    cell => cell.cellType === undefined || cell.cellType === 'code'
  );
  const unseeded = unseededRandomness(code);
  const metricNames: MetricNames = new Map();
  const scores: IScore[] = [];
  for (const cell of code) {
    const source = withoutComments(cell.source);
    // A metric's name or a call in a printed message is not code (an f-string's fields are).
    const program = withoutStrings(source);
    const scoring =
      computesMetric(program) || Private.usesAny(program, metricNames);
    collectMetricNames(program, metricNames);
    if (!scoring) {
      continue;
    }
    const counts = new Map<string, number>();
    const because = unseeded.get(cell.index) ?? null;
    for (const { found, outputIndex } of Private.printedScores(
      cell,
      source,
      metricNames
    )) {
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
  /**
   * Scores in a cell's outputs, with the output each came from: stdout first, then the
   * cell's result. stdout is one stream that the kernel sends in chunks, which may split a
   * line and interleave with stderr differently on every run, so it is read as one text.
   */
  export function printedScores(
    cell: IScoreCell,
    source: string,
    names: MetricNames
  ): { found: IPrintedScore; outputIndex: number }[] {
    const chunks: { outputIndex: number; start: number }[] = [];
    let text = '';
    cell.outputs.forEach((output, outputIndex) => {
      if (output.output_type === 'stream' && output.name === 'stdout') {
        chunks.push({ outputIndex, start: text.length });
        text += joined((output as nbformat.IStream).text);
      }
    });
    // A number two readings find (a print whose literal text also names its metric) once.
    const byStart = new Map<number, IPrintedScore>();
    for (const found of [
      ...scoresInText(text),
      ...bareScoresPrinted(text, source, names),
      ...scoresOfPrints(text, source, names)
    ]) {
      if (!byStart.has(found.start)) {
        byStart.set(found.start, found);
      }
    }
    const printed = [...byStart.values()].sort((a, b) => a.start - b.start);
    const result = printed.map(found => {
      // Offsets within the chunk the number starts in (the last to start before it).
      const chunk = chunks.reduce((last, c) =>
        c.start <= found.start ? c : last
      );
      return {
        found: {
          ...found,
          start: found.start - chunk.start,
          end: found.end - chunk.start
        },
        outputIndex: chunk.outputIndex
      };
    });
    cell.outputs.forEach((output, outputIndex) => {
      if (output.output_type === 'execute_result') {
        const found = bareResultScore(
          output as nbformat.IExecuteResult,
          source,
          names
        );
        if (found) {
          result.push({ found, outputIndex });
        }
      }
    });
    return result;
  }

  export function usesAny(source: string, names: MetricNames): boolean {
    for (const name of names.keys()) {
      if (new RegExp(`\\b${name}\\b`).test(source)) {
        return true;
      }
    }
    return false;
  }

  function joined(text: nbformat.MultilineString | undefined): string {
    return Array.isArray(text) ? text.join('') : (text ?? '');
  }
}
