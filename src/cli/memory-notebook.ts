import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { dirname, join, posix, resolve } from 'node:path';
import type * as nbformat from '@jupyterlab/nbformat';
import {
  codeCells,
  type ICellResult,
  type ICheckCell,
  type IEditableNotebook,
  type INotebookDocument
} from '../core';
import { overlayPath } from './module-overlay';

/**
 * A module path split into the `..` it climbs out of the notebook's folder and its path
 * below them (`../lib/util.py`: `..` and `lib/util.py`), which is where a copy of it goes
 * under --out.
 */
export function placeModule(path: string): { climb: string; inside: string } {
  const parts = posix
    .normalize(path.replace(/\\/g, '/'))
    .split('/')
    .filter(part => part !== '' && part !== '.');
  let climbed = 0;
  while (parts[climbed] === '..') {
    climbed++;
  }
  return {
    climb: parts.slice(0, climbed).join('/') || '.',
    inside: parts.slice(climbed).join('/')
  };
}

/**
 * The notebook a headless run edits: an in-memory copy of the file's cells. Changed local
 * modules are written into an overlay folder, whose copies the kernel imports in place of
 * the originals (see `overlayCode`): the notebook's folder is left as it was.
 */
export class MemoryNotebook implements IEditableNotebook {
  constructor(
    private readonly _notebook: INotebookDocument,
    /** The notebook's folder: local module paths are relative to it. */
    private readonly _folder: string,
    /** Where changed modules are written for the kernel to import. */
    readonly overlay: string
  ) {
    this._sources = new Map(_notebook.cells.map(c => [c.id, c.source]));
  }

  /** The code cells with their current sources. */
  codeCells(): ICheckCell[] {
    return codeCells(this._notebook).map(cell => ({
      ...cell,
      source: this._sources.get(cell.id)!
    }));
  }

  /** A cell's current source; null when there is no such cell. */
  source(cellId: string): string | null {
    return this._sources.get(cellId) ?? null;
  }

  /** Writes a cell unless it changed since `expected`. */
  replaceSource(cellId: string, expected: string, source: string): boolean {
    if (this._sources.get(cellId) !== expected) {
      return false;
    }
    this._sources.set(cellId, source);
    return true;
  }

  /** A module's current content: changed in this run, else as on disk. */
  async readModule(path: string): Promise<string | null> {
    const changed = this.modules.get(path);
    if (changed !== undefined) {
      return changed;
    }
    try {
      return await readFile(join(this._folder, path), 'utf8');
    } catch {
      return null;
    }
  }

  /**
   * Keeps a module's new content and writes it into the overlay, from where the kernel
   * reads it in place of the original file (see `overlayCode`), whatever name the
   * notebook imports it under. Nothing is ever written outside the overlay.
   */
  async writeModule(
    path: string,
    expected: string,
    source: string
  ): Promise<boolean> {
    if ((await this.readModule(path)) !== expected) {
      return false;
    }
    const copy = overlayPath(
      this.overlay,
      await realpath(resolve(this._folder, path))
    );
    await mkdir(dirname(copy), { recursive: true });
    await writeFile(copy, source);
    this.modules.set(path, source);
    return true;
  }

  /**
   * The notebook JSON with the current sources, the given outputs (the verification
   * run's) and extra metadata; everything else as in the file.
   */
  toJSON(
    results: ReadonlyMap<string, ICellResult>,
    metadata: Record<string, unknown>
  ): nbformat.INotebookContent {
    const content = structuredClone(this._notebook.content);
    content.metadata = {
      ...content.metadata,
      ...metadata
    } as nbformat.INotebookMetadata;
    content.cells.forEach((cell, i) => {
      const id = this._notebook.cells[i].id;
      const source = this._sources.get(id) ?? '';
      cell.source = source;
      if (cell.cell_type === 'code') {
        const result = results.get(id);
        (cell as nbformat.ICodeCell).outputs = result?.outputs ?? [];
        (cell as nbformat.ICodeCell).execution_count =
          result?.executionCount ?? null;
      }
    });
    return content;
  }

  /** Modules changed in this run: path → new content. */
  readonly modules = new Map<string, string>();
  private readonly _sources: Map<string, string>;
}
