import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ICheckReport } from '../../../src/cli/report';
import { buildCli, cli } from '../helpers/cli';
import {
  startTestServer,
  writeFileIn,
  type ITestServer
} from '../helpers/jupyter';

/** A teaching notebook: its second cell raises on purpose, and its saved output shows it. */
function teaching(savedEname: string): string {
  const code = (source: string, outputs: unknown[] = []) => ({
    cell_type: 'code',
    metadata: {},
    source,
    outputs,
    execution_count: null
  });
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3',
        language: 'python'
      }
    },
    cells: [
      code('x = 1'),
      code('x / 0', [
        {
          output_type: 'error',
          ename: savedEname,
          evalue: 'as shown in class',
          traceback: []
        }
      ]),
      code("print('after the example', x)")
    ].map((cell, i) => ({ id: `cell-${i}`, ...cell }))
  });
}

describe(
  'jupyterlab-modernizer check of a notebook that raises on purpose',
  { timeout: 120_000 },
  () => {
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

    const check = async (name: string, savedEname: string) => {
      const notebook = await writeFileIn(
        server.root,
        `${name}.ipynb`,
        teaching(savedEname)
      );
      const report = join(server.root, `${name}.json`);
      const run = await cli(['check', notebook, ...connect, '--json', report]);
      return {
        run,
        json: JSON.parse(await readFile(report, 'utf8')) as ICheckReport
      };
    };

    it('goes on past the error the saved outputs show, and passes', async () => {
      const { run, json } = await check('teaching', 'ZeroDivisionError');
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /\[3\/3\] cell 3 ok/);
      assert.match(run.stdout, /Passed: all 3 code cells ran/);
      assert.equal(json.verdict, 'passed');
      assert.equal(json.cells.length, 3);
      assert.equal(json.cells.at(-1)?.status, 'ok');
    });

    it('still stops at an error of another type than the saved one', async () => {
      const { run, json } = await check('other-error', 'ValueError');
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.doesNotMatch(run.stdout, /\[3\/3\]/);
      assert.equal(json.verdict, 'failed');
      assert.deepEqual(
        json.cells.map(cell => cell.status),
        ['ok', 'error', 'not-run']
      );
    });
  }
);
