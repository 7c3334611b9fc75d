import type { NotebookPanel } from '@jupyterlab/notebook';
import type { IDisposable } from '@lumino/disposable';
import {
  captureOriginal,
  importedModules,
  KernelExecutor,
  normalizeNotebook,
  probeEnvironment,
  type IOriginalNotebook
} from '../../core';
import { interruptKernel } from '../interrupt';
import { runNotebookCheck, type ICheckLimits } from './check-runner';
import { SessionModel } from './model';

/**
 * One notebook's Modernizer session: follows the notebook's kernel, probes the
 * library versions, runs and stops checks, and keeps the original notebook.
 * Disposed with the notebook, which stops a run in progress.
 */
export class CheckSession implements IDisposable {
  constructor(options: CheckSession.IOptions) {
    this.panel = options.panel;
    this._limits = options.limits;
    const context = this.panel.sessionContext;
    context.kernelChanged.connect(this._onKernelChanged, this);
    context.statusChanged.connect(this._updateKernel, this);
    this.panel.disposed.connect(this.dispose, this);
    this._updateKernel();
    void context.ready.then(() => this._onKernelChanged());
  }

  /** The notebook this session belongs to. */
  readonly panel: NotebookPanel;

  /** The state the views render. */
  readonly model = new SessionModel();

  /** The notebook as it was before the first run, or null before it. */
  get original(): IOriginalNotebook | null {
    return this._original;
  }

  /** Whether the session is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /**
   * Runs the check: every code cell in order, in the notebook's kernel, stopping at
   * the first failure. Does nothing while a run is going on.
   */
  async run(): Promise<void> {
    if (this.model.isRunning || this._controller || this._isDisposed) {
      return;
    }
    const kernel = this.panel.sessionContext.session?.kernel;
    if (!kernel) {
      this.model.setRun(
        'idle',
        'This notebook has no kernel: select one, then run the check.'
      );
      return;
    }
    if (kernel.status === 'dead') {
      this.model.setRun(
        'idle',
        'The kernel is dead: restart it, then run the check.'
      );
      return;
    }
    // Set before the first await: a second click while the run starts does nothing.
    const controller = new AbortController();
    this._controller = controller;
    const spec = await kernel.spec.catch(() => undefined);
    if (spec && !/python/i.test(spec.language)) {
      this._controller = null;
      this.model.setRun(
        'idle',
        `The kernel is ${spec.display_name} (${spec.language}): only Python notebooks are supported.`
      );
      return;
    }
    // Closing the notebook (or changing its kernel) disposes the connection mid-cell:
    // interrupt through the REST API so that nothing is left running.
    const onGone = () => void interruptKernel(kernel);
    kernel.disposed.connect(onGone);
    try {
      // Before the first run clears them: the saved outputs hold the original scores.
      if (!this._original && this.panel.content.model) {
        this._original = captureOriginal(
          normalizeNotebook(this.panel.content.model.toJSON())
        );
      }
      await runNotebookCheck({
        panel: this.panel,
        kernel,
        model: this.model,
        limits: this._limits(),
        signal: controller.signal
      });
    } catch (error) {
      this.model.setRun('failed', `The check could not run: ${error}`);
    } finally {
      kernel.disposed.disconnect(onGone);
      this._controller = null;
    }
  }

  /** Stops the run in progress: the running cell is interrupted. */
  stop(): void {
    if (!this._controller || this._controller.signal.aborted) {
      return;
    }
    if (this.model.state === 'running') {
      this.model.setRun('stopping', 'Stopping: interrupting the kernel…');
    }
    this._controller.abort();
  }

  /** Probes the versions of the modules the notebook imports, in its kernel. */
  async refreshEnvironment(): Promise<void> {
    const kernel = this.panel.sessionContext.session?.kernel;
    const generation = ++this._probes;
    if (!kernel || !this.panel.content.model) {
      this.model.environment = { state: 'unknown', modules: [] };
      return;
    }
    this.model.environment = {
      ...this.model.environment,
      state: 'probing'
    };
    const sources: string[] = [];
    for (const cell of this.panel.content.model.cells) {
      if (cell.type === 'code') {
        sources.push(cell.sharedModel.getSource());
      }
    }
    try {
      const probe = new KernelExecutor({ kernel });
      const found = await probeEnvironment(probe, importedModules(sources));
      if (generation === this._probes && !this._isDisposed) {
        this.model.environment = { state: 'ready', ...found };
      }
    } catch (error) {
      if (generation === this._probes && !this._isDisposed) {
        this.model.environment = {
          state: 'failed',
          modules: [],
          error: String(error)
        };
      }
    }
  }

  /** Stops a run in progress and lets go of the notebook. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._controller?.abort();
    const context = this.panel.sessionContext;
    context.kernelChanged.disconnect(this._onKernelChanged, this);
    context.statusChanged.disconnect(this._updateKernel, this);
    this.panel.disposed.disconnect(this.dispose, this);
    this.model.dispose();
  }

  private _onKernelChanged(): void {
    this._updateKernel();
    void this.refreshEnvironment();
  }

  private _updateKernel(): void {
    const context = this.panel.sessionContext;
    const kernel = context.session?.kernel;
    this.model.kernel = {
      displayName: kernel ? context.kernelDisplayName : '',
      status: kernel ? kernel.status : null
    };
  }

  private _limits: () => ICheckLimits;
  private _controller: AbortController | null = null;
  private _original: IOriginalNotebook | null = null;
  private _probes = 0;
  private _isDisposed = false;
}

/** Options of {@link CheckSession}. */
export namespace CheckSession {
  export interface IOptions {
    panel: NotebookPanel;
    /** The current limits (read at the start of each run, so settings apply at once). */
    limits: () => ICheckLimits;
  }
}
