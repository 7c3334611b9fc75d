import { parseArgs } from 'node:util';

/** Exit codes, as documented in --help. */
export const ExitCode = {
  passed: 0,
  failed: 1,
  badInput: 2,
  cannotRun: 3,
  blocked: 4,
  interrupted: 130
} as const;

export const USAGE = `Usage: jupyterlab-modernizer check NOTEBOOK.ipynb [options]
       jupyterlab-modernizer run NOTEBOOK.ipynb... --out DIR [options]
       jupyterlab-modernizer scores ORIGINAL.ipynb [EXECUTED.ipynb] [options]

check: runs every code cell of the notebook in order, in a fresh kernel, and stops at
the first cell that fails. Nothing in the notebook is changed.

run: modernizes each notebook in its own kernel (working directory: the notebook's
folder): applies the migration rules' fixes, runs the cells, repairs failing ones, pins
changed defaults when a score moved, then verifies with a restart and a run from the
top. Writes DIR/NAME.modernized.ipynb (the original is never changed), changed local
modules under DIR, and DIR/NAME.report.md; with notebooks from several folders, each
keeps its path relative to their common folder under DIR. It never writes over a file
it did not write itself, and keeps at most 1 MB of outputs per cell (a note says what
was cut). A run locks DIR (and, with --write-modules, the notebooks' folders): a second
run on them meanwhile is refused with exit 3.
  --out DIR            where to write the results (required); not a notebook's own
                       folder, unless with --out-in-place
  --out-in-place       allow --out to be the notebooks' own folder
  --offline            use the migration rules only, even with an LLM configured
  --model NAME         the LLM's model (default: $MODERNIZER_MODEL, else the first
                       model the endpoint lists)
  --token-budget N     LLM tokens (prompt and reply) per notebook; a fix that would
                       pass the budget is not asked for (default: no limit)
  --allow-installs     let the LLM's fixes install missing packages with %pip (never
                       auto-accepted: they are flagged unsafe)
  --whole-notebook     show the LLM every cell, not only the ones the fix depends on
  --auto-accept        apply every proposal that is not flagged unsafe (without it,
                       proposals are shown and none is applied)
  --tolerance X        relative score tolerance (default 0.1, i.e. 10%)
  --verification-runs N  runs from a restart that verify the notebook (default 1);
                       with more, each score is their mean, shown with its spread
  --write-modules      change local modules in place, keeping NAME.py.orig (written
                       once: an existing .orig is the original and is kept)
  A failing cell is fixed by the migration rules first, else by an LLM when one is
  configured: OPENAI_BASE_URL (any OpenAI-compatible endpoint) and, if it needs one,
  OPENAI_API_KEY.

scores: prints the scores ORIGINAL's saved outputs hold (by the rule run uses) and,
with EXECUTED (the same notebook as it ran now), each one against the score printed in
its place now. Exit 1 when one is out of tolerance.
  --tolerance X        relative score tolerance (default 0.1, i.e. 10%)
  --json FILE          write the scores as JSON (- writes them to stdout instead)

Options:
  --server-url URL     run against this Jupyter server (default: start a local one)
  --token TOKEN        the server's token (default: $JUPYTER_TOKEN)
  --server-path PATH   the notebook's path on that server, which sets the kernel's
                       working directory (default: the file name)
  --jupyter PATH       the jupyter executable for the local server (default: from PATH)
  --budget S           time budget for the whole run, in seconds (default 600)
  --cell-timeout S     time limit per cell, in seconds (default: none, the budget
                       left bounds each cell)
  --json FILE          write a JSON report (versions, per-cell results, verdict)
  -h, --help           show this help
  -v, --version        show the version

Exit codes: 0 every cell ran (run: every notebook reproducible), 1 a cell failed (error, timeout, kernel died, budget),
2 bad input (not a notebook, unsupported format or kernel; run: --out or --json not
usable, a result that would overwrite a file; all found before a server starts), 3 could
not run (server or kernel did not start; run: another run holds the lock), 4 run: blocked (a notebook needs a
package installed or data downloaded, and none failed otherwise), 130 interrupted.`;

/** A parsed command line. */
export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: ICheckCommandOptions }
  | { kind: 'run'; options: IRunCommandOptions }
  | { kind: 'scores'; options: IScoresCommandOptions };

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

/** Options of `run`. */
export interface IRunCommandOptions {
  notebooks: string[];
  out: string;
  offline: boolean;
  autoAccept: boolean;
  writeModules: boolean;
  /** --out may be a notebook's own folder. */
  outInPlace: boolean;
  /** Relative tolerance, 0.1 for 10%. */
  tolerance: number;
  serverUrl?: string;
  token?: string;
  jupyter?: string;
  budgetMs: number;
  cellTimeoutMs: number;
  json?: string;
  /** The LLM's model; default $MODERNIZER_MODEL, else the endpoint's first. */
  model?: string;
  /** LLM tokens per notebook. */
  tokenBudget?: number;
  /** Verification runs from a restart; the scores' mean decides. */
  verificationRuns: number;
  /** The LLM may propose `%pip install` (always reviewed). */
  allowInstalls: boolean;
  /** The LLM sees every cell, not only the dependencies. */
  wholeNotebook: boolean;
}

/** Options of `scores`. */
export interface IScoresCommandOptions {
  original: string;
  /** The same notebook as it ran now. */
  executed?: string;
  /** Relative tolerance, 0.1 for 10%. */
  tolerance: number;
  /** Where to write the JSON; `-` is stdout. */
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
        out: { type: 'string' },
        offline: { type: 'boolean' },
        'auto-accept': { type: 'boolean' },
        'write-modules': { type: 'boolean' },
        'out-in-place': { type: 'boolean' },
        tolerance: { type: 'string' },
        model: { type: 'string' },
        'token-budget': { type: 'string' },
        'verification-runs': { type: 'string' },
        'allow-installs': { type: 'boolean' },
        'whole-notebook': { type: 'boolean' },
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
  const server = Private.server(values['server-url']);
  const common = {
    serverUrl: server?.url,
    token: values.token ?? server?.token ?? process.env.JUPYTER_TOKEN,
    jupyter: values.jupyter,
    budgetMs: Private.seconds('--budget', values.budget, 600),
    cellTimeoutMs: Private.seconds('--cell-timeout', values['cell-timeout'], 0),
    json: values.json
  };
  if (command === 'scores') {
    if (!notebook) {
      throw new UsageError(
        'scores needs a notebook: scores ORIGINAL.ipynb [EXECUTED.ipynb]'
      );
    }
    if (extra.length > 1) {
      throw new UsageError(`Unexpected argument "${extra[1]}".`);
    }
    return {
      kind: 'scores',
      options: {
        original: notebook,
        executed: extra[0],
        tolerance: Private.tolerance(values.tolerance),
        json: values.json
      }
    };
  }
  if (command === 'run') {
    if (!notebook) {
      throw new UsageError(
        'run needs notebooks: run NOTEBOOK.ipynb... --out DIR'
      );
    }
    if (!values.out) {
      throw new UsageError('run needs --out DIR: where to write the results.');
    }
    const tolerance = Private.tolerance(values.tolerance);
    return {
      kind: 'run',
      options: {
        ...common,
        notebooks: [notebook, ...extra],
        out: values.out,
        offline: values.offline ?? false,
        autoAccept: values['auto-accept'] ?? false,
        writeModules: values['write-modules'] ?? false,
        outInPlace: values['out-in-place'] ?? false,
        tolerance,
        model: values.model?.trim() || undefined,
        tokenBudget: Private.count('--token-budget', values['token-budget']),
        verificationRuns:
          Private.count('--verification-runs', values['verification-runs']) ??
          1,
        allowInstalls: values['allow-installs'] ?? false,
        wholeNotebook: values['whole-notebook'] ?? false
      }
    };
  }
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
  return {
    kind: 'check',
    options: {
      notebook,
      ...common,
      serverPath: values['server-path']
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

  /** A relative tolerance, 0.1 (10%) when the flag is absent. */
  export function tolerance(value: string | undefined): number {
    const number = Number(value ?? '0.1');
    if (!Number.isFinite(number) || number < 0) {
      throw new UsageError(
        `--tolerance takes a number of at least 0 (0.1 is 10%), not "${value}".`
      );
    }
    return number;
  }

  /** A positive whole number, or undefined when the flag is absent. */
  export function count(
    flag: string,
    value: string | undefined
  ): number | undefined {
    if (value === undefined) {
      return undefined;
    }
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) {
      throw new UsageError(
        `${flag} takes a positive whole number, not "${value}".`
      );
    }
    return number;
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
