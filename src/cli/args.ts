import { parseArgs } from 'node:util';

/** Exit codes, as documented in --help. */
export const ExitCode = {
  passed: 0,
  failed: 1,
  badInput: 2,
  cannotRun: 3,
  interrupted: 130
} as const;

export const USAGE = `Usage: jupyterlab-modernizer check NOTEBOOK.ipynb [options]

Runs every code cell of the notebook in order, in a fresh kernel, and stops at the
first cell that fails. Nothing in the notebook is changed.

Options:
  --server-url URL     run against this Jupyter server (default: start a local one)
  --token TOKEN        the server's token (default: $JUPYTER_TOKEN)
  --server-path PATH   the notebook's path on that server, which sets the kernel's
                       working directory (default: the file name)
  --jupyter PATH       the jupyter executable for the local server (default: from PATH)
  --budget S           time budget for the whole run, in seconds (default 600)
  --cell-timeout S     time limit per cell, in seconds (default 120)
  --json FILE          write a JSON report (versions, per-cell results, verdict)
  -h, --help           show this help
  -v, --version        show the version

Exit codes: 0 every cell ran, 1 a cell failed (error, timeout, kernel died, budget),
2 bad input (not a notebook, unsupported format or kernel), 3 could not run (server
or kernel did not start), 130 interrupted.`;

/** A parsed command line. */
export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: ICheckCommandOptions };

/** Options of `check`. */
export interface ICheckCommandOptions {
  notebook: string;
  serverUrl?: string;
  token?: string;
  serverPath?: string;
  jupyter?: string;
  budgetMs: number;
  cellTimeoutMs: number;
  json?: string;
}

/** A command line that cannot be understood; the message says why. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parses the arguments after `node cli.js`. */
export function parseCommandLine(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'server-url': { type: 'string' },
        token: { type: 'string' },
        'server-path': { type: 'string' },
        jupyter: { type: 'string' },
        budget: { type: 'string' },
        'cell-timeout': { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' }
      }
    });
  } catch (error) {
    throw new UsageError(
      error instanceof Error ? error.message : String(error)
    );
  }
  const { values, positionals } = parsed;
  if (values.help) {
    return { kind: 'help' };
  }
  if (values.version) {
    return { kind: 'version' };
  }
  const [command, notebook, ...extra] = positionals;
  if (command !== 'check') {
    throw new UsageError(
      command ? `Unknown command "${command}".` : 'No command given.'
    );
  }
  if (!notebook) {
    throw new UsageError('check needs a notebook: check NOTEBOOK.ipynb');
  }
  if (extra.length > 0) {
    throw new UsageError(`Unexpected argument "${extra[0]}".`);
  }
  const server = Private.server(values['server-url']);
  return {
    kind: 'check',
    options: {
      notebook,
      serverUrl: server?.url,
      token: values.token ?? server?.token ?? process.env.JUPYTER_TOKEN,
      serverPath: values['server-path'],
      jupyter: values.jupyter,
      budgetMs: Private.seconds('--budget', values.budget, 600),
      cellTimeoutMs: Private.seconds(
        '--cell-timeout',
        values['cell-timeout'],
        120
      ),
      json: values.json
    }
  };
}

namespace Private {
  /** The server's base URL; a `?token=` in a URL pasted from Jupyter's log is used. */
  export function server(
    value: string | undefined
  ): { url: string; token?: string } | undefined {
    if (value === undefined) {
      return undefined;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(
        `--server-url takes a URL like http://localhost:8888/, not "${value}".`
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UsageError(
        `--server-url must be http or https, not "${url.protocol}".`
      );
    }
    const token = url.searchParams.get('token') ?? undefined;
    url.search = '';
    url.hash = '';
    // A page's address (…/lab, …/tree/x) serves from the base URL above it.
    url.pathname = url.pathname.replace(/\/(lab|tree|notebooks)(\/.*)?$/, '/');
    return { url: url.href, token };
  }

  export function seconds(
    flag: string,
    value: string | undefined,
    fallback: number
  ): number {
    if (value === undefined) {
      return fallback * 1000;
    }
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) {
      throw new UsageError(
        `${flag} takes a positive number of seconds, not "${value}".`
      );
    }
    return number * 1000;
  }
}
