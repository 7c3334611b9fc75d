import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import {
  cellFrames,
  readableTraceback,
  runCheck,
  savedAnswers,
  savedErrors,
  type CheckEvent,
  type ICheckCell,
  type IOriginalNotebook
} from '../../core';
import { NotebookCellExecutor } from '../kernel/cell-executor';
import type { LiveKernel } from '../kernel/notebook-kernel';
import type { ICellEntry, IProgress, SessionModel } from './model';

/** Limits of a check run, from the settings. */
export interface ICheckLimits {
  cellTimeoutMs: number;
  budgetMs: number;
}

/** What {@link runNotebookCheck} needs. */
export interface ICheckRunOptions {
  panel: NotebookPanel;
  kernel: LiveKernel;
  model: SessionModel;
  limits: ICheckLimits;
  /** The notebook as it was opened: a deliberate error its saved outputs show is none. */
  original: IOriginalNotebook;
  /** Aborted by Stop, or when the notebook closes. */
  signal: AbortSignal;
  /** Translates what the run says in the panel. */
  trans: TranslationBundle;
}

/**
 * Runs every non-empty code cell of the notebook in its kernel, in order, and mirrors
 * the check's events into the session model. Waits first for the user's own executions.
 */
export async function runNotebookCheck(
  options: ICheckRunOptions
): Promise<void> {
  const { panel, kernel, model, limits, original, signal, trans } = options;
  const cells = Private.checkCells(panel);
  model.cells = cells.map(Private.entry);
  model.progress = {
    position: 0,
    total: cells.length,
    elapsedMs: 0,
    budgetMs: limits.budgetMs
  };

  if (kernel.isBusy()) {
    model.setRun(
      'waiting',
      trans.__(
        'Waiting for the cells already running in this kernel to finish…'
      )
    );
    await kernel.whenIdle(signal);
  }
  if (signal.aborted) {
    model.setRun('stopped', trans.__('Stopped before the first cell ran.'));
    return;
  }
  if (kernel.isDead) {
    model.setRun(
      'idle',
      trans.__('The kernel is dead: restart it, then run the check.')
    );
    return;
  }

  model.setRun('running');
  // The outputs saved with the notebook, not those of an earlier check: an error that
  // check left in a cell is a failure to report again, not one the author meant.
  const expectedErrors = savedErrors(original.cells);
  const executor = kernel.cellExecutor();
  const started = Date.now();
  const ticker = setInterval(() => {
    if (model.progress) {
      model.progress = { ...model.progress, elapsedMs: Date.now() - started };
    }
  }, 1000);
  try {
    const events = runCheck({
      cells,
      executor,
      cellTimeoutMs: limits.cellTimeoutMs,
      budgetMs: limits.budgetMs,
      signal,
      expectedErrors,
      answers: savedAnswers(original.cells),
      executeOptions: NotebookCellExecutor.optionsFor
    });
    for await (const event of events) {
      Private.apply(model, event, trans);
    }
  } finally {
    clearInterval(ticker);
  }
}

namespace Private {
  /** The notebook's code cells, with the live model's ids (empty ones are skipped). */
  export function checkCells(panel: NotebookPanel): ICheckCell[] {
    const cells: ICheckCell[] = [];
    const model = panel.content.model;
    if (!model) {
      return cells;
    }
    for (let index = 0; index < model.cells.length; index++) {
      const cell = model.cells.get(index);
      const source = cell.sharedModel.getSource();
      if (cell.type === 'code' && source.trim() !== '') {
        cells.push({ id: cell.id, index, source });
      }
    }
    return cells;
  }

  export function entry(cell: ICheckCell, i: number): ICellEntry {
    const line = cell.source.split('\n').find(text => text.trim() !== '');
    return {
      id: cell.id,
      index: cell.index,
      position: i + 1,
      label: (line ?? '').trim(),
      status: 'pending'
    };
  }

  /** Mirrors one check event into the model. */
  export function apply(
    model: SessionModel,
    event: CheckEvent,
    trans: TranslationBundle
  ): void {
    const progress = (position: number, elapsedMs: number): IProgress => ({
      position,
      total: model.progress?.total ?? 0,
      elapsedMs,
      budgetMs: model.progress?.budgetMs ?? 0
    });
    switch (event.kind) {
      case 'started':
        model.progress = {
          position: 0,
          total: event.total,
          elapsedMs: 0,
          budgetMs: event.budgetMs
        };
        break;
      case 'cell-started':
        model.updateCell(event.cell.id, 'running');
        model.progress = progress(event.position, event.elapsedMs);
        break;
      case 'cell-finished':
        model.updateCell(
          event.cell.id,
          event.result.status,
          event.result.durationMs
        );
        model.progress = progress(event.position, event.elapsedMs);
        break;
      case 'finished': {
        const { summary } = event;
        model.progress = progress(
          model.progress?.position ?? 0,
          summary.elapsedMs
        );
        if (summary.verdict === 'passed') {
          model.setRun(
            'passed',
            trans._n(
              'The cell ran without error.',
              'All %1 cells ran without error.',
              summary.total
            )
          );
          break;
        }
        const failure = summary.failure;
        if (summary.stoppedBy === 'cancelled') {
          model.setRun(
            'stopped',
            failure
              ? trans.__(
                  'Stopped at cell %1 of %2; the kernel was interrupted.',
                  failure.position,
                  summary.total
                )
              : trans.__('Stopped.')
          );
          break;
        }
        if (!failure) {
          model.setRun('failed', trans.__('The time budget ran out.'));
          break;
        }
        model.setRun('failed', null, {
          cellId: failure.cell.id,
          index: failure.cell.index,
          position: failure.position,
          status: failure.result.status,
          stoppedBy: summary.stoppedBy,
          ename: failure.result.ename ?? '',
          evalue: failure.result.evalue ?? '',
          traceback: readableTraceback(failure.result.traceback ?? []),
          line: cellFrames(failure.result.traceback ?? [])[0]
        });
        break;
      }
    }
  }
}
