import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import {
  codeCells,
  importedModules,
  kernelFor,
  KernelExecutor,
  NotebookFormatError,
  parseNotebook,
  probeEnvironment,
  runCheck,
  savedAnswers,
  savedErrors,
  type ICellResult,
  type ICheckSummary,
  type INotebookDocument
} from '../core';
import { ExitCode, type ICheckCommandOptions } from './args';
import { kernelSpecs, serverSettings, startKernelSession } from './connection';
import { requireGatewaySpec, startGatewayKernel } from './gateway';
import { startLocalServer } from './local-server';
import {
  formatEnvironment,
  formatSummary,
  ProgressPrinter,
  type IOutputStream
} from './progress';
import { Redactor } from './redact';
import { checkReportPath, InputError } from './out-paths';
import { buildReport } from './report';
import { writeAtomic } from './safe-write';

/** What a check command talks to. */
export interface ICheckContext {
  stdout: IOutputStream;
  stderr: IOutputStream;
  /** Aborted on Ctrl+C. */
  signal: AbortSignal;
  version: string;
}

/** `check NOTEBOOK`: runs the notebook's code cells, prints progress and a summary. */
export async function checkCommand(
  options: ICheckCommandOptions,
  context: ICheckContext
): Promise<number> {
  const { stdout, stderr, signal } = context;
  const path = resolve(options.notebook);
  const notebook = await Private.readNotebook(path, stderr);
  if (!notebook) {
    return ExitCode.badInput;
  }
  if (options.json) {
    try {
      await checkReportPath(resolve(options.json));
    } catch (error) {
      if (!(error instanceof InputError)) {
        throw error;
      }
      stderr.write(`${error.message}\n`);
      return ExitCode.badInput;
    }
  }

  const cleanups: (() => Promise<void>)[] = [];
  const startedAt = new Date();
  try {
    const gateway = options.gatewayUrl !== undefined;
    let url = options.gatewayUrl ?? options.serverUrl;
    let token = gateway ? options.gatewayToken : options.token;
    if (!url) {
      const server = await startLocalServer({
        rootDir: dirname(path),
        jupyter: options.jupyter
      });
      cleanups.push(server.stop);
      ({ url, token } = server);
    }
    if (signal.aborted) {
      return ExitCode.interrupted;
    }
    const settings = serverSettings(url, token);
    const specs = await kernelSpecs(settings, gateway);
    if (gateway) {
      requireGatewaySpec(specs, settings.baseUrl);
    }
    const kernel = kernelFor(notebook, specs);
    if (notebook.upgradedFrom) {
      stdout.write(
        `nbformat ${notebook.upgradedFrom}: run as its nbformat 4 conversion, as Jupyter opens it.\n`
      );
    }
    stdout.write(
      `Kernel: ${kernel.name}${kernel.notice ? ` (${kernel.notice})` : ''}\n`
    );
    const session = gateway
      ? await startGatewayKernel(settings, dirname(path), kernel.name)
      : await startKernelSession(
          settings,
          options.serverPath ?? basename(path),
          kernel.name
        );
    cleanups.push(session.shutdown);
    if (signal.aborted) {
      return ExitCode.interrupted;
    }

    const executor = new KernelExecutor({ kernel: session.kernel });
    const cells = codeCells(notebook);
    const environment = await probeEnvironment(
      executor,
      importedModules(cells.map(cell => cell.source))
    ).catch((error: Error) => {
      stderr.write(`Could not probe library versions: ${error.message}\n`);
      return null;
    });
    if (environment) {
      stdout.write(`${formatEnvironment(environment)}\n`);
    }

    const printer = new ProgressPrinter(stdout);
    const results = new Map<string, ICellResult>();
    let summary!: ICheckSummary;
    for await (const event of runCheck({
      cells,
      executor,
      budgetMs: options.budgetMs,
      cellTimeoutMs: options.cellTimeoutMs,
      signal,
      // A teaching notebook's deliberate error, as its saved outputs show it, is no failure.
      expectedErrors: savedErrors(notebook.cells),
      answers: savedAnswers(notebook.cells)
    })) {
      printer.handle(event);
      if (event.kind === 'cell-finished') {
        results.set(event.cell.id, event.result);
      } else if (event.kind === 'finished') {
        summary = event.summary;
      }
    }
    stdout.write(`\n${formatSummary(summary, options.budgetMs)}\n`);

    if (options.json) {
      const report = buildReport({
        version: context.version,
        notebook: path,
        nbformat: notebook.upgradedFrom ?? notebook.version,
        kernel,
        environment,
        cells,
        results,
        summary,
        startedAt,
        elapsedMs: Date.now() - startedAt.getTime()
      });
      await writeAtomic(
        options.json,
        `${JSON.stringify(new Redactor().json(report), null, 2)}\n`,
        { replace: true }
      );
      stdout.write(`Report written to ${options.json}\n`);
    }
    if (summary.verdict === 'passed') {
      return ExitCode.passed;
    }
    return summary.stoppedBy === 'cancelled'
      ? ExitCode.interrupted
      : ExitCode.failed;
  } catch (error) {
    if (error instanceof NotebookFormatError) {
      stderr.write(`${path}: ${error.message}\n`);
      return ExitCode.badInput;
    }
    stderr.write(
      `Could not run the notebook: ${error instanceof Error ? error.message : error}\n`
    );
    return ExitCode.cannotRun;
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch(() => undefined);
    }
  }
}

namespace Private {
  /** The parsed notebook, or undefined after saying on stderr why it cannot be used. */
  export async function readNotebook(
    path: string,
    stderr: IOutputStream
  ): Promise<INotebookDocument | undefined> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      stderr.write(
        `${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}\n`
      );
      return undefined;
    }
    try {
      const notebook = parseNotebook(text);
      kernelFor(notebook); // An unsupported language fails here, before any server starts.
      return notebook;
    } catch (error) {
      if (error instanceof NotebookFormatError) {
        stderr.write(`${path}: ${error.message}\n`);
        return undefined;
      }
      throw error;
    }
  }
}
