import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Kernel } from '@jupyterlab/services';
import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import { KernelExecutor } from '../../core';
import { NotebookCellExecutor } from './cell-executor';
import { interruptKernel } from './interrupt';

/**
 * The notebook's kernel, the one way the session's views and runs reach it. It follows
 * the panel's session context through kernel changes and tells the kernel's name and
 * status; {@link NotebookKernel.current} gives the live connection as a
 * {@link LiveKernel}, which probes, executes, interrupts, restarts and waits for idle.
 */
export class NotebookKernel implements IDisposable {
  constructor(options: NotebookKernel.IOptions) {
    this._panel = options.panel;
    this._interruptGraceMs = options.interruptGraceMs;
    const context = this._panel.sessionContext;
    context.kernelChanged.connect(this._onKernelChanged, this);
    context.statusChanged.connect(this._update, this);
    this._update();
  }

  /** Emits when the kernel or its status changes, and only then. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }

  /** Emits when the notebook gets another kernel (or none): its modules may differ. */
  get kernelChanged(): ISignal<this, void> {
    return this._kernelChanged;
  }

  /** The kernel's status, or null when the notebook has none. */
  get status(): Kernel.Status | null {
    return this._status;
  }

  /** The kernel's display name, or '' when the notebook has none. */
  get displayName(): string {
    return this._displayName;
  }

  /** Whether the model is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** The kernel as it is now, or null when the notebook has no kernel. */
  current(): LiveKernel | null {
    const connection = this._panel.sessionContext.session?.kernel;
    if (!connection || this._isDisposed) {
      return null;
    }
    if (this._live?.connection !== connection) {
      this._live = new LiveKernel({
        panel: this._panel,
        connection,
        interruptGraceMs: this._interruptGraceMs
      });
    }
    return this._live;
  }

  /** The kernel to ask questions of (versions, values), or null without a live one. */
  probe(): KernelExecutor | null {
    const live = this.current();
    return live && !live.isDead ? live.executor : null;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    const context = this._panel.sessionContext;
    context.kernelChanged.disconnect(this._onKernelChanged, this);
    context.statusChanged.disconnect(this._update, this);
    this._live = null;
    Signal.clearData(this);
  }

  private _onKernelChanged(): void {
    this._update();
    this._kernelChanged.emit();
  }

  private _update(): void {
    const context = this._panel.sessionContext;
    const kernel = context.session?.kernel;
    const status = kernel ? kernel.status : null;
    const displayName = kernel ? context.kernelDisplayName : '';
    if (status === this._status && displayName === this._displayName) {
      return;
    }
    this._status = status;
    this._displayName = displayName;
    this._changed.emit();
  }

  private _panel: NotebookPanel;
  private _interruptGraceMs: number | undefined;
  private _live: LiveKernel | null = null;
  private _status: Kernel.Status | null = null;
  private _displayName = '';
  private _isDisposed = false;
  private _changed = new Signal<this, void>(this);
  private _kernelChanged = new Signal<this, void>(this);
}

/**
 * One connection to the notebook's kernel, as a run holds it from start to end: a run
 * keeps working with the kernel it started in, even when the notebook switches kernels.
 */
export class LiveKernel {
  constructor(options: LiveKernel.IOptions) {
    this._panel = options.panel;
    this.connection = options.connection;
    this.executor = new KernelExecutor({
      kernel: options.connection,
      interruptGraceMs: options.interruptGraceMs
    });
  }

  /** The kernel connection. */
  readonly connection: Kernel.IKernelConnection;

  /** Runs code in the kernel without touching the notebook, and answers probes. */
  readonly executor: KernelExecutor;

  /** Whether the kernel is gone: dead, or its connection disposed. */
  get isDead(): boolean {
    return this.connection.isDisposed || this.connection.status === 'dead';
  }

  /** The kernel's language and display name, if its spec says. */
  async spec(): Promise<{ language: string; displayName: string } | null> {
    const spec = await this.connection.spec.catch(() => undefined);
    return spec
      ? { language: spec.language, displayName: spec.display_name }
      : null;
  }

  /**
   * An executor that renders into the notebook's cells as Run All does; code that names
   * no cell renders in `defaultCell()`'s, if any.
   */
  cellExecutor(defaultCell?: () => string | undefined): NotebookCellExecutor {
    return new NotebookCellExecutor({
      notebook: this._panel.content,
      kernel: this.executor,
      defaultCell
    });
  }

  /** Interrupts through the REST API, which works on a disposed connection too. */
  interrupt(): Promise<void> {
    return interruptKernel(this.connection);
  }

  /** Restarts the kernel and waits until it answers again. */
  async restart(): Promise<void> {
    await this.connection.restart();
    await this.connection.requestKernelInfo();
  }

  /** Whether the kernel, or a cell the user queued in the notebook, is running. */
  isBusy(): boolean {
    if (this.connection.status === 'busy') {
      return true;
    }
    return this._panel.content.widgets.some(
      cell =>
        cell.model.type === 'code' &&
        (cell.model as { executionState?: string }).executionState === 'running'
    );
  }

  /** Resolves once nothing runs (or the kernel is gone, the notebook closed, `signal` aborted). */
  whenIdle(signal: AbortSignal): Promise<void> {
    const kernel = this.connection;
    return new Promise(resolve => {
      const check = () => {
        const done =
          signal.aborted ||
          this.isDead ||
          this._panel.isDisposed ||
          !this.isBusy();
        if (done) {
          kernel.statusChanged.disconnect(check);
          signal.removeEventListener('abort', check);
          clearInterval(poll);
          resolve();
        }
      };
      kernel.statusChanged.connect(check);
      signal.addEventListener('abort', check);
      // Queued cells change state without a kernel status change between them.
      const poll = setInterval(check, 500);
    });
  }

  private _panel: NotebookPanel;
}

/** Options of {@link NotebookKernel}. */
export namespace NotebookKernel {
  export interface IOptions {
    /** The notebook whose kernel this is. */
    panel: NotebookPanel;
    /** How long an interrupt may take before the kernel is restarted. */
    interruptGraceMs?: number;
  }
}

/** Options of {@link LiveKernel}. */
export namespace LiveKernel {
  export interface IOptions {
    panel: NotebookPanel;
    connection: Kernel.IKernelConnection;
    interruptGraceMs?: number;
  }
}
