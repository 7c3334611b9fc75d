import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LOCK_NAME, LockBusyError, lockFolders } from '../../../src/cli/lock';
import { capOutputs } from '../../../src/cli/output-cap';
import { Redactor } from '../../../src/cli/redact';
import {
  FileExistsError,
  keepOriginal,
  writeAtomic
} from '../../../src/cli/safe-write';

describe('writes that lose nothing', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'modernizer-safe-write-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('never writes over an existing file, and leaves no temporary file', async () => {
    const path = join(dir, 'NAME.report.md');
    await writeFile(path, 'the user wrote this');
    await assert.rejects(writeAtomic(path, 'ours'), FileExistsError);
    assert.equal(await readFile(path, 'utf8'), 'the user wrote this');
    await writeAtomic(join(dir, 'new.md'), 'ours');
    assert.equal(await readFile(join(dir, 'new.md'), 'utf8'), 'ours');
    assert.deepEqual((await readdir(dir)).sort(), ['NAME.report.md', 'new.md']);
  });

  it('keeps .orig once: a later copy never replaces the original', async () => {
    const module = join(dir, 'helpers.py');
    await writeFile(module, 'original\n');
    await keepOriginal(module);
    await writeAtomic(module, 'modernized\n', { replace: true });
    await keepOriginal(module);
    assert.equal(await readFile(`${module}.orig`, 'utf8'), 'original\n');
    assert.equal(await readFile(module, 'utf8'), 'modernized\n');
  });

  it('locks a folder against a second run, and takes over the lock of a dead one', async () => {
    const release = await lockFolders([dir]);
    await assert.rejects(lockFolders([dir]), (error: unknown) => {
      assert.ok(error instanceof LockBusyError);
      assert.equal(error.pid, process.pid);
      assert.match(error.message, /another jupyterlab-modernizer run/);
      return true;
    });
    await release();
    assert.ok(!(await readdir(dir)).includes(LOCK_NAME), 'released');

    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise(done => dead.on('exit', done));
    await writeFile(
      join(dir, LOCK_NAME),
      JSON.stringify({
        pid: dead.pid,
        host: (await import('node:os')).hostname()
      })
    );
    const again = await lockFolders([dir]);
    const owner = JSON.parse(await readFile(join(dir, LOCK_NAME), 'utf8'));
    assert.equal(owner.pid, process.pid);
    await again();
  });
});

describe('outputs kept per cell', () => {
  it('keeps small outputs as they are', () => {
    const outputs = [
      { output_type: 'stream', name: 'stdout', text: 'accuracy 0.93\n' }
    ];
    assert.equal(capOutputs(outputs), outputs);
  });

  it('cuts a 3 MB print to 1 MB, with a note saying so', () => {
    const line = 'x'.repeat(99) + '\n';
    const outputs = [
      { output_type: 'stream', name: 'stdout', text: line.repeat(30_000) },
      {
        output_type: 'display_data',
        data: { 'image/png': 'A'.repeat(100) },
        metadata: {}
      }
    ];
    const kept = capOutputs(outputs);
    const size = Buffer.byteLength(JSON.stringify(kept));
    assert.ok(size < 1.1 * 1024 * 1024, `${size} bytes`);
    assert.equal(kept.length, 2, 'the image past the cap is dropped');
    assert.ok(String(kept[0].text).startsWith(line));
    assert.match(
      String(kept[1].text),
      /output truncated: this cell printed 2\.9 MB; the first 1\.0 MB are kept/
    );
  });
});

describe('secrets are masked', () => {
  const redact = new Redactor({
    OPENAI_API_KEY: 'sk-proj-secret-key-123456',
    OTHER: 'Bearer sk-another-one-98765',
    SHORT: 'ollama'
  });

  it('in text, JSON and streams, whoever quotes them', () => {
    assert.equal(
      redact.text('Incorrect API key provided: sk-proj-secret-key-123456.'),
      'Incorrect API key provided: ***.'
    );
    assert.deepEqual(
      redact.json({ error: ['sk-another-one-98765', 3], ok: 'ollama' }),
      { error: ['***', 3], ok: 'ollama' }
    );
    let seen = '';
    redact
      .stream({ write: (text: string) => (seen += text) })
      .write('key sk-proj-secret-key-123456\n');
    assert.equal(seen, 'key ***\n');
  });
});
