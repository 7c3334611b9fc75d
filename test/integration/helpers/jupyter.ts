import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConnection } from '@jupyterlab/services';
import {
  serverSettings,
  startKernelSession,
  type IKernelSession
} from '../../../src/cli/connection';
import { startLocalServer } from '../../../src/cli/local-server';

// @jupyterlab/services logs each WebSocket it opens; keep test output readable.
console.debug = () => undefined;

/** A real Jupyter server (jupyter_server + ipykernel) in a temporary root folder. */
export interface ITestServer {
  url: string;
  token: string;
  /** The server's root folder; removed by stop(). */
  root: string;
  settings: ServerConnection.ISettings;
  /** Starts a python3 kernel in a session at `path` (relative to root). */
  startKernel(path?: string): Promise<IKernelSession>;
  /** Shuts down every kernel started here, the server, and removes the root. */
  stop(): Promise<void>;
}

/** Starts a server on a free port with a random token. Call stop() in an `after` hook. */
export async function startTestServer(): Promise<ITestServer> {
  Private.ignoreKernelRestartRejections();
  const root = await mkdtemp(join(tmpdir(), 'modernizer-test-'));
  const server = await startLocalServer({ rootDir: root });
  const settings = serverSettings(server.url, server.token);
  const sessions: IKernelSession[] = [];
  return {
    url: server.url,
    token: server.token,
    root,
    settings,
    async startKernel(path = 'test.ipynb') {
      const session = await startKernelSession(settings, path, 'python3');
      sessions.push(session);
      return session;
    },
    async stop() {
      await Promise.all(sessions.map(session => session.shutdown()));
      await server.stop();
      await rm(root, { recursive: true, force: true });
    }
  };
}

/** A cell for {@link notebookJson}: `[type, source]`. */
export type TestCell = ['code' | 'markdown' | 'raw', string | string[]];

/** Notebook JSON (nbformat 4.minor; no cell ids before 4.5). */
export function notebookJson(
  cells: TestCell[],
  options: { minor?: number; kernelspec?: Record<string, string> | null } = {}
): string {
  const minor = options.minor ?? 5;
  const kernelspec =
    options.kernelspec === null
      ? {}
      : {
          kernelspec: options.kernelspec ?? {
            name: 'python3',
            display_name: 'Python 3',
            language: 'python'
          }
        };
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: minor,
    metadata: { ...kernelspec },
    cells: cells.map(([type, source], index) => ({
      ...(minor >= 5 ? { id: `cell-id-${index}` } : {}),
      cell_type: type,
      metadata: {},
      source,
      ...(type === 'code' ? { outputs: [], execution_count: null } : {})
    }))
  });
}

/** Writes `text` to `dir/name` and returns the path. */
export async function writeFileIn(
  dir: string,
  name: string,
  text: string
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

namespace Private {
  // @jupyterlab/services 7.6 leaves promises without a handler when a kernel restarts or
  // is disposed under a connection (the kernel_info request sent on reconnect, the
  // autorestart's reconnect). The CLI ignores them too (src/cli/main.ts).
  const EXPECTED = [
    /^Kernel connection disconnected$/,
    /^Canceled future for kernel_info_request message/
  ];
  let installed = false;

  /** Keeps the test runner from failing a test for those; any other still fails it. */
  export function ignoreKernelRestartRejections(): void {
    if (installed) {
      return;
    }
    installed = true;
    // Called from a hook, once the runner's own listener is in place: wrap it.
    const listeners = process.listeners('unhandledRejection');
    process.removeAllListeners('unhandledRejection');
    process.on('unhandledRejection', (reason, promise) => {
      const message = reason instanceof Error ? reason.message : String(reason);
      if (EXPECTED.some(pattern => pattern.test(message))) {
        return;
      }
      listeners.forEach(listener => listener(reason, promise));
    });
  }
}
