import type * as nbformat from '@jupyterlab/nbformat';
import type { INotebookDocument } from './parse';

/** A cell as it was before any run or fix. */
export interface IOriginalCell {
  readonly id: string;
  readonly index: number;
  readonly cellType: string;
  readonly source: string;
  readonly outputs: readonly nbformat.IOutput[];
  readonly executionCount: number | null;
}

/**
 * The notebook as the user opened it: kept for the whole session, so saved scores can be
 * compared and Revert all restores it exactly. Deep-frozen.
 */
export interface IOriginalNotebook {
  readonly version: string;
  readonly metadata: Readonly<nbformat.INotebookMetadata>;
  readonly cells: readonly IOriginalCell[];
}

/** A deep-frozen copy of every cell (id, type, source, saved outputs, count) and the metadata. */
export function captureOriginal(
  notebook: INotebookDocument
): IOriginalNotebook {
  const copy = structuredClone({
    version: notebook.version,
    metadata: notebook.metadata,
    cells: notebook.cells.map(cell => ({
      id: cell.id,
      index: cell.index,
      cellType: cell.cellType,
      source: cell.source,
      outputs: cell.outputs,
      executionCount: cell.executionCount
    }))
  });
  return Private.deepFreeze(copy);
}

namespace Private {
  export function deepFreeze<T>(value: T): T {
    if (
      typeof value === 'object' &&
      value !== null &&
      !Object.isFrozen(value)
    ) {
      Object.freeze(value);
      for (const child of Object.values(value)) {
        deepFreeze(child);
      }
    }
    return value;
  }
}
