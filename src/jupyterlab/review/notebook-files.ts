import type { Contents } from '@jupyterlab/services';
import {
  LFS_POINTER,
  mayBePointer,
  repositoryListing,
  type IFolderEntry,
  type IRepositoryListing
} from '../../core';

/**
 * The repository a notebook is in, listed through the server's contents: its files and
 * folders relative to the notebook's folder (`train.csv`, `data/train.csv`, and copies
 * elsewhere in the tree such as `../data/train.csv`), and its Git LFS pointers apart.
 * The listing stays within what the server shows: hidden files are not seen, so the
 * repository's top is the highest folder holding a README or LICENSE. Empty when the
 * notebook's folder cannot be listed.
 */
export async function notebookListing(
  contents: Contents.IManager,
  notebookPath: string
): Promise<IRepositoryListing> {
  const folder = notebookPath.split('/').slice(0, -1).join('/');
  return repositoryListing(`/${folder}`.replace(/\/$/, '') || '/', path =>
    Private.list(contents, path.replace(/^\/+/, ''))
  );
}

namespace Private {
  /** A folder's entries by its server path (`''` is the top); null when not listable. */
  export async function list(
    contents: Contents.IManager,
    path: string
  ): Promise<IFolderEntry[] | null> {
    let items: Contents.IModel[];
    try {
      const model = await contents.get(path, { content: true });
      if (!Array.isArray(model.content)) {
        return null;
      }
      items = model.content;
    } catch {
      return null;
    }
    return Promise.all(
      items.map(async item => ({
        name: item.name,
        folder: item.type === 'directory',
        pointer: await pointer(contents, item)
      }))
    );
  }

  /** Whether a listed file is a Git LFS pointer: a small text file that starts with its line. */
  async function pointer(
    contents: Contents.IManager,
    item: Contents.IModel
  ): Promise<boolean> {
    if (item.type !== 'file' || typeof item.size !== 'number') {
      return false;
    }
    if (!mayBePointer(item.size)) {
      return false;
    }
    try {
      const file = await contents.get(item.path, {
        type: 'file',
        format: 'text',
        content: true
      });
      return (
        typeof file.content === 'string' && file.content.startsWith(LFS_POINTER)
      );
    } catch {
      return false;
    }
  }
}
