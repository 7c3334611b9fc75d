import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import type { IFinding, ISkippedCell } from '../../core';

/** A finding of the preflight scan, with the cell's number as the panel shows it. */
export interface IFindingEntry extends IFinding {
  /** 1-based position of the cell among the notebook's non-empty code cells. */
  position: number;
}

/** A cell the scan could not read, with its number. */
export interface ISkippedEntry extends ISkippedCell {
  position: number;
}

/**
 * The preflight scan as the panel shows it: `waiting` until the kernel's library
 * versions are known (rules are gated by them), then the findings of the latest scan.
 */
export interface IScanState {
  state: 'waiting' | 'scanning' | 'ready' | 'failed';
  findings: readonly IFindingEntry[];
  skipped: readonly ISkippedEntry[];
  error?: string;
}

/** The latest preflight scan of one notebook; emits on each new result. */
export class ScanModel implements IDisposable {
  /** The scan the panel shows. */
  get scan(): IScanState {
    return this._scan;
  }
  set scan(value: IScanState) {
    this._scan = value;
    this._changed.emit(value);
  }

  /** Emitted when a scan starts or ends. */
  get changed(): ISignal<this, IScanState> {
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
  private _scan: IScanState = { state: 'waiting', findings: [], skipped: [] };
  private _changed = new Signal<this, IScanState>(this);
}
