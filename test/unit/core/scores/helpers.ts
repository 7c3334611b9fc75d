import type * as nbformat from '@jupyterlab/nbformat';
import type { IScoreCell } from '../../../../src/core/scores';

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
