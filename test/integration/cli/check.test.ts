import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { KernelConnection, SessionAPI } from '@jupyterlab/services';
import type { ICheckReport } from '../../../src/cli/report';
import { KernelExecutor } from '../../../src/core';
import { buildCli, cli, tempDir } from '../helpers/cli';
import {
  notebookJson,
  startTestServer,
  writeFileIn,
  type ITestServer
} from '../helpers/jupyter';

/** Command lines of running processes that mention `text` (a leftover server, say). */
function processesMentioning(text: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter(line => line.includes(text) && !line.startsWith('ps '));
}

describe('jupyterlab-modernizer check', { timeout: 120_000 }, () => {
  let server: ITestServer;
  let connect: string[];

  before(async () => {
    buildCli();
    server = await startTestServer();
    connect = ['--server-url', server.url, '--token', server.token];
  });

  after(async () => {
    await server?.stop();
  });

  it('passes a healthy notebook: exit 0, progress per cell, a JSON report', async () => {
    await writeFileIn(server.root, 'data.csv', 'a,b\n1,2\n3,4\n');
    const notebook = await writeFileIn(
      server.root,
      'healthy.ipynb',
      notebookJson([
        ['markdown', '# Analysis'],
        ['code', ['import pandas as pd\n', "df = pd.read_csv('data.csv')"]],
        ['raw', 'not code'],
        ['code', ''],
        ['code', "import warnings\nwarnings.warn('old')\nprint(df['a'].sum())"]
      ])
    );
    const report = join(server.root, 'healthy.json');
    const run = await cli(['check', notebook, ...connect, '--json', report]);

    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\[1\/2\] cell 2 ok/);
    assert.match(run.stdout, /\[2\/2\] cell 5 ok/);
    assert.match(run.stdout, /Passed: all 2 code cells ran/);
    assert.match(run.stdout, /Python 3\.\d+\.\d+ · pandas \d+\.\d+/);
    const json = JSON.parse(await readFile(report, 'utf8')) as ICheckReport;
    assert.equal(json.verdict, 'passed');
    assert.equal(json.nbformat, '4.5');
    assert.equal(json.kernel.name, 'python3');
    assert.deepEqual(
      json.cells.map(cell => [cell.index, cell.status]),
      [
        [1, 'ok'],
        [4, 'ok']
      ]
    );
    assert.equal(
      json.versions.find(version => version.module === 'pandas')?.distribution,
      'pandas'
    );
    assert.match(json.python ?? '', /^3\./);
  });

  it('runs in a fresh kernel and leaves the notebook open in JupyterLab alone', async () => {
    const notebook = await writeFileIn(
      server.root,
      'open.ipynb',
      notebookJson([['code', "print('marker' in globals())"]])
    );
    // The user's own session at the notebook's path, with state in its kernel.
    const session = await SessionAPI.startSession(
      {
        path: 'open.ipynb',
        name: 'open.ipynb',
        type: 'notebook',
        kernel: { name: 'python3' }
      },
      server.settings
    );
    const kernel = new KernelConnection({
      model: session.kernel!,
      serverSettings: server.settings
    });
    try {
      const executor = new KernelExecutor({ kernel });
      assert.equal((await executor.execute('marker = 7')).status, 'ok');
      const report = join(server.root, 'open.json');
      const run = await cli(['check', notebook, ...connect, '--json', report]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(
        await executor.evaluate('marker'),
        '7',
        "the user's kernel lives on"
      );
      const json = JSON.parse(await readFile(report, 'utf8')) as ICheckReport;
      assert.equal(json.cells[0].executionCount, 1, 'a fresh kernel');
    } finally {
      await SessionAPI.shutdownSession(session.id, server.settings);
      kernel.dispose();
    }
  });

  it('stops at the failing cell: exit 1, names the cell and the error', async () => {
    const notebook = await writeFileIn(
      server.root,
      'failing.ipynb',
      notebookJson([
        ['code', 'x = 1'],
        ['markdown', 'text'],
        ['code', 'def ratio(a):\n    return a / 0\nratio(x)'],
        ['code', "print('never')"]
      ])
    );
    const report = join(server.root, 'failing.json');
    const run = await cli(['check', notebook, ...connect, '--json', report]);

    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /Failed at cell 3 \(code cell 2 of 3, id cell-id-2\): ZeroDivisionError: division by zero/
    );
    assert.match(run.stdout, /return a \/ 0/);
    assert.doesNotMatch(run.stdout, /never/);
    const json = JSON.parse(await readFile(report, 'utf8')) as ICheckReport;
    assert.equal(json.verdict, 'failed');
    assert.equal(json.stoppedBy, 'error');
    assert.deepEqual(
      json.cells.map(cell => cell.status),
      ['ok', 'error', 'not-run']
    );
    assert.equal(json.failure?.ename, 'ZeroDivisionError');
  });

  it('reports a cell over its time limit as a timeout', async () => {
    const notebook = await writeFileIn(
      server.root,
      'slow.ipynb',
      notebookJson([['code', 'import time\ntime.sleep(60)']])
    );
    const run = await cli([
      'check',
      notebook,
      ...connect,
      '--cell-timeout',
      '1.5'
    ]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /timed out after 1\.\ds/);
    assert.ok(run.ms < 20_000, `took ${run.ms} ms`);
  });

  it('reports a kernel that dies, without waiting for the timeout', async () => {
    const notebook = await writeFileIn(
      server.root,
      'crash.ipynb',
      notebookJson([
        ['code', 'import os\nos._exit(1)'],
        ['code', '1']
      ])
    );
    const run = await cli(['check', notebook, ...connect]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /the kernel died/);
    assert.ok(run.ms < 30_000, `took ${run.ms} ms`);
  });

  for (const [name, text, message] of [
    [
      'broken.ipynb',
      '{\n  "cells": [\n    {"cell_type": "code",, }\n',
      /not valid JSON \(line 3/
    ],
    ['list.ipynb', '[1, 2, 3]', /not a notebook/],
    [
      'old.ipynb',
      JSON.stringify({
        nbformat: 2,
        nbformat_minor: 0,
        worksheets: [],
        metadata: {}
      }),
      /nbformat 2.*jupyter nbconvert --to notebook --nbformat 4/
    ],
    [
      'r.ipynb',
      notebookJson([['code', 'x <- 1']], {
        kernelspec: { name: 'ir', display_name: 'R', language: 'R' }
      }),
      /only Python notebooks are supported/
    ]
  ] as const) {
    it(`refuses ${name} with exit 2 and a clear message, touching nothing`, async () => {
      const path = await writeFileIn(server.root, name, text);
      const before = await stat(path);
      const report = join(server.root, `${name}.json`);
      const run = await cli(['check', path, ...connect, '--json', report]);

      assert.equal(run.code, 2);
      assert.match(run.stderr, message);
      assert.equal(await readFile(path, 'utf8'), text);
      assert.equal((await stat(path)).mtimeMs, before.mtimeMs);
      assert.equal(existsSync(report), false);
    });
  }

  it('starts and stops its own server, in the notebook folder (nbformat 4.0, no kernelspec)', async () => {
    const dir = await tempDir('cli');
    try {
      await writeFile(join(dir, 'numbers.txt'), '1\n2\n3\n');
      const notebook = await writeFileIn(
        dir,
        'old style.ipynb',
        notebookJson(
          [
            ['markdown', 'Sum the numbers'],
            ['code', "total = sum(int(line) for line in open('numbers.txt'))"],
            ['code', 'print(total)']
          ],
          { minor: 0, kernelspec: null }
        )
      );
      const report = join(dir, 'report.json');
      const run = await cli(['check', notebook, '--json', report]);

      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.match(run.stdout, /names no kernel; using python3/);
      const json = JSON.parse(await readFile(report, 'utf8')) as ICheckReport;
      assert.equal(json.nbformat, '4.0');
      assert.deepEqual(
        json.cells.map(cell => [cell.id, cell.status]),
        [
          ['cell-1', 'ok'],
          ['cell-2', 'ok']
        ]
      );
      assert.deepEqual(processesMentioning(dir), [], 'no server left running');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a report path it cannot write before running anything', async () => {
    const notebook = await writeFileIn(
      server.root,
      'report-path.ipynb',
      notebookJson([['code', '1']])
    );
    const run = await cli([
      'check',
      notebook,
      ...connect,
      '--json',
      '/nonexistent/dir/r.json'
    ]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Cannot write the report/);
    assert.doesNotMatch(run.stdout, /Running/);
  });

  it('never writes its report over a file that is not an earlier report, the notebook least of all', async () => {
    const text = notebookJson([['code', '1']]);
    const notebook = await writeFileIn(server.root, 'own-report.ipynb', text);
    const run = await cli(['check', notebook, ...connect, '--json', notebook]);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /exists and is not a report of jupyterlab-modernizer/
    );
    assert.equal(await readFile(notebook, 'utf8'), text);
  });

  it('says when the server refuses the token: exit 3', async () => {
    const notebook = await writeFileIn(
      server.root,
      'token.ipynb',
      notebookJson([['code', '1']])
    );
    const run = await cli([
      'check',
      notebook,
      '--server-url',
      server.url,
      '--token',
      'wrong'
    ]);
    assert.equal(run.code, 3);
    assert.match(
      run.stderr,
      /refused the token \(403\); pass the right --token/
    );
  });

  it('says so when it cannot start a server: exit 3', async () => {
    const notebook = await writeFileIn(
      server.root,
      'fine.ipynb',
      notebookJson([['code', '1']])
    );
    const run = await cli([
      'check',
      notebook,
      '--jupyter',
      '/nonexistent/jupyter'
    ]);
    assert.equal(run.code, 3);
    assert.match(
      run.stderr,
      /Could not run the notebook: The Jupyter server did not start: .*ENOENT/
    );
  });

  it('stops cleanly on Ctrl+C: exit 130, its server gone', async () => {
    const dir = await tempDir('cli');
    try {
      const notebook = await writeFileIn(
        dir,
        'long.ipynb',
        notebookJson([['code', 'import time\ntime.sleep(60)']])
      );
      let sent = false;
      const run = await cli(['check', notebook], {
        onStdout: (text, child) => {
          if (!sent && text.includes('Running 1 code cell')) {
            sent = true;
            setTimeout(() => child.kill('SIGINT'), 500);
          }
        }
      });
      assert.equal(run.code, 130, run.stderr + run.stdout);
      assert.match(run.stdout, /cancelled/);
      assert.ok(run.ms < 30_000, `took ${run.ms} ms`);
      assert.deepEqual(processesMentioning(dir), [], 'no server left running');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
