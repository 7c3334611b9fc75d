import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contents } from '@jupyterlab/services';
import { notebookListing } from '../../../src/jupyterlab/review/notebook-files';

const POINTER =
  'version https://git-lfs.github.com/spec/v1\n' +
  'oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n' +
  'size 12345\n';

/**
 * The server's contents of a tree given as file paths and texts: folders list their
 * entries with sizes, as the contents API does; hidden files are not shown.
 */
function contentsOf(files: Record<string, string>): {
  manager: Contents.IManager;
  reads: string[];
} {
  const reads: string[] = [];
  const get = async (
    path: string,
    options?: Contents.IFetchOptions
  ): Promise<Contents.IModel> => {
    if (path in files) {
      reads.push(path);
      return { path, name: path, type: 'file', content: files[path] } as never;
    }
    const prefix = path ? `${path}/` : '';
    const entries = new Map<string, Contents.IModel>();
    for (const [file, text] of Object.entries(files)) {
      if (!file.startsWith(prefix)) {
        continue;
      }
      const [name, ...rest] = file.slice(prefix.length).split('/');
      if (!name.startsWith('.')) {
        entries.set(name, {
          name,
          path: `${prefix}${name}`,
          type: rest.length ? 'directory' : 'file',
          size: rest.length ? undefined : text.length
        } as never);
      }
    }
    if (entries.size === 0) {
      throw new Error(`No such file or directory: ${path}`);
    }
    assert.equal(options?.content, true);
    return { path, type: 'directory', content: [...entries.values()] } as never;
  };
  return { manager: { get } as unknown as Contents.IManager, reads };
}

describe('the files of an open notebook', () => {
  it('lists its repository from the server top, copies of data under ../', async () => {
    const { manager } = contentsOf({
      'README.md': '# course',
      'data/wine.csv': 'a,b\n1,2\n',
      'lab2/lab2.ipynb': '{}',
      'lab2/helpers.py': 'x = 1\n'
    });
    const { files, pointers } = await notebookListing(
      manager,
      'lab2/lab2.ipynb'
    );
    assert.deepEqual([...files].sort(), [
      '../README.md',
      '../data',
      '../data/wine.csv',
      'helpers.py',
      'lab2.ipynb'
    ]);
    assert.equal(pointers.size, 0);
  });

  it('sets Git LFS pointers apart, reading only files of a pointer size', async () => {
    const { manager, reads } = contentsOf({
      'repo/README.md': '# repo',
      'repo/data/adult.csv': POINTER,
      'repo/data/small.csv': 'a,b\n1,2\n',
      'repo/data/large.csv': 'x'.repeat(5000),
      'repo/nb/analysis.ipynb': '{}',
      'repo/.git/HEAD': 'ref: refs/heads/main'
    });
    const { files, pointers } = await notebookListing(
      manager,
      'repo/nb/analysis.ipynb'
    );
    assert.deepEqual([...pointers], ['../data/adult.csv']);
    assert.ok(files.has('../data/small.csv'));
    assert.ok(!files.has('../data/adult.csv'));
    assert.deepEqual(reads, ['repo/data/adult.csv']);
  });

  it('is empty where the folder cannot be listed', async () => {
    const { manager } = contentsOf({});
    const { files, pointers } = await notebookListing(manager, 'gone/x.ipynb');
    assert.equal(files.size + pointers.size, 0);
  });
});
