import type { CodeEditor } from '@jupyterlab/codeeditor';
import type { CodeMirrorEditor } from '@jupyterlab/codemirror';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { IDocumentWidget } from '@jupyterlab/docregistry';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import type { Widget } from '@lumino/widgets';
import {
  acceptHunks,
  computeHunks,
  rebaseHunks,
  rejectHunks,
  type IHunkSet
} from '../../core';
import type { IProposalEntry, ProposalsModel } from '../review/proposals-model';
import {
  inlineDiffExtension,
  setInlineDiff,
  type IInlineDiff
} from './extension';

/** What the inline diff of a module asks of the review. */
export interface IModuleReview {
  /** Accepts a module proposal with the text its accepted hunks make. */
  acceptModule(proposalId: string, source: string): void;
  reject(proposalId: string): void;
}

/**
 * Opens the local module of each pending module proposal in the file editor and shows
 * the proposal there as an inline diff. The hunks are decided in the view only: the
 * file's text is untouched until the proposal is accepted with the text they make, and
 * the write of that text (the run's, or the review's) reloads the editor from disk.
 */
export class ModuleDiffManager implements IDisposable {
  constructor(options: ModuleDiffManager.IOptions) {
    this._proposals = options.proposals;
    this._docManager = options.docManager;
    this._resolve = options.resolve;
    this._review = options.review;
    this._kindLabel = options.kindLabel;
    this._trans = options.trans;
    this._proposals.changed.connect(this._sync, this);
  }

  /** Whether the manager is disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Clears every module's inline diff. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._proposals.changed.disconnect(this._sync, this);
    this._views.forEach(view => view.dispose());
    this._views.clear();
  }

  /** Shows a module's text as it is on disk now, once it was written. */
  async reload(path: string): Promise<void> {
    const widget = this._docManager.findWidget(this._resolve(path));
    if (widget && !widget.context.model.dirty) {
      await widget.context.revert();
    }
  }

  private _sync(): void {
    const pending = new Map<string, IProposalEntry>();
    for (const entry of this._proposals.entries) {
      const { target } = entry.proposal;
      if (
        entry.status === 'pending' &&
        !entry.streaming &&
        target.kind === 'module' &&
        !pending.has(target.path)
      ) {
        pending.set(target.path, entry);
      }
    }
    for (const [path, view] of this._views) {
      if (pending.get(path)?.proposal.id !== view.entry.proposal.id) {
        view.dispose();
        this._views.delete(path);
      }
    }
    for (const [path, entry] of pending) {
      if (!this._views.has(path)) {
        this._views.set(
          path,
          new ModuleDiffView({
            entry,
            widget: this._open(path),
            review: this._review,
            kindLabel: this._kindLabel(entry.proposal.kind),
            trans: this._trans
          })
        );
      }
    }
  }

  private _open(
    path: string
  ): IDocumentWidget<Private.IFileEditor> | undefined {
    return this._docManager.openOrReveal(
      this._resolve(path),
      'Editor',
      undefined,
      {
        mode: 'split-right'
      }
    ) as IDocumentWidget<Private.IFileEditor> | undefined;
  }

  private _proposals: ProposalsModel;
  private _docManager: IDocumentManager;
  private _resolve: (path: string) => string;
  private _review: IModuleReview;
  private _kindLabel: (kind: string) => string;
  private _trans: TranslationBundle;
  private _views = new Map<string, ModuleDiffView>();
  private _isDisposed = false;
}

/** Options of {@link ModuleDiffManager}. */
export namespace ModuleDiffManager {
  export interface IOptions {
    proposals: ProposalsModel;
    /** Opens the modules in the file editor. */
    docManager: IDocumentManager;
    /** A module's path as the contents API names it. */
    resolve: (path: string) => string;
    review: IModuleReview;
    /** The label of a kind of fix (error repair, ...). */
    kindLabel: (kind: string) => string;
    /** Translates the inline diff's text. */
    trans: TranslationBundle;
  }
}

/** The inline diff of one module proposal in its file's editor. */
class ModuleDiffView {
  constructor(options: {
    entry: IProposalEntry;
    widget: IDocumentWidget<Private.IFileEditor> | undefined;
    review: IModuleReview;
    kindLabel: string;
    trans: TranslationBundle;
  }) {
    this.entry = options.entry;
    this._widget = options.widget ?? null;
    this._review = options.review;
    this._kindLabel = options.kindLabel;
    this._trans = options.trans;
    const { before, after } = this.entry.proposal;
    this._set = computeHunks(before, after);
    void this._show();
  }

  /** The proposal this view shows. */
  readonly entry: IProposalEntry;

  dispose(): void {
    this._disposed = true;
    this._view()?.dispatch({ effects: setInlineDiff.of(null) });
  }

  private async _show(): Promise<void> {
    await this._widget?.context.ready;
    const editor = this._editor();
    if (!editor || this._disposed) {
      return;
    }
    if (!Private.injected.has(editor.editor)) {
      Private.injected.add(editor.editor);
      editor.injectExtension(inlineDiffExtension());
    }
    // Made against the file on disk; the editor may hold unsaved edits.
    this._set = rebaseHunks(this._set, editor.model.sharedModel.getSource());
    this._render();
  }

  private _render(): void {
    const { proposal } = this.entry;
    const diff: IInlineDiff = {
      proposalId: proposal.id,
      kind: proposal.kind,
      kindLabel: this._kindLabel,
      trans: this._trans,
      rationale: proposal.rationale,
      unsafe: proposal.unsafe,
      streaming: false,
      scope: 'file',
      hunks: this._remaining().hunks,
      actions: {
        acceptHunk: id => this._decide(id, true),
        rejectHunk: id => this._decide(id, false),
        acceptCell: () => {
          const ids = this._remaining().hunks.filter(h => !h.conflicted);
          ids.forEach(hunk => this._accepted.add(hunk.id));
          this._finish();
        },
        rejectCell: () => this._finish()
      }
    };
    this._view()?.dispatch({ effects: setInlineDiff.of(diff) });
  }

  /** The hunks not decided yet. */
  private _remaining(): IHunkSet {
    return rejectHunks(this._set, [...this._accepted, ...this._rejected]);
  }

  private _decide(hunkId: string, accept: boolean): void {
    (accept ? this._accepted : this._rejected).add(hunkId);
    if (this._remaining().hunks.length === 0) {
      this._finish();
    } else {
      this._render();
    }
  }

  /** Ends the review: accepted with the text its accepted hunks make, if any was. */
  private _finish(): void {
    const { id } = this.entry.proposal;
    if (this._accepted.size === 0) {
      this._review.reject(id);
      return;
    }
    this._review.acceptModule(id, acceptHunks(this._set, this._accepted).text);
  }

  private _editor(): CodeMirrorEditor | null {
    const content = this._widget?.content;
    return content && !content.isDisposed
      ? (content.editor as CodeMirrorEditor)
      : null;
  }

  private _view() {
    return this._editor()?.editor ?? null;
  }

  private _widget: IDocumentWidget<Private.IFileEditor> | null;
  private _review: IModuleReview;
  private _kindLabel: string;
  private _trans: TranslationBundle;
  private _set: IHunkSet;
  private _accepted = new Set<string>();
  private _rejected = new Set<string>();
  private _disposed = false;
}

namespace Private {
  /** The editors that already have the inline diff's extension. */
  export const injected = new WeakSet<object>();

  /** The file editor's widget, as far as the inline diff uses it. */
  export interface IFileEditor extends Widget {
    editor: CodeEditor.IEditor;
  }
}
