import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import {
  allRules,
  RulesFixer,
  type LLMFixer,
  runLoop,
  type IOriginalNotebook,
  type Verdict
} from '../../core';
import type { LiveKernel } from '../kernel/notebook-kernel';
import type { LLMAccess } from '../llm/llm-access';
import type { SessionModel } from '../check/model';
import type { ISessionSettings } from '../check/settings';
import type { LoopModel } from '../review/loop-model';
import { LoopView } from './loop-view';
import { liveCodeCells } from '../review/notebook-cells';
import type { PreflightScanner } from '../review/preflight';
import type { ReviewController } from '../inline-diff/review-controller';
import { SidebarReviewer } from '../review/sidebar-reviewer';

/** What {@link runModernize} works with. */
export interface IModernizeOptions {
  panel: NotebookPanel;
  kernel: LiveKernel;
  session: SessionModel;
  scanner: PreflightScanner;
  review: ReviewController;
  loop: LoopModel;
  original: IOriginalNotebook;
  settings: ISessionSettings;
  /** The LLM asked after the migration rules; null without one. */
  llm: LLMAccess | null;
  /** Aborted by Stop, or when the notebook closes. */
  signal: AbortSignal;
  /** Translates what the run says in the panel. */
  trans: TranslationBundle;
}

/**
 * Runs the modernization loop on the open notebook: cells run and render as with Run
 * All, proposals wait in the panel for the user's decision, accepted ones are written
 * by the review's writer through the notebook's shared model. Each event is mirrored
 * into the panel's models.
 */
export async function runModernize(
  options: IModernizeOptions
): Promise<Verdict | null> {
  const {
    panel,
    kernel,
    session,
    scanner,
    review,
    loop,
    settings,
    signal,
    trans
  } = options;
  session.setRun(
    'waiting',
    trans.__('Waiting for the kernel’s library versions…')
  );
  const environment = await scanner.probedEnvironment(liveCodeCells(panel));
  if (!environment) {
    session.setRun(
      'idle',
      trans.__(
        'The kernel did not tell the library versions: check the Libraries section, then press Modernize.'
      )
    );
    return null;
  }
  let current: string | undefined;
  const view = new LoopView(options);
  let llm: LLMFixer | null = null;
  try {
    // Its progress comes as the loop's events (LoopView.show).
    llm = (await options.llm?.fixer()) ?? null;
  } catch (error) {
    session.setRun('idle', `${(error as Error).message}`);
    return null;
  }
  const executor = kernel.cellExecutor(() => current);
  loop.start(llm ? { model: llm.model, tokens: 0, writing: null } : null);
  session.setRun('running', 'Modernizing…');
  view.resetCells();
  // The scores table shows this run's comparison, which the loop's events bring.
  review.scores.state = { ...review.scores.state, report: null };
  session.progress = {
    position: 0,
    total: session.cells.length,
    elapsedMs: 0,
    budgetMs: settings.budgetMs
  };
  const started = Date.now();
  const ticker = setInterval(() => {
    if (session.progress) {
      session.progress = {
        ...session.progress,
        elapsedMs: Date.now() - started
      };
    }
  }, 1000);
  let verdict: Verdict | null = null;
  try {
    const events = runLoop({
      document: review.notebook,
      executor,
      reviewer: new SidebarReviewer({
        proposals: review.proposals,
        positionOf: view.positionOf,
        source: cellId => review.notebook.source(cellId)
      }),
      proposals: review.proposals.registry,
      writer: review.writer,
      fixers: llm
        ? [new RulesFixer(allRules), llm]
        : [new RulesFixer(allRules)],
      original: options.original,
      environment,
      restartKernel: () => kernel.restart(),
      limits: {
        maxFixes: settings.maxFixes,
        verificationRuns: settings.verificationRuns,
        budgetMs: settings.budgetMs,
        cellTimeoutMs: settings.cellTimeoutMs
      },
      tolerance: settings.tolerance,
      references: review.scores.state.references,
      signal
    });
    for await (const event of events) {
      // The check announces each cell before it runs it: render it in that cell.
      if (event.kind === 'check' && event.event.kind === 'cell-started') {
        current = event.event.cell.id;
      }
      view.show(event, Date.now() - started);
      if (event.kind === 'finished') {
        verdict = event.verdict;
      }
    }
  } finally {
    clearInterval(ticker);
    review.proposals.releaseFromLoop();
    loop.finish(verdict);
  }
  return verdict;
}
