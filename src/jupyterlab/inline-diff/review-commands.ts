import type { CommandRegistry } from '@lumino/commands';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { IHunk } from '../../core';
import { CommandIDs } from '../commands';
import type { ReviewController } from './review-controller';

/** The notebook whose proposals the review commands decide. */
export interface IReviewTarget {
  panel: NotebookPanel;
  review: ReviewController;
}

/**
 * Adds the keyboard's review commands: accept or reject the hunk at the cursor, accept
 * or reject the active cell's proposal, and go to the next cell with a proposal.
 */
export function addReviewCommands(
  commands: CommandRegistry,
  current: () => IReviewTarget | null,
  trans: TranslationBundle
): void {
  const active = () => {
    const target = current();
    const cell = target?.panel.content.activeCell;
    const entry = cell
      ? target!.review.proposals.pendingFor(cell.model.id)
      : null;
    return target && cell && entry ? { ...target, cell, entry } : null;
  };
  const atCursor = (): { id: string; hunk: IHunk } | null => {
    const found = active();
    const line = found?.cell.editor?.getCursorPosition().line ?? 0;
    const hunk = Private.hunkAt(found?.entry.hunks?.hunks ?? [], line);
    return found && hunk ? { id: found.entry.proposal.id, hunk } : null;
  };
  const hasProposal = () => !!active();

  commands.addCommand(CommandIDs.acceptHunk, {
    label: trans.__('Accept the Change at the Cursor'),
    caption: trans.__(
      'Apply the proposed change nearest the cursor in the active cell'
    ),
    isEnabled: hasProposal,
    describedBy: Private.noArgs,
    execute: () => {
      const found = atCursor();
      if (found) {
        current()?.review.acceptHunk(found.id, found.hunk.id);
      }
    }
  });
  commands.addCommand(CommandIDs.rejectHunk, {
    label: trans.__('Reject the Change at the Cursor'),
    caption: trans.__(
      'Drop the proposed change nearest the cursor in the active cell'
    ),
    isEnabled: hasProposal,
    describedBy: Private.noArgs,
    execute: () => {
      const found = atCursor();
      if (found) {
        current()?.review.rejectHunk(found.id, found.hunk.id);
      }
    }
  });
  commands.addCommand(CommandIDs.acceptCell, {
    label: trans.__('Accept the Cell’s Proposal'),
    caption: trans.__('Apply every change proposed for the active cell'),
    isEnabled: hasProposal,
    describedBy: Private.noArgs,
    execute: () => {
      const found = active();
      found?.review.accept(found.entry.proposal.id);
    }
  });
  commands.addCommand(CommandIDs.rejectCell, {
    label: trans.__('Reject the Cell’s Proposal'),
    caption: trans.__('Keep the active cell as it is'),
    isEnabled: hasProposal,
    describedBy: Private.noArgs,
    execute: () => {
      const found = active();
      found?.review.reject(found.entry.proposal.id);
    }
  });
  commands.addCommand(CommandIDs.nextProposal, {
    label: trans.__('Go to the Next Proposal'),
    caption: trans.__(
      'Edit the next cell with a proposal to review, at its first change'
    ),
    isEnabled: () => !!current(),
    describedBy: Private.noArgs,
    execute: async () => {
      const target = current();
      if (target) {
        await Private.goToNext(target);
      }
    }
  });
}

namespace Private {
  /** The commands act on the active cell and take no arguments. */
  export const noArgs = {
    args: { type: 'object' as const, properties: {} }
  };

  /** The hunk on the cursor's line, else the next one below it, else the last. */
  export function hunkAt(hunks: readonly IHunk[], line: number): IHunk | null {
    return (
      hunks.find(
        h => line >= h.start && line < h.start + Math.max(h.removed.length, 1)
      ) ??
      hunks.find(h => h.start >= line) ??
      hunks[hunks.length - 1] ??
      null
    );
  }

  /** Edits the first cell after the active one (wrapping) that has a pending proposal. */
  export async function goToNext({
    panel,
    review
  }: IReviewTarget): Promise<void> {
    const notebook = panel.content;
    const count = notebook.widgets.length;
    for (let step = 1; step <= count; step++) {
      const index = (notebook.activeCellIndex + step) % count;
      const cell = notebook.widgets[index];
      const entry = review.proposals.pendingFor(cell.model.id);
      if (!entry) {
        continue;
      }
      notebook.deselectAll();
      notebook.activeCellIndex = index;
      await notebook.scrollToItem(index, 'smart');
      await cell.ready;
      notebook.mode = 'edit';
      const line = entry.hunks?.hunks[0]?.start ?? 0;
      cell.editor?.setCursorPosition({
        line: Math.min(line, cell.editor.lineCount - 1),
        column: 0
      });
      cell.editor?.focus();
      return;
    }
  }
}
