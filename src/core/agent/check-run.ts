import { isExpectedError } from '../diagnosis/expected-errors';
import { cleanTraceback } from '../diagnosis/traceback';
import type {
  ICellExecutor,
  ICellResult,
  IExecuteOptions
} from '../execution/types';
import type { ICheckCell } from '../model/types';

/** Why a check stopped before the end. */
export type CheckStop =
  'error' | 'timeout' | 'kernel-died' | 'cancelled' | 'budget';

/** Progress of a check, in order: started, (cell-started, cell-finished)*, finished. */
export type CheckEvent =
  | { kind: 'started'; total: number; budgetMs: number }
  | {
      kind: 'cell-started';
      cell: ICheckCell;
      /** 1-based among the non-empty code cells. */
      position: number;
      total: number;
      elapsedMs: number;
    }
  | {
      kind: 'cell-finished';
      cell: ICheckCell;
      position: number;
      total: number;
      result: ICellResult;
      elapsedMs: number;
      /** The cell raised the exception its saved outputs show: the run went on. */
      expected?: boolean;
    }
  | { kind: 'finished'; summary: ICheckSummary };

/** The outcome of a check. */
export interface ICheckSummary {
  verdict: 'passed' | 'failed';
  stoppedBy?: CheckStop;
  /** Cells executed, the failing one included. */
  ran: number;
  total: number;
  /** The cell that stopped the run, if one did. */
  failure?: {
    cell: ICheckCell;
    position: number;
    result: ICellResult;
    /** Cleaned traceback (empty when the kernel sent none). */
    traceback: string;
  };
  elapsedMs: number;
}

/** What to check and how. */
export interface ICheckOptions {
  cells: ICheckCell[];
  executor: ICellExecutor;
  /** Per-cell timeout; none by default (0 or less is none): the budget left bounds a cell. */
  cellTimeoutMs?: number;
  /** Total time for the whole run; default 600 s. */
  budgetMs?: number;
  signal?: AbortSignal;
  /**
   * The exception a cell's saved outputs show, by cell id (savedErrors): a cell that
   * raises that type again is no failure, and the run goes on.
   */
  expectedErrors?: ReadonlyMap<string, string>;
  /** The answers each cell's saved outputs give its `input()` prompts, by cell id (savedAnswers). */
  answers?: ReadonlyMap<string, readonly string[]>;
  /** Extra per-cell options for the executor (e.g. a JupyterLab adapter's `onFuture`). */
  executeOptions?: (
    cell: ICheckCell
  ) => Partial<IExecuteOptions> & Record<string, unknown>;
}

export const DEFAULT_BUDGET_MS = 600_000;

/**
 * Runs the non-empty code cells in order and stops at the first that does not end `ok`
 * (a cell raising the exception its saved outputs show goes on). Each cell's timeout is
 * the smaller of the cell timeout, if one is set, and the budget left: a slow cell fails
 * only a notebook that does not fit the budget. An error thrown by the executor (not a
 * cell's error: a broken connection) ends the iteration.
 */
export async function* runCheck(
  options: ICheckOptions
): AsyncGenerator<CheckEvent, ICheckSummary> {
  const cellTimeoutMs =
    options.cellTimeoutMs && options.cellTimeoutMs > 0
      ? options.cellTimeoutMs
      : Infinity;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const { executor, signal } = options;
  const cells = options.cells.filter(cell => cell.source.trim() !== '');
  const total = cells.length;
  const start = Date.now();
  const elapsed = () => Date.now() - start;
  let ran = 0;

  const finish = (
    stoppedBy?: CheckStop,
    failure?: ICheckSummary['failure']
  ): ICheckSummary => ({
    verdict: stoppedBy ? 'failed' : 'passed',
    ...(stoppedBy ? { stoppedBy } : {}),
    ran,
    total,
    ...(failure ? { failure } : {}),
    elapsedMs: elapsed()
  });

  yield { kind: 'started', total, budgetMs };

  for (let i = 0; i < total; i++) {
    const cell = cells[i];
    const position = i + 1;
    const left = budgetMs - elapsed();
    const stop: CheckStop | undefined = signal?.aborted
      ? 'cancelled'
      : left <= 0
        ? 'budget'
        : undefined;
    if (stop) {
      const summary = finish(stop);
      yield { kind: 'finished', summary };
      return summary;
    }

    yield { kind: 'cell-started', cell, position, total, elapsedMs: elapsed() };
    // Measured again: the consumer may have taken its time over the event.
    const timeoutMs = Math.max(
      0,
      Math.min(cellTimeoutMs, budgetMs - elapsed())
    );
    const result = await executor.execute(cell.source, {
      ...options.executeOptions?.(cell),
      answers: options.answers?.get(cell.id),
      timeoutMs,
      signal
    });
    ran++;
    const expected = isExpectedError(
      result,
      options.expectedErrors?.get(cell.id)
    );
    yield {
      kind: 'cell-finished',
      cell,
      position,
      total,
      result,
      elapsedMs: elapsed(),
      ...(expected ? { expected } : {})
    };

    if (result.status !== 'ok' && !expected) {
      const summary = finish(
        Private.stopFor(result, timeoutMs < cellTimeoutMs),
        {
          cell,
          position,
          result,
          traceback: cleanTraceback(result.traceback ?? [])
        }
      );
      yield { kind: 'finished', summary };
      return summary;
    }
  }

  const summary = finish();
  yield { kind: 'finished', summary };
  return summary;
}

namespace Private {
  /** A timeout cut short by the budget is the budget's doing, not the cell's. */
  export function stopFor(
    result: ICellResult,
    budgetLimited: boolean
  ): CheckStop {
    switch (result.status) {
      case 'timeout':
        return budgetLimited ? 'budget' : 'timeout';
      case 'kernel-died':
      case 'cancelled':
        return result.status;
      default:
        return 'error';
    }
  }
}
