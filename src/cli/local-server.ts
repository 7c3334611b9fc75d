import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readFileSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

/** A Jupyter server this process started. */
export interface ILocalServer {
  url: string;
  token: string;
  /** Milliseconds from spawn to the server answering. */
  startupMs: number;
  /** Stops the server (its kernels with it); safe to call more than once. */
  stop(): Promise<void>;
}

/** How to start a local server. */
export interface ILocalServerOptions {
  /** The server's root: the notebook's folder. */
  rootDir: string;
  /** The `jupyter` executable; found on PATH (or beside python) when not given. */
  jupyter?: string;
  /** Give up when the server does not answer within this time; default 60 s. */
  startTimeoutMs?: number;
}

/**
 * Starts a bare `jupyter server` on a free port with a random token. Only what a headless
 * run needs is loaded: no server extensions, no user config, and not the IRI validator
 * that jsonschema imports (1-2 s of Lark grammar building that no Jupyter schema uses).
 * The server stops itself when this process dies (its stdin closes).
 */
export async function startLocalServer(
  options: ILocalServerOptions
): Promise<ILocalServer> {
  const jupyter = options.jupyter ?? findJupyter();
  // Another process may take the free port before the server binds it: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await Private.start(jupyter, options);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !/already in use/i.test(message)) {
        throw error;
      }
    }
  }
}

/** `jupyter` on PATH, else beside the python that PATH leads to. */
export function findJupyter(): string {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    if (Private.isExecutable(join(dir, 'jupyter'))) {
      return join(dir, 'jupyter');
    }
  }
  for (const python of ['python3', 'python']) {
    for (const dir of dirs) {
      const candidate = join(dir, python);
      if (Private.isExecutable(candidate)) {
        // A python linked from elsewhere (a venv's, say) has its jupyter beside the target.
        const beside = join(dirname(realpathSync(candidate)), 'jupyter');
        if (Private.isExecutable(beside)) {
          return beside;
        }
      }
    }
  }
  throw new Error(
    'Cannot find `jupyter` on PATH. Install jupyter_server and ipykernel, ' +
      'pass --jupyter PATH, or use --server-url to run against a running server.'
  );
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

namespace Private {
  /** One attempt at starting the server. */
  export async function start(
    jupyter: string,
    options: ILocalServerOptions
  ): Promise<ILocalServer> {
    const python = interpreterOf(jupyter);
    const token = randomBytes(24).toString('hex');
    const port = await freePort();
    const args = [
      '--no-browser',
      `--ServerApp.port=${port}`,
      '--ServerApp.port_retries=0',
      '--ServerApp.ip=127.0.0.1',
      `--ServerApp.root_dir=${options.rootDir}`,
      `--IdentityProvider.token=${token}`,
      // A headless run keeps every output (the default caps IOPub at 1 MB/s).
      '--ZMQChannelsWebsocketConnection.limit_rate=False',
      ...(process.getuid?.() === 0 ? ['--allow-root'] : [])
    ];
    const [command, commandArgs] = python
      ? [python, ['-c', BOOT, ...args]]
      : [jupyter, ['server', ...args]];

    const started = Date.now();
    const child = spawn(command, commandArgs, {
      cwd: options.rootDir,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { ...process.env, PYTHONUNBUFFERED: '1' }
    });
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    });
    const url = `http://127.0.0.1:${port}/`;
    const stop = stopper(child);
    try {
      await waitUntilUp(url, child, options.startTimeoutMs ?? 60_000);
    } catch (error) {
      await stop();
      throw new Error(
        `${error instanceof Error ? error.message : error}\n${log.trim()}`
      );
    }
    return { url, token, startupMs: Date.now() - started, stop };
  }

  /**
   * Runs jupyter_server's ServerApp with the speed-ups described on startLocalServer,
   * and with TCP_NODELAY on kernel WebSockets: otherwise Nagle's algorithm holds the
   * server's small messages (status, reply) about 40 ms per cell.
   */
  export const BOOT = [
    'import os, shutil, signal, sys, threading',
    "sys.modules['rfc3987_syntax'] = None",
    "os.environ['JUPYTER_NO_CONFIG'] = '1'",
    'from jupyter_core.paths import jupyter_config_dir',
    'from jupyter_server.serverapp import ServerApp',
    'from jupyter_server.services.kernels.websocket import KernelWebsocketHandler',
    'original_open = KernelWebsocketHandler.open',
    'async def open_without_delay(self, *args, **kwargs):',
    '    self.set_nodelay(True)',
    '    return await original_open(self, *args, **kwargs)',
    'KernelWebsocketHandler.open = open_without_delay',
    'blank_config = jupyter_config_dir()',
    'app = ServerApp.instance()',
    'app.initialize(sys.argv[1:])',
    "del os.environ['JUPYTER_NO_CONFIG']",
    'shutil.rmtree(blank_config, ignore_errors=True)',
    'def watch():',
    '    sys.stdin.read()',
    '    os.kill(os.getpid(), signal.SIGTERM)',
    'threading.Thread(target=watch, daemon=True).start()',
    'app.start()'
  ].join('\n');

  export function isExecutable(path: string): boolean {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** The python interpreter of a `jupyter` script (its shebang), if it has one. */
  export function interpreterOf(jupyter: string): string | undefined {
    try {
      const head = readFileSync(jupyter, { encoding: 'latin1' }).slice(0, 300);
      const shebang = /^#!\s*(\S*python[\d.]*)\s*$/m.exec(head.split('\n')[0]);
      return shebang && isExecutable(shebang[1]) ? shebang[1] : undefined;
    } catch {
      return undefined;
    }
  }

  export async function waitUntilUp(
    url: string,
    child: ChildProcess,
    timeoutMs: number
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let failure: string | undefined;
    child.once('exit', code => (failure ??= `exited (code ${code})`));
    child.once('error', error => (failure = error.message));
    while (Date.now() < deadline) {
      if (failure) {
        throw new Error(`The Jupyter server did not start: ${failure}.`);
      }
      try {
        const response = await fetch(`${url}api`);
        if (response.ok) {
          return;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise(resolve => setTimeout(resolve, 40));
    }
    throw new Error(
      `The Jupyter server did not answer within ${timeoutMs / 1000}s.`
    );
  }

  /** SIGTERM (the server then shuts its kernels down), SIGKILL if it lingers. */
  export function stopper(child: ChildProcess): () => Promise<void> {
    let stopping: Promise<void> | undefined;
    return () => {
      stopping ??= new Promise<void>(resolve => {
        if (
          child.exitCode !== null ||
          child.signalCode !== null ||
          !child.pid
        ) {
          resolve();
          return;
        }
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
      return stopping;
    };
  }
}
