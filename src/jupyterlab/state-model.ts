import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';

/** One state value that views render; every write emits it. Disposing disconnects the views. */
export class StateModel<T> implements IDisposable {
  constructor(initial: T) {
    this._state = initial;
  }

  /** The current state. */
  get state(): T {
    return this._state;
  }
  set state(value: T) {
    this._state = value;
    this._changed.emit(value);
  }

  /** Emitted on every write of the state. */
  get changed(): ISignal<this, T> {
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
  private _state: T;
  private _changed = new Signal<this, T>(this);
}
