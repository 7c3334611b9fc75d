import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startStub, type IStub } from '../core/llm/stub';
import { startTestServer, type ITestServer } from '../helpers/jupyter';
import {
  buildCli,
  checksums,
  cli,
  JUPYTER,
  lost,
  notebook,
  writeTree
} from '../helpers/cli';

const KEY = 'sk-proj-wrong-but-secret-0123456789';
const OTHER = 'sk-other-service-token-abcdef';
// np.asfarray was removed in numpy 2.0 and no rule rewrites it: the LLM is asked.
const FAILING = 'import numpy as np\nprint(np.asfarray([1, 2]).sum())';

/** Every text the user gets from a run: what it printed and the files it wrote. */
async function everything(
  run: { stdout: string; stderr: string },
  files: string[]
): Promise<string> {
  const texts = await Promise.all(files.map(file => readFile(file, 'utf8')));
  return [run.stdout, run.stderr, ...texts].join('\n');
}

describe('fault cases: the key never leaks', { timeout: 180_000 }, () => {
  let server: ITestServer;
  let stub: IStub;

  before(async () => {
    buildCli();
    // The stub wants another key and, as OpenAI does, quotes the one it got in its 401.
    [server, stub] = await Promise.all([
      startTestServer(),
      startStub('sk-the-right-key-nobody-has-42')
    ]);
  });

  after(async () => {
    await stub?.stop();
    await server?.stop();
  });

  it('masks the key an upstream 401 quotes: in the output, the --json and Markdown reports and the notebook', async () => {
    const dir = join(server.root, 'rejected');
    await writeTree(dir, { 'nb.ipynb': notebook(FAILING) });
    const sums = await checksums(dir);
    const run = await cli(
      [
        'run',
        'rejected/nb.ipynb',
        '--auto-accept',
        '--model',
        'stub-model',
        '--out',
        'rejected/out',
        '--json',
        'rejected/report.json',
        '--server-url',
        server.url,
        '--token',
        server.token
      ],
      {
        cwd: server.root,
        env: { OPENAI_BASE_URL: stub.url, OPENAI_API_KEY: KEY }
      }
    );
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /LLM error \(auth\): .*refused the key \(401\)/);
    assert.match(run.stderr, /Incorrect API key provided: \*\*\*/);
    const all = await everything(run, [
      join(dir, 'report.json'),
      join(dir, 'out', 'nb.report.md'),
      join(dir, 'out', 'nb.modernized.ipynb')
    ]);
    assert.ok(!all.includes(KEY), 'the key is nowhere');
    const json = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    assert.match(json.notebooks[0].llm.error.message, /provided: \*\*\*/);
    assert.deepEqual(lost(sums, await checksums(dir)), []);
  });

  it('masks an sk- secret of the environment that a cell prints, and keeps the cell as written', async () => {
    const dir = join(server.root, 'printed');
    const source =
      "import os\nprint(os.environ['OPENAI_API_KEY'], os.environ['MY_SERVICE'])";
    await writeTree(dir, { 'nb.ipynb': notebook(source) });
    const sums = await checksums(dir);
    // The CLI's own server: its kernels inherit the CLI's environment.
    const run = await cli(
      [
        'run',
        'nb.ipynb',
        '--offline',
        '--out',
        'out',
        '--json',
        'report.json',
        '--jupyter',
        JUPYTER
      ],
      {
        cwd: dir,
        env: { OPENAI_API_KEY: KEY, MY_SERVICE: `token=${OTHER}` }
      }
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const written = join(dir, 'out', 'nb.modernized.ipynb');
    const all = await everything(run, [join(dir, 'report.json'), written]);
    assert.ok(!all.includes(KEY) && !all.includes(OTHER), 'no secret');
    const [cell] = JSON.parse(await readFile(written, 'utf8')).cells;
    assert.equal(cell.outputs[0].text, '*** token=***\n');
    assert.equal(cell.source, source);
    assert.deepEqual(lost(sums, await checksums(dir)), []);
  });
});
