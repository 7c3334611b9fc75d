/** One entry of a folder's listing. */
export interface IFolderEntry {
  name: string;
  folder: boolean;
  /**
   * A Git LFS pointer, not the file: a clone without its large files holds a few lines
   * naming it instead. Not listed, so no rule reads it as data.
   */
  pointer?: boolean;
}

/** The first line of a Git LFS pointer file. */
export const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1';

/**
 * Whether a file of this size may be a Git LFS pointer, worth reading to tell: pointer
 * files are about 130 bytes (version, oid and size lines).
 */
export function mayBePointer(size: number): boolean {
  return size >= LFS_POINTER.length && size <= 512;
}

/** Lists a folder by its absolute path; null when it cannot be read. */
export type ListFolder = (path: string) => Promise<IFolderEntry[] | null>;

/** Limits of a repository's listing. */
export interface IRepositoryLimits {
  /** Ancestors of the notebook's folder looked at for the root; default 8. */
  maxUp?: number;
  /** Entries listed at most; default 20,000. */
  maxEntries?: number;
  /** Folder depth below the root; default 6. */
  maxDepth?: number;
}

// Never data: version control, caches, environments.
const SKIPPED = /^\.|^__pycache__$|^node_modules$|^(venv|env|site-packages)$/;
// What the top of a repository holds (a laid-out copy has no `.git`).
const ROOT_MARKERS =
  /^(readme|license|licence|copying)(\.\w+)?$|^\.gitignore$/i;

/**
 * The folder a notebook's repository starts at: the nearest ancestor holding `.git`; else
 * the highest of the nearest `maxUp` ancestors that holds a README, LICENSE or
 * .gitignore; else the notebook's own folder.
 */
export async function repositoryRoot(
  folder: string,
  list: ListFolder,
  maxUp = 8
): Promise<string> {
  let root = folder;
  let path = folder;
  for (let up = 0; up <= maxUp; up++) {
    const entries = (await list(path)) ?? [];
    if (entries.some(entry => entry.name === '.git')) {
      return path;
    }
    if (entries.some(entry => ROOT_MARKERS.test(entry.name))) {
      root = path;
    }
    const parent = Private.parentOf(path);
    if (parent === null) {
      break;
    }
    path = parent;
  }
  return root;
}

/** A repository's listing: its files, and the Git LFS pointers that stand for others. */
export interface IRepositoryListing {
  /** Files and folders, relative to the notebook's folder. */
  files: Set<string>;
  /** Git LFS pointers, relative to the notebook's folder: data the copy does not hold. */
  pointers: Set<string>;
}

/**
 * The files and folders of a notebook's repository, relative to the notebook's folder:
 * beside it (`data/x.csv`) and elsewhere in the tree (`../data/x.csv`), so that a copy
 * of the data anywhere in the repository can be found. Folders are POSIX paths.
 */
export async function repositoryFiles(
  folder: string,
  list: ListFolder,
  limits: IRepositoryLimits = {}
): Promise<Set<string>> {
  return (await repositoryListing(folder, list, limits)).files;
}

/** The files of a notebook's repository (see repositoryFiles), its LFS pointers apart. */
export async function repositoryListing(
  folder: string,
  list: ListFolder,
  limits: IRepositoryLimits = {}
): Promise<IRepositoryListing> {
  const maxEntries = limits.maxEntries ?? 20_000;
  const maxDepth = limits.maxDepth ?? 6;
  const root = await repositoryRoot(folder, list, limits.maxUp ?? 8);
  const top = root.replace(/\/+$/, '');
  const below = folder === root ? '' : folder.slice(top.length + 1);
  const found = new Set<string>();
  const pointers = new Set<string>();
  const walk = async (relative: string, depth: number) => {
    const entries = await list(relative ? `${top}/${relative}` : root);
    for (const entry of entries ?? []) {
      if (SKIPPED.test(entry.name) || found.size >= maxEntries) {
        continue;
      }
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.pointer) {
        pointers.add(Private.fromFolder(below, path));
        continue;
      }
      found.add(Private.fromFolder(below, path));
      if (entry.folder && depth < maxDepth) {
        await walk(path, depth + 1);
      }
    }
  };
  await walk('', 0);
  found.delete('');
  return { files: found, pointers };
}

namespace Private {
  /** The parent of an absolute POSIX path; null at the top. */
  export function parentOf(path: string): string | null {
    const cut = path.replace(/\/+$/, '').lastIndexOf('/');
    return cut <= 0 ? (path === '/' ? null : '/') : path.slice(0, cut);
  }

  /**
   * A path relative to the root, as the notebook's folder (`below` the root) reaches it:
   * `ch2/data/x.csv` from `ch2` is `data/x.csv`, `data/x.csv` from `ch2` is `../data/x.csv`.
   */
  export function fromFolder(below: string, path: string): string {
    if (!below) {
      return path;
    }
    if (path === below) {
      return '';
    }
    if (path.startsWith(`${below}/`)) {
      return path.slice(below.length + 1);
    }
    const from = below.split('/');
    const to = path.split('/');
    let common = 0;
    while (common < from.length && from[common] === to[common]) {
      common++;
    }
    const up = from.length - common;
    return [...Array<string>(up).fill('..'), ...to.slice(common)].join('/');
  }
}
