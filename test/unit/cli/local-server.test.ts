import assert from 'node:assert/strict';
import {
  chmod,
  mkdir,
  mkdtemp,
  rm,
  symlink,
  writeFile
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findJupyter, freePort } from '../../../src/cli/local-server';

describe('findJupyter', () => {
  let root: string;
  const savedPath = process.env.PATH;

  async function executable(path: string) {
    await writeFile(path, '#!/bin/sh\n');
    await chmod(path, 0o755);
  }

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'modernizer-path-'));
    for (const dir of ['empty', 'tools', 'venv/bin']) {
      await mkdir(join(root, dir), { recursive: true });
    }
    await executable(join(root, 'tools', 'jupyter'));
    await executable(join(root, 'venv/bin', 'python3'));
    await executable(join(root, 'venv/bin', 'jupyter'));
    await writeFile(join(root, 'empty', 'jupyter'), 'not executable');
    await mkdir(join(root, 'links'));
    await symlink(
      join(root, 'venv/bin', 'python3'),
      join(root, 'links', 'python3')
    );
  });

  after(async () => {
    process.env.PATH = savedPath;
    await rm(root, { recursive: true, force: true });
  });

  it('takes the first executable jupyter on PATH', () => {
    process.env.PATH = [join(root, 'empty'), join(root, 'tools')].join(':');
    assert.equal(findJupyter(), join(root, 'tools', 'jupyter'));
  });

  it('else finds the jupyter beside the python that PATH leads to', () => {
    process.env.PATH = [join(root, 'empty'), join(root, 'links')].join(':');
    assert.equal(findJupyter(), join(root, 'venv/bin', 'jupyter'));
  });

  it('says what to do when there is none', () => {
    process.env.PATH = join(root, 'empty');
    assert.throws(
      () => findJupyter(),
      /Cannot find `jupyter` on PATH.*--jupyter PATH.*--server-url/s
    );
  });
});

describe('freePort', () => {
  it('gives a port that can be listened on', async () => {
    const port = await freePort();
    assert.ok(port > 1024 && port < 65536, String(port));
  });
});
