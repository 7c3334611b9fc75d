import type { ParseArgsConfig } from 'node:util';
import { COMMANDS, type CommandName } from './usage';

type Options = NonNullable<ParseArgsConfig['options']>;

// Flags of the commands that talk to a Jupyter server.
const SERVER_FLAGS: Options = {
  'server-url': { type: 'string' },
  token: { type: 'string' },
  'gateway-url': { type: 'string' },
  'gateway-token': { type: 'string' },
  jupyter: { type: 'string' },
  budget: { type: 'string' },
  'cell-timeout': { type: 'string' },
  json: { type: 'string' }
};

const GLOBAL_FLAGS: Options = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' }
};

/** Each command's flags: one that belongs to another command is refused by name. */
export const FLAGS: Readonly<Record<CommandName, Options>> = {
  check: {
    ...GLOBAL_FLAGS,
    ...SERVER_FLAGS,
    'server-path': { type: 'string' }
  },
  run: {
    ...GLOBAL_FLAGS,
    ...SERVER_FLAGS,
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
    jobs: { type: 'string' }
  },
  scores: {
    ...GLOBAL_FLAGS,
    tolerance: { type: 'string' },
    json: { type: 'string' }
  }
};

/** The first argument that is neither a flag nor a flag's value. */
export function commandName(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-')) {
      return arg;
    }
    const flag = arg.replace(/^--?/, '');
    if (!arg.includes('=') && takesValue(flag)) {
      i++;
    }
  }
  return undefined;
}

function takesValue(flag: string): boolean {
  return COMMANDS.some(command => FLAGS[command][flag]?.type === 'string');
}

/**
 * Why a flag the command does not take is refused: which command does take it, or which
 * flag of this command was probably meant. Undefined when every flag is the command's.
 */
export function unknownFlag(
  argv: string[],
  command: CommandName
): string | undefined {
  const own = FLAGS[command];
  for (const arg of argv) {
    if (arg === '--') {
      return undefined;
    }
    const match = /^--([^=]+)/.exec(arg);
    if (!match || own[match[1]]) {
      continue;
    }
    const flag = match[1];
    const owners = COMMANDS.filter(other => FLAGS[other][flag]);
    if (owners.length > 0) {
      return `--${flag} is an option of ${owners.join(' and ')}, not of ${command}.`;
    }
    const near = Object.keys(own).find(known => distance(known, flag) <= 2);
    return near
      ? `Unknown option --${flag}: did you mean --${near}?`
      : `Unknown option --${flag}.`;
  }
  return undefined;
}

/** Edit distance, for a misspelled flag. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        row[j] + 1,
        next[j - 1] + 1,
        row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    }
    row = next;
  }
  return row[b.length];
}
