import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { NotebookPanel } from '@jupyterlab/notebook';

/** Activates the notebook, selects the cell with `cellId` and scrolls it into view. */
export async function revealCell(
  shell: JupyterFrontEnd.IShell,
  panel: NotebookPanel,
  cellId: string
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
}
