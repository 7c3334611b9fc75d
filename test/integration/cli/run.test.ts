import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { IModernizeReport } from '../../../src/core';
import { buildCli, cli, JUPYTER, REPO, type IRun } from '../helpers/cli';
import { startTestServer, type ITestServer } from '../helpers/jupyter';

const NOTEBOOKS = ['titanic-2017', 'iris-knn-py2', 'digits-2018'];

describe('jupyterlab-modernizer run', { timeout: 180_000 }, () => {
  let server: ITestServer;
  let folder: string;
  let run: IRun;
  let reports: Map<string, IModernizeReport>;
  const originals = new Map<string, string>();

  before(async () => {
    buildCli();
    server = await startTestServer();
    folder = join(server.root, 'examples');
    await cp(join(REPO, 'examples'), folder, { recursive: true });
    for (const name of NOTEBOOKS) {
      originals.set(
        name,
        await readFile(join(folder, `${name}.ipynb`), 'utf8')
      );
    }
    // The results go beside the notebooks, so their relative data paths still work.
    run = await cli(
      [
        'run',
        ...NOTEBOOKS.map(name => `examples/${name}.ipynb`),
        '--offline',
        '--auto-accept',
        '--out',
        'examples',
        '--out-in-place',
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
      json.notebooks.map(report => [
        report.notebook.replace(/^.*\/|\.ipynb$/g, ''),
        report
      ])
    );
  });

  after(async () => {
    await server?.stop();
  });

  it('says per notebook its verdict, fixes, executions and time; exit 0 only when all are reproducible', () => {
    assert.equal(run.stderr, '');
    for (const name of NOTEBOOKS) {
      assert.match(
        run.stdout,
        new RegExp(
          `${name}\\.ipynb: (reproducible|runs but scores off|fails at cell \\d+ .*|stopped: .*); ` +
            '\\d+ fix\\(es\\), \\d+ executions for \\d+ code cells, [\\d.]+s'
        )
      );
    }
    const all = [...reports.values()].every(r => r.verdict === 'reproducible');
    assert.equal(run.code, all ? 0 : 1);
  });

  it('never changes the original notebooks', async () => {
    for (const name of NOTEBOOKS) {
      assert.equal(
        await readFile(join(folder, `${name}.ipynb`), 'utf8'),
        originals.get(name)
      );
    }
  });

  it('fixes the eroded lines of each notebook with the rules, before and during the run', () => {
    assert.match(run.stdout, /Preflight scan: \d+ eroded line/);
    const rules = (name: string) =>
      reports.get(name)!.changes.flatMap(change => change.rules);
    assert.ok(
      rules('titanic-2017').includes('sklearn.cross-validation-module')
    );
    assert.ok(rules('titanic-2017').includes('pandas.ix'));
    assert.ok(rules('iris-knn-py2').includes('python.print-statement'));
  });

  it('brings back the scores a changed default moved, in two executions per code cell', async () => {
    const digits = reports.get('digits-2018')!;
    assert.equal(digits.verdict, 'reproducible');
    assert.ok(digits.changes.some(c => c.kind === 'score-calibration'));
    assert.ok(digits.scores.every(row => row.withinTolerance));
    assert.ok(digits.executions / digits.codeCells <= 2.0);
  });

  it('writes a modernized notebook that runs with jupyter execute, with its metadata record', async () => {
    for (const [name, report] of reports) {
      const path = join(folder, `${name}.modernized.ipynb`);
      const notebook = JSON.parse(await readFile(path, 'utf8'));
      assert.equal(notebook.metadata.modernizer.verdict, report.outcome);
      assert.equal(
        notebook.metadata.modernizer.changes.length,
        report.changes.length
      );
      assert.match(
        await readFile(join(folder, `${name}.report.md`), 'utf8'),
        /^# Modernization of /
      );
      if (report.verdict !== 'reproducible') {
        continue;
      }
      const outputs = notebook.cells.flatMap(
        (cell: { outputs?: unknown[] }) => cell.outputs ?? []
      );
      assert.ok(outputs.length > 0, 'the verification run outputs are kept');
      // Run in a copy: jupyter execute --inplace would rewrite the file.
      const copy = join(folder, `${name}.check.ipynb`);
      await writeFile(copy, await readFile(path));
      await promisify(execFile)(JUPYTER, ['execute', `${name}.check.ipynb`], {
        cwd: folder,
        timeout: 90_000
      });
    }
  });

  it('fixes a helper module beside the notebook; --write-modules keeps the original as .orig', async () => {
    const corpus = join(REPO, 'benchmarks', 'corpus', 'helper-module-2016');
    const dir = join(server.root, 'helper');
    await cp(corpus, dir, { recursive: true });
    const before = await readFile(join(dir, 'mlutils.py'), 'utf8');
    const result = await cli(
      [
        'run',
        'helper/helper-module-2016.ipynb',
        '--offline',
        '--auto-accept',
        '--out',
        'helper-out',
        '--write-modules',
        '--server-url',
        server.url,
        '--token',
        server.token
      ],
      { cwd: server.root }
    );
    assert.match(result.stdout, /Proposal for mlutils\.py/);
    assert.match(result.stdout, /helper-module-2016\.ipynb: reproducible/);
    assert.equal(result.code, 0);
    assert.equal(await readFile(join(dir, 'mlutils.py.orig'), 'utf8'), before);
    const after = await readFile(join(dir, 'mlutils.py'), 'utf8');
    assert.match(after, /from sklearn\.model_selection import/);
    assert.doesNotMatch(after, /as_matrix/);
  });

  it('fixes a module the notebook imports from another folder under its bare name', async () => {
    // nb/ holds the notebook and its data; the helper is in lib/, imported after a chdir.
    const corpus = join(REPO, 'benchmarks', 'corpus', 'helper-module-2016');
    const dir = join(server.root, 'climb');
    await cp(join(corpus, 'data'), join(dir, 'nb', 'data'), {
      recursive: true
    });
    await cp(join(corpus, 'mlutils.py'), join(dir, 'lib', 'mlutils.py'));
    const notebook = JSON.parse(
      await readFile(join(corpus, 'helper-module-2016.ipynb'), 'utf8')
    );
    notebook.cells[1].source = notebook.cells[1].source
      .join('')
      .replace(
        'import mlutils',
        "import os\nhere = os.getcwd()\nos.chdir(os.path.join('..', 'lib'))\nimport mlutils\nos.chdir(here)"
      );
    await writeFile(
      join(dir, 'nb', 'climb.ipynb'),
      JSON.stringify(notebook, null, 1)
    );
    // The repository's top, as its README marks it.
    await writeFile(join(dir, 'README.md'), '# Course notebooks\n');
    const before = await readFile(join(dir, 'lib', 'mlutils.py'), 'utf8');
    const result = await cli(
      [
        'run',
        'climb/nb/climb.ipynb',
        '--offline',
        '--auto-accept',
        '--out',
        'climb-out',
        '--server-url',
        server.url,
        '--token',
        server.token
      ],
      { cwd: server.root }
    );
    assert.match(result.stdout, /Proposal for \.\.\/lib\/mlutils\.py/);
    assert.match(result.stdout, /climb\.ipynb: reproducible/);
    assert.equal(result.code, 0);
    assert.equal(
      await readFile(join(dir, 'lib', 'mlutils.py'), 'utf8'),
      before
    );
    const fixed = await readFile(
      join(server.root, 'climb-out', 'lib', 'mlutils.py'),
      'utf8'
    );
    assert.match(fixed, /from sklearn\.model_selection import/);
  });
});
