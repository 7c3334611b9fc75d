import type * as nbformat from '@jupyterlab/nbformat';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { Contents } from '@jupyterlab/services';
import type { ITranslator, TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import { Signal, type ISignal } from '@lumino/signaling';
import {
  compareScores,
  extractScores,
  targetKey,
  type ICheckCell,
  type IOriginalNotebook,
  type IProposal,
  type IReference,
  type IScoreCell
} from '../../core';
import { ErrorFixButtons } from './error-fix-buttons';
import { HunkReview } from './hunk-review';
import { InlineDiffManager } from './manager';
import { ModuleDiffManager } from './module-diff';
import { ReviewedNotebook } from './reviewed-notebook';
import { kindLabel } from '../review/kind-label';
import type { SessionModel } from '../check/model';
import type { NotebookKernel } from '../kernel/notebook-kernel';
import type { ISessionSettings } from '../check/settings';
import {
  cellPositions,
  liveCodeCells,
  liveScoreCells
} from '../review/notebook-cells';
import {
  offlineProposals,
  tallyText,
  type IOfflineTally
} from '../review/offline-fixes';
import type { PreflightScanner } from '../review/preflight';
import { ProposalsModel, type IProposalEntry } from '../review/proposals-model';
import { ScoresModel } from '../review/scores-model';
import { loadTranslation } from '../translation';

/**
 * Review of one notebook's fixes: makes the offline proposals, shows each in its cell as
 * an inline diff, applies the accepted hunks through the live notebook (the user's edits
 * win: hunks they overlap are conflicted, never applied), reverts to the original, and
 * keeps the scores table up to date.
 */
export class ReviewController implements IDisposable {
  constructor(options: ReviewController.IOptions) {
    this._panel = options.panel;
    this._session = options.session;
    this._scanner = options.scanner;
    this._settings = options.settings;
    this._original = options.original;
    this._originalCells = options.originalCells;
    this._kernel = options.kernel;
    this._askLLM = options.askLLM ?? null;
    const trans = loadTranslation(options.translator);
    this._trans = trans;
    this.notebook = new ReviewedNotebook({
      panel: options.panel,
      contents: options.contents
    });
    this._hunks = new HunkReview({
      proposals: this.proposals,
      notebook: this.notebook
    });
    this._inline = new InlineDiffManager({
      panel: options.panel,
      proposals: this.proposals,
      review: this,
      kindLabel: kind => kindLabel(kind, trans),
      trans
    });
    const { docManager } = options;
    if (docManager) {
      const modules = new ModuleDiffManager({
        proposals: this.proposals,
        docManager,
        resolve: path => this.notebook.resolve(path),
        review: this,
        kindLabel: kind => kindLabel(kind, trans),
        trans
      });
      this.notebook.moduleWritten.connect(
        (_, path) => void modules.reload(path)
      );
      this._modules = modules;
    }
    this._errorButtons = new ErrorFixButtons({
      panel: options.panel,
      onFix: async cellId => {
        await this.fixCell(cellId);
        return this.pendingFor(cellId) ? null : this.proposals.message;
      },
      trans
    });
    this._scanner.sourcesChanged.connect(this._rebaseAll, this);
    this._panel.context.model.contentChanged.connect(this._reopenUndone, this);
  }

  /** The proposals the panel lists. */
  readonly proposals = new ProposalsModel();

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
  readonly notebook: ReviewedNotebook;

  /**
   * Proposes the rules' fixes of every eroded cell at once. Rules that depend on a live
   * object ask the notebook's kernel, when it has one.
   */
  async fixAllOffline(): Promise<void> {
    const made = await this._offlineProposals(
      this._trans.__('Making the proposals…')
    );
    if (!made) {
      return;
    }
    const positions = cellPositions(made.cells);
    const covered = new Set(made.proposals.map(p => targetKey(p.target)));
    // A proposal left from an earlier batch whose cell the rules no longer rewrite goes.
    for (const entry of this.proposals.entries) {
      if (
        entry.status === 'pending' &&
        !entry.fromLoop &&
        !covered.has(targetKey(entry.proposal.target))
      ) {
        this.proposals.drop(entry.proposal.id);
      }
    }
    let decided = 0;
    for (const proposal of made.proposals) {
      const { target } = proposal;
      const offer = this.proposals.offer(
        {
          proposal,
          status: 'pending',
          position:
            target.kind === 'cell' ? (positions.get(target.cellId) ?? 0) : 0
        },
        target.kind === 'cell' ? this.notebook.source(target.cellId) : null
      );
      decided += offer.kind === 'decided' ? 1 : 0;
    }
    this.proposals.setBusy(
      false,
      made.proposals.length === 0
        ? this._trans.__(
            'No line the rules can rewrite without running the notebook.'
          )
        : [
            tallyText(made.tally, made.proposals.length, this._trans),
            decided > 0
              ? this._trans.__(
                  '%1 fix(es) you decided before are not proposed again while their cells are unchanged.',
                  decided
                )
              : null
          ]
            .filter(Boolean)
            .join(' ') || null
    );
  }

  /**
   * Proposes the rules' fix of one cell (its error output's Fix with Modernizer), shown
   * in the cell; a proposal already pending there is kept, and a fix decided on the
   * cell's text as it is is not proposed again.
   */
  async fixCell(cellId: string): Promise<void> {
    if (this.pendingFor(cellId)) {
      return;
    }
    const made = await this._offlineProposals(
      this._trans.__('Making the proposal…')
    );
    if (!made) {
      return;
    }
    const position = cellPositions(made.cells).get(cellId) ?? 0;
    const proposal = made.proposals.find(
      p => p.target.kind === 'cell' && p.target.cellId === cellId
    );
    const offer = proposal
      ? this.proposals.offer(
          { proposal, status: 'pending', position },
          this.notebook.source(cellId)
        )
      : null;
    if (offer?.kind === 'decided') {
      this.proposals.setBusy(
        false,
        this._trans.__(
          'You decided this fix of cell %1 already; it is proposed again once the cell changes.',
          position
        )
      );
      return;
    }
    // No rule has it: the LLM, when the server has one, with the cell's error.
    const llm =
      proposal || !this._askLLM
        ? null
        : await this._askLLM(cellId, position).catch(
            (error: Error) => error.message
          );
    const rules = this._trans.__(
      'No migration rule rewrites cell %1: its error needs another fix.',
      position
    );
    this.proposals.setBusy(
      false,
      proposal ? null : (llm ?? (this.pendingFor(cellId) ? null : rules))
    );
  }

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
      this._acceptModule(entry);
    }
  }

  /**
   * Accepts a pending module proposal with `source`, the text of the hunks accepted in
   * its file's editor: the run that made it writes it, else the review does.
   */
  acceptModule(id: string, source: string): void {
    const entry = this.proposals.pending(id);
    if (entry && !entry.hunks && !entry.streaming) {
      this._acceptModule(entry, source);
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

  /** The pending proposal of a cell, if any. */
  pendingFor(cellId: string): IProposalEntry | null {
    return (
      this.proposals.entries.find(
        ({ proposal, status }) =>
          status === 'pending' &&
          proposal.target.kind === 'cell' &&
          proposal.target.cellId === cellId
      ) ?? null
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
    this._reverted.emit();
    // The last run's statuses and failure describe code that is gone.
    this._session.cells = [];
    this._session.progress = null;
    this._session.setRun(
      'idle',
      this._trans.__('Reverted to the notebook as it was opened.')
    );
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
    this._scanner.sourcesChanged.disconnect(this._rebaseAll, this);
    this._panel.context.model.contentChanged.disconnect(
      this._reopenUndone,
      this
    );
    this._inline.dispose();
    this._modules?.dispose();
    this._errorButtons.dispose();
    this.proposals.dispose();
    this.scores.dispose();
    Signal.clearData(this);
  }

  /**
   * The rules' proposals for the cells as they are now, the kernel answering the rules'
   * questions; null (and a message) when they cannot be made. Leaves the model busy.
   */
  private async _offlineProposals(busyMessage: string): Promise<{
    cells: ICheckCell[];
    proposals: IProposal[];
    tally: IOfflineTally;
  } | null> {
    if (this.proposals.busy) {
      return null;
    }
    this.proposals.setBusy(true, busyMessage);
    const environment = await this._scanner.probedEnvironment(
      liveCodeCells(this._panel)
    );
    if (!environment) {
      this.proposals.setBusy(
        false,
        this._trans.__(
          'The kernel did not tell the library versions: check the Libraries section, then try again.'
        )
      );
      return null;
    }
    // The cells as they are once the versions are known (the user may have typed since).
    const cells = liveCodeCells(this._panel);
    try {
      const tally = { lines: 0, waiting: 0, pointOnly: 0, leftOut: 0 };
      const proposals = await offlineProposals({
        cells,
        environment,
        tally,
        probe: this._kernel.probe()
      });
      return { cells, proposals, tally };
    } catch (error) {
      this.proposals.setBusy(
        false,
        this._trans.__('The proposals could not be made: %1', String(error))
      );
      return null;
    }
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

  /** A module proposal is applied whole: by the run that made it, else here. */
  private _acceptModule(
    entry: IProposalEntry,
    source = entry.proposal.after
  ): void {
    const { id } = entry.proposal;
    if (entry.fromLoop) {
      // The run writes it (or finds it stale) and says so in its events.
      this.proposals.update(id, { result: source, status: 'accepted' });
      return;
    }
    // Modules are only proposed by runs; a proposal left from one is applied here.
    const { target, before } = entry.proposal;
    if (target.kind === 'module') {
      void this.notebook
        .writeModule(target.path, before, source)
        .then(written =>
          this.proposals.setStatus([id], written ? 'accepted' : 'stale')
        );
    }
  }

  private _panel: NotebookPanel;
  private _session: SessionModel;
  private _scanner: PreflightScanner;
  private _settings: () => ISessionSettings;
  private _original: () => IOriginalNotebook | null;
  private _askLLM: ReviewController.IOptions['askLLM'] | null;
  private _originalCells: () => readonly nbformat.ICell[];
  private _kernel: NotebookKernel;
  private _hunks: HunkReview;
  private _inline: InlineDiffManager;
  private _modules: ModuleDiffManager | null = null;
  private _errorButtons: ErrorFixButtons;
  private _trans: TranslationBundle;
  private _isDisposed = false;
  private _reverted = new Signal<this, void>(this);
}

/** Options of {@link ReviewController}. */
export namespace ReviewController {
  export interface IOptions {
    panel: NotebookPanel;
    session: SessionModel;
    scanner: PreflightScanner;
    contents: Contents.IManager;
    /** Opens a module with a pending proposal in the file editor, if given. */
    docManager?: IDocumentManager | null;
    settings: () => ISessionSettings;
    /** The notebook's kernel, which answers the rules' questions about values. */
    kernel: NotebookKernel;
    /** The notebook as it was opened, once captured. */
    original: () => IOriginalNotebook | null;
    /** The same, as the cells' nbformat JSON (metadata included), for Revert all. */
    originalCells: () => readonly nbformat.ICell[];
    /**
     * Asks the LLM for a fix of a failed cell that no rule fixes; resolves to what to
     * say when none came (null when one did, or when there is no LLM).
     */
    askLLM?: (cellId: string, position: number) => Promise<string | null>;
    /** Translates the review's text in the cells; without it, it stays in English. */
    translator?: ITranslator | null;
  }
}
