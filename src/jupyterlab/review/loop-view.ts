import {
  blockerText,
  cellFrames,
  readableTraceback,
  type ICheckSummary,
  type LLMFixEvent,
  type LoopEvent,
  type Verdict
} from '../../core';
import type { IFailure } from '../session/model';
import type { IModernizeOptions } from './modernize-run';
import { streamIntoCell } from './llm-cell-fix';
import { cellPositions, liveCodeCells } from './notebook-cells';

/**
 * Shows a Modernize run in the panel: mirrors each of the loop's events into the
 * session's models (cells, progress, failure, scan, proposals, scores, timeline).
 */
export class LoopView {
  constructor(options: IModernizeOptions) {
    this._options = options;
  }

  /** A cell's number as the panel shows it. */
  positionOf = (cellId: string): number =>
    cellPositions(liveCodeCells(this._options.panel)).get(cellId) ?? 0;

  /** Mirrors what the LLM fixer does: the request, the fix growing, its cost, a failure. */
  showLLM = (event: LLMFixEvent, model: string): void => {
    const { loop, session, review } = this._options;
    const position =
      event.target.kind === 'cell' ? this.positionOf(event.target.cellId) : 0;
    const target =
      event.target.kind === 'cell' ? `cell ${position}` : event.target.path;
    // In the cell too, as an inline diff that grows with the reply; it cannot be
    // accepted before the run puts it up for review, and goes if nothing comes of it.
    streamIntoCell(review, event, { model, position, fromLoop: true });
    switch (event.kind) {
      case 'request':
        loop.setActivity(`Asking ${model} for a fix of ${target}`);
        loop.setLLM({ writing: { target, source: '' } });
        break;
      case 'partial':
        loop.setLLM({ writing: { target, source: event.source } });
        break;
      case 'finished': {
        const spent = event.usage.promptTokens + event.usage.completionTokens;
        const tokens = (loop.state.llm?.tokens ?? 0) + spent;
        loop.setLLM({ writing: null, tokens });
        if (event.proposal) {
          loop.log(
            `${model} proposed a fix for ${target} (${spent.toLocaleString('en')} tokens)`
          );
        } else if (event.reason) {
          loop.log(`${model} has no fix for ${target}: ${event.reason}`);
        }
        break;
      }
      case 'error':
        // The rules go on; the user sees why the LLM stopped helping.
        loop.setLLM({ writing: null });
        loop.log(`LLM: ${event.error.message}`, 'error');
        session.setRun('running', `LLM unavailable: ${event.error.message}`);
        break;
    }
  };

  show(event: LoopEvent, elapsedMs: number): void {
    const { session, loop, review, scanner, settings } = this._options;
    const cell = (id: string) => `cell ${this.positionOf(id)}`;
    switch (event.kind) {
      case 'step':
        loop.setActivity(STEP_ACTIVITIES[event.step.kind] ?? null);
        break;
      case 'scan':
        scanner.model.state = {
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
          // A run after a fix goes on from the fixed cell: the cells before it keep
          // their status. Only a changed list of cells starts afresh.
          const ids = liveCodeCells(this._options.panel)
            .filter(c => c.source.trim() !== '')
            .map(c => c.id)
            .join();
          if (ids !== session.cells.map(c => c.id).join()) {
            this.resetCells();
          }
        } else if (check.kind === 'cell-started') {
          session.updateCell(check.cell.id, 'running');
          // The notebook follows the run, unless the user is typing in a cell.
          if (this._options.panel.content.mode !== 'edit') {
            this._scrollTo(check.cell.id);
          }
          loop.setActivity(`Running ${cell(check.cell.id)}`);
        } else if (check.kind === 'cell-finished') {
          // A cell that raised as its saved outputs show ran as in the original.
          session.updateCell(
            check.cell.id,
            check.expected ? 'ok' : check.result.status,
            check.result.durationMs
          );
          if (check.expected) {
            loop.log(
              `${cell(check.cell.id)} raised ${check.result.ename} as in the original.`
            );
          }
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
        if (target.kind === 'cell') {
          this._scrollTo(target.cellId);
        }
        break;
      }
      case 'applied':
        loop.log('Accepted and applied.', 'ok');
        break;
      case 'rejected':
        loop.log('Rejected.');
        break;
      case 'reverted': {
        const target = event.change.proposal.target;
        loop.log(
          `Taken back: the change to ${target.kind === 'cell' ? cell(target.cellId) : target.path}: ${event.change.why}.`,
          'warning'
        );
        break;
      }
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

  /** Scrolls the notebook to a cell, if it is out of view. */
  private _scrollTo(cellId: string): void {
    const notebook = this._options.panel.content;
    const index = notebook.widgets.findIndex(c => c.model.id === cellId);
    if (index >= 0) {
      void notebook.scrollToItem(index, 'smart').catch(() => undefined);
    }
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
      case 'blocked':
        session.setRun(
          'stopped',
          `Blocked in cell ${this.positionOf(verdict.cellId)}, not by its code: ${blockerText(verdict.blocker)}.`
        );
        break;
      case 'stopped':
        session.setRun('stopped', STOP_REASONS[verdict.reason]);
        break;
    }
  }

  private _options: IModernizeOptions;
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
