import { basename, dirname, relative, resolve } from 'node:path';
import { ExitCode, type IRunCommandOptions } from './args';
import { BufferedStream, runPool } from './batch';
import { BatchProgress } from './batch-progress';
import { formatBatchTable, type IBatchRow } from './batch-table';
import type { ICheckContext } from './check-command';
import { kernelSpecs, serverSettings } from './connection';
import { requireGatewaySpec } from './gateway';
import { startLocalServer } from './local-server';
import { LockBusyError } from './lock';
import {
  commonFolder,
  InputError,
  planRun,
  type IRunNotebook
} from './out-paths';
import { formatSeconds } from './progress';
import { Redactor } from './redact';
import { llmSetup, totalUsage, type ILLMSetup } from './run-llm';
import {
  runNotebook,
  type INotebookOutcome,
  type IRunReport,
  type IRunShared
} from './run-notebook';
import { writeAtomic } from './safe-write';

/**
 * `run NOTEBOOK... --out DIR`: modernizes each notebook in its own kernel, whose working
 * directory is the notebook's folder, and writes the results into DIR; with --jobs N, N
 * notebooks at once on the one server. Exit 0 when every notebook ends reproducible.
 */
export async function runCommand(
  options: IRunCommandOptions,
  context: ICheckContext
): Promise<number> {
  const { stdout, stderr, signal } = context;
  const started = Date.now();
  const paths = options.notebooks.map(path => resolve(path));
  const redact = new Redactor();
  // Bad input is refused before an LLM, a server or a kernel is asked; a run already
  // writing the same folders, too.
  let plan;
  try {
    plan = await planRun(paths, options);
  } catch (error) {
    if (error instanceof InputError || error instanceof LockBusyError) {
      stderr.write(`${error.message}\n`);
      return error instanceof InputError
        ? ExitCode.badInput
        : ExitCode.cannotRun;
    }
    throw error;
  }
  const cleanups: (() => Promise<void>)[] = [plan.release];
  const jobs = Math.max(1, Math.min(options.jobs, plan.notebooks.length));
  let outcomes: (INotebookOutcome | undefined)[] = [];
  let llm: ILLMSetup | undefined;
  try {
    llm = await llmSetup(options);
    if (llm) {
      stdout.write(
        `Fixes from the migration rules first, then from the LLM ${llm.model} at ${llm.baseURL}.\n`
      );
    } else if (!options.offline) {
      stdout.write(
        'No LLM configured (set OPENAI_BASE_URL for one): fixes come from the migration rules only.\n'
      );
    }
    const gateway = options.gatewayUrl !== undefined;
    let url = options.gatewayUrl ?? options.serverUrl;
    let token = gateway ? options.gatewayToken : options.token;
    // Paths on the server are relative to its root: the folders' common ancestor here.
    let root = process.cwd();
    if (!url) {
      root = commonFolder(paths.map(path => dirname(path)));
      const server = await startLocalServer({
        rootDir: root,
        jupyter: options.jupyter
      });
      cleanups.push(server.stop);
      ({ url, token } = server);
    }
    const settings = serverSettings(url, token);
    const specs = await kernelSpecs(settings, gateway);
    if (gateway) {
      requireGatewaySpec(specs, settings.baseUrl);
    }
    const shared: IRunShared = {
      root,
      gateway,
      settings,
      specs,
      options,
      llm,
      redact,
      written: new Set<string>()
    };
    outcomes = await runNotebooks(plan.notebooks, jobs, shared, context);
  } catch (error) {
    stderr.write(
      `Could not run: ${error instanceof Error ? error.message : error}\n`
    );
    return ExitCode.cannotRun;
  } finally {
    // The local server goes last, after every notebook shut its own kernel down.
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch(() => undefined);
    }
  }

  const reports = outcomes.flatMap(outcome =>
    outcome?.report ? [outcome.report] : []
  );
  let problems = outcomes.reduce((sum, o) => sum + (o?.problems ?? 0), 0);
  const tokens = llm && totalUsage(llm, reports);
  if (options.json) {
    const json = redact.json({
      tool: reports[0]?.tool ?? {
        name: 'jupyterlab-modernizer',
        version: context.version
      },
      ...(tokens ? { llm: tokens } : {}),
      notebooks: reports,
      batch: Private.batchRecord(plan.notebooks, outcomes, {
        jobs,
        seconds: (Date.now() - started) / 1000,
        interrupted: signal.aborted
      })
    });
    // Checked before the run: the folder is writable, a file there is an earlier report.
    await writeAtomic(options.json, `${JSON.stringify(json, null, 2)}\n`, {
      replace: true
    }).catch((error: Error) => {
      problems++;
      stderr.write(
        `Could not write the report ${options.json}: ${error.message}\n`
      );
    });
  }
  stdout.write(
    jobs > 1
      ? Private.batchSummary(plan.notebooks, outcomes, jobs, started)
      : Private.summary(reports)
  );
  const notRun = outcomes.filter(outcome => !outcome).length;
  // A batch's table lists them itself.
  if (jobs === 1 && notRun > 0) {
    stdout.write(`  ${notRun} notebook(s) not run: interrupted\n`);
  }
  if (tokens) {
    stdout.write(
      `  LLM tokens in total: ${tokens.promptTokens} prompt + ${tokens.completionTokens} completion in ${tokens.requests} request(s)\n`
    );
  }
  if (signal.aborted) {
    return ExitCode.interrupted;
  }
  // A kernel the gateway could not give as the notebook needs it: nothing could run.
  if (outcomes.some(outcome => outcome?.cannotRun)) {
    return ExitCode.cannotRun;
  }
  const all =
    problems === 0 &&
    reports.every(report => report.verdict === 'reproducible');
  // Blocked: nothing failed for its code, but a package or data is missing.
  const blocked =
    problems === 0 &&
    reports.some(report => report.verdict === 'blocked') &&
    reports.every(report =>
      ['reproducible', 'blocked'].includes(report.verdict)
    );
  return all ? ExitCode.passed : blocked ? ExitCode.blocked : ExitCode.failed;
}

/**
 * Runs the notebooks, `jobs` at once, each in its own kernel; resolves to each one's
 * outcome by position, undefined for those never started (Ctrl+C). One at a time, a
 * notebook prints as it goes. Several at once, each one's lines are held back and
 * printed whole when it ends, with the batch's progress: whole blocks read as the same
 * run would alone, which lines prefixed with their notebook, mixed, would not.
 */
export async function runNotebooks(
  items: readonly IRunNotebook[],
  jobs: number,
  shared: IRunShared,
  context: ICheckContext
): Promise<(INotebookOutcome | undefined)[]> {
  const outcomes: (INotebookOutcome | undefined)[] = items.map(() => undefined);
  if (jobs <= 1) {
    await runPool(
      items,
      1,
      async (item, index) => {
        outcomes[index] = await runNotebook(item, shared, context);
      },
      context.signal
    );
    return outcomes;
  }
  context.stdout.write(
    `Running ${items.length} notebooks, ${jobs} at once, each in its own kernel; ` +
      "a notebook's output is printed when it ends.\n"
  );
  const progress = new BatchProgress(
    context.stdout,
    context.stderr,
    items.length
  );
  try {
    await runPool(
      items,
      jobs,
      async (item, index) => {
        const stdout = new BufferedStream();
        const stderr = new BufferedStream();
        progress.started();
        try {
          outcomes[index] = await runNotebook(item, shared, {
            ...context,
            stdout,
            stderr
          });
        } finally {
          progress.finished(
            stdout.take(),
            stderr.take(),
            outcomes[index]?.report?.verdict === 'reproducible'
          );
        }
      },
      context.signal
    );
  } finally {
    progress.stop();
  }
  return outcomes;
}

namespace Private {
  /** One line per report, as a run of one notebook at a time ends. */
  export function summary(reports: readonly IRunReport[]): string {
    let text = '\nSummary:\n';
    for (const report of reports) {
      const used = report.llm
        ? `, ${report.llm.promptTokens + report.llm.completionTokens} LLM tokens`
        : '';
      text +=
        `  ${basename(report.notebook)}: ${report.outcome}; ${report.changes.length} fix(es), ` +
        `${report.executions} executions for ${report.codeCells} code cells, ${report.seconds}s${used}` +
        `${report.verifiedByFirstRun ? '; verified by its clean first run' : ''}\n`;
      if (report.llm?.error) {
        text += `    LLM error: ${report.llm.error.message}\n`;
      }
    }
    return text;
  }

  /** The table of a batch, every notebook in the order given, and its totals. */
  export function batchSummary(
    items: readonly IRunNotebook[],
    outcomes: readonly (INotebookOutcome | undefined)[],
    jobs: number,
    started: number
  ): string {
    const root = commonFolder(items.map(item => dirname(item.path)));
    const rows = items.map((item, index) =>
      row(relative(root, item.path), outcomes[index])
    );
    const reports = outcomes.flatMap(o => (o?.report ? [o.report] : []));
    const reproduced = reports.filter(r => r.verdict === 'reproducible');
    const errors = reports.flatMap(report =>
      report.llm?.error
        ? [
            `  ${relative(root, report.notebook)}: LLM error: ${report.llm.error.message}\n`
          ]
        : []
    );
    return (
      `\nSummary (${jobs} at once):\n${formatBatchTable(rows)}\n` +
      errors.join('') +
      `  ${reproduced.length} of ${items.length} notebooks reproducible, ` +
      `${formatSeconds(Date.now() - started)} in all\n`
    );
  }

  function row(
    notebook: string,
    outcome: INotebookOutcome | undefined
  ): IBatchRow {
    const report = outcome?.report;
    if (!report) {
      return {
        notebook,
        verdict: outcome ? 'could not run (see above)' : 'not run: interrupted'
      };
    }
    return {
      notebook,
      verdict:
        report.outcome +
        (report.verifiedByFirstRun ? '; verified by its clean first run' : ''),
      fixes: report.changes.length,
      executions: report.executions,
      seconds: report.seconds,
      ...(report.llm
        ? {
            tokens: report.llm.promptTokens + report.llm.completionTokens
          }
        : {})
    };
  }

  /** The batch in the JSON report: what `notebooks` alone does not say. */
  export function batchRecord(
    items: readonly IRunNotebook[],
    outcomes: readonly (INotebookOutcome | undefined)[],
    run: { jobs: number; seconds: number; interrupted: boolean }
  ) {
    const reports = outcomes.flatMap(o => (o?.report ? [o.report] : []));
    return {
      jobs: run.jobs,
      notebooks: items.length,
      reproducible: reports.filter(r => r.verdict === 'reproducible').length,
      seconds: Math.round(run.seconds * 10) / 10,
      interrupted: run.interrupted,
      /** Never started: the run was interrupted first. */
      notRun: items.flatMap((item, i) => (outcomes[i] ? [] : [item.path])),
      /** Started, but no report: why. */
      errors: outcomes.flatMap(o =>
        o?.error ? [{ notebook: o.path, error: o.error }] : []
      )
    };
  }
}
