import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';

/**
 * One state value that views render; a write that changes it emits it (a state whose every
 * field is the same value is no change). Disposing disconnects the views.
 */
export class StateModel<T> implements IDisposable {
  constructor(initial: T) {
    this._state = initial;
  }

  /** The current state. */
  get state(): T {
    return this._state;
  }
  set state(value: T) {
    if (Private.same(value, this._state)) {
      return;
    }
    this._state = value;
    this._changed.emit(value);
  }

  /** Emitted when the state changes. */
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

namespace Private {
  /** The same value, or plain objects with the same fields holding the same values. */
  export function same<T>(a: T, b: T): boolean {
    if (a === b) {
      return true;
    }
    if (
      typeof a !== 'object' ||
      typeof b !== 'object' ||
      a === null ||
      b === null ||
      Array.isArray(a) ||
      Array.isArray(b)
    ) {
      return false;
    }
    const keys = Object.keys(a) as (keyof T)[];
    return (
      keys.length === Object.keys(b).length &&
      keys.every(key => a[key] === b[key])
    );
  }
}
