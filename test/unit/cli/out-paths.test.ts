import assert from 'node:assert/strict';
import {
  mkdir,
  mkdtemp,
  readdir,
  rm,
  symlink,
  writeFile
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  parseCommandLine,
  type IRunCommandOptions
} from '../../../src/cli/args';
import { InputError, planRun } from '../../../src/cli/out-paths';

const NOTEBOOK = JSON.stringify({
  cells: [],
  metadata: { kernelspec: { name: 'python3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5
});

describe('where a run writes', () => {
  let dir: string;
  const options = (...extra: string[]): IRunCommandOptions => {
    const command = parseCommandLine(['run', 'x.ipynb', ...extra]);
    assert.ok(command.kind === 'run');
    return command.options;
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'modernizer-out-paths-'));
    for (const folder of ['a', 'b']) {
      await mkdir(join(dir, folder));
      await writeFile(join(dir, folder, 'x.ipynb'), NOTEBOOK);
    }
    await symlink(join(dir, 'a'), join(dir, 'link'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('keeps each notebook under its path relative to their common folder, and locks --out', async () => {
    const out = join(dir, 'out');
    const plan = await planRun(
      [join(dir, 'a', 'x.ipynb'), join(dir, 'b', 'x.ipynb')],
      options('--out', out)
    );
    assert.deepEqual(
      plan.notebooks.map(item => item.outFolder),
      [join(out, 'a'), join(out, 'b')]
    );
    assert.deepEqual(await readdir(out), ['.jupyterlab-modernizer.lock']);
    await plan.release();
    assert.deepEqual(await readdir(out), []);
  });

  it("refuses the notebook's own folder, through a symbolic link too, unless --out-in-place", async () => {
    const notebook = [join(dir, 'a', 'x.ipynb')];
    for (const out of [join(dir, 'a'), join(dir, 'link')]) {
      await assert.rejects(
        planRun(notebook, options('--out', out)),
        (error: unknown) =>
          error instanceof InputError && /--out-in-place/.test(error.message)
      );
    }
    const plan = await planRun(
      notebook,
      options('--out', join(dir, 'link'), '--out-in-place')
    );
    await plan.release();
  });

  it('refuses a --json that is not an earlier report, and replaces one that is', async () => {
    const notebook = [join(dir, 'b', 'x.ipynb')];
    const json = join(dir, 'r.json');
    await writeFile(json, '{"mine": 1}');
    await assert.rejects(
      planRun(notebook, options('--out', join(dir, 'o'), '--json', json)),
      /is not a report of jupyterlab-modernizer/
    );
    await writeFile(json, '{"tool": {"name": "jupyterlab-modernizer"}}');
    const plan = await planRun(
      notebook,
      options('--out', join(dir, 'o'), '--json', json)
    );
    await plan.release();
  });
});
