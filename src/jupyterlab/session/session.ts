import { Notification } from '@jupyterlab/apputils';
import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { Contents } from '@jupyterlab/services';
import type { ITranslator, TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import {
  captureOriginal,
  importedModules,
  normalizeNotebook,
  probeEnvironment,
  ProposalWriter,
  type IOriginalNotebook
} from '../../core';
import { NotebookKernel, type LiveKernel } from '../kernel/notebook-kernel';
import { LiveNotebook } from '../live-notebook';
import { PreflightScanner } from '../review/preflight';
import { LoopModel } from '../review/loop-model';
import type { LLMAccess } from '../llm/llm-access';
import { fixCellWithLLM } from '../modernize/llm-cell-fix';
import { runModernize } from '../modernize/modernize-run';
import { ReviewController } from '../inline-diff/review-controller';
import { ReviewViews } from '../inline-diff/review-views';
import { FixRequests } from '../review/fix-requests';
import { ProposalsModel } from '../review/proposals-model';
import { runNotebookCheck } from '../check/check-runner';
import { loadTranslation } from '../translation';
import { SessionModel } from '../check/model';
import type { ISessionSettings } from '../check/settings';

/**
 * One notebook's Modernizer session: follows the notebook's kernel, probes the
 * library versions, scans the code, runs and stops checks, keeps the original notebook
 * (captured when it opens) and the review of fixes.
 * Disposed with the notebook, which stops a run in progress.
 */
export class CheckSession implements IDisposable {
  constructor(options: CheckSession.IOptions) {
    this.panel = options.panel;
    this._settings = options.settings;
    this.llm = options.llm ?? null;
    this._trans = loadTranslation(options.translator);
    this.kernel = new NotebookKernel({ panel: this.panel });
    this.scanner = new PreflightScanner({
      panel: this.panel,
      session: this.model,
      contents: options.contents,
      original: () => this._original
    });
    // The review, composed: the proposals, the notebook and the one writer of their
    // decided changes, the user's requests for fixes, the view-model the panel renders,
    // and the views in the notebook and the file editor.
    const proposals = new ProposalsModel();
    const notebook = new LiveNotebook({
      panel: this.panel,
      contents: options.contents
    });
    const fixes = new FixRequests({
      panel: this.panel,
      proposals,
      notebook,
      scanner: this.scanner,
      kernel: this.kernel,
      trans: this._trans,
      askLLM: (cellId, position) =>
        this.llm
          ? fixCellWithLLM({
              llm: this.llm,
              review: this.review,
              scanner: this.scanner,
              panel: this.panel,
              kernel: this.kernel,
              cellId,
              position
            })
          : Promise.resolve(null)
    });
    this.review = new ReviewController({
      panel: this.panel,
      notebook,
      writer: new ProposalWriter(notebook),
      proposals,
      fixes,
      scanner: this.scanner,
      settings: options.settings,
      original: () => this._original,
      originalCells: () => this._originalCells,
      trans: this._trans
    });
    this._views = new ReviewViews({
      review: this.review,
      fixes,
      panel: this.panel,
      docManager: options.docManager,
      trans: this._trans
    });
    this.review.reverted.connect(this._onReverted, this);
    this.kernel.changed.connect(this._updateKernel, this);
    this.kernel.kernelChanged.connect(this._onKernelChanged, this);
    this.panel.disposed.connect(this.dispose, this);
    this._updateKernel();
    void this.panel.sessionContext.ready.then(() => this._onKernelChanged());
    void this.panel.context.ready.then(() => {
      this._captureOriginal();
      void this.scanner.scan();
    });
  }

  /** The notebook this session belongs to. */
  readonly panel: NotebookPanel;

  /** The LLM Modernize asks after the migration rules; null without one. */
  readonly llm: LLMAccess | null;

  /** The notebook's kernel, which every run and probe of the session goes through. */
  readonly kernel: NotebookKernel;

  /** The state the views render. */
  readonly model = new SessionModel();

  /** The preflight scan of the notebook's code. */
  readonly scanner: PreflightScanner;

  /** Proposals, their review, Revert all and the scores. */
  readonly review: ReviewController;

  /** The last Modernize run: its timeline and verdict. */
  readonly loop = new LoopModel();

  /** The cells as they were when the notebook opened (nbformat JSON), for Revert all. */
  get originalCells(): readonly nbformat.ICell[] {
    return this._originalCells;
  }

  /** The notebook as it was when it opened, or null until it has loaded. */
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
    await this._exclusive('check', async (kernel, signal) => {
      await runNotebookCheck({
        panel: this.panel,
        kernel,
        model: this.model,
        limits: this._settings(),
        original: this._original!,
        signal,
        trans: this._trans
      });
    });
    // A check has no loop to compare the scores: the cells' outputs are compared here.
    const { state } = this.model;
    if (state === 'passed' || state === 'failed' || state === 'stopped') {
      this.review.refreshScores(true);
    }
  }

  /**
   * Modernizes the notebook: the loop runs the cells, proposes fixes for the user to
   * review in the panel, compares the scores and verifies from a restart.
   */
  async modernize(): Promise<void> {
    await this._exclusive('modernize', async (kernel, signal) => {
      await runModernize({
        panel: this.panel,
        kernel,
        session: this.model,
        scanner: this.scanner,
        review: this.review,
        loop: this.loop,
        original: this._original!,
        settings: this._settings(),
        llm: this.llm,
        signal,
        trans: this._trans
      });
    });
  }

  /** Stops the run in progress: the running cell is interrupted. */
  stop(): void {
    if (!this._controller || this._controller.signal.aborted) {
      return;
    }
    if (this.model.state === 'running') {
      this.model.setRun(
        'stopping',
        this._trans.__('Stopping: interrupting the kernel…')
      );
    }
    this._controller.abort();
  }

  /** Probes the versions of the modules the notebook imports, in its kernel. */
  async refreshEnvironment(): Promise<void> {
    const probe = this.kernel.probe();
    const generation = ++this._probes;
    if (!probe || !this.panel.content.model) {
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
      // What the helper modules beside the notebook import counts too.
      sources.push(...(await this._localModuleSources(sources)));
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

  /** The sources of the `.py` modules beside the notebook that its code imports. */
  private async _localModuleSources(sources: string[]): Promise<string[]> {
    const { files } = await this.scanner.listing();
    const paths = importedModules(sources)
      .map(name => `${name}.py`)
      .filter(path => files.has(path));
    const read = await Promise.all(
      paths.map(path => this.review.notebook.readModule(path))
    );
    return read.filter((source): source is string => source !== null);
  }

  /** Stops a run in progress and lets go of the notebook. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._controller?.abort();
    // Nothing was written for them: closing the notebook drops them, and says so.
    const pending = this.review.proposals.entries.filter(
      entry => entry.status === 'pending'
    ).length;
    if (pending > 0) {
      Notification.info(
        this._trans._n(
          '%2 was closed with %1 Modernizer proposal not yet reviewed; the notebook was not changed by them. Open it and press Modernize or Fix all offline to make them again.',
          '%2 was closed with %1 Modernizer proposals not yet reviewed; the notebook was not changed by them. Open it and press Modernize or Fix all offline to make them again.',
          pending,
          this.panel.context.localPath
        ),
        { autoClose: false }
      );
    }
    this.kernel.dispose();
    this.panel.disposed.disconnect(this.dispose, this);
    this._views.dispose();
    this.review.dispose();
    this.review.proposals.dispose();
    this.loop.dispose();
    this.scanner.dispose();
    this.model.dispose();
  }

  /**
   * Runs `work` in the notebook's Python kernel unless something runs already; Stop (or
   * closing the notebook) aborts its signal. `work` names the notices' action ("select
   * one, then run the check") and the work when it throws.
   */
  private async _exclusive(
    which: Private.Work,
    work: (kernel: LiveKernel, signal: AbortSignal) => Promise<void>
  ): Promise<void> {
    if (this.model.isRunning || this._controller || this._isDisposed) {
      return;
    }
    const kernel = this.kernel.current();
    if (!kernel) {
      this.model.setRun('idle', Private.noKernel(which, this._trans));
      return;
    }
    if (kernel.isDead) {
      this.model.setRun('idle', Private.deadKernel(which, this._trans));
      return;
    }
    // Set before the first await: a second click while the run starts does nothing.
    const controller = new AbortController();
    this._controller = controller;
    const spec = await kernel.spec();
    if (spec && !/python/i.test(spec.language)) {
      this._controller = null;
      this.model.setRun(
        'idle',
        this._trans.__(
          'The kernel is %1 (%2): only Python notebooks are supported.',
          spec.displayName,
          spec.language
        )
      );
      return;
    }
    // Closing the notebook (or changing its kernel) disposes the connection mid-cell:
    // interrupt through the REST API so that nothing is left running.
    const onGone = () => void kernel.interrupt();
    kernel.connection.disposed.connect(onGone);
    try {
      // Before the first run clears them: the saved outputs hold the original scores.
      this._captureOriginal();
      await work(kernel, controller.signal);
    } catch (error) {
      this.model.setRun(
        'failed',
        Private.couldNotRun(which, String(error), this._trans)
      );
    } finally {
      kernel.connection.disposed.disconnect(onGone);
      this._controller = null;
    }
  }

  /** Keeps the notebook as it is now, if nothing was kept yet. */
  private _captureOriginal(): void {
    const model = this.panel.content.model;
    if (!this._original && model && !this._isDisposed) {
      const json = model.toJSON() as nbformat.INotebookContent;
      // Before nbformat 4.5 cells are saved without ids: keep the live cells' own, which
      // the session's scores, proposals and Revert all refer to.
      json.cells.forEach((cell, i) => (cell.id = model.cells.get(i).id));
      this._original = captureOriginal(normalizeNotebook(json));
      this._originalCells = Object.freeze(structuredClone(json.cells));
      this.review.refreshScores();
    }
  }

  /** After Revert all, what the last run showed describes code that is gone. */
  private _onReverted(): void {
    this.model.cells = [];
    this.model.progress = null;
    this.model.setRun(
      'idle',
      this._trans.__('Reverted to the notebook as it was opened.')
    );
    this.loop.reset();
  }

  private _onKernelChanged(): void {
    this._updateKernel();
    void this.refreshEnvironment();
  }

  private _updateKernel(): void {
    this.model.kernel = {
      displayName: this.kernel.displayName,
      status: this.kernel.status
    };
  }

  private _settings: () => ISessionSettings;
  private _views: ReviewViews;
  private _trans: TranslationBundle;
  private _controller: AbortController | null = null;
  private _original: IOriginalNotebook | null = null;
  private _originalCells: readonly nbformat.ICell[] = [];
  private _probes = 0;
  private _isDisposed = false;
}

/** Options of {@link CheckSession}. */
export namespace CheckSession {
  export interface IOptions {
    panel: NotebookPanel;
    /** The current settings (read at each use, so changes apply at once). */
    settings: () => ISessionSettings;
    /** Lists the files beside the notebook and reads its local modules. */
    contents: Contents.IManager;
    /** Opens the local modules a run proposes to fix, if given. */
    docManager?: IDocumentManager | null;
    /** The LLM Modernize asks after the migration rules; null without one. */
    llm?: LLMAccess | null;
    /** Translates the text the session shows in the cells. */
    translator?: ITranslator | null;
  }
}

namespace Private {
  /** The work a session runs: the check, or a Modernize run. */
  export type Work = 'check' | 'modernize';

  export function noKernel(which: Work, trans: TranslationBundle): string {
    return which === 'check'
      ? trans.__('This notebook has no kernel: select one, then run the check.')
      : trans.__(
          'This notebook has no kernel: select one, then press Modernize.'
        );
  }

  export function deadKernel(which: Work, trans: TranslationBundle): string {
    return which === 'check'
      ? trans.__('The kernel is dead: restart it, then run the check.')
      : trans.__('The kernel is dead: restart it, then press Modernize.');
  }

  export function couldNotRun(
    which: Work,
    error: string,
    trans: TranslationBundle
  ): string {
    return which === 'check'
      ? trans.__('The check could not run: %1', error)
      : trans.__('Modernize could not run: %1', error);
  }
}
