import assert from 'node:assert/strict';
import { readFile, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IModernizeReport } from '../../../src/core';
import {
  buildCli,
  cli,
  JUPYTER,
  kernelsOn,
  notebook,
  processesIn,
  tempDir,
  writeTree,
  type IRun
} from '../helpers/cli';
import { startTestServer } from '../helpers/jupyter';

/** Marks when a notebook's cells start and end, in a file beside it (never in its outputs). */
const mark = (name: string, what: string) =>
  `import time\nwith open('times.log', 'a') as log:\n    log.write(f'${name} ${what} {time.time()}\\n')`;

/** Small notebooks, each different: a rule's fix, a cell no rule fixes, a removed module. */
const NOTEBOOKS: Record<string, string[]> = {
  alpha: [
    mark('alpha', 'start'),
    'import numpy as np\ntime.sleep(2)\nx = np.int(7)',
    "print('alpha', x * 6)",
    mark('alpha', 'end')
  ],
  beta: [
    mark('beta', 'start'),
    'time.sleep(2)',
    mark('beta', 'end'),
    "prices = {}\nprint(prices['beta'])"
  ],
  gamma: [
    mark('gamma', 'start'),
    'from sklearn.cross_validation import train_test_split\ntime.sleep(1)',
    'a, b = train_test_split(list(range(10)), random_state=0)\nprint(sorted(b))',
    mark('gamma', 'end')
  ]
};
const NAMES = Object.keys(NOTEBOOKS);

interface IBatchJson {
  notebooks: IModernizeReport[];
  batch: {
    jobs: number;
    notebooks: number;
    reproducible: number;
    interrupted: boolean;
    notRun: string[];
    errors: unknown[];
  };
}

/** Each notebook's lines, from its `== path` header to the next header, progress line or summary. */
function blocks(stdout: string, dir: string): Map<string, string> {
  const found = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of stdout.split('\n')) {
    const header = /^== .*\/(\w+)\.ipynb$/.exec(line);
    if (header) {
      assert.ok(!found.has(header[1]), `${header[1]} is printed once`);
      current = [];
      found.set(header[1], current);
    } else if (/^(\[\d+\/\d+ done|Summary)/.test(line)) {
      current = undefined;
    }
    current?.push(line);
  }
  // Timings differ from run to run, and so does the folder.
  const normal = (lines: string[]) =>
    lines
      .join('\n')
      .split(dir)
      .join('DIR')
      .replace(/\d+(m\d+)?(\.\d+)?s\b/g, 'Ts')
      .trimEnd();
  return new Map([...found].map(([name, lines]) => [name, normal(lines)]));
}

/** Each notebook's first start and last end, from its marks. */
async function spans(dir: string): Promise<Map<string, [number, number]>> {
  const found = new Map<string, [number, number]>();
  for (const name of NAMES) {
    const lines = (await readFile(join(dir, name, 'times.log'), 'utf8'))
      .trim()
      .split('\n')
      .map(line => line.split(' '));
    const times = (what: string) =>
      lines.filter(([, w]) => w === what).map(([, , t]) => Number(t));
    found.set(name, [Math.min(...times('start')), Math.max(...times('end'))]);
  }
  return found;
}

/** Whether any two notebooks ran at the same time. */
function overlapping(times: Map<string, [number, number]>): boolean {
  const all = [...times.values()];
  return all.some(([s1, e1], i) =>
    all.some(([s2, e2], j) => i !== j && s1 < e2 && s2 < e1)
  );
}

describe('jupyterlab-modernizer run --jobs', { timeout: 300_000 }, () => {
  let dir: string;
  /** The run of the batch in each copy, by its --jobs, and its JSON. */
  const runs = new Map<number, IRun>();
  const json = new Map<number, IBatchJson>();

  /** The batch in its own copy of the notebooks, on the local server the CLI starts. */
  const batch = async (jobs: number) => {
    const key = `jobs-${jobs}`;
    const copy = join(dir, key);
    await writeTree(
      copy,
      Object.fromEntries(
        NAMES.map(name => [
          `${name}/${name}.ipynb`,
          notebook(...NOTEBOOKS[name])
        ])
      )
    );
    runs.set(
      jobs,
      await cli(
        [
          'run',
          ...NAMES.map(name => `${name}/${name}.ipynb`),
          '--offline',
          '--auto-accept',
          '--out',
          'out',
          '--json',
          'batch.json',
          '--jobs',
          String(jobs),
          '--jupyter',
          JUPYTER
        ],
        { cwd: copy }
      )
    );
    json.set(
      jobs,
      JSON.parse(await readFile(join(copy, 'batch.json'), 'utf8'))
    );
  };

  before(async () => {
    buildCli();
    dir = await realpath(await tempDir('jobs'));
    await batch(1);
    await batch(2);
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs two notebooks at once with --jobs 2, and one at a time with --jobs 1', async () => {
    assert.equal(overlapping(await spans(join(dir, 'jobs-1'))), false);
    assert.equal(overlapping(await spans(join(dir, 'jobs-2'))), true);
  });

  it('ends each notebook as a run of one at a time does, with the same exit code', () => {
    const verdicts = (jobs: number) =>
      json
        .get(jobs)!
        .notebooks.map(r => [r.notebook.split('/').pop(), r.outcome]);
    assert.deepEqual(verdicts(2), verdicts(1));
    assert.deepEqual(verdicts(2), [
      ['alpha.ipynb', 'reproducible'],
      ['beta.ipynb', "fails at cell 4 (KeyError: 'beta')"],
      ['gamma.ipynb', 'reproducible']
    ]);
    assert.equal(runs.get(1)!.code, 1, runs.get(1)!.stderr);
    assert.equal(runs.get(2)!.code, 1, runs.get(2)!.stderr);
  });

  it("prints each notebook's lines together, as they read one at a time", () => {
    const one = blocks(runs.get(1)!.stdout, join(dir, 'jobs-1'));
    const two = blocks(runs.get(2)!.stdout, join(dir, 'jobs-2'));
    assert.deepEqual([...two.keys()].sort(), NAMES);
    for (const name of NAMES) {
      assert.equal(two.get(name), one.get(name), name);
    }
    assert.match(one.get('alpha')!, /Proposal for cell 2 .*numpy\.int/);
    assert.match(one.get('beta')!, /Verdict: fails at cell 4/);
  });

  it('writes the same modernized notebooks, outputs included', async () => {
    for (const name of NAMES) {
      const cells = async (jobs: number) =>
        JSON.parse(
          await readFile(
            join(dir, `jobs-${jobs}`, 'out', name, `${name}.modernized.ipynb`),
            'utf8'
          )
        ).cells.map((c: { source: string; outputs: unknown }) => [
          c.source,
          c.outputs
        ]);
      assert.deepEqual(await cells(2), await cells(1), name);
    }
  });

  it('shows the progress as plain lines off a terminal, and a table at the end', () => {
    const { stdout } = runs.get(2)!;
    assert.ok(!stdout.includes('\u001b') && !stdout.includes('\r'));
    const progress = stdout.match(/^\[\d\/3 done.*\]$/gm) ?? [];
    assert.equal(progress.length, 3);
    assert.match(progress[2], /^\[3\/3 done, 2 reproduced, \d+s\]$/);
    const table = stdout.slice(stdout.indexOf('Summary (2 at once):'));
    for (const report of json.get(2)!.notebooks) {
      const name = report.notebook.split('/').pop()!.replace('.ipynb', '');
      assert.match(
        table,
        new RegExp(
          `^  ${name}/${name}\\.ipynb +${report.changes.length} +${report.executions} +[\\d.]+  ${report.outcome.replace(/[()[\]]/g, '\\$&')}`,
          'm'
        )
      );
    }
    assert.match(table, /2 of 3 notebooks reproducible/);
  });

  it("writes the batch's JSON: today's reports in the order given, and the batch", () => {
    const { notebooks, batch: record } = json.get(2)!;
    assert.deepEqual(
      notebooks.map(r => r.notebook),
      NAMES.map(name => join(dir, 'jobs-2', name, `${name}.ipynb`))
    );
    assert.deepEqual(
      { ...record, seconds: undefined },
      {
        jobs: 2,
        notebooks: 3,
        reproducible: 2,
        seconds: undefined,
        interrupted: false,
        notRun: [],
        errors: []
      }
    );
    assert.equal(json.get(1)!.batch.jobs, 1);
  });

  /** Long notebooks in `root`, one folder each; the notebooks' relative paths. */
  const sleepers = async (root: string) => {
    const files: Record<string, string> = {};
    for (const name of ['s1', 's2', 's3']) {
      files[`${name}/${name}.ipynb`] = notebook(
        'import time',
        'time.sleep(120)'
      );
    }
    await writeTree(root, files);
    return Object.keys(files);
  };

  it('stops every kernel on Ctrl+C: exit 130, the batch JSON says what did not run', async () => {
    const server = await startTestServer();
    try {
      const paths = await sleepers(server.root);
      let polling = false;
      const run = await cli(
        [
          'run',
          ...paths,
          '--offline',
          '--out',
          'out',
          '--json',
          'batch.json',
          '--jobs',
          '2',
          '--server-url',
          server.url,
          '--token',
          server.token
        ],
        {
          cwd: server.root,
          onStdout: (_, child) => {
            if (polling) {
              return;
            }
            polling = true;
            // Ctrl+C once both kernels run their long cell.
            const poll = async () => {
              const kernels = await kernelsOn(server.url, server.token);
              if (
                kernels.filter(k => k.execution_state === 'busy').length < 2
              ) {
                setTimeout(poll, 200);
                return;
              }
              child.kill('SIGINT');
            };
            void poll();
          }
        }
      );
      assert.equal(run.code, 130, run.stderr + run.stdout);
      assert.deepEqual(await kernelsOn(server.url, server.token), []);
      const record: IBatchJson = JSON.parse(
        await readFile(join(server.root, 'batch.json'), 'utf8')
      );
      assert.deepEqual(
        record.notebooks.map(r => r.verdict),
        ['stopped', 'stopped']
      );
      assert.equal(record.batch.interrupted, true);
      assert.deepEqual(record.batch.notRun, [join(server.root, paths[2])]);
      assert.match(run.stdout, /s3\/s3\.ipynb +- +- +- +not run: interrupted/);
    } finally {
      await server.stop();
    }
  });

  it('with its own local server, leaves no kernel running after Ctrl+C', async () => {
    const root = join(dir, 'interrupted');
    const paths = await sleepers(root);
    let polling = false;
    const run = await cli(
      [
        'run',
        ...paths,
        '--offline',
        '--out',
        'out',
        '--jobs',
        '2',
        '--jupyter',
        JUPYTER
      ],
      {
        cwd: root,
        onStdout: (_, child) => {
          if (polling) {
            return;
          }
          polling = true;
          // A kernel works in its notebook's folder: Ctrl+C once two are up.
          const poll = () => {
            const up = ['s1', 's2', 's3'].filter(
              name => processesIn(join(root, name)).length > 0
            );
            if (up.length < 2) {
              setTimeout(poll, 200);
              return;
            }
            setTimeout(() => child.kill('SIGINT'), 1000);
          };
          poll();
        }
      }
    );
    assert.equal(run.code, 130, run.stderr + run.stdout);
    assert.deepEqual(processesIn(root), [], 'no server or kernel left');
  });
});
