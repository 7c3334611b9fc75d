import type { CodeCell } from '@jupyterlab/cells';
import type { Notebook } from '@jupyterlab/notebook';
import {
  typedLine,
  type KernelExecutor,
  type ICellExecutor,
  type ICellResult,
  type ICheckCell,
  type IKernelProbe
} from '../../core';
import { interruptKernel } from './interrupt';

/**
 * Runs check cells in the notebook's kernel and renders them in the notebook as Run All
 * does: outputs cleared at start, streamed into the cell's output area, prompt updated.
 * Code for which no cell is named (see {@link NotebookCellExecutor.optionsFor}) runs
 * without touching the notebook.
 */
export class NotebookCellExecutor implements ICellExecutor, IKernelProbe {
  constructor(options: NotebookCellExecutor.IOptions) {
    this._notebook = options.notebook;
    this._defaultCell = options.defaultCell ?? (() => undefined);
    this._kernel = options.kernel;
  }

  /** Per-cell options that tell {@link execute} which cell to render in. */
  static optionsFor(cell: ICheckCell): { cellId: string } {
    return { cellId: cell.id };
  }

  /** Executes `code`, rendering into the cell named by `options.cellId` if any. */
  async execute(
    code: string,
    options: NotebookCellExecutor.IExecuteOptions = {}
  ): Promise<ICellResult> {
    const cellId = options.cellId ?? this._defaultCell();
    const cell = cellId ? this._findCell(cellId) : null;
    if (!cell) {
      return this._kernel.execute(code, options);
    }
    cell.model.sharedModel.transact(
      () => {
        cell.model.clearExecution();
        cell.outputHidden = false;
      },
      false,
      'silent-change'
    );
    cell.model.executionState = 'running';
    cell.model.trusted = true;
    // The cell deleted mid-run (or the notebook reverted or closed): interrupt, so that
    // nothing is left running, and report a stop.
    let cellGone = false;
    const onCellGone = () => {
      cellGone = true;
      void interruptKernel(this._kernel.kernel);
    };
    cell.disposed.connect(onCellGone);
    try {
      const result = await this._kernel.execute(code, {
        ...options,
        onFuture: future => {
          if (!cell.isDisposed) {
            // The output area renders the future's IOPub messages, stdin prompts included.
            cell.outputArea.future = future;
          }
          options.onFuture?.(future);
        },
        onTyped: (prompt, value) => {
          // Kept in the cell as JupyterLab keeps what a person types: saved, the
          // notebook still records its answers.
          if (!cell.isDisposed) {
            cell.outputArea.model.add({
              output_type: 'stream',
              name: 'stdin',
              text: typedLine(prompt, value)
            });
          }
          options.onTyped?.(prompt, value);
        }
      });
      if (cellGone) {
        // Our interrupt (a KeyboardInterrupt, or a disposed future) ended it: a stop.
        const interrupted =
          result.status !== 'ok' && this._kernel.kernel.status !== 'dead';
        return interrupted ? { ...result, status: 'cancelled' } : result;
      }
      cell.model.executionCount = result.executionCount;
      return result;
    } finally {
      cell.disposed.disconnect(onCellGone);
      if (!cell.isDisposed) {
        cell.model.executionState = 'idle';
      }
    }
  }

  /** The text/plain value of an expression, evaluated silently in the kernel. */
  evaluate(expression: string): Promise<string> {
    return this._kernel.evaluate(expression);
  }

  private _findCell(id: string): CodeCell | null {
    if (this._notebook.isDisposed) {
      return null;
    }
    const cell = this._notebook.widgets.find(
      widget => widget.model.id === id && widget.model.type === 'code'
    );
    return (cell as CodeCell | undefined) ?? null;
  }

  private _notebook: Notebook;
  private _defaultCell: () => string | undefined;
  private _kernel: KernelExecutor;
}

/** Options and types of {@link NotebookCellExecutor}. */
export namespace NotebookCellExecutor {
  /** Where to run and render. */
  export interface IOptions {
    /** The notebook whose cells show the outputs. */
    notebook: Notebook;
    /** Runs the code in the notebook's kernel (the one {@link LiveKernel} keeps). */
    kernel: KernelExecutor;
    /**
     * The cell to render in when an execution names none: a caller that runs cells
     * through code that passes no options (the loop) says which cell comes next.
     */
    defaultCell?: () => string | undefined;
  }

  /** The executor's options, plus the id of the cell to render in. */
  export interface IExecuteOptions extends KernelExecutor.IExecuteOptions {
    cellId?: string;
  }
}
