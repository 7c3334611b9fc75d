import {
  readableTraceback,
  summarizeError,
  type CheckEvent,
  type ICheckSummary,
  type IEnvironment
} from '../core';

/** Where output goes: a TTY gets a one-line progress bar, anything else plain lines. */
export interface IOutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Prints a check's progress: `[3/12] cell 5 ok 0.4s` per cell, or a live bar on a TTY. */
export class ProgressPrinter {
  constructor(private readonly out: IOutputStream) {}

  /** Takes one event of the run. */
  handle(event: CheckEvent): void {
    switch (event.kind) {
      case 'started':
        this._line(`Running ${plural(event.total, 'code cell')}`);
        return;
      case 'cell-started':
        if (this.out.isTTY) {
          this._startTicker(event.position, event.total, event.cell.index);
        }
        return;
      case 'cell-finished': {
        this._stopTicker();
        const status =
          event.result.status === 'ok' ? 'ok' : summarizeError(event.result);
        this._line(
          `[${event.position}/${event.total}] cell ${event.cell.index + 1} ${status} ` +
            formatSeconds(event.result.durationMs)
        );
        return;
      }
      case 'finished':
        this._stopTicker();
        return;
    }
  }

  private _startTicker(position: number, total: number, index: number): void {
    const started = Date.now();
    const draw = () => {
      const width = 20;
      const filled = Math.round(((position - 1) / Math.max(total, 1)) * width);
      const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
      const text =
        `[${bar}] ${position}/${total} cell ${index + 1} ` +
        `${formatSeconds(Date.now() - started)}`;
      this.out.write(
        `\r${text.slice(0, (this.out.columns || 80) - 1)}\u001b[K`
      );
    };
    draw();
    this._ticker = setInterval(draw, 250);
  }

  private _stopTicker(): void {
    if (this._ticker) {
      clearInterval(this._ticker);
      this._ticker = undefined;
      this.out.write('\r\u001b[K');
    }
  }

  private _line(text: string): void {
    this.out.write(`${text}\n`);
  }

  private _ticker: ReturnType<typeof setInterval> | undefined;
}

/** `1 code cell`, `3 code cells` */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `0.4s`, `12.0s`, `2m05s` */
export function formatSeconds(ms: number): string {
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)}s`;
  }
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** One line on the kernel's Python and the notebook's libraries; missing ones stand out. */
export function formatEnvironment(environment: IEnvironment): string {
  const libraries = environment.modules
    .filter(module => !module.stdlib)
    .map(module =>
      module.missing
        ? `${module.module} MISSING`
        : module.version
          ? `${module.distribution ?? module.module} ${module.version}`
          : `${module.module} (local)`
    );
  return [`Python ${environment.python}`, ...libraries].join(' · ');
}

/** Where and why the run broke, with the cleaned traceback; or that it passed. */
export function formatSummary(
  summary: ICheckSummary,
  budgetMs: number
): string {
  const elapsed = formatSeconds(summary.elapsedMs);
  if (summary.verdict === 'passed') {
    return `Passed: all ${plural(summary.total, 'code cell')} ran in ${elapsed}.`;
  }
  const lines: string[] = [];
  const failure = summary.failure;
  if (failure) {
    const where =
      `cell ${failure.cell.index + 1} (code cell ${failure.position} of ${summary.total}, ` +
      `id ${failure.cell.id})`;
    const why =
      summary.stoppedBy === 'budget'
        ? `the time budget of ${formatSeconds(budgetMs)} ran out`
        : summarizeError(failure.result);
    lines.push(`Failed at ${where}: ${why}`);
    // The JSON report has the whole traceback; the terminal gets the final exception.
    const traceback = readableTraceback(failure.result.traceback ?? []);
    if (traceback) {
      lines.push('', traceback);
    }
  } else if (summary.stoppedBy === 'budget') {
    lines.push(
      `Failed: the time budget of ${formatSeconds(budgetMs)} ran out.`
    );
  } else {
    lines.push(`Stopped: ${summary.stoppedBy}.`);
  }
  lines.push(
    '',
    `${summary.ran} of ${summary.total} code cells ran in ${elapsed}.`
  );
  return lines.join('\n');
}
