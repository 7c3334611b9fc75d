import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Contents } from '@jupyterlab/services';
import type { ISharedCell } from '@jupyter/ydoc';
import type { ICodeCellModel } from '@jupyterlab/cells';
import { Signal, type ISignal } from '@lumino/signaling';
import { changedSpan, type ICheckCell, type IEditableNotebook } from '../core';

/**
 * The open notebook as the core edits it. Every write goes through the notebook's shared
 * model, so it reaches collaborators and the cell's own undo history (Ctrl+Z in the
 * cell undoes it as one step); a write is refused when the cell changed since the
 * source it was made against (the user's edit wins). Local modules are written through
 * the contents API, their first content kept for Revert all.
 */
export class LiveNotebook implements IEditableNotebook {
  constructor(options: LiveNotebook.IOptions) {
    this._panel = options.panel;
    this._contents = options.contents;
  }

  /** Emitted with a local module's path once this document wrote it. */
  get moduleWritten(): ISignal<this, string> {
    return this._moduleWritten;
  }

  /** The code cells, in order, with the live model's ids. */
  codeCells(): ICheckCell[] {
    const cells: ICheckCell[] = [];
    this._cells().forEach((cell, index) => {
      if (cell.cell_type === 'code') {
        cells.push({ id: cell.id, index, source: cell.getSource() });
      }
    });
    return cells;
  }

  /** The current source of a cell; null when the cell is gone. */
  source(cellId: string): string | null {
    return this._cell(cellId)?.getSource() ?? null;
  }

  /**
   * Replaces a cell's source, unless it changed since `expected`, as one undoable step
   * that changes only the span that differs (the cursor and collaborators' positions stay).
   */
  replaceSource(cellId: string, expected: string, source: string): boolean {
    const cell = this._cell(cellId);
    if (!cell || cell.getSource() !== expected) {
      return false;
    }
    if (source === expected) {
      return true;
    }
    const { start, end, text } = changedSpan(expected, source);
    // A step of its own: not merged with the typing just before or after it.
    const undo = (cell as Private.IUndoable).undoManager;
    undo?.stopCapturing();
    cell.updateSource(start, end, text);
    undo?.stopCapturing();
    return true;
  }

  /** Reads a local module beside the notebook; null when there is none. */
  async readModule(path: string): Promise<string | null> {
    try {
      const model = await this._contents.get(this.resolve(path), {
        content: true,
        type: 'file',
        format: 'text'
      });
      return typeof model.content === 'string' ? model.content : null;
    } catch {
      return null;
    }
  }

  /** Writes a local module, unless it changed since `expected`. */
  async writeModule(
    path: string,
    expected: string,
    source: string
  ): Promise<boolean> {
    if ((await this.readModule(path)) !== expected) {
      return false;
    }
    if (!this._originalModules.has(path)) {
      this._originalModules.set(path, expected);
    }
    await this._saveModule(path, source);
    return true;
  }

  /** Puts back every local module this document wrote, as it was before the first write. */
  async revertModules(): Promise<void> {
    const originals = [...this._originalModules];
    this._originalModules.clear();
    await Promise.all(
      originals.map(([path, source]) => this._saveModule(path, source))
    );
  }

  /**
   * Puts the notebook back as it was captured (its cells' nbformat JSON): every original
   * cell with its id, source, metadata, saved outputs and execution count, in the
   * original order. Cells added since are removed, cells deleted since come back. The
   * local modules written meanwhile are put back too (resolves once they are saved).
   */
  revert(original: readonly nbformat.ICell[]): Promise<void> {
    const model = this._panel.content.model;
    if (!model) {
      return Promise.resolve();
    }
    const shared = model.sharedModel;
    const wanted = new Set(original.map(cell => cell.id as string));
    shared.transact(() => {
      for (let i = shared.cells.length - 1; i >= 0; i--) {
        if (!wanted.has(shared.cells[i].id)) {
          shared.deleteCell(i);
        }
      }
      original.forEach((cell, i) => {
        const at = shared.cells.findIndex(live => live.id === cell.id);
        if (at >= 0 && shared.cells[at].cell_type !== cell.cell_type) {
          shared.deleteCell(at);
        } else if (at >= 0 && at !== i) {
          shared.moveCell(at, i);
        }
        if (shared.cells[i]?.id !== cell.id) {
          shared.insertCell(i, structuredClone(cell) as any);
          return;
        }
        const live = shared.cells[i];
        const source = Private.joined(cell.source);
        if (live.getSource() !== source) {
          live.setSource(source);
        }
        live.setMetadata(structuredClone(cell.metadata));
      });
    });
    // Outputs through the cells' output models: writing them in the shared model would
    // echo stream text back into the output area twice.
    original.forEach((cell, i) => {
      const live = model.cells.get(i);
      if (cell.cell_type !== 'code' || live?.type !== 'code') {
        return;
      }
      const code = live as ICodeCellModel;
      const saved = cell as nbformat.ICodeCell;
      code.trusted = !!cell.metadata.trusted;
      code.outputs.clear();
      code.outputs.fromJSON(structuredClone(saved.outputs));
      code.executionCount = saved.execution_count;
    });
    return this.revertModules();
  }

  private async _saveModule(path: string, source: string): Promise<void> {
    await this._contents.save(this.resolve(path), {
      type: 'file',
      format: 'text',
      content: source
    });
    this._moduleWritten.emit(path);
  }

  private _cells(): readonly ISharedCell[] {
    return this._panel.content.model?.sharedModel.cells ?? [];
  }

  private _cell(cellId: string): ISharedCell | null {
    return this._cells().find(cell => cell.id === cellId) ?? null;
  }

  /** A path relative to the notebook's folder, as the contents API names it. */
  resolve(path: string): string {
    const folder = this._panel.context.path.split('/').slice(0, -1).join('/');
    return folder ? `${folder}/${path}` : path;
  }

  private _panel: NotebookPanel;
  private _contents: Contents.IManager;
  private _originalModules = new Map<string, string>();
  private _moduleWritten = new Signal<this, string>(this);
}

/** Options of {@link LiveNotebook}. */
export namespace LiveNotebook {
  export interface IOptions {
    panel: NotebookPanel;
    /** Reads and writes the local modules beside the notebook. */
    contents: Contents.IManager;
  }
}

namespace Private {
  export interface IUndoable {
    undoManager?: { stopCapturing(): void } | null;
  }

  export function joined(source: nbformat.MultilineString): string {
    return Array.isArray(source) ? source.join('') : source;
  }
}
