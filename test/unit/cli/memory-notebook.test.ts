import assert from 'node:assert/strict';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  writeFile
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MemoryNotebook, placeModule } from '../../../src/cli/memory-notebook';
import { overlayPath } from '../../../src/cli/module-overlay';
import { parseNotebook } from '../../../src/core';

const NOTEBOOK = JSON.stringify({
  cells: [],
  metadata: { kernelspec: { name: 'python3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5
});

/** Every file under `dir`, relative to it. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('changed modules of a headless run', () => {
  // repo/notebooks/nb.ipynb, repo/notebooks/helpers.py, repo/lib/pkg/{__init__,util}.py
  let repo: string;
  let overlay: string;
  let notebook: MemoryNotebook;

  before(async () => {
    repo = await realpath(await mkdtemp(join(tmpdir(), 'memory-notebook-')));
    await mkdir(join(repo, 'notebooks'));
    await mkdir(join(repo, 'lib', 'pkg'), { recursive: true });
    await writeFile(join(repo, 'notebooks', 'helpers.py'), 'old = 1\n');
    await writeFile(join(repo, 'lib', 'pkg', '__init__.py'), '');
    await writeFile(join(repo, 'lib', 'pkg', 'util.py'), 'old = 2\n');
    overlay = join(repo, 'overlay');
    await mkdir(overlay);
    notebook = new MemoryNotebook(
      parseNotebook(NOTEBOOK),
      join(repo, 'notebooks'),
      overlay
    );
  });

  after(() => rm(repo, { recursive: true, force: true }));

  it('writes a module beside the notebook into the overlay, leaving the file as it was', async () => {
    assert.ok(
      await notebook.writeModule('helpers.py', 'old = 1\n', 'new = 1\n')
    );
    const copy = overlayPath(overlay, join(repo, 'notebooks', 'helpers.py'));
    assert.equal(await readFile(copy, 'utf8'), 'new = 1\n');
    assert.equal(
      await readFile(join(repo, 'notebooks', 'helpers.py'), 'utf8'),
      'old = 1\n'
    );
    assert.equal(await notebook.readModule('helpers.py'), 'new = 1\n');
  });

  it('keeps one copy per module, also for a module above the notebook, and writes only in the overlay', async () => {
    assert.ok(
      await notebook.writeModule('../lib/pkg/util.py', 'old = 2\n', 'new = 2\n')
    );
    assert.ok(
      await notebook.writeModule(
        '../lib/pkg/util.py',
        'new = 2\n',
        'newer = 2\n'
      )
    );
    assert.equal(
      await notebook.writeModule('../lib/pkg/util.py', 'old = 2\n', 'x\n'),
      false
    );
    const copy = overlayPath(overlay, join(repo, 'lib', 'pkg', 'util.py'));
    assert.equal(await readFile(copy, 'utf8'), 'newer = 2\n');
    // Nothing of the run lands beside the overlay, in the repository or above it.
    const outside = (await files(repo)).filter(f => !f.startsWith('overlay/'));
    assert.deepEqual(outside, [
      'lib/pkg/__init__.py',
      'lib/pkg/util.py',
      'notebooks/helpers.py'
    ]);
    assert.equal((await files(overlay)).length, 2);
  });

  it('places a module by the folders it climbs: the same place in the overlay and in --out', () => {
    assert.deepEqual(placeModule('helpers.py'), {
      climb: '.',
      inside: 'helpers.py'
    });
    assert.deepEqual(placeModule('../../homemade/utils/x.py'), {
      climb: '../..',
      inside: 'homemade/utils/x.py'
    });
    assert.deepEqual(placeModule('./a/../../lib/u.py'), {
      climb: '..',
      inside: 'lib/u.py'
    });
  });

  it('refuses a module that is no file below any folder', async () => {
    assert.equal(await notebook.writeModule('../..', '', 'x = 1\n'), false);
  });
});
