import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import {
  chmod,
  lstat,
  mkdir,
  readFile,
  rm,
  stat,
  symlink
} from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type ITestServer } from '../helpers/jupyter';
import {
  buildCli,
  checksums,
  cli,
  lost,
  markingJupyter,
  notebook,
  tempDir,
  writeTree,
  type IRun
} from '../helpers/cli';

// The kernel's np.float is gone (numpy 1.24): the rules fix helpers.py.
const HELPERS =
  'import numpy as np\n\n\ndef total(values):\n    return np.asarray(values, dtype=np.float).sum()\n';
const USES_HELPERS = notebook(
  "import helpers\nprint('total', helpers.total([1, 2, 3]))"
);
const LOCK = '.jupyterlab-modernizer.lock';

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false
  );

/** A run stopped before anything: exit 2, a message and no stack trace. */
function refused(run: IRun, message: RegExp): void {
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
}

describe('fault cases: a run loses nothing', { timeout: 300_000 }, () => {
  let server: ITestServer;
  const run = (args: string[], env?: Record<string, string>) =>
    cli(
      [
        'run',
        ...args,
        '--offline',
        '--auto-accept',
        '--server-url',
        server.url,
        '--token',
        server.token
      ],
      { cwd: server.root, env }
    );
  /** A case's folder under the server's root, with its files and their checksums. */
  const setUp = async (name: string, files: Record<string, string>) => {
    const dir = join(server.root, name);
    await writeTree(dir, files);
    return { dir, before: await checksums(dir) };
  };

  before(async () => {
    buildCli();
    server = await startTestServer();
  });

  after(async () => {
    await server?.stop();
  });

  it('keeps both results of two notebooks with one file name from two folders', async () => {
    const { dir, before } = await setUp('same-name', {
      'a/nb.ipynb': notebook("print('from a')"),
      'b/nb.ipynb': notebook("print('from b')")
    });
    const result = await run([
      'same-name/a/nb.ipynb',
      'same-name/b/nb.ipynb',
      '--out',
      'same-name/out'
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    for (const folder of ['a', 'b']) {
      const written = await readFile(
        join(dir, 'out', folder, 'nb.modernized.ipynb'),
        'utf8'
      );
      assert.match(written, new RegExp(`from ${folder}`));
      assert.ok(await exists(join(dir, 'out', folder, 'nb.report.md')));
    }
    assert.deepEqual(lost(before, await checksums(dir)), []);
  });

  it("refuses --out in a notebook's own folder before a server starts, and keeps the user's NAME.report.md", async () => {
    const { dir, before } = await setUp('own-folder', {
      'nb.ipynb': notebook("print('hello')"),
      'nb.report.md': '# My own notes on this notebook\n'
    });
    const jupyter = await markingJupyter(dir);
    const result = await cli(
      ['run', 'nb.ipynb', '--offline', '--out', '.', '--jupyter', jupyter.path],
      { cwd: dir }
    );
    refused(result, /is the folder of .*nb\.ipynb.*--out-in-place/);
    assert.equal(await jupyter.started(), false, 'no server started');
    assert.deepEqual(lost(before, await checksums(dir)), []);

    const inPlace = await run([
      'own-folder/nb.ipynb',
      '--out',
      'own-folder',
      '--out-in-place'
    ]);
    refused(inPlace, /would write over .*nb\.report\.md/);
    assert.deepEqual(lost(before, await checksums(dir)), []);
    assert.equal(await exists(join(dir, 'nb.modernized.ipynb')), false);
  });

  it("refuses --out that reaches the notebook's folder through a symbolic link: helpers.py stays, no .orig", async () => {
    const { dir, before } = await setUp('through-link', {
      'nb/nb.ipynb': USES_HELPERS,
      'nb/helpers.py': HELPERS
    });
    await symlink(join(dir, 'nb'), join(dir, 'results'));
    const result = await run([
      'through-link/nb/nb.ipynb',
      '--out',
      'through-link/results'
    ]);
    refused(result, /is the folder of .*through a symbolic link/);
    const inPlace = await run([
      'through-link/nb/nb.ipynb',
      '--out',
      'through-link/results',
      '--out-in-place'
    ]);
    refused(inPlace, /would write over .*helpers\.py.*--write-modules/);
    assert.deepEqual(lost(before, await checksums(dir)), []);
    assert.equal(await exists(join(dir, 'nb', 'helpers.py.orig')), false);
  });

  it('writes helpers.py.orig once: a later --write-modules run never replaces the original', async () => {
    const original = HELPERS.replace(
      'def total',
      '# as first written\ndef total'
    );
    const { dir, before } = await setUp('orig-once', {
      'nb.ipynb': USES_HELPERS,
      'helpers.py': HELPERS,
      'helpers.py.orig': original
    });
    const result = await run([
      'orig-once/nb.ipynb',
      '--out',
      'orig-once/out',
      '--write-modules'
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.equal(
      await readFile(join(dir, 'helpers.py.orig'), 'utf8'),
      original
    );
    assert.match(
      await readFile(join(dir, 'helpers.py'), 'utf8'),
      /dtype=float\)/
    );
    const changed = lost(before, await checksums(dir));
    assert.deepEqual(changed, ['helpers.py'], 'only the module, as asked');
  });

  it('lets one of two --write-modules runs at once go on and refuses the other (exit 3): .orig holds the original', async () => {
    // The run that gets the lock holds it for a few seconds at least, even on a busy machine.
    const slow = notebook(
      'import time\ntime.sleep(1.5)',
      "import helpers\nprint('total', helpers.total([1, 2, 3]))"
    );
    const { dir } = await setUp('at-once', {
      'nb.ipynb': slow,
      'helpers.py': HELPERS
    });
    const [first, second] = await Promise.all(
      ['out-1', 'out-2'].map(out =>
        run(['at-once/nb.ipynb', '--out', `at-once/${out}`, '--write-modules'])
      )
    );
    const codes = [first.code, second.code].sort();
    assert.deepEqual(codes, [0, 3], first.stderr + second.stderr);
    const loser = first.code === 3 ? first : second;
    assert.match(
      loser.stderr,
      /another jupyterlab-modernizer run \(pid \d+\) is writing in/
    );
    assert.equal(await readFile(join(dir, 'helpers.py.orig'), 'utf8'), HELPERS);
    assert.match(
      await readFile(join(dir, 'helpers.py'), 'utf8'),
      /dtype=float\)/
    );
    assert.equal(await exists(join(dir, LOCK)), false, 'the lock is released');
  });

  it('takes over a lock left by a run that died', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise(done => dead.on('exit', done));
    const { dir } = await setUp('stale-lock', {
      'nb.ipynb': USES_HELPERS,
      'helpers.py': HELPERS,
      [LOCK]: JSON.stringify({ pid: dead.pid, host: hostname() })
    });
    const result = await run([
      'stale-lock/nb.ipynb',
      '--out',
      'stale-lock/out',
      '--write-modules'
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.equal(await exists(join(dir, LOCK)), false);
  });

  it('refuses to write over an earlier result in --out, and a notebook given twice', async () => {
    const { dir, before } = await setUp('earlier', {
      'nb.ipynb': notebook("print('again')"),
      'out/nb.modernized.ipynb': 'an earlier result the user kept\n'
    });
    refused(
      await run(['earlier/nb.ipynb', '--out', 'earlier/out']),
      /would write over .*out\/nb\.modernized\.ipynb, which it did not write itself/
    );
    refused(
      await run([
        'earlier/nb.ipynb',
        'earlier/./nb.ipynb',
        '--out',
        'earlier/o2'
      ]),
      /is given twice/
    );
    assert.deepEqual(lost(before, await checksums(dir)), []);
  });

  it('keeps at most 1 MB of outputs per cell, saying what was cut', async () => {
    const { dir, before } = await setUp('big-output', {
      'nb.ipynb': notebook("print(('y' * 99 + '\\n') * 30000)")
    });
    const result = await run([
      'big-output/nb.ipynb',
      '--out',
      'big-output/out'
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const path = join(dir, 'out', 'nb.modernized.ipynb');
    assert.ok((await stat(path)).size < 1.2 * 1024 * 1024, 'about 1 MB, not 3');
    const cell = JSON.parse(await readFile(path, 'utf8')).cells[0];
    const text = cell.outputs.map((o: { text: string }) => o.text).join('');
    assert.match(text, /^y{99}\n/);
    assert.match(
      text,
      /output truncated: this cell printed 2\.9 MB; the first 1\.0 MB are kept/
    );
    assert.deepEqual(lost(before, await checksums(dir)), []);
  });
});

describe(
  'fault cases: bad input is refused before a server starts',
  { timeout: 120_000 },
  () => {
    let dir: string;
    let jupyter: Awaited<ReturnType<typeof markingJupyter>>;
    let sums: Map<string, string>;
    // A read-only folder is read-only to anyone but root: the run is someone else then.
    const uid = process.getuid?.() === 0 ? 65534 : undefined;
    const run = (args: string[]) =>
      cli(['run', ...args, '--offline', '--jupyter', jupyter.path], {
        cwd: dir,
        uid
      });

    before(async () => {
      dir = await tempDir('refused');
      await writeTree(dir, {
        'nb.ipynb': notebook("print('hello')"),
        'not-a-notebook.ipynb': '{"cells": [',
        'r.ipynb': notebook('x <- 1')
          .replace(/"python3?"/g, '"R"')
          .replace('Python 3', 'R'),
        'notes.json': '{"mine": true}\n',
        'a-file': 'not a folder\n'
      });
      await mkdir(join(dir, 'read-only'));
      await chmod(join(dir, 'read-only'), 0o555);
      await chmod(dir, 0o777);
      jupyter = await markingJupyter(dir);
      sums = await checksums(dir);
    });

    after(async () => {
      assert.equal(await jupyter.started(), false, 'no server started');
      assert.deepEqual(lost(sums, await checksums(dir)), []);
      await rm(dir, { recursive: true, force: true });
    });

    const cases: [string, string[], RegExp][] = [
      [
        'a file that is not a notebook',
        ['not-a-notebook.ipynb', '--out', 'out'],
        /not-a-notebook\.ipynb: /
      ],
      [
        'a notebook of another language',
        ['r.ipynb', '--out', 'out'],
        /only Python notebooks are supported/
      ],
      [
        'a missing notebook',
        ['gone.ipynb', '--out', 'out'],
        /gone\.ipynb: no such file/
      ],
      [
        'a read-only --out',
        ['nb.ipynb', '--out', 'read-only'],
        /cannot write in .*read-only/
      ],
      [
        'an --out that is a file',
        ['nb.ipynb', '--out', 'a-file'],
        /--out a-file is a file, not a folder/
      ],
      [
        '--json in a read-only folder',
        ['nb.ipynb', '--out', 'out', '--json', 'read-only/r.json'],
        /Cannot write the report .*read-only\/r\.json/
      ],
      [
        '--json in a folder that does not exist',
        ['nb.ipynb', '--out', 'out', '--json', 'no/such/r.json'],
        /Cannot write the report .*no\/such\/r\.json/
      ],
      [
        '--json on a file that is not a report',
        ['nb.ipynb', '--out', 'out', '--json', 'notes.json'],
        /notes\.json exists and is not a report/
      ]
    ];
    for (const [name, args, message] of cases) {
      it(`refuses ${name}: exit 2, nothing written`, async () => {
        refused(await run(args), message);
      });
    }
  }
);
