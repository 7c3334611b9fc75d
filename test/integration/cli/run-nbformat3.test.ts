import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IModernizeReport } from '../../../src/core';
import { buildCli, cli, type IRun } from '../helpers/cli';
import { startTestServer, type ITestServer } from '../helpers/jupyter';

/** A code cell as IPython 2 saved it: input split in lines, `language`, `prompt_number`. */
function code(input: string, count: number, outputs: unknown[] = []) {
  return {
    cell_type: 'code',
    collapsed: false,
    input: input.split(/(?<=\n)/),
    language: 'python',
    metadata: {},
    outputs,
    prompt_number: count
  };
}

// A 2014 notebook: nbformat 3, one worksheet, a heading cell, sklearn.cross_validation
// (removed in scikit-learn 0.20), and its accuracy printed and shown as a result.
const OLD = {
  metadata: { name: '', signature: 'sha256:0f3a' },
  nbformat: 3,
  nbformat_minor: 0,
  worksheets: [
    {
      cells: [
        {
          cell_type: 'heading',
          level: 1,
          metadata: {},
          source: ['Nearest neighbours on iris']
        },
        {
          cell_type: 'markdown',
          metadata: {},
          source: ['Hold out a quarter of the flowers.']
        },
        code(
          'from sklearn.datasets import load_iris\n' +
            'from sklearn.cross_validation import train_test_split\n' +
            'from sklearn.neighbors import KNeighborsClassifier\n' +
            'iris = load_iris()\n' +
            'X_train, X_test, y_train, y_test = train_test_split(iris.data, iris.target, random_state=0)',
          1
        ),
        code(
          'knn = KNeighborsClassifier(n_neighbors=1).fit(X_train, y_train)\n' +
            'print("Accuracy: %.3f" % knn.score(X_test, y_test))\n' +
            'knn.score(X_test, y_test)',
          2,
          [
            {
              output_type: 'stream',
              stream: 'stdout',
              text: ['Accuracy: 0.974\n']
            },
            {
              output_type: 'pyout',
              prompt_number: 2,
              metadata: {},
              text: ['0.97368421052631582']
            }
          ]
        )
      ],
      metadata: {}
    }
  ]
};

describe(
  'jupyterlab-modernizer run on an nbformat 3 notebook',
  { timeout: 180_000 },
  () => {
    let server: ITestServer;
    let run: IRun;
    let original: Buffer;
    const path = () => join(server.root, 'old', 'iris.ipynb');

    before(async () => {
      buildCli();
      server = await startTestServer();
      await mkdir(join(server.root, 'old'), { recursive: true });
      // Saved as IPython 2 wrote files: one-space indent, keys sorted.
      original = Buffer.from(`${JSON.stringify(OLD, null, 1)}\n`);
      await writeFile(path(), original);
      run = await cli(
        [
          'run',
          'old/iris.ipynb',
          '--offline',
          '--auto-accept',
          '--out',
          'out',
          '--json',
          'report.json',
          '--server-url',
          server.url,
          '--token',
          server.token
        ],
        { cwd: server.root }
      );
    });

    after(async () => {
      await server?.stop();
    });

    it('brings it back: the removed module is fixed and the saved accuracy matches', async () => {
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(
        run.stdout,
        /nbformat 3\.0: read as its nbformat 4 conversion/
      );
      const report = (
        JSON.parse(
          await readFile(join(server.root, 'report.json'), 'utf8')
        ) as {
          notebooks: (IModernizeReport & { upgradedFrom?: string })[];
        }
      ).notebooks[0];
      assert.equal(report.verdict, 'reproducible');
      assert.equal(report.upgradedFrom, '3.0');
      assert.ok(
        report.changes.some(c => /sklearn\.model_selection/.test(c.after)),
        JSON.stringify(report.changes)
      );
      // The printed accuracy and the shown result, both read from the v3 outputs.
      assert.deepEqual(
        report.scores.map(s => [s.cellIndex, s.original, s.withinTolerance]),
        [
          [3, 0.974, true],
          [3, 0.9736842105263158, true]
        ]
      );
    });

    it('writes the modernized notebook as nbformat 4, and says so in its report', async () => {
      const written = JSON.parse(
        await readFile(
          join(server.root, 'out', 'iris.modernized.ipynb'),
          'utf8'
        )
      );
      assert.equal(written.nbformat, 4);
      assert.equal(written.nbformat_minor, 5);
      assert.equal(written.worksheets, undefined);
      assert.equal(written.metadata.orig_nbformat, 3);
      assert.deepEqual(
        written.cells.map((c: { cell_type: string }) => c.cell_type),
        ['markdown', 'markdown', 'code', 'code']
      );
      assert.equal(written.cells[0].source, '# Nearest neighbours on iris');
      assert.match(
        written.cells[2].source,
        /from sklearn\.model_selection import train_test_split/
      );
      assert.equal(written.cells[2].input, undefined);
      assert.equal(written.cells[3].outputs[1].output_type, 'execute_result');
      assert.match(
        await readFile(join(server.root, 'out', 'iris.report.md'), 'utf8'),
        /The notebook file is nbformat 3\.0\. .*written as nbformat 4\.5/
      );
    });

    it('leaves the nbformat 3 file byte for byte as it was', async () => {
      assert.ok((await readFile(path())).equals(original));
    });
  }
);
