import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { Contents } from '@jupyterlab/services';
import type { IDisposable } from '@lumino/disposable';
import {
  compareScores,
  extractScores,
  KernelExecutor,
  type IOriginalNotebook,
  type IReference,
  type IScoreCell
} from '../../core';
import { LiveNotebook } from '../live-notebook';
import type { SessionModel } from '../session/model';
import type { ISessionSettings } from '../session/settings';
import { cellPositions, liveCodeCells, liveScoreCells } from './notebook-cells';
import { offlineProposals } from './offline-fixes';
import type { PreflightScanner } from './preflight';
import { ProposalsModel } from './proposals-model';
import { ScoresModel } from './scores-model';

/**
 * Review of one notebook's fixes: makes the offline proposals, applies the accepted ones
 * through the live notebook (the user's edits win: a proposal whose cell changed is
 * stale), reverts to the original, and keeps the scores table up to date.
 */
export class ReviewController implements IDisposable {
  constructor(options: ReviewController.IOptions) {
    this._panel = options.panel;
    this._session = options.session;
    this._scanner = options.scanner;
    this._settings = options.settings;
    this._original = options.original;
    this._originalCells = options.originalCells;
    this.notebook = new LiveNotebook({
      panel: options.panel,
      contents: options.contents
    });
    this._scanner.sourcesChanged.connect(this._markStale, this);
    this._session.runChanged.connect(this._onRun, this);
  }

  /** The proposals the panel lists. */
  readonly proposals = new ProposalsModel();

  /** The scores table. */
  readonly scores = new ScoresModel();

  /** The open notebook, as fixes edit it. */
  readonly notebook: LiveNotebook;

  /**
   * Proposes the rules' fixes of every eroded cell at once. Rules that depend on a live
   * object ask the notebook's kernel, when it has one.
   */
  async fixAllOffline(): Promise<void> {
    if (this.proposals.busy) {
      return;
    }
    const cells = liveCodeCells(this._panel);
    const environment = await this._scanner.environment(cells);
    if (!environment) {
      this.proposals.setBusy(
        false,
        'The library versions are not known yet: wait for the kernel.'
      );
      return;
    }
    this.proposals.setBusy(true, 'Making the proposals…');
    try {
      const kernel = this._panel.sessionContext.session?.kernel;
      const proposals = await offlineProposals({
        cells,
        environment,
        probe:
          kernel && kernel.status !== 'dead'
            ? new KernelExecutor({ kernel })
            : null
      });
      const positions = cellPositions(cells);
      this.proposals.replacePending(
        proposals.map(proposal => ({
          proposal,
          status: 'pending',
          position:
            proposal.target.kind === 'cell'
              ? (positions.get(proposal.target.cellId) ?? 0)
              : 0
        })),
        proposals.length === 0
          ? 'No line the rules can rewrite without running the notebook.'
          : null
      );
    } catch (error) {
      this.proposals.setBusy(
        false,
        `The proposals could not be made: ${error}`
      );
      return;
    }
    this.proposals.setBusy(false);
  }

  /** Applies a pending proposal, unless its cell changed since (then it is stale). */
  accept(id: string): void {
    const entry = this.proposals.pending(id);
    if (!entry) {
      return;
    }
    if (entry.fromLoop) {
      // The run applies it (or finds it stale) and says so in its events.
      this.proposals.setStatus([id], 'accepted');
      return;
    }
    const { target, before, after } = entry.proposal;
    const applied =
      target.kind === 'cell' &&
      this.notebook.replaceSource(target.cellId, before, after);
    this.proposals.setStatus([id], applied ? 'accepted' : 'stale');
  }

  /** Turns a pending proposal down: nothing changes. */
  reject(id: string): void {
    if (this.proposals.pending(id)) {
      this.proposals.setStatus([id], 'rejected');
    }
  }

  /** Accepts every pending proposal, in order. */
  acceptAll(): void {
    for (const entry of this.proposals.entries) {
      this.accept(entry.proposal.id);
    }
  }

  /** Rejects every pending proposal. */
  rejectAll(): void {
    this.proposals.setStatus(
      this.proposals.entries
        .filter(entry => entry.status === 'pending')
        .map(entry => entry.proposal.id),
      'rejected'
    );
  }

  /** Restores the original notebook exactly and forgets the proposals and run scores. */
  revertAll(): void {
    const cells = this._originalCells();
    if (cells.length === 0) {
      return;
    }
    this.notebook.revert(cells);
    this.proposals.clear();
    // The last run's statuses and failure describe code that is gone.
    this._session.cells = [];
    this._session.progress = null;
    this._session.setRun('idle', 'Reverted to the notebook as it was opened.');
    this.scores.state = { ...this.scores.state, report: null };
  }

  /** Adds a score the user typed in, and compares again. */
  addReference(reference: IReference): void {
    const references = [...this.scores.state.references, reference];
    this.scores.state = { ...this.scores.state, references };
    this.refreshScores();
  }

  /** Removes a score the user typed in. */
  removeReference(index: number): void {
    const references = this.scores.state.references.filter(
      (_, i) => i !== index
    );
    this.scores.state = { ...this.scores.state, references };
    this.refreshScores();
  }

  /**
   * Reads the saved scores from the original, and after a run compares them (and the
   * references) with the scores the cells print now.
   */
  refreshScores(afterRun = this.scores.state.report !== null): void {
    const original = this._original();
    const saved = original
      ? extractScores(original.cells.map(ReviewController.scoreCell))
      : [];
    const { references } = this.scores.state;
    const report = afterRun
      ? compareScores(saved, extractScores(liveScoreCells(this._panel)), {
          tolerance: this._settings().tolerance,
          references
        })
      : null;
    this.scores.state = { original: saved, report, references };
  }

  /** An original cell as score extraction reads it. */
  static scoreCell(cell: IOriginalNotebook['cells'][number]): IScoreCell {
    return {
      id: cell.id,
      index: cell.index,
      source: cell.source,
      outputs: cell.outputs,
      cellType: cell.cellType
    };
  }

  /** Whether the controller is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Stops following the notebook. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._scanner.sourcesChanged.disconnect(this._markStale, this);
    this._session.runChanged.disconnect(this._onRun, this);
    this.proposals.dispose();
    this.scores.dispose();
  }

  /** A pending proposal whose cell no longer holds the source it was made against is stale. */
  private _markStale(): void {
    const stale = this.proposals.entries.filter(
      ({ proposal, status }) =>
        status === 'pending' &&
        proposal.target.kind === 'cell' &&
        this.notebook.source(proposal.target.cellId) !== proposal.before
    );
    this.proposals.setStatus(
      stale.map(entry => entry.proposal.id),
      'stale'
    );
  }

  private _onRun(): void {
    const { state } = this._session;
    if (state === 'passed' || state === 'failed' || state === 'stopped') {
      this.refreshScores(true);
    }
  }

  private _panel: NotebookPanel;
  private _session: SessionModel;
  private _scanner: PreflightScanner;
  private _settings: () => ISessionSettings;
  private _original: () => IOriginalNotebook | null;
  private _originalCells: () => readonly nbformat.ICell[];
  private _isDisposed = false;
}

/** Options of {@link ReviewController}. */
export namespace ReviewController {
  export interface IOptions {
    panel: NotebookPanel;
    session: SessionModel;
    scanner: PreflightScanner;
    contents: Contents.IManager;
    settings: () => ISessionSettings;
    /** The notebook as it was opened, once captured. */
    original: () => IOriginalNotebook | null;
    /** The same, as the cells' nbformat JSON (metadata included), for Revert all. */
    originalCells: () => readonly nbformat.ICell[];
  }
}
