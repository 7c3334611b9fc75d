import {
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
  type Range
} from '@codemirror/state';
import {
  Decoration,
  EditorView,
  WidgetType,
  type DecorationSet
} from '@codemirror/view';
import type { TranslationBundle } from '@jupyterlab/translation';
import { unsafeFlags, type IHunk } from '../../core';

/** What the inline diff of one cell shows: a pending proposal's hunks over the cell's text. */
export interface IInlineDiff {
  proposalId: string;
  /** The kind of fix (`error-repair`, ...) and how the bar says it. */
  kind: string;
  kindLabel: string;
  rationale: string;
  /** Why the proposal is unsafe to accept unread; empty when it is not. */
  unsafe: readonly string[];
  /** The proposal still streams in: it cannot be decided yet. */
  streaming: boolean;
  /** What the whole proposal changes: a notebook's cell (the default) or a module's file. */
  scope?: 'cell' | 'file';
  /** The hunks, positioned on the editor's text. */
  hunks: readonly IHunk[];
  /** What the buttons do. */
  actions: IInlineDiffActions;
  /** Translates the bar's and the buttons' text. */
  trans: TranslationBundle;
}

/** The decisions the inline diff's buttons send. */
export interface IInlineDiffActions {
  acceptHunk(hunkId: string): void;
  rejectHunk(hunkId: string): void;
  acceptCell(): void;
  rejectCell(): void;
}

/** Shows `diff` in the editor, or clears it with null. */
export const setInlineDiff = StateEffect.define<IInlineDiff | null>();

/** The inline diff an editor shows now, or null. */
export function inlineDiffOf(state: EditorState): IInlineDiff | null {
  return state.field(Private.field, false)?.diff ?? null;
}

/**
 * The CodeMirror extension of the inline diff: removed lines are marked where they
 * stand, the lines that replace them show beneath in a widget with the hunk's buttons,
 * and a bar above the code says what the proposal is. It only decorates: the text is
 * untouched until a decision writes it.
 */
export function inlineDiffExtension(): Extension {
  return [Private.field];
}

namespace Private {
  interface IFieldValue {
    diff: IInlineDiff | null;
    decorations: DecorationSet;
  }

  export const field = StateField.define<IFieldValue>({
    create: () => ({ diff: null, decorations: Decoration.none }),
    update(value, tr) {
      for (const effect of tr.effects) {
        if (effect.is(setInlineDiff)) {
          const diff = effect.value;
          return {
            diff,
            decorations: diff ? decorations(tr.state, diff) : Decoration.none
          };
        }
      }
      // Until the hunks are rebased on the user's edit, they move with the text.
      return tr.docChanged
        ? { ...value, decorations: value.decorations.map(tr.changes) }
        : value;
    },
    provide: f => EditorView.decorations.from(f, value => value.decorations)
  });

  function decorations(state: EditorState, diff: IInlineDiff): DecorationSet {
    const { doc } = state;
    const ranges: Range<Decoration>[] = [
      Decoration.widget({
        widget: new BarWidget(diff),
        block: true,
        side: -2
      }).range(0)
    ];
    for (const hunk of diff.hunks) {
      const lineClass = hunk.conflicted
        ? 'jp-Modernizer-inlineRemoved jp-mod-conflicted'
        : 'jp-Modernizer-inlineRemoved';
      const end = Math.min(hunk.start + hunk.removed.length, doc.lines);
      for (let n = hunk.start + 1; n <= end; n++) {
        ranges.push(
          Decoration.line({ class: lineClass }).range(doc.line(n).from)
        );
      }
      // The new lines go beneath the removed ones, or the line they follow.
      ranges.push(
        Decoration.widget({
          widget: new HunkWidget(hunk, diff),
          block: true,
          side: end === 0 ? -1 : 1
        }).range(end === 0 ? 0 : doc.line(end).to)
      );
    }
    return Decoration.set(ranges, true);
  }

  /** A button that acts without taking the editor's focus or selection. */
  function button(
    label: string,
    className: string,
    title: string,
    onClick: () => void,
    disabled = false
  ): HTMLButtonElement {
    const node = document.createElement('button');
    node.type = 'button';
    node.className = `jp-Button jp-mod-styled jp-mod-small ${className}`;
    node.textContent = label;
    node.title = title;
    node.disabled = disabled;
    node.addEventListener('mousedown', event => event.preventDefault());
    node.addEventListener('click', event => {
      event.preventDefault();
      event.stopPropagation();
      onClick();
    });
    return node;
  }

  function unsafeNote(
    unsafe: readonly string[],
    trans: TranslationBundle
  ): HTMLElement {
    const note = document.createElement('div');
    note.className = 'jp-Modernizer-inlineUnsafe';
    note.setAttribute('role', 'alert');
    note.textContent = trans.__(
      'Unsafe: %1. Read it before you accept it.',
      unsafe.join('; ')
    );
    return note;
  }

  /** The lines a hunk puts in, with its buttons (only Dismiss when it conflicts). */
  class HunkWidget extends WidgetType {
    constructor(
      readonly hunk: IHunk,
      readonly diff: IInlineDiff
    ) {
      super();
    }

    eq(other: HunkWidget): boolean {
      const a = this.hunk;
      const b = other.hunk;
      return (
        a.id === b.id &&
        a.conflicted === b.conflicted &&
        a.added.join('') === b.added.join('') &&
        this.diff.streaming === other.diff.streaming &&
        this.diff.unsafe.join() === other.diff.unsafe.join() &&
        this.diff.actions === other.diff.actions
      );
    }

    toDOM(view: EditorView): HTMLElement {
      const { hunk, diff } = this;
      const trans = diff.trans;
      const root = document.createElement('div');
      root.className = `jp-Modernizer-inlineHunk${hunk.conflicted ? ' jp-mod-conflicted' : ''}`;
      root.dataset.hunk = hunk.id;
      root.dataset.conflicted = String(hunk.conflicted);
      for (const line of hunk.added) {
        const row = document.createElement('div');
        row.className = 'jp-Modernizer-inlineAdded';
        row.textContent = line.replace(/\r?\n$/, '') || '\u200b';
        root.appendChild(row);
      }
      // The warning goes on the hunks that add the unsafe code, naming each flag.
      const flags =
        diff.unsafe.length > 0 && !hunk.conflicted
          ? unsafeFlags(hunk.removed.join(''), hunk.added.join(''), {
              // The cell's other lines, and what the proposal's other hunks add, say what
              // its names are (`import os as o`, `from shutil import rmtree as tidy`).
              context: [
                view.state.doc.toString(),
                ...diff.hunks.flatMap(other => other.added)
              ].join('\n')
            })
          : [];
      const unsafe = [...new Set(flags.map(f => `${f.reason} (${f.detail})`))];
      if (unsafe.length > 0) {
        root.appendChild(unsafeNote(unsafe, trans));
      }
      const bar = document.createElement('div');
      bar.className = 'jp-Modernizer-inlineHunkButtons';
      if (hunk.conflicted) {
        const note = document.createElement('span');
        note.className = 'jp-Modernizer-inlineConflict';
        note.textContent = trans.__(
          'Conflicts with your edit: your text is kept.'
        );
        bar.appendChild(note);
        bar.appendChild(
          button(
            trans.__('Dismiss'),
            'jp-mod-reject jp-Modernizer-rejectHunk',
            trans.__('Drop this change'),
            () => diff.actions.rejectHunk(hunk.id)
          )
        );
      } else {
        bar.appendChild(
          button(
            trans.__('Accept'),
            'jp-mod-accept jp-Modernizer-acceptHunk',
            trans.__('Apply this change (Ctrl+Z undoes it)'),
            () => diff.actions.acceptHunk(hunk.id),
            diff.streaming
          )
        );
        bar.appendChild(
          button(
            trans.__('Reject'),
            'jp-mod-reject jp-Modernizer-rejectHunk',
            trans.__('Keep these lines as they are'),
            () => diff.actions.rejectHunk(hunk.id),
            diff.streaming
          )
        );
      }
      root.appendChild(bar);
      return root;
    }
  }

  /** Above the code: the kind of fix, its rationale, Accept cell and Reject cell. */
  class BarWidget extends WidgetType {
    constructor(readonly diff: IInlineDiff) {
      super();
    }

    eq(other: BarWidget): boolean {
      const a = this.diff;
      const b = other.diff;
      return (
        a.proposalId === b.proposalId &&
        a.rationale === b.rationale &&
        a.kind === b.kind &&
        a.kindLabel === b.kindLabel &&
        a.streaming === b.streaming &&
        a.unsafe.join() === b.unsafe.join() &&
        a.scope === b.scope &&
        a.hunks.length === b.hunks.length &&
        a.hunks.every(h => !h.conflicted) ===
          b.hunks.every(h => !h.conflicted) &&
        a.actions === b.actions
      );
    }

    toDOM(): HTMLElement {
      const { diff } = this;
      const trans = diff.trans;
      const root = document.createElement('div');
      root.className = 'jp-Modernizer-inlineBar';
      root.dataset.proposal = diff.proposalId;
      const kind = document.createElement('span');
      kind.className = `jp-Modernizer-kind jp-mod-${diff.kind} jp-Modernizer-inlineKind`;
      kind.textContent = diff.kindLabel;
      const rationale = document.createElement('span');
      rationale.className = 'jp-Modernizer-inlineRationale';
      rationale.textContent = diff.streaming
        ? trans.__('%1 (streaming…)', diff.rationale)
        : diff.rationale;
      rationale.title = diff.rationale;
      const applicable = diff.hunks.some(h => !h.conflicted);
      const buttons = document.createElement('span');
      buttons.className = 'jp-Modernizer-inlineBarButtons';
      const file = diff.scope === 'file';
      buttons.append(
        button(
          file ? trans.__('Accept file') : trans.__('Accept cell'),
          'jp-mod-accept jp-Modernizer-acceptCell',
          file
            ? trans.__(
                'Apply every change of this file that does not conflict with your edits'
              )
            : trans.__(
                'Apply every change of this cell that does not conflict with your edits'
              ),
          () => diff.actions.acceptCell(),
          diff.streaming || !applicable
        ),
        button(
          file ? trans.__('Reject file') : trans.__('Reject cell'),
          'jp-mod-reject jp-Modernizer-rejectCell',
          file
            ? trans.__('Keep this file as it is')
            : trans.__('Keep this cell as it is'),
          () => diff.actions.rejectCell()
        )
      );
      // The buttons first: a long rationale is cut, never them.
      root.append(kind, buttons, rationale);
      if (diff.unsafe.length > 0) {
        root.appendChild(unsafeNote(diff.unsafe, trans));
      }
      return root;
    }
  }
}
