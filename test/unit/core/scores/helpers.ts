import type * as nbformat from '@jupyterlab/nbformat';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseNotebook } from '../../../../src/core/notebook';
import type { IScore, IScoreCell } from '../../../../src/core/scores';

/** A stdout chunk. */
export function stdout(text: string): nbformat.IStream {
  return { output_type: 'stream', name: 'stdout', text };
}

/** A stderr chunk (warnings). */
export function stderr(text: string): nbformat.IStream {
  return { output_type: 'stream', name: 'stderr', text };
}

/** An execute_result with text/plain and any other representations. */
export function result(
  text: string,
  more: Record<string, string> = {}
): nbformat.IExecuteResult {
  return {
    output_type: 'execute_result',
    execution_count: 1,
    metadata: {},
    data: { 'text/plain': text, ...more }
  };
}

/** Code cells numbered in order: `cells([source, outputs], ...)`. */
export function cells(
  ...specs: [source: string, outputs?: nbformat.IOutput[]][]
): IScoreCell[] {
  return specs.map(([source, outputs = []], index) => ({
    id: `c${index}`,
    index,
    source,
    outputs,
    cellType: 'code'
  }));
}

/** A score with defaults for what a test does not care about. */
export function score(fields: Partial<IScore> & { value: number }): IScore {
  return {
    cellId: 'c0',
    cellIndex: 0,
    metric: 'accuracy',
    label: 'accuracy',
    printed: String(fields.value),
    direction: 'higher',
    occurrence: 1,
    seeded: true,
    span: { outputIndex: 0, start: 0, end: 0, line: '' },
    ...fields
  };
}

/** An example notebook's cells as saved. */
export function example(name: string): IScoreCell[] {
  const path = resolve(__dirname, '../../../../examples', `${name}.ipynb`);
  return parseNotebook(readFileSync(path, 'utf8')).cells;
}

/**
 * An example notebook's cells as they ran on today's stack with only its errors fixed
 * (fixtures/rerun_examples.py): real outputs of a re-run, with the saved notebook's cell ids.
 */
export function rerunExample(name: string): IScoreCell[] {
  const saved = example(name);
  const path = resolve(__dirname, 'fixtures', `${name}.now.ipynb`);
  // A session compares a live notebook with its own capture: the cells keep their ids.
  return parseNotebook(readFileSync(path, 'utf8')).cells.map(cell => ({
    ...cell,
    id: saved[cell.index].id
  }));
}
