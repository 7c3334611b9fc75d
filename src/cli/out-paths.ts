import {
  lstat,
  mkdir,
  readFile,
  realpath,
  stat,
  unlink
} from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import {
  codeCells,
  importedModules,
  kernelFor,
  NotebookFormatError,
  parseNotebook,
  type INotebookDocument
} from '../core';
import type { IRunCommandOptions } from './args';
import { lockFolders } from './lock';
import { writeAtomic } from './safe-write';

/** Input the run refuses before anything starts (exit 2); the message says why. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A notebook of the run and where its results go. */
export interface IRunNotebook {
  path: string;
  notebook: INotebookDocument;
  /** The folder under --out for its results: its path relative to the notebooks' common folder. */
  outFolder: string;
}

/** What a run may write, checked and locked before any kernel starts. */
export interface IRunPlan {
  notebooks: IRunNotebook[];
  /** Releases the locks. */
  release(): Promise<void>;
}

/**
 * Reads the notebooks and checks every place the run will write before an LLM, a server
 * or a kernel is asked: each notebook's results keep its path relative to the notebooks'
 * common folder under --out, so two `x.ipynb` of different folders do not meet; --out may
 * not be a notebook's own folder (symlinks resolved) without --out-in-place; no result may
 * land on an existing file; --json must be writable and replaces only an earlier report.
 * Then locks --out (and, with --write-modules, the notebooks' folders) against other runs.
 */
export async function planRun(
  paths: string[],
  options: IRunCommandOptions
): Promise<IRunPlan> {
  const real = await Promise.all(paths.map(path => Private.realOrSelf(path)));
  const twice = real.findIndex((path, i) => real.indexOf(path) !== i);
  if (twice >= 0) {
    throw new InputError(`${paths[twice]} is given twice.`);
  }
  const out = resolve(options.out);
  const root = commonFolder(paths.map(path => dirname(path)));
  const notebooks: IRunNotebook[] = [];
  const taken: string[] = [];
  let moduleTaken = false;
  for (const path of paths) {
    const notebook = await Private.readNotebook(path);
    const outFolder = join(out, relative(root, dirname(path)));
    const own = await Private.realOrSelf(dirname(path));
    if (!options.outInPlace && (await Private.realOrSelf(outFolder)) === own) {
      throw new InputError(
        `--out ${options.out} is the folder of ${path}${outFolder === dirname(path) ? '' : ' (through a symbolic link)'}: ` +
          'its results would sit among the originals. Choose another folder, or pass --out-in-place.'
      );
    }
    const name = basename(path).replace(/\.ipynb$/i, '');
    const results = [`${name}.modernized.ipynb`, `${name}.report.md`];
    const modules = options.writeModules
      ? []
      : await Private.localModules(dirname(path), notebook);
    for (const target of [...results, ...modules]) {
      const where = join(outFolder, target);
      if (await Private.exists(where)) {
        taken.push(where);
        moduleTaken ||= modules.includes(target);
      }
    }
    notebooks.push({ path, notebook, outFolder });
  }
  if (taken.length > 0) {
    const list = taken.slice(0, 5).join(', ');
    const more = taken.length > 5 ? ` and ${taken.length - 5} more` : '';
    throw new InputError(
      `the run would write over ${list}${more}, which it did not write itself. ` +
        'Nothing was changed: move them away or choose another --out' +
        (moduleTaken
          ? ' (or pass --write-modules: changed modules in place, keeping .orig).'
          : '.')
    );
  }
  if (options.json) {
    await checkReportPath(resolve(options.json));
  }
  if (await Private.exists(out)) {
    if (!(await stat(out)).isDirectory()) {
      throw new InputError(`--out ${options.out} is a file, not a folder.`);
    }
  }
  await mkdir(out, { recursive: true }).catch((error: Error) => {
    throw new InputError(
      `cannot create --out ${options.out}: ${error.message}`
    );
  });
  const folders = [await Private.realOrSelf(out)];
  if (options.writeModules) {
    folders.push(...real.map(path => dirname(path)));
  }
  const release = await lockFolders(folders).catch(
    (error: NodeJS.ErrnoException) => {
      throw error.code
        ? new InputError(
            `cannot write in ${error.path ? dirname(error.path) : out} (${error.code}).`
          )
        : error;
    }
  );
  return { notebooks, release };
}

/** --json FILE: its folder is writable; an existing file is an earlier report of ours. */
export async function checkReportPath(path: string): Promise<void> {
  const probe = join(dirname(path), `.${basename(path)}.${process.pid}.probe`);
  try {
    await writeAtomic(probe, '');
    await unlink(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      `Cannot write the report ${path}: ${code === 'ENOENT' ? 'no such folder' : `not writable (${code})`}.`
    );
  }
  if (!(await Private.exists(path))) {
    return;
  }
  let tool: unknown;
  try {
    tool = JSON.parse(await readFile(path, 'utf8'))?.tool?.name;
  } catch {
    tool = undefined;
  }
  if (tool !== 'jupyterlab-modernizer') {
    throw new InputError(
      `--json ${path} exists and is not a report of jupyterlab-modernizer; it was left as it was.`
    );
  }
}

/** The deepest folder that holds all the given folders. */
export function commonFolder(folders: string[]): string {
  let common = folders[0].split(sep);
  for (const folder of folders.slice(1)) {
    const parts = folder.split(sep);
    let i = 0;
    while (i < common.length && common[i] === parts[i]) {
      i++;
    }
    common = common.slice(0, i);
  }
  return common.join(sep) || sep;
}

namespace Private {
  /** The parsed notebook; a bad one is refused here, before any server starts. */
  export async function readNotebook(path: string): Promise<INotebookDocument> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError(
        `${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`
      );
    }
    try {
      const notebook = parseNotebook(text);
      kernelFor(notebook);
      return notebook;
    } catch (error) {
      if (error instanceof NotebookFormatError) {
        throw new InputError(`${path}: ${error.message}`);
      }
      throw error;
    }
  }

  /** The local modules (`name.py`, `name/__init__.py` beside it) the notebook imports. */
  export async function localModules(
    folder: string,
    notebook: INotebookDocument
  ): Promise<string[]> {
    const found: string[] = [];
    const sources = codeCells(notebook).map(cell => cell.source);
    for (const name of importedModules(sources)) {
      for (const path of [`${name}.py`, `${name}/__init__.py`]) {
        if (await exists(join(folder, path))) {
          found.push(path);
        }
      }
    }
    return found;
  }

  export async function exists(path: string): Promise<boolean> {
    return lstat(path).then(
      () => true,
      () => false
    );
  }

  /**
   * The real path (symbolic links resolved) of a path that may not exist yet: its
   * deepest existing folder resolved, the rest as given.
   */
  export async function realOrSelf(path: string): Promise<string> {
    const rest: string[] = [];
    for (let at = resolve(path); ; at = dirname(at)) {
      try {
        return join(await realpath(at), ...rest);
      } catch {
        if (at === dirname(at)) {
          return resolve(path);
        }
        rest.unshift(basename(at));
      }
    }
  }
}
