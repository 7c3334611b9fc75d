// Entry point of the `jupyterlab-modernizer` command (bundled to lib-cli/cli.js).
import { ExitCode } from './args';
import { runCli } from './cli';

// @jupyterlab/services logs every WebSocket it opens; a terminal has no use for that.
console.debug = () => undefined;

runCli(process.argv.slice(2)).then(
  code => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : error}\n`
    );
    process.exit(ExitCode.cannotRun);
  }
);
