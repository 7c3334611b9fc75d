import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Kernel } from '@jupyterlab/services';
import {
  allRules,
  cellFrames,
  readableTraceback,
  RulesFixer,
  runLoop,
  type ICheckSummary,
  type IOriginalNotebook,
  type LoopEvent,
  type Verdict
} from '../../core';
import { NotebookCellExecutor } from '../cell-executor';
import type { IFailure, SessionModel } from '../session/model';
import type { ISessionSettings } from '../session/settings';
import type { LoopModel } from './loop-model';
import { cellPositions, liveCodeCells } from './notebook-cells';
import type { PreflightScanner } from './preflight';
import type { ReviewController } from './review-controller';
import { SidebarReviewer } from './sidebar-reviewer';

/** What {@link runModernize} works with. */
export interface IModernizeOptions {
  panel: NotebookPanel;
  kernel: Kernel.IKernelConnection;
  session: SessionModel;
  scanner: PreflightScanner;
  review: ReviewController;
  loop: LoopModel;
  original: IOriginalNotebook;
  settings: ISessionSettings;
  /** Aborted by Stop, or when the notebook closes. */
  signal: AbortSignal;
}

/**
 * Runs the modernization loop on the open notebook: cells run and render as with Run
 * All, proposals wait in the panel for the user's decision, accepted ones are written
 * through the notebook's shared model. Each event is mirrored into the panel's models.
 */
export async function runModernize(
  options: IModernizeOptions
): Promise<Verdict | null> {
  const { panel, kernel, session, scanner, review, loop, settings, signal } =
    options;
  const environment = await scanner.environment(liveCodeCells(panel));
  if (!environment) {
    session.setRun(
      'idle',
      'The library versions are not known yet: wait for the kernel, then press Modernize.'
    );
    return null;
  }
  let current: string | undefined;
  const view = new Private.LoopView(options);
  const executor = new NotebookCellExecutor({
    notebook: panel.content,
    kernel,
    defaultCell: () => current
  });
  loop.start();
  session.setRun('running', 'Modernizing…');
  view.resetCells();
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
        positionOf: view.positionOf
      }),
      fixers: [new RulesFixer(allRules)],
      original: options.original,
      environment,
      restartKernel: async () => {
        await kernel.restart();
        await kernel.requestKernelInfo();
      },
      limits: {
        maxFixes: settings.maxFixes,
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

namespace Private {
  /** Mirrors the loop's events into the session's models. */
  export class LoopView {
    constructor(private _options: IModernizeOptions) {}

    /** A cell's number as the panel shows it. */
    positionOf = (cellId: string): number =>
      cellPositions(liveCodeCells(this._options.panel)).get(cellId) ?? 0;

    show(event: LoopEvent, elapsedMs: number): void {
      const { session, loop, review, scanner, settings } = this._options;
      const cell = (id: string) => `cell ${this.positionOf(id)}`;
      switch (event.kind) {
        case 'step':
          loop.setActivity(STEP_ACTIVITIES[event.step.kind] ?? null);
          break;
        case 'scan':
          scanner.model.scan = {
            state: 'ready',
            findings: event.findings.map(finding => ({
              ...finding,
              position: this.positionOf(finding.cellId)
            })),
            skipped: event.skipped.map(skipped => ({
              ...skipped,
              position: this.positionOf(skipped.cellId)
            }))
          };
          loop.log(
            `Preflight scan: ${event.findings.length} eroded line(s) found.`
          );
          break;
        case 'check': {
          const check = event.event;
          if (check.kind === 'started') {
            this.resetCells();
          } else if (check.kind === 'cell-started') {
            session.updateCell(check.cell.id, 'running');
            loop.setActivity(`Running ${cell(check.cell.id)}`);
          } else if (check.kind === 'cell-finished') {
            session.updateCell(
              check.cell.id,
              check.result.status,
              check.result.durationMs
            );
          } else {
            const failure = this._failure(check.summary);
            if (failure) {
              loop.log(
                `${failure.ename || failure.status} in cell ${failure.position}${failure.evalue ? `: ${failure.evalue}` : ''}`,
                'error'
              );
            }
            session.setRun('running', 'Modernizing…', failure);
          }
          const position =
            check.kind === 'cell-started' || check.kind === 'cell-finished'
              ? this.positionOf(check.cell.id)
              : (session.progress?.position ?? 0);
          session.progress = {
            position,
            total: session.cells.length,
            elapsedMs,
            budgetMs: settings.budgetMs
          };
          break;
        }
        case 'diagnosis':
          loop.log(`Diagnosis: ${event.diagnosis.reason}`);
          break;
        case 'restart':
          loop.log(`Kernel restarted (${event.why}).`);
          this.resetCells();
          break;
        case 'proposal': {
          const target = event.proposal.target;
          const where =
            target.kind === 'cell' ? cell(target.cellId) : target.path;
          const rules = event.proposal.ruleIds.join(', ');
          loop.log(
            `Proposal for ${where}${rules ? `: ${rules}` : ` (${event.proposal.fixer})`}`
          );
          loop.setActivity(`Waiting for your review of the fix for ${where}`);
          break;
        }
        case 'applied':
          loop.log('Accepted and applied.', 'ok');
          break;
        case 'rejected':
          loop.log('Rejected.');
          break;
        case 'stale':
          review.proposals.setStatus([event.proposal.id], 'stale');
          loop.log(
            'Not applied: the cell changed since; your edit is kept.',
            'warning'
          );
          break;
        case 'scores': {
          review.scores.state = {
            ...review.scores.state,
            report: event.comparison
          };
          const off = event.comparison.rows.filter(
            row => !row.withinTolerance
          ).length;
          loop.log(
            off === 0
              ? 'Scores: all within tolerance.'
              : `Scores: ${off} out of tolerance.`,
            off === 0 ? 'ok' : 'warning'
          );
          break;
        }
        case 'verified':
          loop.log(
            event.passed
              ? 'Verified: every cell ran after a restart, scores within tolerance.'
              : 'The verification run did not pass.',
            event.passed ? 'ok' : 'error'
          );
          break;
        case 'finished':
          this._finish(event.verdict);
          break;
      }
    }

    /** Every cell pending again (a new run, or a restart cleared the kernel). */
    resetCells(): void {
      const { session, panel } = this._options;
      const cells = liveCodeCells(panel).filter(c => c.source.trim() !== '');
      session.cells = cells.map((c, i) => ({
        id: c.id,
        index: c.index,
        position: i + 1,
        label: (c.source.split('\n').find(l => l.trim() !== '') ?? '').trim(),
        status: 'pending'
      }));
    }

    private _failure(summary: ICheckSummary): IFailure | null {
      const failure = summary.failure;
      if (!failure || summary.stoppedBy === 'cancelled') {
        return null;
      }
      return {
        cellId: failure.cell.id,
        index: failure.cell.index,
        position: this.positionOf(failure.cell.id),
        status: failure.result.status,
        stoppedBy: summary.stoppedBy,
        ename: failure.result.ename ?? '',
        evalue: failure.result.evalue ?? '',
        traceback: readableTraceback(failure.result.traceback ?? []),
        line: cellFrames(failure.result.traceback ?? [])[0]
      };
    }

    private _finish(verdict: Verdict): void {
      const { session } = this._options;
      switch (verdict.kind) {
        case 'reproducible':
          session.setRun(
            'passed',
            'Reproducible: after a restart every cell ran and the scores are within tolerance.'
          );
          break;
        case 'scores-off':
          session.setRun(
            'failed',
            'Every cell runs, but some scores are out of tolerance.'
          );
          break;
        case 'fails':
          session.setRun(
            'failed',
            `Still fails in cell ${this.positionOf(verdict.cellId)}: no fix was found or accepted.`,
            session.failure
          );
          break;
        case 'stopped':
          session.setRun('stopped', STOP_REASONS[verdict.reason]);
          break;
      }
    }
  }

  const STEP_ACTIVITIES: Record<string, string> = {
    preflight: 'Proposing the offline fixes',
    run: 'Running the cells',
    propose: 'Looking for a fix',
    'compare-scores': 'Comparing the scores',
    verify: 'Verifying: restarting the kernel and running every cell'
  };

  const STOP_REASONS: Record<string, string> = {
    user: 'Stopped.',
    'max-fixes':
      'Stopped: the maximum number of fixes was reached (Settings › Notebook Modernizer).',
    'time-budget':
      'Stopped: the time budget ran out (Settings › Notebook Modernizer).',
    'no-fix': 'Stopped: no fix was found for the failing cell.'
  };
}
