import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync
} from 'node:fs';
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  writeFile
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

export const REPO = resolve(__dirname, '../../..');
export const BIN = join(REPO, 'bin', 'jupyterlab-modernizer.js');
export const JUPYTER = join(REPO, '.venv', 'bin', 'jupyter');

/** What a run of the command line did. */
export interface IRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long the run took, in milliseconds. */
  ms: number;
}

/** Options of {@link cli}. */
export interface ICliOptions {
  /** The folder it runs in; the test's own when not given. */
  cwd?: string;
  /** Added to the environment, which has no OPENAI_* of the developer's. */
  env?: Record<string, string>;
  /** Run as this user (a read-only folder is read-only only for someone else than root). */
  uid?: number;
  /** Called with all of stdout so far on each chunk, to act on the run while it goes. */
  onStdout?: (text: string, child: ChildProcess) => void;
}

/** Bundles the command line, so a run tries the code as it is now. */
export function buildCli(): void {
  execFileSync('npm', ['run', '--silent', 'build:cli'], { cwd: REPO });
}

let othersBundle: string | undefined;

/**
 * The bundle as another user can run it: a copy that anyone may read, since the checkout
 * may sit in a folder that only root enters. Its package.json comes along (the version).
 */
function bundleForOthers(): string {
  if (othersBundle === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'modernizer-cli-'));
    mkdirSync(join(dir, 'lib-cli'));
    copyFileSync(join(REPO, 'package.json'), join(dir, 'package.json'));
    copyFileSync(
      join(REPO, 'lib-cli', 'cli.js'),
      join(dir, 'lib-cli', 'cli.js')
    );
    for (const [path, mode] of [
      [dir, 0o755],
      [join(dir, 'lib-cli'), 0o755],
      [join(dir, 'package.json'), 0o644],
      [join(dir, 'lib-cli', 'cli.js'), 0o644]
    ] as const) {
      chmodSync(path, mode);
    }
    othersBundle = join(dir, 'lib-cli', 'cli.js');
  }
  return othersBundle;
}

/** Runs the bundled command line as a user would. */
export function cli(args: string[], options: ICliOptions = {}): Promise<IRun> {
  const started = Date.now();
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.OPENAI_BASE_URL;
  delete env.OPENAI_API_KEY;
  delete env.MODERNIZER_MODEL;
  return new Promise((done, fail) => {
    const bundle = options.uid === undefined ? BIN : bundleForOthers();
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: options.cwd,
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid === undefined
        ? {}
        : { uid: options.uid, gid: options.uid })
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', chunk => {
      stdout += chunk;
      options.onStdout?.(stdout, child);
    });
    child.stderr.on('data', chunk => (stderr += chunk));
    child.on('error', fail);
    child.on('close', code =>
      done({ code, stdout, stderr, ms: Date.now() - started })
    );
  });
}

/** A python3 notebook (nbformat 4.5) of code cells with ids `cell-0`, `cell-1`, … */
export function notebook(...sources: string[]): string {
  return notebookOf(sources.map((source, i) => ['code', `cell-${i}`, source]));
}

/** A python3 notebook (nbformat 4.5) of `[type, id, source]` cells. */
export function notebookOf(cells: [string, string, string][]): string {
  return JSON.stringify({
    cells: cells.map(([type, id, source]) => ({
      cell_type: type,
      id,
      metadata: {},
      source,
      ...(type === 'code' ? { execution_count: null, outputs: [] } : {})
    })),
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3',
        language: 'python'
      }
    },
    nbformat: 4,
    nbformat_minor: 5
  });
}

/** A new empty folder under the system's temporary one; the caller removes it. */
export function tempDir(name: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `modernizer-${name}-`));
}

/** Writes `files` (path → text) under `dir`, making folders as needed. */
export async function writeTree(
  dir: string,
  files: Record<string, string>
): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/** The sha256 of every file under `dir` (symbolic links not followed), by relative path. */
export async function checksums(dir: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        await walk(path);
      } else if (entry.isFile()) {
        const hash = createHash('sha256').update(await readFile(path));
        sums.set(relative(dir, path), hash.digest('hex'));
      }
    }
  };
  await walk(dir);
  return sums;
}

/** The files of `before` that are gone or changed in `after`: none, when nothing was lost. */
export function lost(
  before: Map<string, string>,
  after: Map<string, string>
): string[] {
  return [...before].flatMap(([path, sum]) =>
    after.get(path) === sum ? [] : [path]
  );
}

/**
 * A `jupyter` that only leaves a mark: a run that starts a server when it should have
 * refused first is caught by the mark.
 */
export async function markingJupyter(dir: string): Promise<{
  path: string;
  started: () => Promise<boolean>;
}> {
  const path = join(dir, 'fake-jupyter');
  const mark = join(dir, 'server-started');
  await writeFile(path, `#!/bin/sh\ntouch '${mark}'\nexit 1\n`);
  await chmod(path, 0o755);
  return {
    path,
    started: () =>
      readFile(mark).then(
        () => true,
        () => false
      )
  };
}

/**
 * The processes working in `dir` or a folder under it: a local server started there and
 * the kernels it started for notebooks there (a kernel works in its notebook's folder).
 */
export function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}${sep}`)) {
        pids.push(Number(entry));
      }
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/**
 * The kernels a Jupyter server has running now (its /api/kernels). The server answers 500
 * now and then while a kernel starts or shuts down: that is asked again, a few times.
 */
export async function kernelsOn(
  url: string,
  token: string
): Promise<{ id: string; execution_state: string }[]> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(new URL('api/kernels', url), {
      headers: { Authorization: `token ${token}` }
    });
    if (response.ok) {
      return response.json();
    }
    if (response.status < 500 || attempt === 5) {
      throw new Error(`${url}api/kernels answered ${response.status}`);
    }
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}
