import type * as nbformat from '@jupyterlab/nbformat';
import type { ICheckCell } from '../model/types';
import { upgradeV3 } from './upgrade-v3';

/** Why a file cannot be used as a notebook. */
export type NotebookProblem =
  | 'invalid-json'
  | 'not-a-notebook'
  | 'unsupported-nbformat'
  | 'unsupported-kernel';

/** A file that is not a notebook this product can run; the message says what to do. */
export class NotebookFormatError extends Error {
  constructor(
    readonly problem: NotebookProblem,
    message: string
  ) {
    super(message);
    this.name = 'NotebookFormatError';
  }
}

/** A cell with its source joined and a stable id. */
export interface INotebookCell {
  id: string;
  /** Index in the notebook, all cell types counted. */
  index: number;
  cellType: string;
  source: string;
  /** Saved outputs (code cells; empty otherwise). */
  outputs: nbformat.IOutput[];
  executionCount: number | null;
}

/** A notebook read from disk or from a live model, normalized for the core. */
export interface INotebookDocument {
  /** e.g. `4.5` */
  version: string;
  /** The file's own version when it was read as its nbformat 4 conversion (`3.0`). */
  upgradedFrom?: string;
  metadata: nbformat.INotebookMetadata;
  cells: INotebookCell[];
  /** The notebook JSON as given (an nbformat 3 file's: its nbformat 4 conversion). */
  content: nbformat.INotebookContent;
}

/** Parses .ipynb text; throws a NotebookFormatError that says what is wrong. */
export function parseNotebook(text: string): INotebookDocument {
  let json: unknown;
  try {
    // Editors on Windows may save a byte-order mark, which JSON.parse refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new NotebookFormatError(
      'invalid-json',
      `The file is not valid JSON (${Private.where(text)}).`
    );
  }
  return normalizeNotebook(json);
}

/** Checks and normalizes notebook JSON (e.g. a notebook model's `toJSON()`). */
export function normalizeNotebook(json: unknown): INotebookDocument {
  if (!Private.isObject(json)) {
    throw new NotebookFormatError(
      'not-a-notebook',
      'The file is not a notebook: its JSON is not an object with cells.'
    );
  }
  if (json.nbformat === 3) {
    if (!Array.isArray(json.worksheets)) {
      throw new NotebookFormatError(
        'not-a-notebook',
        'The file is not a notebook: it has "nbformat": 3 but no "worksheets" list.'
      );
    }
    // Read as Jupyter opens it: its nbformat 4 conversion, which is also what gets written.
    const language = Private.v3CellLanguage(json);
    if (language) {
      throw new NotebookFormatError(
        'unsupported-kernel',
        `This notebook's cells are in ${language}; only Python notebooks are supported.`
      );
    }
    const minor =
      typeof json.nbformat_minor === 'number' ? json.nbformat_minor : 0;
    return {
      ...normalizeNotebook(upgradeV3(json)),
      upgradedFrom: `3.${minor}`
    };
  }
  const major = json.nbformat;
  const minor =
    typeof json.nbformat_minor === 'number' ? json.nbformat_minor : 0;
  if (typeof major === 'number' && major < 3) {
    throw new NotebookFormatError(
      'unsupported-nbformat',
      `This notebook uses nbformat ${major}, which is not supported (3 and 4.x are). ` +
        'Upgrade it with: jupyter nbconvert --to notebook --nbformat 4 NOTEBOOK.ipynb'
    );
  }
  if (typeof major === 'number' && major > 4) {
    throw new NotebookFormatError(
      'unsupported-nbformat',
      `This notebook uses nbformat ${major}.${minor}, newer than the supported 4.x.`
    );
  }
  if (major !== 4 || !Array.isArray(json.cells)) {
    throw new NotebookFormatError(
      'not-a-notebook',
      'The file is not a notebook: it has no "nbformat": 4 and "cells" list.'
    );
  }
  const seen = new Set<string>();
  const cells = json.cells.map((raw: unknown, index: number) => {
    if (!Private.isObject(raw) || typeof raw.cell_type !== 'string') {
      throw new NotebookFormatError(
        'not-a-notebook',
        `Cell ${index + 1} of the notebook is not a cell (no "cell_type").`
      );
    }
    // nbformat < 4.5 has no ids; a duplicate id would confuse every later step.
    let id = typeof raw.id === 'string' && raw.id ? raw.id : `cell-${index}`;
    if (seen.has(id)) {
      id = `cell-${index}`;
    }
    seen.add(id);
    const isCode = raw.cell_type === 'code';
    return {
      id,
      index,
      cellType: raw.cell_type,
      source: joinSource(raw.source as nbformat.MultilineString | undefined),
      outputs:
        isCode && Array.isArray(raw.outputs)
          ? (raw.outputs as nbformat.IOutput[])
          : [],
      executionCount:
        isCode && typeof raw.execution_count === 'number'
          ? raw.execution_count
          : null
    };
  });
  const metadata = Private.isObject(json.metadata)
    ? (json.metadata as nbformat.INotebookMetadata)
    : {};
  return {
    version: `${major}.${minor}`,
    metadata,
    cells,
    content: json as nbformat.INotebookContent
  };
}

/** nbformat allows a source as one string or as a list of lines. */
export function joinSource(
  source: nbformat.MultilineString | undefined
): string {
  if (Array.isArray(source)) {
    return source.join('');
  }
  return typeof source === 'string' ? source : '';
}

/** The code cells in notebook order, as a check runs them. */
export function codeCells(notebook: INotebookDocument): ICheckCell[] {
  return notebook.cells
    .filter(cell => cell.cellType === 'code')
    .map(({ id, index, source }) => ({ id, index, source }));
}

/** The kernel a notebook asks for. */
export interface IKernelChoice {
  name: string;
  /** Set when the choice is not exactly what the notebook says (e.g. no kernelspec). */
  notice?: string;
}

/** A kernelspec a server offers. */
export interface IKernelSpecInfo {
  name: string;
  language: string;
}

/**
 * The kernel to run a notebook with. Only Python is supported: another language throws.
 * With `available` (the server's kernelspecs), a Python kernelspec the server lacks
 * (an old `conda-env-py36` name, say) falls back to `python3` with a notice.
 */
export function kernelFor(
  notebook: INotebookDocument,
  available?: IKernelSpecInfo[]
): IKernelChoice {
  const spec = notebook.metadata.kernelspec;
  const language = Private.languageOf(notebook.metadata);
  if (!/python/i.test(language)) {
    const label = spec?.display_name || spec?.name || language;
    throw new NotebookFormatError(
      'unsupported-kernel',
      `This notebook's kernel is ${label} (language ${language}); ` +
        'only Python notebooks are supported.'
    );
  }
  const fallback =
    available?.find(s => s.name === 'python3') ??
    available?.find(s => /python/i.test(s.language));
  const fallbackName = fallback?.name ?? 'python3';
  if (!spec?.name) {
    return {
      name: fallbackName,
      notice: `The notebook names no kernel; using ${fallbackName}.`
    };
  }
  if (available && !available.some(s => s.name === spec.name)) {
    return {
      name: fallbackName,
      notice: `Kernel "${spec.name}" is not installed; using ${fallbackName}.`
    };
  }
  return { name: spec.name };
}

namespace Private {
  export function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  /** The kernel's language; an unnamed one is Python (as Jupyter assumes). */
  export function languageOf(metadata: nbformat.INotebookMetadata): string {
    // An nbformat 3 notebook may name its language at the top of its metadata.
    const declared =
      metadata.kernelspec?.language ??
      metadata.language_info?.name ??
      metadata.language;
    if (typeof declared === 'string' && declared) {
      return declared;
    }
    const name = metadata.kernelspec?.name;
    return !name || /py/i.test(name) ? 'python' : name;
  }

  /** The first language other than Python an nbformat 3 code cell names, if any. */
  export function v3CellLanguage(
    json: Record<string, unknown>
  ): string | undefined {
    for (const sheet of json.worksheets as unknown[]) {
      for (const cell of isObject(sheet) && Array.isArray(sheet.cells)
        ? sheet.cells
        : []) {
        const language = isObject(cell) ? cell.language : undefined;
        if (
          typeof language === 'string' &&
          language &&
          (cell as Record<string, unknown>).cell_type === 'code' &&
          !/python/i.test(language)
        ) {
          return language;
        }
      }
    }
    return undefined;
  }

  /** "line 3, column 7: unexpected \",\"" for text that JSON.parse rejects. */
  export function where(text: string): string {
    if (text.trim() === '') {
      return 'the file is empty';
    }
    // Engines differ in how (and whether) they say where; find the spot ourselves.
    const offset = errorOffset(text);
    const before = text.slice(0, offset).split('\n');
    const line = before.length;
    const column = before[before.length - 1].length + 1;
    const found =
      offset >= text.length
        ? 'unexpected end of file'
        : `unexpected ${JSON.stringify(text[offset])}`;
    return `line ${line}, column ${column}: ${found}`;
  }

  /** Offset of the first character a JSON parser rejects (text.length: cut short). */
  export function errorOffset(text: string): number {
    let i = 0;
    const space = () => {
      while (/\s/.test(text[i] ?? '')) {
        i++;
      }
    };
    const fail = (): never => {
      throw i;
    };
    const expect = (char: string) => (text[i] === char ? i++ : fail());
    const value = (): void => {
      space();
      const char = text[i];
      if (char === '{' || char === '[') {
        const close = char === '{' ? '}' : ']';
        i++;
        space();
        if (text[i] === close) {
          i++;
          return;
        }
        for (;;) {
          if (close === '}') {
            space();
            string();
            space();
            expect(':');
          }
          value();
          space();
          if (text[i] === ',') {
            i++;
            continue;
          }
          expect(close);
          return;
        }
      }
      if (char === '"') {
        string();
        return;
      }
      const literal =
        /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
          text.slice(i, i + 400)
        );
      if (!literal) {
        fail();
      }
      i += literal![0].length;
    };
    const string = () => {
      expect('"');
      while (i < text.length && text[i] !== '"') {
        if (text[i] < ' ') {
          fail();
        }
        i += text[i] === '\\' ? 2 : 1;
      }
      expect('"');
    };
    try {
      value();
      space();
      return i < text.length ? i : text.length;
    } catch (offset) {
      return offset as number;
    }
  }
}
