import type { IDisposable } from '@lumino/disposable';
import { ISignal, Signal } from '@lumino/signaling';
import type { CellStatus } from '../../core/execution/types';
import type { CheckStop } from '../../core/agent/check-run';
import type { IModuleVersion } from '../../core/environment';
import type { ICellFrame } from '../../core/diagnosis/traceback';

/**
 * The state of a session's check run. `waiting` is the wait for the user's own
 * executions to finish; `stopping` lasts until the interrupted cell returns.
 */
export type RunState =
  'idle' | 'waiting' | 'running' | 'stopping' | 'passed' | 'failed' | 'stopped';

/** The status of one cell in a check: not reached yet, running, or how it ended. */
export type CellRunStatus = 'pending' | 'running' | CellStatus;

/** One code cell of the check, as listed in the panel. */
export interface ICellEntry {
  /** The cell's id in the notebook model. */
  id: string;
  /** Index of the cell in the notebook (all cell types counted). */
  index: number;
  /** 1-based position among the cells of the check. */
  position: number;
  /** The first non-empty line of the source. */
  label: string;
  status: CellRunStatus;
  durationMs?: number;
}

/** How far a run has got. */
export interface IProgress {
  /** 1-based position of the cell running (or last run). */
  position: number;
  total: number;
  elapsedMs: number;
  budgetMs: number;
}

/** The cell that stopped a run, and why. */
export interface IFailure {
  cellId: string;
  index: number;
  position: number;
  status: CellStatus;
  stoppedBy?: CheckStop;
  ename: string;
  evalue: string;
  /** The final exception's traceback, cleaned; empty when the kernel sent none. */
  traceback: string;
  /** The line of the cell that raised, when the traceback names it. */
  line?: ICellFrame;
}

/** The notebook's kernel as the panel shows it. */
export interface IKernelInfo {
  /** Display name of the kernel spec, empty when there is no kernel. */
  displayName: string;
  /** Kernel status (`idle`, `busy`, `dead`, ...), or null when there is no kernel. */
  status: string | null;
}

/** Versions of the modules the notebook imports, probed in its kernel. */
export interface IEnvironmentInfo {
  state: 'unknown' | 'probing' | 'ready' | 'failed';
  python?: string;
  modules: IModuleVersion[];
  error?: string;
}

/**
 * The state of one notebook's Modernizer session. Plain data with one signal per
 * concern, so each view subscribes to the one it renders; it does no kernel work.
 */
export class SessionModel implements IDisposable {
  /** The kernel's name and status. */
  get kernel(): IKernelInfo {
    return this._kernel;
  }
  set kernel(value: IKernelInfo) {
    if (
      value.displayName === this._kernel.displayName &&
      value.status === this._kernel.status
    ) {
      return;
    }
    this._kernel = value;
    this._kernelChanged.emit(value);
  }

  /** Emitted when the kernel or its status changes. */
  get kernelChanged(): ISignal<this, IKernelInfo> {
    return this._kernelChanged;
  }

  /** Module versions probed in the kernel. */
  get environment(): IEnvironmentInfo {
    return this._environment;
  }
  set environment(value: IEnvironmentInfo) {
    if (JSON.stringify(value) === JSON.stringify(this._environment)) {
      return;
    }
    this._environment = value;
    this._environmentChanged.emit(value);
  }

  /** Emitted when the environment is (re)probed. */
  get environmentChanged(): ISignal<this, IEnvironmentInfo> {
    return this._environmentChanged;
  }

  /** The state of the check run. */
  get state(): RunState {
    return this._state;
  }

  /** A message about the run the user should see (waiting, no kernel, ...), or null. */
  get notice(): string | null {
    return this._notice;
  }

  /** The cell that stopped the last run, if one did. */
  get failure(): IFailure | null {
    return this._failure;
  }

  /** Whether a run is in progress (waiting for the kernel included). */
  get isRunning(): boolean {
    return (
      this._state === 'waiting' ||
      this._state === 'running' ||
      this._state === 'stopping'
    );
  }

  /** Emitted when the state, the notice or the failure changes. */
  get runChanged(): ISignal<this, void> {
    return this._runChanged;
  }

  /** Sets the run state, its notice and the failure (none unless given) at once. */
  setRun(
    state: RunState,
    notice: string | null = null,
    failure: IFailure | null = null
  ): void {
    if (
      state === this._state &&
      notice === this._notice &&
      failure === this._failure
    ) {
      return;
    }
    this._state = state;
    this._notice = notice;
    this._failure = failure;
    this._runChanged.emit();
  }

  /** The cells of the current (or last) run. */
  get cells(): readonly ICellEntry[] {
    return this._cells;
  }
  set cells(value: readonly ICellEntry[]) {
    const old = this._cells;
    if (
      value.length === old.length &&
      value.every(
        (cell, i) =>
          cell === old[i] || JSON.stringify(cell) === JSON.stringify(old[i])
      )
    ) {
      return;
    }
    this._cells = value;
    this._cellsChanged.emit(value);
  }

  /** Emitted when the list of cells or one cell's status changes. */
  get cellsChanged(): ISignal<this, readonly ICellEntry[]> {
    return this._cellsChanged;
  }

  /** Updates one cell's status (and duration) by id. */
  updateCell(id: string, status: CellRunStatus, durationMs?: number): void {
    this.cells = this._cells.map(cell =>
      cell.id === id ? { ...cell, status, durationMs } : cell
    );
  }

  /** Progress of the current (or last) run, or null before the first. */
  get progress(): IProgress | null {
    return this._progress;
  }
  set progress(value: IProgress | null) {
    this._progress = value;
    this._progressChanged.emit(value);
  }

  /** Emitted when the progress changes, every second while a run goes on. */
  get progressChanged(): ISignal<this, IProgress | null> {
    return this._progressChanged;
  }

  /** Whether the model is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Disconnects every view from the model. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    Signal.clearData(this);
  }

  private _isDisposed = false;
  private _kernel: IKernelInfo = { displayName: '', status: null };
  private _environment: IEnvironmentInfo = { state: 'unknown', modules: [] };
  private _state: RunState = 'idle';
  private _notice: string | null = null;
  private _failure: IFailure | null = null;
  private _cells: readonly ICellEntry[] = [];
  private _progress: IProgress | null = null;
  private _kernelChanged = new Signal<this, IKernelInfo>(this);
  private _environmentChanged = new Signal<this, IEnvironmentInfo>(this);
  private _runChanged = new Signal<this, void>(this);
  private _cellsChanged = new Signal<this, readonly ICellEntry[]>(this);
  private _progressChanged = new Signal<this, IProgress | null>(this);
}
