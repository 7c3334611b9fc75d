import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Contents } from '@jupyterlab/services';
import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import {
  allRules,
  evidenceOf,
  scanNotebook,
  type ICheckCell,
  type ILoopEnvironment,
  type IOriginalNotebook,
  type IRepositoryListing
} from '../../core';
import type { SessionModel } from '../check/model';
import { cellPositions, liveCodeCells, versionsOf } from './notebook-cells';
import { notebookListing } from './notebook-files';
import { ScanModel } from './scan-model';

/** How long the sources must stay unchanged before the notebook is scanned again. */
const RESCAN_DELAY_MS = 400;
// How long an action waits for the kernel to answer the probe of the library versions.
const PROBE_WAIT_MS = 60_000;

/**
 * The preflight scan of one open notebook: scans its code cells with the migration
 * rules once the kernel's library versions are known, and again (debounced) whenever a
 * cell's source changes. Outputs streaming in during a run do not trigger a scan.
 */
export class PreflightScanner implements IDisposable {
  constructor(options: PreflightScanner.IOptions) {
    this._panel = options.panel;
    this._session = options.session;
    this._contents = options.contents;
    this._original = options.original;
    this._session.environmentChanged.connect(this._onEnvironment, this);
    this._panel.context.model.contentChanged.connect(this._onContent, this);
  }

  /** The scan the panel shows. */
  readonly model = new ScanModel();

  /** Emitted (debounced) when a code cell's source changed. */
  get sourcesChanged(): ISignal<this, void> {
    return this._sourcesChanged;
  }

  /**
   * What the rules see besides the sources: installed versions, the notebook's own
   * evidence of its age, the files beside it. Null until the kernel has been probed.
   */
  async environment(
    cells: readonly ICheckCell[]
  ): Promise<ILoopEnvironment | null> {
    const versions = versionsOf(this._session.environment);
    if (!versions) {
      return null;
    }
    const listing = this.listing();
    const metadata =
      this._original()?.metadata ?? this._panel.content.model?.metadata;
    return {
      versions,
      evidence: evidenceOf(
        metadata,
        cells.map(cell => cell.source),
        allRules
      ),
      ...(await listing)
    };
  }

  /**
   * The same, once the kernel's probe of the library versions has answered: an action
   * pressed while the kernel starts waits for it (up to a minute) instead of refusing.
   */
  async probedEnvironment(
    cells: readonly ICheckCell[]
  ): Promise<ILoopEnvironment | null> {
    if (!versionsOf(this._session.environment)) {
      await new Promise<void>(resolve => {
        const done = () => {
          clearTimeout(timer);
          this._session.environmentChanged.disconnect(check);
          resolve();
        };
        const check = () => {
          const { state } = this._session.environment;
          if (state === 'ready' || state === 'failed') {
            done();
          }
        };
        const timer = setTimeout(done, PROBE_WAIT_MS);
        this._session.environmentChanged.connect(check);
      });
    }
    return this.environment(cells);
  }

  /**
   * The files and folders of the notebook's repository, and its Git LFS pointers (listed
   * again after each probe).
   */
  listing(): Promise<IRepositoryListing> {
    return (this._listing ??= notebookListing(
      this._contents,
      this._panel.context.path
    ));
  }

  /** Scans the notebook now. */
  async scan(): Promise<void> {
    const generation = ++this._generation;
    const cells = liveCodeCells(this._panel);
    this._sources = Private.key(cells);
    if (!versionsOf(this._session.environment)) {
      this.model.state = { state: 'waiting', findings: [], skipped: [] };
      return;
    }
    this.model.state = { ...this.model.state, state: 'scanning' };
    try {
      const environment = await this.environment(cells);
      if (generation !== this._generation || this._isDisposed || !environment) {
        return;
      }
      const result = scanNotebook(cells, allRules, environment);
      const positions = cellPositions(cells);
      this.model.state = {
        state: 'ready',
        findings: result.findings.map(finding => ({
          ...finding,
          position: positions.get(finding.cellId) ?? 0
        })),
        skipped: result.skipped.map(skipped => ({
          ...skipped,
          position: positions.get(skipped.cellId) ?? 0
        }))
      };
    } catch (error) {
      if (generation === this._generation && !this._isDisposed) {
        this.model.state = {
          state: 'failed',
          findings: [],
          skipped: [],
          error: String(error)
        };
      }
    }
  }

  /** Whether the scanner is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Stops following the notebook. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    clearTimeout(this._timer);
    this._session.environmentChanged.disconnect(this._onEnvironment, this);
    this._panel.context.model.contentChanged.disconnect(this._onContent, this);
    this.model.dispose();
    Signal.clearData(this);
  }

  private _onEnvironment(): void {
    if (this._session.environment.state === 'probing') {
      return;
    }
    // Files may have been added to the repository since the last probe.
    this._listing = null;
    void this.scan();
  }

  private _onContent(): void {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => {
      if (this._isDisposed) {
        return;
      }
      const key = Private.key(liveCodeCells(this._panel));
      if (key !== this._sources) {
        void this.scan();
        this._sourcesChanged.emit();
      }
    }, RESCAN_DELAY_MS);
  }

  private _panel: NotebookPanel;
  private _session: SessionModel;
  private _contents: Contents.IManager;
  private _original: () => IOriginalNotebook | null;
  private _listing: Promise<IRepositoryListing> | null = null;
  private _sources = '';
  private _generation = 0;
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _isDisposed = false;
  private _sourcesChanged = new Signal<this, void>(this);
}

/** Options of {@link PreflightScanner}. */
export namespace PreflightScanner {
  export interface IOptions {
    panel: NotebookPanel;
    /** The session's model: the scan follows its probed library versions. */
    session: SessionModel;
    /** Lists the files beside the notebook. */
    contents: Contents.IManager;
    /**
     * The notebook as it was opened: its metadata dates it (the live model's
     * language_info is the running kernel's once it connects).
     */
    original: () => IOriginalNotebook | null;
  }
}

namespace Private {
  /** The code cells' ids and sources, as one string to tell a real change. */
  export function key(cells: readonly ICheckCell[]): string {
    return JSON.stringify(cells.map(cell => [cell.id, cell.source]));
  }
}
