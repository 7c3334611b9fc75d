import type { ICodeCellModel } from '@jupyterlab/cells';
import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { ICellResult, ICheckCell, IScoreCell } from '../../core';
import type { IEnvironmentInfo } from '../check/model';

/** The live notebook's code cells (empty ones included), with their model ids. */
export function liveCodeCells(panel: NotebookPanel): ICheckCell[] {
  const cells: ICheckCell[] = [];
  const model = panel.content.model;
  for (let index = 0; index < (model?.cells.length ?? 0); index++) {
    const cell = model!.cells.get(index);
    if (cell.type === 'code') {
      cells.push({ id: cell.id, index, source: cell.sharedModel.getSource() });
    }
  }
  return cells;
}

/**
 * Each code cell's number as the panel shows it: its 1-based position among the
 * non-empty code cells, as a check counts them.
 */
export function cellPositions(
  cells: readonly ICheckCell[]
): Map<string, number> {
  const positions = new Map<string, number>();
  for (const cell of cells) {
    if (cell.source.trim() !== '') {
      positions.set(cell.id, positions.size + 1);
    }
  }
  return positions;
}

/** The live cells with their current outputs, for reading the scores printed now. */
export function liveScoreCells(panel: NotebookPanel): IScoreCell[] {
  const model = panel.content.model;
  const cells: IScoreCell[] = [];
  for (let index = 0; index < (model?.cells.length ?? 0); index++) {
    const cell = model!.cells.get(index);
    const json = cell.toJSON();
    cells.push({
      id: cell.id,
      index,
      source: cell.sharedModel.getSource(),
      outputs: json.cell_type === 'code' ? (json.outputs as any[]) : [],
      cellType: cell.type
    });
  }
  return cells;
}

/**
 * Installed versions by distribution (`scikit-learn`), and the kernel's Python under
 * `python`, as the rules are gated by them; null until the kernel has been probed.
 */
export function versionsOf(
  environment: IEnvironmentInfo
): Map<string, string> | null {
  if (environment.state !== 'ready') {
    return null;
  }
  const versions = new Map<string, string>();
  if (environment.python) {
    versions.set('python', environment.python);
  }
  for (const module of environment.modules) {
    if (module.distribution && module.version) {
      versions.set(module.distribution, module.version);
    }
  }
  return versions;
}

/** The error a cell's outputs hold, as a failed run of it; null when they hold none. */
export function cellError(
  panel: NotebookPanel,
  cellId: string
): ICellResult | null {
  const cells = panel.content.model?.cells;
  for (let i = 0; cells && i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.id !== cellId || cell.type !== 'code') {
      continue;
    }
    const outputs = (cell as ICodeCellModel).outputs.toJSON();
    const error = outputs.find(output => output.output_type === 'error') as
      nbformat.IError | undefined;
    return error
      ? {
          status: 'error',
          ename: error.ename,
          evalue: error.evalue,
          traceback: error.traceback,
          outputs,
          executionCount: (cell as ICodeCellModel).executionCount,
          durationMs: 0
        }
      : null;
  }
  return null;
}
