import type { ServerConnection } from '@jupyterlab/services';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
  LFS_POINTER,
  mayBePointer,
  repositoryListing,
  RulesFixer,
  runLoop,
  type ICellResult,
  type IFixer,
  type IKernelSpecInfo,
  type IModernizeReport,
  type IRepositoryListing,
  type IReviewer,
  type Verdict
} from '../core';
import type { IRunCommandOptions } from './args';
import type { ICheckContext } from './check-command';
import { startKernelSession } from './connection';
import { GatewayKernelError, startGatewayKernel } from './gateway';
import { MemoryNotebook } from './memory-notebook';
import { overlayCode } from './module-overlay';
import type { IRunNotebook } from './out-paths';
import { capOutputs } from './output-cap';
import type { Redactor } from './redact';
import { NotebookLLM, type ILLMReport, type ILLMSetup } from './run-llm';
import { RunPrinter } from './run-progress';
import { writeResults } from './write-results';

/** A notebook's report, with its LLM use when an LLM was configured. */
export interface IRunReport extends IModernizeReport {
  llm?: ILLMReport;
  /** The file's nbformat (`3.0`) when it was read and written as nbformat 4. */
  upgradedFrom?: string;
}

/** What every notebook of a run shares: the server, the options, the LLM, the files written. */
export interface IRunShared {
  /** The server's root: notebooks' paths on the server are relative to it. */
  root: string;
  /** Kernels from Enterprise Gateway: started by the notebook's folder, not by a path. */
  gateway?: boolean;
  settings: ServerConnection.ISettings;
  specs: IKernelSpecInfo[];
  options: IRunCommandOptions;
  llm?: ILLMSetup;
  redact: Redactor;
  /** The files the run has written so far, for all its notebooks. */
  written: Set<string>;
}

/** How one notebook of a run ended. */
export interface INotebookOutcome {
  path: string;
  /** Its report; none when it could not be modernized. */
  report?: IRunReport;
  /** Why it could not be modernized. */
  error?: string;
  /** Results not written, and a notebook that could not be modernized: each one a problem. */
  problems: number;
  /** No kernel as the notebook needs it could be had: the run could not be made. */
  cannotRun?: boolean;
}

/**
 * One notebook of a run, start to finish, printed to the context's streams: a header,
 * the session's events, then what could not be written or why it could not be run.
 */
export async function runNotebook(
  item: IRunNotebook,
  shared: IRunShared,
  context: ICheckContext
): Promise<INotebookOutcome> {
  const { stdout, stderr } = context;
  const { path, notebook } = item;
  stdout.write(`\n== ${path}\n`);
  if (notebook.upgradedFrom) {
    stdout.write(
      `nbformat ${notebook.upgradedFrom}: read as its nbformat 4 conversion, as Jupyter opens it; ` +
        `the modernized notebook is written as nbformat ${notebook.version}, the file is left as it is.\n`
    );
  }
  try {
    const { report, unwritten } = await Private.modernize(
      item,
      shared,
      context
    );
    for (const line of unwritten) {
      stderr.write(`${line}\n`);
    }
    return { path, report, problems: unwritten.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(
      error instanceof NotebookFormatError
        ? `${path}: ${message}\n`
        : `Could not modernize ${path}: ${message}\n`
    );
    return {
      path,
      error: message,
      problems: 1,
      ...(error instanceof GatewayKernelError ? { cannotRun: true } : {})
    };
  }
}

namespace Private {
  /** One notebook, start to finish: its own kernel, the loop, the files written. */
  export async function modernize(
    item: IRunNotebook,
    shared: IRunShared,
    context: ICheckContext
  ): Promise<{ report: IRunReport; unwritten: string[] }> {
    const { root, settings, specs, options, llm, redact, written } = shared;
    const { stdout, stderr, signal } = context;
    const { path, notebook } = item;
    const folder = dirname(path);
    const serverPath = relative(root, path).split(sep).join('/');
    if (!shared.gateway && serverPath.startsWith('..')) {
      throw new Error(
        `it is outside the server's root ${root}; run from a folder that holds it.`
      );
    }
    const kernel = kernelFor(notebook, specs);
    const session = shared.gateway
      ? await startGatewayKernel(settings, folder, kernel.name)
      : await startKernelSession(settings, serverPath, kernel.name);
    const cleanups = [session.shutdown];
    try {
      const executor = new KernelExecutor({ kernel: session.kernel });
      const sources = codeCells(notebook).map(cell => cell.source);
      const { files, pointers } = await listingOf(folder);
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
      // Changed local modules replace the originals for this kernel only.
      const useOverlay = () => executor.evaluate(overlayCode(overlay));
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
          pointers,
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
   * it (`data/x.csv`) and elsewhere in the tree (`../data/x.csv`); its LFS pointers apart.
   */
  export async function listingOf(folder: string): Promise<IRepositoryListing> {
    return repositoryListing(
      resolve(folder).split(sep).join('/'),
      async path => {
        try {
          const entries = await readdir(path, { withFileTypes: true });
          return Promise.all(
            entries.map(async entry => ({
              name: entry.name,
              folder: entry.isDirectory(),
              pointer:
                entry.isFile() && (await lfsPointer(join(path, entry.name)))
            }))
          );
        } catch {
          return null;
        }
      }
    );
  }

  /** Whether a file is a Git LFS pointer: a small text file that starts with its line. */
  async function lfsPointer(path: string): Promise<boolean> {
    try {
      if (!mayBePointer((await stat(path)).size)) {
        return false;
      }
      return (await readFile(path, 'utf8')).startsWith(LFS_POINTER);
    } catch {
      return false;
    }
  }
}
