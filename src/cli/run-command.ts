import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import {
  allRules,
  autoAcceptReviewer,
  buildReport,
  captureOriginal,
  codeCells,
  evidenceOf,
  importedModules,
  kernelFor,
  KernelExecutor,
  NotebookFormatError,
  probeEnvironment,
  repositoryFiles,
  RulesFixer,
  runLoop,
  type ICellResult,
  type IFixer,
  type IModernizeReport,
  type IReviewer,
  type Verdict
} from '../core';
import { ExitCode, type IRunCommandOptions } from './args';
import type { ICheckContext } from './check-command';
import { kernelSpecs, serverSettings, startKernelSession } from './connection';
import { startLocalServer } from './local-server';
import { LockBusyError } from './lock';
import { MemoryNotebook } from './memory-notebook';
import {
  commonFolder,
  InputError,
  planRun,
  type IRunNotebook
} from './out-paths';
import { capOutputs } from './output-cap';
import { Redactor } from './redact';
import {
  llmSetup,
  NotebookLLM,
  totalUsage,
  type ILLMReport,
  type ILLMSetup
} from './run-llm';
import { RunPrinter } from './run-progress';
import { writeAtomic } from './safe-write';
import { writeResults } from './write-results';

/** A notebook's report, with its LLM use when an LLM was configured. */
interface IRunReport extends IModernizeReport {
  llm?: ILLMReport;
  /** The file's nbformat (`3.0`) when it was read and written as nbformat 4. */
  upgradedFrom?: string;
}

/**
 * `run NOTEBOOK... --out DIR`: modernizes each notebook in its own kernel, whose working
 * directory is the notebook's folder, and writes the results into DIR. Exit 0 when every
 * notebook ends reproducible.
 */
export async function runCommand(
  options: IRunCommandOptions,
  context: ICheckContext
): Promise<number> {
  const { stdout, stderr, signal } = context;
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
  const written = new Set<string>();
  const reports: IRunReport[] = [];
  let problems = 0;
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
    let url = options.serverUrl;
    let token = options.token;
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
    const specs = await kernelSpecs(settings);
    for (const item of plan.notebooks) {
      const path = item.path;
      if (signal.aborted) {
        return ExitCode.interrupted;
      }
      stdout.write(`\n== ${path}\n`);
      if (item.notebook.upgradedFrom) {
        stdout.write(
          `nbformat ${item.notebook.upgradedFrom}: read as its nbformat 4 conversion, as Jupyter opens it; ` +
            `the modernized notebook is written as nbformat ${item.notebook.version}, the file is left as it is.\n`
        );
      }
      try {
        const { report, unwritten } = await Private.modernize(
          item,
          root,
          settings,
          specs,
          options,
          context,
          llm,
          redact,
          written
        );
        reports.push(report);
        for (const line of unwritten) {
          problems++;
          stderr.write(`${line}\n`);
        }
      } catch (error) {
        problems++;
        const message = error instanceof Error ? error.message : String(error);
        stderr.write(
          error instanceof NotebookFormatError
            ? `${path}: ${message}\n`
            : `Could not modernize ${path}: ${message}\n`
        );
      }
    }
  } catch (error) {
    stderr.write(
      `Could not run: ${error instanceof Error ? error.message : error}\n`
    );
    return ExitCode.cannotRun;
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch(() => undefined);
    }
  }

  const tokens = llm && totalUsage(llm, reports);
  if (options.json) {
    const json = redact.json({
      tool: reports[0]?.tool ?? {
        name: 'jupyterlab-modernizer',
        version: context.version
      },
      ...(tokens ? { llm: tokens } : {}),
      notebooks: reports
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
  stdout.write('\nSummary:\n');
  for (const report of reports) {
    const used = report.llm
      ? `, ${report.llm.promptTokens + report.llm.completionTokens} LLM tokens`
      : '';
    stdout.write(
      `  ${basename(report.notebook)}: ${report.outcome}; ${report.changes.length} fix(es), ` +
        `${report.executions} executions for ${report.codeCells} code cells, ${report.seconds}s${used}` +
        `${report.verifiedByFirstRun ? '; verified by its clean first run' : ''}\n`
    );
    if (report.llm?.error) {
      stdout.write(`    LLM error: ${report.llm.error.message}\n`);
    }
  }
  if (tokens) {
    stdout.write(
      `  LLM tokens in total: ${tokens.promptTokens} prompt + ${tokens.completionTokens} completion in ${tokens.requests} request(s)\n`
    );
  }
  if (signal.aborted) {
    return ExitCode.interrupted;
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

namespace Private {
  /** One notebook, start to finish: its own kernel, the loop, the files written. */
  export async function modernize(
    item: IRunNotebook,
    root: string,
    settings: ReturnType<typeof serverSettings>,
    specs: Awaited<ReturnType<typeof kernelSpecs>>,
    options: IRunCommandOptions,
    context: ICheckContext,
    llm: ILLMSetup | undefined,
    redact: Redactor,
    written: Set<string>
  ): Promise<{ report: IRunReport; unwritten: string[] }> {
    const { stdout, stderr, signal } = context;
    const { path, notebook } = item;
    const folder = dirname(path);
    const serverPath = relative(root, path).split(sep).join('/');
    if (serverPath.startsWith('..')) {
      throw new Error(
        `it is outside the server's root ${root}; run from a folder that holds it.`
      );
    }
    const kernel = kernelFor(notebook, specs);
    const session = await startKernelSession(settings, serverPath, kernel.name);
    const cleanups = [session.shutdown];
    try {
      const executor = new KernelExecutor({ kernel: session.kernel });
      const sources = codeCells(notebook).map(cell => cell.source);
      const files = await filesIn(folder);
      // Local modules' own imports count too: their rules are gated by those versions.
      const modules = await localSources(folder, files, sources);
      const probed = await probeEnvironment(
        executor,
        importedModules([...sources, ...modules])
      );
      const versions = new Map<string, string>([['python', probed.python]]);
      for (const module of probed.modules) {
        if (module.distribution && module.version) {
          versions.set(module.distribution, module.version);
        }
      }
      const original = captureOriginal(notebook);
      const overlay = await mkdtemp(join(tmpdir(), 'modernizer-modules-'));
      cleanups.push(() => rm(overlay, { recursive: true, force: true }));
      const document = new MemoryNotebook(notebook, folder, overlay);
      // Changed local modules shadow the originals for this kernel only.
      const useOverlay = () =>
        executor.evaluate(
          `__import__('sys').path.insert(0, ${JSON.stringify(overlay)})`
        );
      await useOverlay();
      const label = (id: string) => {
        const cell = notebook.cells.find(c => c.id === id);
        return cell ? `cell ${cell.index + 1}` : `cell ${id}`;
      };
      // A new LLM fixer per notebook: its own budget, tokens and failure.
      const llmFixes = llm
        ? new NotebookLLM(
            llm,
            {
              tokenBudget: options.tokenBudget,
              allowInstalls: options.allowInstalls,
              granularity: options.wholeNotebook ? 'notebook' : 'cell'
            },
            stdout,
            stderr,
            label
          )
        : undefined;
      const fixers: IFixer[] = [new RulesFixer(allRules)];
      if (llmFixes) {
        fixers.push(llmFixes.fixer);
      }
      const printer = new RunPrinter(stdout, label, true, proposal =>
        llmFixes?.tokensLine(proposal)
      );
      const results = new Map<string, ICellResult>();
      const loop = runLoop({
        document,
        executor,
        reviewer: reviewer(options.autoAccept),
        fixers,
        original,
        environment: {
          versions,
          files,
          evidence: evidenceOf(notebook.metadata, sources, allRules)
        },
        // A kernel of its own, started for this notebook: nothing ran in it yet.
        freshKernel: true,
        restartKernel: async () => {
          await session.kernel.restart();
          await session.kernel.requestKernelInfo();
          await useOverlay();
        },
        limits: {
          budgetMs: options.budgetMs,
          verificationRuns: options.verificationRuns,
          cellTimeoutMs: options.cellTimeoutMs
        },
        tolerance: { mode: 'relative', value: options.tolerance },
        signal
      });
      let verdict: Verdict | undefined;
      let report: IModernizeReport | undefined;
      for await (const event of loop) {
        printer.handle(event);
        if (event.kind === 'restart') {
          results.clear();
        } else if (
          event.kind === 'check' &&
          event.event.kind === 'cell-finished'
        ) {
          const result = event.event.result;
          // Kept for the written notebook: at most 1 MB of outputs per cell.
          results.set(event.event.cell.id, {
            ...result,
            outputs: capOutputs(result.outputs)
          });
        } else if (event.kind === 'finished') {
          verdict = event.verdict;
          report = buildReport({
            tool: { name: 'jupyterlab-modernizer', version: context.version },
            notebook: path,
            original,
            versions,
            verdict,
            changes: event.changes,
            reverted: event.reverted,
            rejected: event.rejected,
            expectedErrors: event.expectedErrors,
            verifiedByFirstRun: event.verifiedByFirstRun,
            executions: event.executions,
            elapsedMs: event.elapsedMs,
            scores: event.scores,
            date: new Date()
          });
        }
      }
      const full: IRunReport = {
        ...report!,
        ...(llmFixes ? { llm: llmFixes.report() } : {}),
        ...(notebook.upgradedFrom
          ? { upgradedFrom: notebook.upgradedFrom }
          : {})
      };
      const unwritten = await writeResults(
        item,
        document,
        results,
        full,
        options,
        redact,
        written
      );
      return { report: full, unwritten };
    } finally {
      for (const cleanup of cleanups) {
        await cleanup().catch(() => undefined);
      }
    }
  }

  /** With --auto-accept, every proposal not flagged unsafe; else none (shown only). */
  export function reviewer(autoAccept: boolean): IReviewer {
    return autoAccept
      ? autoAcceptReviewer()
      : {
          review: async () => ({
            kind: 'reject',
            reason: 'shown only (pass --auto-accept)'
          })
        };
  }

  /** The sources of the local modules (`name.py` beside the notebook) the cells import. */
  export async function localSources(
    folder: string,
    files: ReadonlySet<string>,
    sources: string[]
  ): Promise<string[]> {
    const found: string[] = [];
    for (const name of importedModules(sources)) {
      for (const path of [`${name}.py`, `${name}/__init__.py`]) {
        if (files.has(path)) {
          found.push(await readFile(join(folder, path), 'utf8'));
        }
      }
    }
    return found;
  }

  /**
   * The files and folders of the notebook's repository, relative to its folder: beside
   * it (`data/x.csv`) and elsewhere in the tree (`../data/x.csv`).
   */
  export async function filesIn(folder: string): Promise<Set<string>> {
    return repositoryFiles(resolve(folder).split(sep).join('/'), async path => {
      try {
        const entries = await readdir(path, { withFileTypes: true });
        return entries.map(entry => ({
          name: entry.name,
          folder: entry.isDirectory()
        }));
      } catch {
        return null;
      }
    });
  }
}
