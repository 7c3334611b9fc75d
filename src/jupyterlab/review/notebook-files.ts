import type { Contents } from '@jupyterlab/services';

/** Sub-folders whose files data-path rules look for, listed one level deeper. */
const DATA_FOLDERS = /^(data|datasets?|input)$/i;

/**
 * The files and folders beside a notebook, relative to its folder (`train.csv`, `data`,
 * `data/train.csv`): its folder's listing, and the listing of its data sub-folders.
 * Empty when the folder cannot be listed.
 */
export async function filesBeside(
  contents: Contents.IManager,
  notebookPath: string
): Promise<Set<string>> {
  const folder = notebookPath.split('/').slice(0, -1).join('/');
  const files = new Set<string>();
  const list = async (path: string): Promise<Contents.IModel[]> => {
    try {
      const model = await contents.get(path, { content: true });
      return Array.isArray(model.content) ? model.content : [];
    } catch {
      return [];
    }
  };
  const relative = (path: string) =>
    folder ? path.slice(folder.length + 1) : path;
  const top = await list(folder);
  for (const item of top) {
    files.add(relative(item.path));
  }
  const data = top.filter(
    item => item.type === 'directory' && DATA_FOLDERS.test(item.name)
  );
  for (const listing of await Promise.all(data.map(item => list(item.path)))) {
    for (const item of listing) {
      files.add(relative(item.path));
    }
  }
  return files;
}
