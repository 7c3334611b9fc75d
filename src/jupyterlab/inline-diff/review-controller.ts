import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import {
  compareScores,
  extractScores,
  type IOriginalNotebook,
  type IReference,
  type IScoreCell,
  type ProposalWriter
} from '../../core';
import { HunkReview } from './hunk-review';
import type { LiveNotebook } from '../live-notebook';
import type { ISessionSettings } from '../check/settings';
import { liveScoreCells } from '../review/notebook-cells';
import type { FixRequests } from '../review/fix-requests';
import type { PreflightScanner } from '../review/preflight';
import type { ProposalsModel } from '../review/proposals-model';
import { ScoresModel } from '../review/scores-model';

/**
 * The review of one notebook's fixes, as the panel and the inline diffs see it: the
 * proposals and the user's decisions on them (written by `writer`, which a run writes
 * with too; the user's edits win: hunks they overlap are conflicted, never applied),
 * Revert all, and the scores table. It makes no proposal and draws nothing: the fixes
 * come from the loop and from {@link FixRequests}, and the views render its models.
 */
export class ReviewController implements IDisposable {
  constructor(options: ReviewController.IOptions) {
    this._panel = options.panel;
    this._scanner = options.scanner;
    this._settings = options.settings;
    this._original = options.original;
    this._originalCells = options.originalCells;
    this._trans = options.trans;
    this.proposals = options.proposals;
    this.notebook = options.notebook;
    this.writer = options.writer;
    this.fixes = options.fixes;
    this._hunks = new HunkReview({
      proposals: this.proposals,
      writer: this.writer
    });
    this._scanner.sourcesChanged.connect(this._rebaseAll, this);
    this._panel.context.model.contentChanged.connect(this._reopenUndone, this);
  }

  /** The proposals the panel lists. */
  readonly proposals: ProposalsModel;

  /** Fix all offline and Fix with Modernizer. */
  readonly fixes: FixRequests;

  /** Emitted once Revert all restored the notebook: what a run showed is gone too. */
  get reverted(): ISignal<this, void> {
    return this._reverted;
  }

  /** The scores table. */
  readonly scores = new ScoresModel();

  /** The bundle the review's text is translated with. */
  get trans(): TranslationBundle {
    return this._trans;
  }

  /** The open notebook, as fixes edit it. */
  readonly notebook: LiveNotebook;

  /** Writes every decided change into `notebook`: the review's and a run's. */
  readonly writer: ProposalWriter;

  /**
   * Accepts a pending proposal whole: a cell's hunks that do not conflict with the
   * user's edits are written in one undoable step (stale when every one conflicts). A
   * module proposal of a run is applied by the run.
   */
  accept(id: string): void {
    const entry = this.proposals.pending(id);
    if (!entry || entry.streaming) {
      return;
    }
    if (entry.hunks) {
      this._hunks.acceptCell(entry);
    } else {
      this._hunks.acceptModule(entry, entry.proposal.after);
    }
  }

  /**
   * Accepts a pending module proposal with `source`, the text of the hunks accepted in
   * its file's editor: the run that made it writes it, else the review does.
   */
  acceptModule(id: string, source: string): void {
    const entry = this.proposals.pending(id);
    if (entry && !entry.hunks && !entry.streaming) {
      this._hunks.acceptModule(entry, source);
    }
  }

  /** Turns a pending proposal down: nothing more changes (hunks accepted before stay). */
  reject(id: string): void {
    const entry = this.proposals.pending(id);
    if (entry?.hunks) {
      this._hunks.reject(entry);
    } else if (entry) {
      this.proposals.setStatus([id], 'rejected');
    }
  }

  /** Applies one hunk of a cell proposal, as one undoable step; the others move onto the new text. */
  acceptHunk(id: string, hunkId: string): void {
    this._hunks.acceptHunk(id, hunkId);
  }

  /** Drops one hunk of a cell proposal: the cell keeps those lines. */
  rejectHunk(id: string, hunkId: string): void {
    this._hunks.rejectHunk(id, hunkId);
  }

  /** Moves a pending proposal's hunks onto its cell's text after the user edited it. */
  rebase(id: string): void {
    this._hunks.rebase(id);
  }

  /**
   * Replaces the `after` of a pending proposal as it streams in (an LLM's reply): its
   * inline diff follows, and it can be decided once `done`.
   */
  updateProposal(id: string, after: string, done = false): void {
    const entry = this.proposals.pending(id);
    if (!entry) {
      return;
    }
    const { target } = entry.proposal;
    const current =
      target.kind === 'cell' ? this.notebook.source(target.cellId) : null;
    this.proposals.updateAfter(id, after, current, !done);
  }

  /** Accepts every pending proposal, in order. */
  acceptAll(): void {
    for (const entry of this.proposals.entries) {
      this.accept(entry.proposal.id);
    }
  }

  /** Rejects every pending proposal. */
  rejectAll(): void {
    for (const entry of this.proposals.entries) {
      this.reject(entry.proposal.id);
    }
  }

  /**
   * Restores the original notebook exactly and forgets the proposals and run scores;
   * `reverted` tells the rest of the session.
   */
  revertAll(): void {
    const cells = this._originalCells();
    if (cells.length === 0) {
      return;
    }
    this.notebook.revert(cells);
    this.proposals.clear();
    this.writer.clear();
    this.scores.state = { ...this.scores.state, report: null };
    this._reverted.emit();
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
    this._scanner.sourcesChanged.disconnect(this._rebaseAll, this);
    this._panel.context.model.contentChanged.disconnect(
      this._reopenUndone,
      this
    );
    this.scores.dispose();
    Signal.clearData(this);
  }

  /** Every pending cell proposal follows its cell's text (an edit from anywhere). */
  private _rebaseAll(): void {
    for (const entry of this.proposals.entries) {
      this.rebase(entry.proposal.id);
    }
  }

  /** An undo of an accepted change (Ctrl+Z) reopens its proposal, at once. */
  private _reopenUndone(): void {
    for (const entry of this.proposals.entries) {
      if (entry.undo) {
        this._hunks.reopenUndone(entry);
      }
    }
  }

  private _panel: NotebookPanel;
  private _scanner: PreflightScanner;
  private _settings: () => ISessionSettings;
  private _original: () => IOriginalNotebook | null;
  private _originalCells: () => readonly nbformat.ICell[];
  private _hunks: HunkReview;
  private _trans: TranslationBundle;
  private _isDisposed = false;
  private _reverted = new Signal<this, void>(this);
}

/** Options of {@link ReviewController}. */
export namespace ReviewController {
  export interface IOptions {
    panel: NotebookPanel;
    /** The open notebook, as fixes edit it. */
    notebook: LiveNotebook;
    /** Writes the decided changes into `notebook`. */
    writer: ProposalWriter;
    /** The proposals to review. */
    proposals: ProposalsModel;
    /** Where the user's requests for fixes outside a run go. */
    fixes: FixRequests;
    /** Tells when any cell's text changed, which the pending proposals follow. */
    scanner: PreflightScanner;
    settings: () => ISessionSettings;
    /** The notebook as it was opened, once captured. */
    original: () => IOriginalNotebook | null;
    /** The same, as the cells' nbformat JSON (metadata included), for Revert all. */
    originalCells: () => readonly nbformat.ICell[];
    trans: TranslationBundle;
  }
}
