import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  repositoryFiles,
  repositoryListing,
  repositoryRoot,
  type ListFolder
} from '../../../../src/core/environment/repository';

/** A listing of folders given as the paths of their files (`/a/b.csv`). */
function tree(paths: string[]): ListFolder {
  return async folder => {
    const prefix = folder === '/' ? '/' : `${folder}/`;
    const entries = new Map<string, boolean>();
    for (const path of paths) {
      if (path.startsWith(prefix)) {
        const [name, ...rest] = path.slice(prefix.length).split('/');
        entries.set(name, entries.get(name) || rest.length > 0);
      }
    }
    return entries.size === 0 && !paths.some(p => p.startsWith(prefix))
      ? null
      : [...entries].map(([name, folder]) => ({ name, folder }));
  };
}

const REPO = [
  '/corpus/corpus.json',
  '/corpus/owner+book/README.md',
  '/corpus/owner+book/data/wine/wine.data',
  '/corpus/owner+book/datasets/housing.csv',
  '/corpus/owner+book/notebooks/README.md',
  '/corpus/owner+book/notebooks/ch02/ch02.ipynb',
  '/corpus/owner+book/notebooks/ch02/helpers.py',
  '/corpus/owner+book/.ipynb_checkpoints/x.ipynb'
];

describe('repository files', () => {
  it('finds the root as the highest folder with a README, below a .git or above', async () => {
    const list = tree(REPO);
    assert.equal(
      await repositoryRoot('/corpus/owner+book/notebooks/ch02', list),
      '/corpus/owner+book'
    );
    assert.equal(
      await repositoryRoot(
        '/home/u/repo/nb',
        tree([
          '/home/u/README',
          '/home/u/repo/.git/HEAD',
          '/home/u/repo/nb/a.ipynb'
        ])
      ),
      '/home/u/repo'
    );
  });

  it('finds a README five folders up, where course repositories keep their labs', async () => {
    assert.equal(
      await repositoryRoot(
        '/c/course/content/labs/lab5/notebook/solutions',
        tree([
          '/c/course/README.md',
          '/c/course/content/labs/lab5/data/population.csv',
          '/c/course/content/labs/lab5/notebook/solutions/lab5.ipynb'
        ])
      ),
      '/c/course'
    );
  });

  it('lists the tree relative to the notebook, data elsewhere under ../', async () => {
    const files = await repositoryFiles(
      '/corpus/owner+book/notebooks/ch02',
      tree(REPO)
    );
    assert.deepEqual([...files].sort(), [
      '..',
      '../../README.md',
      '../../data',
      '../../data/wine',
      '../../data/wine/wine.data',
      '../../datasets',
      '../../datasets/housing.csv',
      '../README.md',
      'ch02.ipynb',
      'helpers.py'
    ]);
  });

  it('leaves out Git LFS pointers, which only name the data', async () => {
    const list: ListFolder = async folder =>
      folder === '/repo'
        ? [
            { name: 'README.md', folder: false },
            { name: 'prices.csv', folder: false, pointer: true },
            { name: 'wine.csv', folder: false, pointer: false }
          ]
        : null;
    assert.deepEqual([...(await repositoryFiles('/repo', list))].sort(), [
      'README.md',
      'wine.csv'
    ]);
    const listing = await repositoryListing('/repo', list);
    assert.deepEqual([...listing.pointers], ['prices.csv']);
  });

  it('lists a repository whose top is the top of the file system', async () => {
    const files = await repositoryFiles(
      '/ch02',
      tree(['/README.md', '/data/wine.data', '/ch02/ch02.ipynb'])
    );
    assert.deepEqual([...files].sort(), [
      '../README.md',
      '../data',
      '../data/wine.data',
      'ch02.ipynb'
    ]);
  });

  it('stops at the entry limit', async () => {
    const files = await repositoryFiles(
      '/corpus/owner+book/notebooks/ch02',
      tree(REPO),
      { maxEntries: 3 }
    );
    assert.equal(files.size, 3);
  });
});
