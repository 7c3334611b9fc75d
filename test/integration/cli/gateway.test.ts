import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IModernizeReport } from '../../../src/core';
import { freePort } from '../../../src/cli/local-server';
import {
  buildCli,
  cli,
  kernelsOn,
  notebook,
  REPO,
  tempDir,
  writeTree,
  type IRun
} from '../helpers/cli';

const GATEWAY = join(REPO, '.venv-gateway', 'bin', 'jupyter-enterprisegateway');
const KERNEL_PYTHON = join(REPO, '.venv', 'bin', 'python');
const TOKEN = 'gateway-test-token';

/**
 * Two kernelspecs for the gateway's local process proxy, both on .venv's Python (today's
 * pandas, numpy, scikit-learn). `python3` starts its kernel in KERNEL_WORKING_DIR, as the
 * gateway's container launchers do with EG_MIRROR_WORKING_DIRS=true; `python3-unmirrored`
 * ignores it, as a gateway that drops it would, so its kernel works in the gateway's folder.
 */
async function writeKernelspecs(dir: string): Promise<void> {
  const launch = ['-m', 'ipykernel_launcher', '-f'];
  const specs = {
    python3: [
      '/bin/sh',
      '-c',
      `cd "$KERNEL_WORKING_DIR" && exec '${KERNEL_PYTHON}' ${launch.join(' ')} "$0"`,
      '{connection_file}'
    ],
    'python3-unmirrored': [KERNEL_PYTHON, ...launch, '{connection_file}']
  };
  for (const [name, argv] of Object.entries(specs)) {
    await mkdir(join(dir, 'kernels', name), { recursive: true });
    await writeFile(
      join(dir, 'kernels', name, 'kernel.json'),
      JSON.stringify({ argv, display_name: name, language: 'python' })
    );
  }
}

/** Jupyter Enterprise Gateway on loopback, its kernelspecs from `dir`, working in `dir`. */
async function startGateway(
  dir: string
): Promise<{ url: string; process: ChildProcess; log: () => string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let log = '';
  const child = spawn(
    GATEWAY,
    [
      '--ip=127.0.0.1',
      `--port=${port}`,
      `--EnterpriseGatewayApp.auth_token=${TOKEN}`,
      // Off by default in Enterprise Gateway: the test asks which kernels are left.
      '--EnterpriseGatewayApp.list_kernels=True'
    ],
    {
      cwd: dir,
      env: { ...process.env, JUPYTER_PATH: dir },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  );
  child.stdout!.on('data', chunk => (log += chunk));
  child.stderr!.on('data', chunk => (log += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const answer = await fetch(`${url}api/kernelspecs`, {
      headers: { Authorization: `token ${TOKEN}` }
    }).catch(() => undefined);
    if (answer?.ok) {
      return { url, process: child, log: () => log };
    }
    await new Promise(wait => setTimeout(wait, 250));
  }
  child.kill();
  throw new Error(`Enterprise Gateway did not start:\n${log}`);
}

/** Two notebooks in folders of their own, each reading a file that only its folder has. */
const NOTEBOOKS: Record<string, string[]> = {
  'iris/iris.ipynb': [
    "import os\nprint('cwd', os.getcwd())\nprint(open('label.txt').read())",
    'import numpy as np\nn = np.int(3)',
    'from sklearn.datasets import load_iris\n' +
      'from sklearn.linear_model import LogisticRegression\n' +
      'X, y = load_iris(return_X_y=True)\n' +
      "print('accuracy', round(LogisticRegression(max_iter=500).fit(X, y).score(X, y), 3))"
  ],
  'sales/sales.ipynb': [
    "import os\nprint('cwd', os.getcwd())\nprint(open('label.txt').read())",
    "import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint('total', df.ix[:, 'amount'].sum())"
  ]
};

describe(
  'jupyterlab-modernizer run and check --gateway-url',
  { timeout: 300_000 },
  () => {
    let dir: string;
    let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
    let batch: IRun;
    // Each run its own --out: a run does not write over the results of another.
    const args = (url: string, out: string, ...more: string[]) => [
      'run',
      ...Object.keys(NOTEBOOKS),
      '--offline',
      '--auto-accept',
      '--out',
      out,
      '--jobs',
      '2',
      '--gateway-url',
      url,
      ...more
    ];
    // The gateway refuses kernels for root unless they name their user, as a cluster's do.
    const env = { KERNEL_USERNAME: 'modernizer-test' };

    before(async () => {
      assert.ok(
        existsSync(GATEWAY),
        `${GATEWAY} is missing: "make test-integration" builds .venv-gateway`
      );
      buildCli();
      dir = await realpath(await tempDir('gateway'));
      await writeKernelspecs(join(dir, 'gateway'));
      await writeTree(join(dir, 'work'), {
        ...Object.fromEntries(
          Object.entries(NOTEBOOKS).map(([path, cells]) => [
            path,
            notebook(...cells)
          ])
        ),
        'iris/label.txt': 'the iris folder',
        'sales/label.txt': 'the sales folder',
        'sales/sales.csv': 'day,amount\n1,10\n2,32\n'
      });
      gateway = await startGateway(join(dir, 'gateway'));
      batch = await cli(
        args(
          gateway.url,
          'out',
          '--gateway-token',
          TOKEN,
          '--json',
          'batch.json'
        ),
        { cwd: join(dir, 'work'), env }
      );
    });

    after(async () => {
      gateway?.process.kill();
      await rm(dir, { recursive: true, force: true });
    });

    it('runs the batch with --jobs 2 through the gateway, each notebook fixed and reproducible', async () => {
      assert.equal(batch.code, 0, `${batch.stdout}\n${batch.stderr}`);
      const json = JSON.parse(
        await readFile(join(dir, 'work', 'batch.json'), 'utf8')
      ) as { notebooks: IModernizeReport[]; batch: { jobs: number } };
      assert.equal(json.batch.jobs, 2);
      assert.deepEqual(
        json.notebooks.map(r => [
          r.notebook.split('/').pop(),
          r.outcome,
          r.changes.length
        ]),
        [
          ['iris.ipynb', 'reproducible', 1],
          ['sales.ipynb', 'reproducible', 1]
        ]
      );
      assert.match(batch.stdout, /2 of 2 notebooks reproducible/);
    });

    it("ran each kernel in its notebook's folder, where the files beside it are", async () => {
      for (const [path, label] of [
        ['iris/iris', 'the iris folder'],
        ['sales/sales', 'the sales folder']
      ]) {
        const saved = JSON.parse(
          await readFile(
            join(dir, 'work', 'out', `${path}.modernized.ipynb`),
            'utf8'
          )
        );
        const text = saved.cells[0].outputs
          .map((output: { text: string[] | string }) =>
            [output.text].flat().join('')
          )
          .join('');
        const folder = join(dir, 'work', path.split('/')[0]);
        assert.equal(text, `cwd ${folder}\n${label}\n`, path);
      }
    });

    it('leaves no kernel running on the gateway', async () => {
      assert.deepEqual(await kernelsOn(gateway!.url, TOKEN), []);
    });

    it('refuses a gateway whose kernels do not start in the notebook folder, exit 3', async () => {
      const path = join(dir, 'work', 'elsewhere', 'elsewhere.ipynb');
      const cells = JSON.parse(notebook('print(1)'));
      cells.metadata.kernelspec.name = 'python3-unmirrored';
      await writeTree(join(dir, 'work'), {
        'elsewhere/elsewhere.ipynb': JSON.stringify(cells)
      });
      const run = await cli(
        [
          'run',
          path,
          '--offline',
          '--out',
          join(dir, 'out-elsewhere'),
          '--gateway-url',
          gateway!.url,
          '--gateway-token',
          TOKEN
        ],
        { cwd: dir, env }
      );
      assert.equal(run.code, 3, `${run.stdout}\n${run.stderr}`);
      assert.match(
        run.stderr,
        new RegExp(
          `kernel runs in ${join(dir, 'gateway')}, not in the notebook's folder ${join(dir, 'work', 'elsewhere')}: .*KERNEL_WORKING_DIR`
        )
      );
      assert.doesNotMatch(run.stderr, /\n\s+at /);
      assert.deepEqual(await kernelsOn(gateway!.url, TOKEN), []);
    });

    it("checks a notebook on a gateway kernel in the notebook's folder", async () => {
      await writeTree(join(dir, 'work'), {
        'checked/checked.ipynb': notebook(
          "assert open('label.txt').read() == 'checked here'"
        ),
        'checked/label.txt': 'checked here'
      });
      const run = await cli(
        [
          'check',
          'checked/checked.ipynb',
          '--gateway-url',
          `${gateway!.url}?token=${TOKEN}`
        ],
        { cwd: join(dir, 'work'), env }
      );
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /Passed: all 1 code cell ran/);
      assert.deepEqual(await kernelsOn(gateway!.url, TOKEN), []);
    });

    it('shuts every kernel down on the gateway after Ctrl+C', async () => {
      const sleeper = notebook('import time\ntime.sleep(60)');
      await writeTree(join(dir, 'work'), {
        'nap1/nap1.ipynb': sleeper,
        'nap2/nap2.ipynb': sleeper
      });
      let polling = false;
      const run = await cli(
        [
          'run',
          'nap1/nap1.ipynb',
          'nap2/nap2.ipynb',
          '--offline',
          '--out',
          'out-nap',
          '--jobs',
          '2',
          '--gateway-url',
          gateway!.url,
          '--gateway-token',
          TOKEN
        ],
        {
          cwd: join(dir, 'work'),
          env,
          onStdout: (_, child) => {
            if (polling) {
              return;
            }
            polling = true;
            // Ctrl+C once both kernels run their long cell.
            const poll = async () => {
              const kernels = await kernelsOn(gateway!.url, TOKEN);
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
      assert.equal(run.code, 130, `${run.stdout}\n${run.stderr}`);
      assert.deepEqual(await kernelsOn(gateway!.url, TOKEN), []);
    });

    it('says the gateway refused the token, exit 3, no stack trace', async () => {
      const run = await cli(
        args(gateway!.url, 'out-bad-token', '--gateway-token', 'wrong'),
        {
          cwd: join(dir, 'work'),
          env
        }
      );
      assert.equal(run.code, 3, run.stderr);
      assert.equal(
        run.stderr,
        `Could not run: the gateway at ${gateway!.url} refused the token (401); pass the right --gateway-token.\n`
      );
    });

    it('says a gateway cannot be reached, exit 3, no stack trace', async () => {
      const url = `http://127.0.0.1:${await freePort()}/`;
      const run = await cli(
        args(url, 'out-unreachable', '--gateway-token', TOKEN),
        {
          cwd: join(dir, 'work'),
          env
        }
      );
      assert.equal(run.code, 3, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(`^Could not run: Cannot reach the gateway at ${url}: .+\\n$`)
      );
    });
  }
);
