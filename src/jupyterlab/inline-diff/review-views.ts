import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import { kindLabel } from '../review/kind-label';
import type { FixRequests } from '../review/fix-requests';
import { ErrorFixButtons } from './error-fix-buttons';
import { InlineDiffManager } from './manager';
import { ModuleDiffManager } from './module-diff';
import type { ReviewController } from './review-controller';

/**
 * What the review shows outside the panel: each pending cell proposal as an inline diff
 * in its cell, each module proposal in the file editor, and Fix with Modernizer under
 * every failed cell. They render the review's proposals and send the user's decisions
 * back to it.
 */
export class ReviewViews implements IDisposable {
  constructor(options: ReviewViews.IOptions) {
    const { review, panel, trans } = options;
    const label = (kind: string) => kindLabel(kind, trans);
    this._inline = new InlineDiffManager({
      panel,
      proposals: review.proposals,
      review,
      kindLabel: label,
      trans
    });
    const { docManager } = options;
    if (docManager) {
      const modules = new ModuleDiffManager({
        proposals: review.proposals,
        docManager,
        resolve: path => review.notebook.resolve(path),
        review,
        kindLabel: label,
        trans
      });
      review.notebook.moduleWritten.connect(
        (_, path) => void modules.reload(path)
      );
      this._modules = modules;
    }
    this._errorButtons = new ErrorFixButtons({
      panel,
      onFix: cellId => options.fixes.fixCell(cellId),
      trans
    });
  }

  /** Whether the views are disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Removes the inline diffs and the buttons. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._inline.dispose();
    this._modules?.dispose();
    this._errorButtons.dispose();
  }

  private _inline: InlineDiffManager;
  private _modules: ModuleDiffManager | null = null;
  private _errorButtons: ErrorFixButtons;
  private _isDisposed = false;
}

/** Options of {@link ReviewViews}. */
export namespace ReviewViews {
  export interface IOptions {
    review: ReviewController;
    /** Where Fix with Modernizer sends its requests. */
    fixes: FixRequests;
    panel: NotebookPanel;
    /** Opens a module with a pending proposal in the file editor, if given. */
    docManager?: IDocumentManager | null;
    trans: TranslationBundle;
  }
}
