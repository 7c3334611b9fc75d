import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import type { Verdict } from '../../core';

/** One line of a Modernize run's timeline. */
export interface ITimelineEntry {
  /** Milliseconds since the run started. */
  atMs: number;
  text: string;
  tone?: 'ok' | 'warning' | 'error';
}

/** The LLM's part in a Modernize run. */
export interface ILLMActivity {
  model: string;
  /** Prompt and completion tokens spent so far. */
  tokens: number;
  /** The fix it is writing now, as far as its reply has come. */
  writing: { target: string; source: string } | null;
}

/** A Modernize run as the panel shows it: its timeline and, at the end, its verdict. */
export interface ILoopState {
  running: boolean;
  /** Null when the run asks no LLM (none configured). */
  llm: ILLMActivity | null;
  /** What the run does now (running cell 3, waiting for your review, ...). */
  activity: string | null;
  timeline: readonly ITimelineEntry[];
  verdict: Verdict | null;
}

/** The last Modernize run of one notebook. */
export class LoopModel implements IDisposable {
  /** The run's state. */
  get state(): ILoopState {
    return this._state;
  }

  /** Emitted on every change. */
  get changed(): ISignal<this, ILoopState> {
    return this._changed;
  }

  /** Starts a new run: an empty timeline, no verdict. */
  start(llm: ILLMActivity | null = null): void {
    this._started = Date.now();
    this._update({
      running: true,
      llm,
      activity: null,
      timeline: [],
      verdict: null
    });
  }

  /** Says what the run does now. */
  setActivity(activity: string | null): void {
    if (activity !== this._state.activity) {
      this._update({ ...this._state, activity });
    }
  }

  /** Updates what the LLM does (a run without one ignores it). */
  setLLM(update: Partial<ILLMActivity>): void {
    if (this._state.llm) {
      this._update({ ...this._state, llm: { ...this._state.llm, ...update } });
    }
  }

  /** Adds a line to the timeline. */
  log(text: string, tone?: ITimelineEntry['tone']): void {
    const entry = { atMs: Date.now() - this._started, text, tone };
    this._update({
      ...this._state,
      timeline: [...this._state.timeline, entry]
    });
  }

  /** Forgets the last run (after Revert all): no timeline, no verdict. */
  reset(): void {
    if (this._state.running) {
      return;
    }
    this._update({
      running: false,
      llm: null,
      activity: null,
      timeline: [],
      verdict: null
    });
  }

  /** Ends the run, with its verdict when it reached one. */
  finish(verdict: Verdict | null): void {
    const llm = this._state.llm && { ...this._state.llm, writing: null };
    this._update({
      ...this._state,
      running: false,
      activity: null,
      llm,
      verdict
    });
  }

  /** Whether the model is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Disconnects the views. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    Signal.clearData(this);
  }

  private _update(state: ILoopState): void {
    this._state = state;
    this._changed.emit(state);
  }

  private _isDisposed = false;
  private _started = Date.now();
  private _state: ILoopState = {
    running: false,
    llm: null,
    activity: null,
    timeline: [],
    verdict: null
  };
  private _changed = new Signal<this, ILoopState>(this);
}
