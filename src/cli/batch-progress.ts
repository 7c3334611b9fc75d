import { formatSeconds, type IOutputStream } from './progress';

/** Where a batch stands. */
export interface IBatchState {
  total: number;
  done: number;
  reproduced: number;
  running: number;
  /** Since the batch started. */
  elapsedMs: number;
  /** When the last notebook ended, since the batch started. */
  lastDoneMs: number;
}

/**
 * Time left: the notebooks left at the pace of those done so far (which counts the
 * notebooks running at once), counted down between two ends. Undefined before the first.
 */
export function etaMs(state: IBatchState): number | undefined {
  if (state.done === 0) {
    return undefined;
  }
  const expected = (state.lastDoneMs / state.done) * state.total;
  return Math.max(0, expected - state.elapsedMs);
}

/** `3/12 done, 2 reproduced, 2 running, 1m05s, ETA 4m10s` (no ETA once all are done) */
export function batchStatus(state: IBatchState): string {
  const eta = etaMs(state);
  return [
    `${state.done}/${state.total} done`,
    `${state.reproduced} reproduced`,
    ...(state.running > 0 ? [`${state.running} running`] : []),
    Private.duration(state.elapsedMs),
    ...(state.done < state.total
      ? [`ETA ${eta === undefined ? '?' : Private.duration(eta)}`]
      : [])
  ].join(', ');
}

/** The status behind a bar of `#` for the notebooks done, cut to the terminal's width. */
export function batchBar(state: IBatchState, columns = 80): string {
  const width = 20;
  const filled = Math.round((state.done / Math.max(state.total, 1)) * width);
  const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
  return `[${bar}] ${batchStatus(state)}`.slice(0, Math.max(columns - 1, 1));
}

/**
 * A batch's progress. On a terminal: one live bar on the last line, redrawn each second
 * and after each notebook's output. Elsewhere (a CI log, a pipe): one plain line after
 * each notebook's output, with no escape codes.
 */
export class BatchProgress {
  constructor(
    private readonly _out: IOutputStream,
    private readonly _err: IOutputStream,
    total: number,
    private readonly _now: () => number = Date.now
  ) {
    this._started = this._now();
    this._state = {
      total,
      done: 0,
      reproduced: 0,
      running: 0,
      elapsedMs: 0,
      lastDoneMs: 0
    };
    if (this._out.isTTY) {
      this._ticker = setInterval(() => this._draw(), 1000);
      this._ticker.unref?.();
      this._draw();
    }
  }

  /** A notebook started. */
  started(): void {
    this._state.running++;
    this._draw();
  }

  /** A notebook ended: its output, whole, then where the batch stands. */
  finished(stdout: string, stderr: string, reproduced: boolean): void {
    const state = this._state;
    state.running--;
    state.done++;
    state.reproduced += reproduced ? 1 : 0;
    state.lastDoneMs = this._now() - this._started;
    this._clear();
    this._out.write(stdout);
    this._err.write(stderr);
    if (this._out.isTTY) {
      this._draw();
    } else {
      this._out.write(`[${batchStatus(this._snapshot())}]\n`);
    }
  }

  /** Takes the bar away for good. */
  stop(): void {
    clearInterval(this._ticker);
    this._clear();
    this._ticker = undefined;
  }

  private _snapshot(): IBatchState {
    return { ...this._state, elapsedMs: this._now() - this._started };
  }

  private _draw(): void {
    if (this._ticker) {
      this._out.write(
        `\r${batchBar(this._snapshot(), this._out.columns || 80)}\u001b[K`
      );
    }
  }

  private _clear(): void {
    if (this._ticker) {
      this._out.write('\r\u001b[K');
    }
  }

  private readonly _started: number;
  private readonly _state: IBatchState;
  private _ticker: ReturnType<typeof setInterval> | undefined;
}

namespace Private {
  /** `45s`, `4m10s`: whole seconds, as a time left is read. */
  export function duration(ms: number): string {
    const seconds = Math.round(ms / 1000);
    return seconds < 60 ? `${seconds}s` : formatSeconds(seconds * 1000);
  }
}
