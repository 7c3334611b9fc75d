import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { NotebookPanel } from '@jupyterlab/notebook';

/** A line (1-based) and column (1-based) of a cell, to put the cursor at. */
export interface ICellLocation {
  line: number;
  column?: number;
}

/**
 * Activates the notebook, selects the cell with `cellId` and scrolls it into view; with
 * a location, edits the cell with the cursor at that line.
 */
export async function revealCell(
  shell: JupyterFrontEnd.IShell,
  panel: NotebookPanel,
  cellId: string,
  location?: ICellLocation
): Promise<void> {
  const notebook = panel.content;
  const index = notebook.widgets.findIndex(cell => cell.model.id === cellId);
  if (panel.isDisposed || index < 0) {
    return;
  }
  shell.activateById(panel.id);
  notebook.mode = 'command';
  notebook.deselectAll();
  notebook.activeCellIndex = index;
  await notebook.scrollToItem(index, 'smart');
  const cell = notebook.widgets[index];
  if (!location || !cell) {
    return;
  }
  await cell.ready;
  notebook.mode = 'edit';
  cell.editor?.setCursorPosition({
    line: location.line - 1,
    column: (location.column ?? 1) - 1
  });
  cell.editor?.focus();
}
