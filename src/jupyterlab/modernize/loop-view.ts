import type { TranslationBundle } from '@jupyterlab/translation';
import {
  blockerText,
  cellFrames,
  readableTraceback,
  type ICheckSummary,
  type LLMFixEvent,
  type LoopEvent,
  type Verdict
} from '../../core';
import type { IFailure } from '../check/model';
import type { IModernizeOptions } from './modernize-run';
import { streamIntoCell } from './llm-cell-fix';
import { cellPositions, liveCodeCells } from '../review/notebook-cells';

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
  private _showLLM(event: LLMFixEvent, model: string): void {
    const { loop, session, review, trans } = this._options;
    const position =
      event.target.kind === 'cell' ? this.positionOf(event.target.cellId) : 0;
    const target =
      event.target.kind === 'cell'
        ? trans.__('cell %1', position)
        : event.target.path;
    // In the cell too, as an inline diff that grows with the reply; it cannot be
    // accepted before the run puts it up for review, and goes if nothing comes of it.
    streamIntoCell(review, event, { model, position, fromLoop: true });
    switch (event.kind) {
      case 'request':
        loop.setActivity(trans.__('Asking %1 for a fix of %2', model, target));
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
            trans._n(
              '%2 proposed a fix for %3 (%4 token)',
              '%2 proposed a fix for %3 (%4 tokens)',
              spent,
              model,
              target,
              spent.toLocaleString('en')
            )
          );
        } else if (event.reason) {
          loop.log(
            trans.__('%1 has no fix for %2: %3', model, target, event.reason)
          );
        }
        break;
      }
      case 'error':
        // The rules go on; the user sees why the LLM stopped helping.
        loop.setLLM({ writing: null });
        loop.log(trans.__('LLM: %1', event.error.message), 'error');
        session.setRun(
          'running',
          trans.__('LLM unavailable: %1', event.error.message)
        );
        break;
    }
  }

  show(event: LoopEvent, elapsedMs: number): void {
    const { session, loop, review, scanner, settings, trans } = this._options;
    const cell = (id: string) => trans.__('cell %1', this.positionOf(id));
    switch (event.kind) {
      case 'step':
        loop.setActivity(Private.activity(event.step.kind, trans));
        break;
      case 'llm':
        this._showLLM(event.event, event.model);
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
          trans._n(
            'Preflight scan: %1 eroded line found.',
            'Preflight scan: %1 eroded lines found.',
            event.findings.length
          )
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
          loop.setActivity(trans.__('Running %1', cell(check.cell.id)));
        } else if (check.kind === 'cell-finished') {
          // A cell that raised as its saved outputs show ran as in the original.
          session.updateCell(
            check.cell.id,
            check.expected ? 'ok' : check.result.status,
            check.result.durationMs
          );
          if (check.expected) {
            loop.log(
              trans.__(
                '%1 raised %2 as in the original.',
                cell(check.cell.id),
                check.result.ename ?? ''
              )
            );
          }
        } else {
          const failure = this._failure(check.summary);
          if (failure) {
            loop.log(
              failure.evalue
                ? trans.__(
                    '%1 in cell %2: %3',
                    failure.ename || failure.status,
                    failure.position,
                    failure.evalue
                  )
                : trans.__(
                    '%1 in cell %2',
                    failure.ename || failure.status,
                    failure.position
                  ),
              'error'
            );
          }
          session.setRun('running', trans.__('Modernizing…'), failure);
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
        loop.log(trans.__('Diagnosis: %1', event.diagnosis.reason));
        break;
      case 'restart':
        loop.log(trans.__('Kernel restarted (%1).', event.why));
        this.resetCells();
        break;
      case 'proposal': {
        const target = event.proposal.target;
        const where =
          target.kind === 'cell' ? cell(target.cellId) : target.path;
        const rules = event.proposal.ruleIds.join(', ');
        loop.log(
          rules
            ? trans.__('Proposal for %1: %2', where, rules)
            : trans.__('Proposal for %1 (%2)', where, event.proposal.fixer)
        );
        loop.setActivity(
          trans.__('Waiting for your review of the fix for %1', where)
        );
        if (target.kind === 'cell') {
          this._scrollTo(target.cellId);
        }
        break;
      }
      case 'applied':
        loop.log(trans.__('Accepted and applied.'), 'ok');
        break;
      case 'rejected':
        loop.log(trans.__('Rejected.'));
        break;
      case 'reverted': {
        const target = event.change.proposal.target;
        review.proposals.takeBack(event.change);
        loop.log(
          trans.__(
            'Taken back: the change to %1: %2.',
            target.kind === 'cell' ? cell(target.cellId) : target.path,
            event.change.why
          ),
          'warning'
        );
        break;
      }
      case 'stale':
        review.proposals.setStatus([event.proposal.id], 'stale');
        loop.log(
          trans.__('Not applied: the cell changed since; your edit is kept.'),
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
            ? trans.__('Scores: all within tolerance.')
            : trans.__('Scores: %1 out of tolerance.', off),
          off === 0 ? 'ok' : 'warning'
        );
        break;
      }
      case 'verified':
        loop.log(
          event.passed
            ? trans.__(
                'Verified: every cell ran after a restart, scores within tolerance.'
              )
            : trans.__('The verification run did not pass.'),
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
    const { session, trans } = this._options;
    switch (verdict.kind) {
      case 'reproducible':
        session.setRun(
          'passed',
          trans.__(
            'Reproducible: after a restart every cell ran and the scores are within tolerance.'
          )
        );
        break;
      case 'scores-off':
        session.setRun(
          'failed',
          trans.__('Every cell runs, but some scores are out of tolerance.')
        );
        break;
      case 'fails':
        session.setRun(
          'failed',
          trans.__(
            'Still fails in cell %1: no fix was found or accepted.',
            this.positionOf(verdict.cellId)
          ),
          session.failure
        );
        break;
      case 'blocked':
        session.setRun(
          'stopped',
          // The blocker's text comes from the core, which the command line shares.
          trans.__(
            'Blocked in cell %1, not by its code: %2.',
            this.positionOf(verdict.cellId),
            blockerText(verdict.blocker)
          )
        );
        break;
      case 'stopped':
        session.setRun('stopped', Private.stopReason(verdict.reason, trans));
        break;
    }
  }

  private _options: IModernizeOptions;
}

namespace Private {
  /** What the panel says the loop is doing at a step, or nothing. */
  export function activity(
    step: string,
    trans: TranslationBundle
  ): string | null {
    switch (step) {
      case 'preflight':
        return trans.__('Proposing the offline fixes');
      case 'run':
        return trans.__('Running the cells');
      case 'propose':
        return trans.__('Looking for a fix');
      case 'compare-scores':
        return trans.__('Comparing the scores');
      case 'verify':
        return trans.__(
          'Verifying: restarting the kernel and running every cell'
        );
      default:
        return null;
    }
  }

  /** Why the loop stopped, in a sentence. */
  export function stopReason(
    reason: string,
    trans: TranslationBundle
  ): string | null {
    switch (reason) {
      case 'user':
        return trans.__('Stopped.');
      case 'max-fixes':
        return trans.__(
          'Stopped: the maximum number of fixes was reached (Settings › Notebook Modernizer).'
        );
      case 'time-budget':
        return trans.__(
          'Stopped: the time budget ran out (Settings › Notebook Modernizer).'
        );
      case 'no-fix':
        return trans.__('Stopped: no fix was found for the failing cell.');
      default:
        return null;
    }
  }
}
