import type * as nbformat from '@jupyterlab/nbformat';
import type { ICellResult } from '../execution/types';
import { stripAnsi } from './traceback';

/** A cell as it was saved: its id and outputs. */
export interface ISavedCell {
  readonly id: string;
  readonly cellType: string;
  readonly outputs: readonly nbformat.IOutput[];
}

// IPython's header, `NameError    Traceback (most recent call last)`, in printed text.
const IPYTHON_HEADER =
  /^\s*([A-Za-z_][\w.]*)\s+Traceback \(most recent call last\)/m;
// Python's own: `Traceback (most recent call last):` … `ValueError: bad value`.
const PYTHON_HEADER = /^Traceback \(most recent call last\):\s*$/m;
const EXCEPTION_LINE =
  /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt))\b:?/;

/**
 * The exception each cell's saved outputs show, by cell id: a teaching notebook's cell
 * that raised on purpose is expected to raise it again. Read from an `error` output, or
 * from a traceback printed as text (old tools saved it as a stream).
 */
export function savedErrors(
  cells: readonly ISavedCell[]
): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const cell of cells) {
    if (cell.cellType !== 'code') {
      continue;
    }
    for (const output of cell.outputs) {
      const name = Private.errorName(output);
      if (name) {
        found.set(cell.id, name);
        break;
      }
    }
  }
  return found;
}

/** Whether a result raised the exception the cell's saved outputs show (same type). */
export function isExpectedError(
  result: ICellResult,
  expected: string | undefined
): boolean {
  return (
    result.status === 'error' &&
    expected !== undefined &&
    result.ename !== undefined &&
    Private.bare(result.ename) === Private.bare(expected)
  );
}

namespace Private {
  export function errorName(output: nbformat.IOutput): string | undefined {
    if (output.output_type === 'error') {
      const ename = (output as nbformat.IError).ename;
      return typeof ename === 'string' && ename ? ename : undefined;
    }
    if (output.output_type !== 'stream') {
      return undefined;
    }
    const raw = (output as nbformat.IStream).text;
    const text = stripAnsi(Array.isArray(raw) ? raw.join('') : (raw ?? ''));
    const ipython = IPYTHON_HEADER.exec(text);
    if (ipython) {
      return ipython[1];
    }
    const header = PYTHON_HEADER.exec(text);
    if (!header) {
      return undefined;
    }
    // The exception line is the first after the frames that is not indented.
    const after = text.slice(header.index + header[0].length).split('\n');
    for (const line of after) {
      const match = EXCEPTION_LINE.exec(line);
      if (match) {
        return match[1];
      }
    }
    return undefined;
  }

  /** `urllib.error.HTTPError` and `HTTPError` are the same type. */
  export function bare(name: string): string {
    return name.split('.').pop() ?? name;
  }
}
