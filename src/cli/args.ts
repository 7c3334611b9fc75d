import { parseArgs } from 'node:util';
import { commandName, FLAGS, unknownFlag } from './flags';
import { COMMANDS, type CommandName } from './usage';

/** Exit codes, as documented in --help. */
export const ExitCode = {
  passed: 0,
  failed: 1,
  badInput: 2,
  cannotRun: 3,
  blocked: 4,
  interrupted: 130
} as const;

/** A parsed command line. */
export type Command =
  | { kind: 'help'; command?: CommandName }
  | { kind: 'version' }
  | { kind: 'check'; options: ICheckCommandOptions }
  | { kind: 'run'; options: IRunCommandOptions }
  | { kind: 'scores'; options: IScoresCommandOptions };

/** Options of `check`. */
export interface ICheckCommandOptions {
  notebook: string;
  serverUrl?: string;
  token?: string;
  /** Kernels from this Jupyter Enterprise Gateway instead of a Jupyter server. */
  gatewayUrl?: string;
  gatewayToken?: string;
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
  /** Kernels from this Jupyter Enterprise Gateway instead of a Jupyter server. */
  gatewayUrl?: string;
  gatewayToken?: string;
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
  /** Notebooks modernized at once, each in its own kernel. */
  jobs: number;
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
  /** The command whose usage was wrong, if one was named. */
  readonly command?: CommandName;

  constructor(message: string, command?: CommandName) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

/** Parses the arguments after `node cli.js`. */
export function parseCommandLine(argv: string[]): Command {
  const name = commandName(argv);
  const command = COMMANDS.find(known => known === name);
  if (!command) {
    if (argv.includes('--help') || argv.includes('-h') || name === 'help') {
      const topic = COMMANDS.find(known => argv.includes(known));
      return topic ? { kind: 'help', command: topic } : { kind: 'help' };
    }
    if (argv.includes('--version') || argv.includes('-v')) {
      return { kind: 'version' };
    }
    throw new UsageError(
      name ? `Unknown command "${name}".` : 'No command given.'
    );
  }
  const unknown = unknownFlag(argv, command);
  if (unknown) {
    throw new UsageError(unknown, command);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: FLAGS[command]
    });
  } catch (error) {
    throw new UsageError(
      error instanceof Error ? error.message : String(error),
      command
    );
  }
  const values = new Private.Values(parsed.values, command);
  if (values.flag('help')) {
    return { kind: 'help', command };
  }
  if (values.flag('version')) {
    return { kind: 'version' };
  }
  const [, ...operands] = parsed.positionals;
  try {
    switch (command) {
      case 'scores':
        return { kind: 'scores', options: Private.scores(operands, values) };
      case 'run':
        return { kind: 'run', options: Private.run(operands, values) };
      case 'check':
        return { kind: 'check', options: Private.check(operands, values) };
    }
  } catch (error) {
    // A flag's value was wrong: the error is about this command.
    throw error instanceof UsageError && !error.command
      ? new UsageError(error.message, command)
      : error;
  }
}

namespace Private {
  /** The parsed flags of one command, read with their types. */
  export class Values {
    constructor(
      private readonly _values: Record<string, unknown>,
      readonly command: CommandName
    ) {}

    string(name: string): string | undefined {
      const value = this._values[name];
      return typeof value === 'string' ? value : undefined;
    }

    flag(name: string): boolean {
      return this._values[name] === true;
    }

    /** A usage error about this command. */
    error(message: string): UsageError {
      return new UsageError(message, this.command);
    }
  }

  /** What check and run share: the server, the time limits and the JSON report. */
  function common(values: Values) {
    const server = Private.server(values.string('server-url'));
    const gateway = Private.gateway(values);
    return {
      serverUrl: server?.url,
      token:
        values.string('token') ?? server?.token ?? process.env.JUPYTER_TOKEN,
      gatewayUrl: gateway?.url,
      gatewayToken: gateway?.token,
      jupyter: values.string('jupyter'),
      budgetMs: Private.seconds('--budget', values.string('budget'), 600),
      cellTimeoutMs: Private.seconds(
        '--cell-timeout',
        values.string('cell-timeout'),
        0
      ),
      json: values.string('json')
    };
  }

  export function check(
    operands: string[],
    values: Values
  ): ICheckCommandOptions {
    const [notebook, ...extra] = operands;
    if (!notebook) {
      throw values.error('check needs a notebook: check NOTEBOOK.ipynb');
    }
    if (extra.length > 0) {
      throw values.error(`Unexpected argument "${extra[0]}".`);
    }
    return {
      notebook,
      ...common(values),
      serverPath: values.string('server-path')
    };
  }

  export function run(operands: string[], values: Values): IRunCommandOptions {
    if (operands.length === 0) {
      throw values.error(
        'run needs notebooks: run NOTEBOOK.ipynb... --out DIR'
      );
    }
    const out = values.string('out');
    if (!out) {
      throw values.error('run needs --out DIR: where to write the results.');
    }
    return {
      ...common(values),
      notebooks: operands,
      out,
      offline: values.flag('offline'),
      autoAccept: values.flag('auto-accept'),
      writeModules: values.flag('write-modules'),
      outInPlace: values.flag('out-in-place'),
      tolerance: Private.tolerance(values.string('tolerance')),
      model: values.string('model')?.trim() || undefined,
      tokenBudget: Private.count(
        '--token-budget',
        values.string('token-budget')
      ),
      verificationRuns:
        Private.count(
          '--verification-runs',
          values.string('verification-runs')
        ) ?? 1,
      allowInstalls: values.flag('allow-installs'),
      wholeNotebook: values.flag('whole-notebook'),
      jobs: Private.count('--jobs', values.string('jobs')) ?? 1
    };
  }

  export function scores(
    operands: string[],
    values: Values
  ): IScoresCommandOptions {
    const [original, executed, ...extra] = operands;
    if (!original) {
      throw values.error(
        'scores needs a notebook: scores ORIGINAL.ipynb [EXECUTED.ipynb]'
      );
    }
    if (extra.length > 0) {
      throw values.error(`Unexpected argument "${extra[0]}".`);
    }
    return {
      original,
      executed,
      tolerance: Private.tolerance(values.string('tolerance')),
      json: values.string('json')
    };
  }

  /**
   * The gateway's URL and token (--gateway-token, a `?token=` in the URL, else
   * $JUPYTER_GATEWAY_AUTH_TOKEN as Jupyter Server's gateway client reads it). The flags
   * of a Jupyter server are refused beside it: the kernels would not come from where
   * the user meant.
   */
  export function gateway(
    values: Values
  ): { url: string; token?: string } | undefined {
    const given = server(values.string('gateway-url'), '--gateway-url');
    const token = values.string('gateway-token');
    if (!given) {
      if (token !== undefined) {
        throw new UsageError('--gateway-token needs --gateway-url.');
      }
      return undefined;
    }
    for (const flag of ['server-url', 'token', 'jupyter', 'server-path']) {
      if (values.string(flag) !== undefined) {
        throw new UsageError(
          `--${flag} is for a Jupyter server; --gateway-url takes the kernels from ` +
            'Enterprise Gateway instead: pass one or the other' +
            (flag === 'token'
              ? " (the gateway's token is --gateway-token)."
              : '.')
        );
      }
    }
    return {
      url: given.url,
      token: token ?? given.token ?? process.env.JUPYTER_GATEWAY_AUTH_TOKEN
    };
  }

  /** The server's base URL; a `?token=` in a URL pasted from Jupyter's log is used. */
  export function server(
    value: string | undefined,
    flag = '--server-url'
  ): { url: string; token?: string } | undefined {
    if (value === undefined) {
      return undefined;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(
        `${flag} takes a URL like http://localhost:8888/, not "${value}".`
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UsageError(
        `${flag} must be http or https, not "${url.protocol}".`
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
