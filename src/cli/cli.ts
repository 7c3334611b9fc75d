import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ExitCode, parseCommandLine, UsageError } from './args';
import { checkCommand } from './check-command';
import { Redactor } from './redact';
import { runCommand } from './run-command';
import { scoresCommand } from './scores-command';
import { COMMAND_HELP, OVERVIEW } from './usage';

/** Runs the command line and resolves to the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      const about = error.command ? `${error.command} ` : '';
      process.stderr.write(
        `${error.message}\nRun "jupyterlab-modernizer ${about}--help" for the options.\n`
      );
      return ExitCode.badInput;
    }
    throw error;
  }
  switch (command.kind) {
    case 'help':
      process.stdout.write(
        `${command.command ? COMMAND_HELP[command.command] : OVERVIEW}\n`
      );
      return ExitCode.passed;
    case 'version':
      process.stdout.write(`${packageVersion()}\n`);
      return ExitCode.passed;
    case 'scores':
      return scoresCommand(command.options, {
        stdout: process.stdout,
        stderr: process.stderr
      });
    case 'check':
    case 'run': {
      const controller = new AbortController();
      const onInterrupt = () => {
        if (controller.signal.aborted) {
          // A second Ctrl+C: leave now; the local server stops when its stdin closes.
          process.exit(ExitCode.interrupted);
        }
        process.stderr.write('\nStopping (Ctrl+C again to quit at once)...\n');
        controller.abort();
      };
      process.on('SIGINT', onInterrupt);
      process.on('SIGTERM', onInterrupt);
      try {
        // No secret of the environment is ever printed, whatever quotes it.
        const redact = new Redactor();
        const context = {
          stdout: redact.stream(process.stdout),
          stderr: redact.stream(process.stderr),
          signal: controller.signal,
          version: packageVersion()
        };
        return command.kind === 'run'
          ? await runCommand(command.options, context)
          : await checkCommand(command.options, context);
      } finally {
        process.off('SIGINT', onInterrupt);
        process.off('SIGTERM', onInterrupt);
      }
    }
  }
}

/** Set by the bundle's build (`build:cli`); a wheel ships the bundle with no package.json. */
declare const MODERNIZER_VERSION: string | undefined;

/** This package's version: built into the bundle, else from package.json (sources). */
function packageVersion(): string {
  if (typeof MODERNIZER_VERSION === 'string' && MODERNIZER_VERSION) {
    return MODERNIZER_VERSION;
  }
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === 'jupyterlab-modernizer') {
        return String(pkg.version);
      }
    } catch {
      // No package.json here; look further up.
    }
  }
  return 'unknown';
}
