import type { ISharedCell } from '@jupyter/ydoc';
import type { CodeMirrorEditor } from '@jupyterlab/codemirror';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import type { EditorView } from '@codemirror/view';
import type { IProposalEntry, ProposalsModel } from '../review/proposals-model';
import {
  inlineDiffExtension,
  setInlineDiff,
  type IInlineDiff,
  type IInlineDiffActions
} from './extension';

/** What the inline diffs ask of the review. */
export interface IInlineReview {
  acceptHunk(proposalId: string, hunkId: string): void;
  rejectHunk(proposalId: string, hunkId: string): void;
  accept(proposalId: string): void;
  reject(proposalId: string): void;
  /** Moves the proposal's hunks onto its cell's text after an edit. */
  rebase(proposalId: string): void;
}

/**
 * Shows each pending cell proposal as an inline diff in its cell's editor, follows the
 * user's edits of those cells, and scrolls a new proposal's cell into view.
 */
export class InlineDiffManager implements IDisposable {
  constructor(options: InlineDiffManager.IOptions) {
    this._panel = options.panel;
    this._proposals = options.proposals;
    this._review = options.review;
    this._kindLabel = options.kindLabel;
    this._trans = options.trans;
    this._proposals.changed.connect(this._sync, this);
  }

  /** Whether the manager is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Clears every inline diff. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._proposals.changed.disconnect(this._sync, this);
    this._views.forEach(view => view.dispose());
    this._views.clear();
  }

  private _sync(): void {
    const pending = new Map<string, IProposalEntry>();
    for (const entry of this._proposals.entries) {
      const { target } = entry.proposal;
      if (
        entry.status === 'pending' &&
        target.kind === 'cell' &&
        entry.hunks &&
        !pending.has(target.cellId)
      ) {
        pending.set(target.cellId, entry);
      }
    }
    for (const [cellId, view] of this._views) {
      if (pending.get(cellId)?.proposal.id !== view.proposalId) {
        view.dispose();
        this._views.delete(cellId);
      }
    }
    let reveal: string | null = null;
    for (const [cellId, entry] of pending) {
      let view = this._views.get(cellId);
      if (!view) {
        view = new CellDiffView(
          this._panel,
          cellId,
          entry.proposal.id,
          this._review
        );
        this._views.set(cellId, view);
        // Made against an older text (typed since, or a run's): onto the cell as it is.
        const id = entry.proposal.id;
        queueMicrotask(() => this._review.rebase(id));
      }
      view.show({
        entry,
        kindLabel: this._kindLabel(entry.proposal.kind),
        trans: this._trans
      });
      if (!this._seen.has(entry.proposal.id)) {
        this._seen.add(entry.proposal.id);
        reveal ??= cellId;
      }
    }
    if (reveal) {
      void this._scrollTo(reveal);
    }
  }

  /** Brings a cell with a new proposal into view, without taking the focus. */
  private async _scrollTo(cellId: string): Promise<void> {
    const notebook = this._panel.content;
    const index = notebook.widgets.findIndex(c => c.model.id === cellId);
    if (index >= 0 && !this._panel.isDisposed) {
      await notebook.scrollToItem(index, 'smart');
    }
  }

  private _panel: NotebookPanel;
  private _proposals: ProposalsModel;
  private _review: IInlineReview;
  private _kindLabel: (kind: string) => string;
  private _trans: TranslationBundle;
  private _views = new Map<string, CellDiffView>();
  private _seen = new Set<string>();
  private _isDisposed = false;
}

/** Options of {@link InlineDiffManager}. */
export namespace InlineDiffManager {
  export interface IOptions {
    panel: NotebookPanel;
    proposals: ProposalsModel;
    review: IInlineReview;
    /** The label of a kind of fix (error repair, ...). */
    kindLabel: (kind: string) => string;
    /** Translates the inline diff's text. */
    trans: TranslationBundle;
  }
}

/** The inline diff of one proposal in its cell's editor. */
class CellDiffView {
  constructor(
    panel: NotebookPanel,
    readonly cellId: string,
    readonly proposalId: string,
    review: IInlineReview
  ) {
    this._panel = panel;
    const id = proposalId;
    this._actions = {
      acceptHunk: hunkId => review.acceptHunk(id, hunkId),
      rejectHunk: hunkId => review.rejectHunk(id, hunkId),
      acceptCell: () => review.accept(id),
      rejectCell: () => review.reject(id)
    };
    this._rebase = () => review.rebase(id);
    // The user's edits move the hunks (a write of the review's own too: then a no-op).
    this._shared = this._cell()?.model.sharedModel ?? null;
    this._shared?.changed.connect(this._onCellChanged, this);
  }

  /** Shows the entry's hunks, at most once a frame (a streaming proposal updates often). */
  show(next: Private.IShown): void {
    this._next = next;
    if (this._frame === null) {
      this._frame = requestAnimationFrame(() => {
        this._frame = null;
        void this._render();
      });
    }
  }

  dispose(): void {
    this._disposed = true;
    if (this._frame !== null) {
      cancelAnimationFrame(this._frame);
      this._frame = null;
    }
    this._shared?.changed.disconnect(this._onCellChanged, this);
    this._view()?.dispatch({ effects: setInlineDiff.of(null) });
  }

  private async _render(): Promise<void> {
    const cell = this._cell();
    const next = this._next;
    if (!cell || !next || this._disposed) {
      return;
    }
    await cell.ready;
    const view = this._view();
    if (!view || this._disposed) {
      return;
    }
    if (!Private.injected.has(view)) {
      Private.injected.add(view);
      (cell.editor as CodeMirrorEditor).injectExtension(inlineDiffExtension());
    }
    const { entry, kindLabel, trans } = next;
    const diff: IInlineDiff = {
      trans,
      proposalId: entry.proposal.id,
      kind: entry.proposal.kind,
      kindLabel,
      rationale: entry.proposal.rationale,
      unsafe: entry.proposal.unsafe,
      streaming: !!entry.streaming,
      hunks: entry.hunks?.hunks ?? [],
      actions: this._actions
    };
    view.dispatch({ effects: setInlineDiff.of(diff) });
  }

  private _onCellChanged(_: unknown, change: { sourceChange?: unknown }): void {
    if (change.sourceChange) {
      this._rebase();
    }
  }

  private _cell() {
    return (
      this._panel.content.widgets.find(c => c.model.id === this.cellId) ?? null
    );
  }

  private _view(): EditorView | null {
    const editor = this._cell()?.editor as CodeMirrorEditor | null | undefined;
    return editor?.editor ?? null;
  }

  private _panel: NotebookPanel;
  private _shared: ISharedCell | null;
  private _actions: IInlineDiffActions;
  private _rebase: () => void;
  private _next: Private.IShown | null = null;
  private _frame: number | null = null;
  private _disposed = false;
}

namespace Private {
  /** What a cell's inline diff shows next. */
  export interface IShown {
    entry: IProposalEntry;
    kindLabel: string;
    trans: TranslationBundle;
  }

  /** The editors that already have the inline diff's extension. */
  export const injected = new WeakSet<EditorView>();
}
