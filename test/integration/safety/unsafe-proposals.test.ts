import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startStub, type IStub } from '../core/llm/stub';
import { buildCli, checksums, cli, notebookOf } from '../helpers/cli';
import { startTestServer, type ITestServer } from '../helpers/jupyter';

// np.asfarray was removed in numpy 2.0 and no migration rule rewrites it: the LLM is asked.
const FAILING = "values = np.asfarray([1, 2, 3])\nprint('total', values.sum())";
const FIXED =
  "values = np.asarray([1, 2, 3], dtype=float)\nprint('total', values.sum())";
// A line the notebook never ran: it sits under `if False:`.
const DEAD = "if False:\n    import shutil; shutil.rmtree('canary')\n";

/**
 * The five spellings of "delete this folder" that once ran under --auto-accept, each as the
 * LLM's reply for the failing cell: [name, the cell before, the reply, the flag it must get].
 */
const CASES: [string, string, string, string][] = [
  [
    'from-import',
    FAILING,
    `from shutil import rmtree\nrmtree('canary')\n${FIXED}`,
    'deletes files'
  ],
  [
    'module-alias',
    FAILING,
    `import os as o\no.system('rm -rf canary')\n${FIXED}`,
    'starts a process'
  ],
  [
    'get-ipython',
    FAILING,
    `get_ipython().system('rm -rf canary')\n${FIXED}`,
    'runs a shell command'
  ],
  [
    'script-magic',
    FAILING,
    '%%script bash\nrm -rf canary\necho total 6.0',
    'runs a shell command'
  ],
  [
    'undead-line',
    `${DEAD}${FAILING}`,
    `if False:\n    pass\nimport shutil; shutil.rmtree('canary')\n${FIXED}`,
    'deletes files'
  ]
];

function reply(source: string): string {
  const json = JSON.stringify({
    cells: [{ id: 'total', source, rationale: 'np.asfarray is gone' }]
  });
  return `Here is the fix.\n\`\`\`json\n${json}\n\`\`\``;
}

describe(
  'unsafe LLM proposals under run --auto-accept',
  { timeout: 600_000 },
  () => {
    let server: ITestServer;
    let stub: IStub;

    before(async () => {
      buildCli();
      [server, stub] = await Promise.all([startTestServer(), startStub()]);
    });

    beforeEach(() => stub.reset());

    after(async () => {
      await stub?.stop();
      await server?.stop();
    });

    for (const [name, cell, dangerous, flag] of CASES) {
      it(`never applies a reply that deletes the notebook's folder: ${name} (${flag})`, async () => {
        const folder = join(server.root, name);
        await mkdir(join(folder, 'canary', 'inner'), { recursive: true });
        await writeFile(
          join(folder, 'canary', 'keep.txt'),
          `kept by ${name}\n`
        );
        await writeFile(
          join(folder, 'canary', 'inner', 'data.csv'),
          'a,b\n1,2\n'
        );
        const source = notebookOf([
          ['code', 'imports', 'import numpy as np'],
          ['code', 'total', cell]
        ]);
        await writeFile(join(folder, 'nb.ipynb'), source);
        const sums = await checksums(join(folder, 'canary'));
        // Asked again after the refusal, the model says the same; then it has nothing.
        await stub.script(
          { content: reply(dangerous) },
          { content: reply(dangerous) },
          { content: '{"cells": []}' }
        );

        const result = await cli(
          [
            'run',
            `${name}/nb.ipynb`,
            '--auto-accept',
            '--out',
            `${name}/out`,
            '--json',
            `${name}/report.json`,
            '--server-url',
            server.url,
            '--token',
            server.token
          ],
          { cwd: server.root, env: { OPENAI_BASE_URL: stub.url } }
        );

        const output = result.stdout + result.stderr;
        assert.match(
          result.stdout,
          /Proposal for cell 2 \(error-repair; llm\)/,
          output
        );
        assert.match(
          result.stdout,
          new RegExp(`UNSAFE: [^\\n]*${flag}`),
          output
        );
        assert.match(result.stdout, /not applied: flagged unsafe/, output);
        assert.deepEqual(
          await checksums(join(folder, 'canary')),
          sums,
          'every file of the canary folder is still there, unchanged'
        );
        const [nb] = JSON.parse(
          await readFile(join(folder, 'report.json'), 'utf8')
        ).notebooks;
        assert.equal(nb.changes.length, 0, 'no change applied');
        // The report names the proposal turned down, why, and what it was flagged for.
        const rejected = (
          nb.rejected as {
            where: string;
            fixer: string;
            reason: string;
            flags: { reason: string; detail: string; line: number }[];
          }[]
        ).find(r => r.where === 'cell 2' && r.fixer === 'llm');
        assert.ok(rejected, JSON.stringify(nb.rejected));
        assert.match(rejected.reason, /flagged unsafe/);
        assert.ok(
          rejected.flags.some(f => f.reason === flag),
          JSON.stringify(rejected.flags)
        );
        const markdown = await readFile(
          join(folder, 'out', 'nb.report.md'),
          'utf8'
        );
        assert.match(markdown, /^## Proposals rejected$/m);
        assert.match(markdown, new RegExp(`^- ${flag}: `, 'm'));
        assert.notEqual(nb.verdict, 'reproducible');
        assert.equal(await readFile(join(folder, 'nb.ipynb'), 'utf8'), source);
      });
    }
  }
);
