import { changedSpan } from '../../core';
import { LiveNotebook } from '../live-notebook';

/**
 * The live notebook whose cells the inline review writes as the user decides, hunk by
 * hunk. When the run then applies its decision, the text already in the cell is
 * confirmed rather than written again.
 */
export class ReviewedNotebook extends LiveNotebook {
  constructor(options: LiveNotebook.IOptions) {
    super(options);
    this._notebookPanel = options.panel;
  }

  /**
   * Writes a decided text into a cell as one undoable step, changing only the span that
   * differs (the cursor and collaborators' positions stay); false when the cell no
   * longer holds `expected`.
   */
  writeReviewed(cellId: string, expected: string, text: string): boolean {
    const cell = this._sharedCell(cellId);
    if (!cell || cell.getSource() !== expected) {
      return false;
    }
    this.markReviewed(cellId, text);
    if (text === expected) {
      return true;
    }
    const { start, end, text: value } = changedSpan(expected, text);
    // A step of its own: not merged with the typing just before or after it.
    const undo = (cell as Private.IUndoable).undoManager;
    undo?.stopCapturing();
    cell.updateSource(start, end, value);
    undo?.stopCapturing();
    return true;
  }

  /**
   * Records the text a review left in a cell (accepted hunks and the user's own edits),
   * which the run's write of its decision then confirms.
   */
  markReviewed(cellId: string, text: string): void {
    this._written.set(cellId, text);
  }

  /** Confirms a text the review already wrote; otherwise replaces as the live notebook does. */
  replaceSource(cellId: string, expected: string, source: string): boolean {
    if (
      this._written.get(cellId) === source &&
      this.source(cellId) === source
    ) {
      this._written.delete(cellId);
      return true;
    }
    return super.replaceSource(cellId, expected, source);
  }

  private _sharedCell(cellId: string) {
    const cells = this._notebookPanel.content.model?.sharedModel.cells ?? [];
    return cells.find(cell => cell.id === cellId) ?? null;
  }

  private _notebookPanel: LiveNotebook.IOptions['panel'];
  private _written = new Map<string, string>();
}

namespace Private {
  export interface IUndoable {
    undoManager?: { stopCapturing(): void } | null;
  }
}
