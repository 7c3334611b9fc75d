import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IModernizeReport } from '../../../src/core';
import { buildCli, cli, writeTree, type IRun } from '../helpers/cli';
import { startTestServer, type ITestServer } from '../helpers/jupyter';

/** A code cell as old notebooks saved it: source and outputs. */
type SavedCell = [string, unknown[]];

/** Notebook JSON from 2017: nbformat 4.2, no cell ids, saved outputs. */
function savedNotebook(cells: SavedCell[]): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 2,
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3',
        language: 'python'
      },
      language_info: { name: 'python', version: '3.6.3' }
    },
    cells: cells.map(([source, outputs], i) => ({
      cell_type: 'code',
      metadata: {},
      source,
      execution_count: i + 1,
      outputs
    }))
  });
}

const printed = (text: string) => ({
  output_type: 'stream',
  name: 'stdout',
  text
});

// A teaching notebook shows why shapes must match: the error is the lesson.
const TEACHING = savedNotebook([
  ['import numpy as np\nscores = np.array([0.78, 0.82])', []],
  [
    'np.array([1, 2]) + np.array([1, 2, 3])',
    [
      {
        output_type: 'error',
        ename: 'ValueError',
        evalue:
          'operands could not be broadcast together with shapes (2,) (3,) ',
        traceback: ['ValueError: operands could not be broadcast together']
      }
    ]
  ],
  ["print('Accuracy: %.2f' % scores.mean())", [printed('Accuracy: 0.80\n')]]
]);
const STATSMODELS = savedNotebook([
  ['import pandas as pd\nimport statsmodels.api as sm', []],
  ["print('fitted')", [printed('fitted\n')]]
]);
const REMOTE = savedNotebook([
  [
    "import pandas as pd\nwine = pd.read_csv('http://data.invalid/ml/wine.data', header=None)",
    []
  ],
  ['print(len(wine))', [printed('178\n')]]
]);
// A database another notebook builds: connecting makes an empty file, the query finds no table.
const DATABASE = savedNotebook([
  [
    "import sqlite3\nimport pandas as pd\nconn = sqlite3.connect('shop.db')",
    []
  ],
  [
    "sales = pd.read_sql('SELECT * FROM sales', conn)\nprint(len(sales))",
    [printed('12\n')]
  ]
]);
// A slow cell, as a grid search is on two cores (shortened: tests are not timed).
// A notebook that loads a helper package; the erosion is in a submodule its package loads.
const VENDORED = savedNotebook([
  ['import pandas as pd\nfrom mlkit import *', []],
  [
    "df = pd.DataFrame({'x': [1, 2], 'y': [3, 4]})\nprint(features(df).columns.tolist())",
    [printed("['x']\n")]
  ]
]);
const MLKIT = {
  'mlkit/__init__.py': 'from .frames import features\n',
  'mlkit/frames.py':
    "def features(df):\n    return df.drop(columns=['y'], axis=1)\n"
};
// A lesson that asks how many neighbours to use; the saved outputs keep what was typed.
const ASKS = savedNotebook([
  [
    "k = int(input('How many neighbours? '))",
    [
      {
        output_type: 'stream',
        name: 'stdin',
        text: 'How many neighbours?  4\n'
      }
    ]
  ],
  ["print('Accuracy: %.2f' % (0.2 * k))", [printed('Accuracy: 0.80\n')]]
]);
const UNANSWERED = savedNotebook([
  ["k = int(input('How many neighbours? '))", []],
  ["print('Accuracy: %.2f' % (0.2 * k))", [printed('Accuracy: 0.80\n')]]
]);
const SLOW = savedNotebook([
  ["import time\ntime.sleep(3)\nprint('searched')", [printed('searched\n')]]
]);

describe(
  'jupyterlab-modernizer run on notebooks as others wrote them',
  { timeout: 180_000 },
  () => {
    let server: ITestServer;
    let run: IRun;
    let reports: Map<string, IModernizeReport>;

    before(async () => {
      buildCli();
      server = await startTestServer();
      const folder = join(server.root, 'others');
      await mkdir(folder, { recursive: true });
      for (const [name, text] of Object.entries({
        teaching: TEACHING,
        statsmodels: STATSMODELS,
        remote: REMOTE,
        database: DATABASE,
        slow: SLOW,
        vendored: VENDORED,
        asks: ASKS,
        unanswered: UNANSWERED
      })) {
        await writeFile(join(folder, `${name}.ipynb`), text);
      }
      await writeTree(folder, MLKIT);
      run = await cli(
        [
          'run',
          ...[
            'teaching',
            'statsmodels',
            'remote',
            'database',
            'slow',
            'vendored',
            'asks',
            'unanswered'
          ].map(n => `others/${n}.ipynb`),
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
      const json = JSON.parse(
        await readFile(join(server.root, 'report.json'), 'utf8')
      ) as { notebooks: IModernizeReport[] };
      reports = new Map(
        json.notebooks.map(r => [r.notebook.replace(/^.*\/|\.ipynb$/g, ''), r])
      );
    });

    after(async () => {
      await server?.stop();
    });

    it('runs on past an error the notebook shows on purpose, and says it raised as in the original', async () => {
      assert.equal(run.stderr, '');
      const report = reports.get('teaching')!;
      assert.equal(report.verdict, 'reproducible');
      assert.deepEqual(
        report.expectedErrors.map(e => [e.where, e.ename]),
        [['cell 2', 'ValueError']]
      );
      assert.match(run.stdout, /cell 2 raised ValueError as in the original/);
      assert.match(
        await readFile(join(server.root, 'out', 'teaching.report.md'), 'utf8'),
        /cell 2 raised ValueError as in the original/
      );
    });

    it('types the answers the saved outputs keep at input() prompts; blocks on a prompt with none', async () => {
      assert.equal(reports.get('asks')!.verdict, 'reproducible');
      const modernized = JSON.parse(
        await readFile(
          join(server.root, 'out', 'asks.modernized.ipynb'),
          'utf8'
        )
      );
      assert.deepEqual(modernized.cells[0].outputs, [
        {
          output_type: 'stream',
          name: 'stdin',
          text: 'How many neighbours?  4\n'
        }
      ]);
      assert.match(
        run.stdout,
        /unanswered\.ipynb: blocked: input\(\) asks for an answer the saved notebook does not record/
      );
      assert.deepEqual(
        { ...reports.get('unanswered')!.blocked },
        { kind: 'keyboard', where: 'cell 1' }
      );
    });

    it('ends blocked, not failing, with what to install or download; exit 4', async () => {
      assert.match(
        run.stdout,
        /statsmodels\.ipynb: blocked: install statsmodels/
      );
      assert.deepEqual(
        { ...reports.get('statsmodels')!.blocked },
        {
          kind: 'install',
          module: 'statsmodels',
          package: 'statsmodels',
          where: 'cell 1'
        }
      );
      assert.match(
        run.stdout,
        /remote\.ipynb: blocked: data at http:\/\/data\.invalid\/ml\/wine\.data is not reachable and no copy is in the repository/
      );
      assert.equal(reports.get('remote')!.verdict, 'blocked');
      assert.match(
        run.stdout,
        /database\.ipynb: blocked: data at shop\.db is not in the repository/
      );
      assert.match(
        await readFile(
          join(server.root, 'out', 'statsmodels.report.md'),
          'utf8'
        ),
        /Install `statsmodels` and run again/
      );
      // Every notebook reproducible or blocked: the code is fine, the environment is not.
      assert.equal(run.code, 4);
    });

    it("fixes a helper package's submodules before the first run, following the package's imports", async () => {
      assert.equal(reports.get('vendored')!.verdict, 'reproducible');
      const log = run.stdout.slice(run.stdout.indexOf('vendored.ipynb'));
      const proposal = log.indexOf('Proposal for mlkit/frames.py');
      assert.ok(proposal >= 0, 'the submodule is scanned');
      // Fixed before any cell ran: the cell that calls it never failed.
      assert.ok(proposal < log.search(/^ {2}cell 1 /m));
      assert.doesNotMatch(log.split('Summary:')[0], /Cannot specify both/);
    });

    it('lets a slow cell run when no per-cell limit is set; an explicit --cell-timeout still cuts it', async () => {
      assert.equal(reports.get('slow')!.verdict, 'reproducible');
      const limited = await cli(
        [
          'run',
          'others/slow.ipynb',
          '--offline',
          '--auto-accept',
          '--cell-timeout',
          '1',
          '--out',
          'out-limited',
          '--server-url',
          server.url,
          '--token',
          server.token
        ],
        { cwd: server.root }
      );
      assert.match(limited.stdout, /cell 1 timed out after/);
      assert.equal(limited.code, 1);
    });
  }
);
