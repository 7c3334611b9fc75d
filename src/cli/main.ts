// Entry point of the `jupyterlab-modernizer` command (bundled to lib-cli/cli.js).
import { ExitCode } from './args';
import { runCli } from './cli';
import { Redactor } from './redact';

// @jupyterlab/services logs every WebSocket it opens; a terminal has no use for that.
console.debug = () => undefined;
// A kernel restart (verification, a changed module) drops the socket on purpose.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (!/^Connection lost, reconnecting/.test(String(args[0]))) {
    warn(...args);
  }
};

// When a kernel dies, @jupyterlab/services reconnects in the background; shutting down
// meanwhile rejects that reconnect with nobody to catch it. It is harmless here.
process.on('unhandledRejection', (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (
    message === 'Kernel connection disconnected' ||
    message.startsWith('Canceled future for')
  ) {
    return;
  }
  process.stderr.write(new Redactor().text(`Unexpected error: ${message}\n`));
  process.exitCode = ExitCode.cannotRun;
});

runCli(process.argv.slice(2)).then(
  code => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      new Redactor().text(
        `${error instanceof Error ? (error.stack ?? error.message) : error}\n`
      )
    );
    process.exit(ExitCode.cannotRun);
  }
);
