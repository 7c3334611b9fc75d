import type * as nbformat from '@jupyterlab/nbformat';
import { bareResultScore, bareScoresPrinted } from './bare-values';
import { computesMetric } from './metrics';
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
        const found = [
          ...scoresInText(text),
          ...bareScoresPrinted(text, source)
        ].sort((a, b) => a.start - b.start);
        for (const score of found) {
          result.push({ found: score, outputIndex: first });
        }
      } else if (output.output_type === 'execute_result') {
        const found = bareResultScore(
          output as nbformat.IExecuteResult,
          source
        );
        if (found) {
          result.push({ found, outputIndex: i });
        }
      }
    }
    return result;
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
