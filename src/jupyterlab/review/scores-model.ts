import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import type { IReference, IScore, IScoreReport } from '../../core';

/** What the scores section shows. */
export interface IScoresState {
  /** The scores in the saved outputs of the original notebook. */
  original: readonly IScore[];
  /** The comparison with the scores printed now; null before a run. */
  report: IScoreReport | null;
  /** Scores the user typed in. */
  references: readonly IReference[];
}

/** The scores of one notebook: saved, typed in, and compared after a run. */
export class ScoresModel implements IDisposable {
  /** The current state. */
  get state(): IScoresState {
    return this._state;
  }
  set state(value: IScoresState) {
    this._state = value;
    this._changed.emit(value);
  }

  /** Emitted on every change. */
  get changed(): ISignal<this, IScoresState> {
    return this._changed;
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

  private _isDisposed = false;
  private _state: IScoresState = { original: [], report: null, references: [] };
  private _changed = new Signal<this, IScoresState>(this);
}
