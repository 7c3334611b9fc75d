import type { ServerConnection } from '@jupyterlab/services';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverSettings } from '../../../../src/cli/connection';
import { freePort } from '../../../../src/cli/local-server';

const REPO = resolve(__dirname, '../../../..');

/** A Jupyter server with the Modernizer server extension (and its LLM proxy) enabled. */
export interface IProxyServer {
  settings: ServerConnection.ISettings;
  stop(): Promise<void>;
}

/**
 * Starts `jupyter server` with the extension on a free port; `upstream` is the proxy's
 * OPENAI_BASE_URL (none: no LLM configured), `key` its OPENAI_API_KEY.
 */
export async function startProxyServer(
  upstream?: string,
  key?: string
): Promise<IProxyServer> {
  const root = await mkdtemp(join(tmpdir(), 'modernizer-proxy-'));
  // A config folder of its own: the extension enabled, the user's config left out.
  await writeFile(
    join(root, 'jupyter_server_config.json'),
    JSON.stringify({
      ServerApp: { jpserver_extensions: { jupyterlab_modernizer: true } }
    })
  );
  const venv = resolve(REPO, '.venv/bin/python');
  const python = existsSync(venv) ? venv : 'python3';
  const port = await freePort();
  const token = randomBytes(16).toString('hex');
  const env: Record<string, string | undefined> = {
    ...process.env,
    JUPYTER_CONFIG_DIR: root,
    OPENAI_BASE_URL: upstream,
    OPENAI_API_KEY: key
  };
  const child = spawn(
    python,
    [
      '-m',
      'jupyter_server',
      '--no-browser',
      `--port=${port}`,
      '--ServerApp.port_retries=0',
      '--ServerApp.ip=127.0.0.1',
      `--ServerApp.root_dir=${root}`,
      `--IdentityProvider.token=${token}`,
      ...(process.getuid?.() === 0 ? ['--allow-root'] : [])
    ],
    {
      cwd: root,
      stdio: 'ignore',
      env: Object.fromEntries(
        Object.entries(env).filter(([, value]) => value !== undefined)
      )
    }
  );
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise(done => {
        child.once('exit', done);
        child.kill();
      });
    }
    await rm(root, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 100) {
    try {
      if ((await fetch(`${url}api`)).ok) {
        return { settings: serverSettings(url, token), stop };
      }
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || waited > 30_000) {
      await stop();
      throw new Error('The Jupyter server with the LLM proxy did not start.');
    }
    await new Promise(done => setTimeout(done, 100));
  }
}
