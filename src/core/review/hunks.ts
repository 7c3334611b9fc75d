import { diffArrays } from 'diff';

/**
 * One change of a proposal: lines removed from the text and lines put in their place.
 * Lines keep their line ends (`\n`, `\r\n`), so applying a hunk gives back the exact text.
 */
export interface IHunk {
  /** Stable across recomputation: made from the hunk's content, not its position. */
  id: string;
  /** 0-based index, in the text the hunks apply to, of the first line removed (or where the added lines go). */
  start: number;
  removed: readonly string[];
  added: readonly string[];
  /** The user edited these lines since: the hunk is never applied over their text. */
  conflicted: boolean;
}

/** The hunks of a proposal and the text they apply to (the cell as it is now). */
export interface IHunkSet {
  text: string;
  hunks: readonly IHunk[];
  /**
   * Neither side ended with a line end: a virtual `\n` is added to the last line while
   * diffing, so appending a line does not show the last line as changed.
   */
  virtualEol: boolean;
}

/** The hunks that turn `before` into `after`, each a run of changed lines with no context. */
export function computeHunks(before: string, after: string): IHunkSet {
  const virtualEol = !before.endsWith('\n') && !after.endsWith('\n');
  const hunks = Private.diff(
    Private.lines(before, virtualEol),
    Private.lines(after, virtualEol)
  ).map(edit => ({ ...edit, id: '', conflicted: false }));
  return { text: before, hunks: Private.withIds(hunks), virtualEol };
}

/**
 * The text with the hunks whose ids are given applied (all when `ids` is omitted);
 * conflicted hunks, and hunks whose lines are no longer in the text, are left out.
 */
export function applyHunks(set: IHunkSet, ids?: Iterable<string>): string {
  const wanted = ids ? new Set(ids) : null;
  const lines = Private.lines(set.text, set.virtualEol);
  const chosen = set.hunks
    .filter(hunk => !wanted || wanted.has(hunk.id))
    .filter(hunk => !hunk.conflicted && Private.matches(lines, hunk))
    .sort((a, b) => b.start - a.start);
  for (const hunk of chosen) {
    lines.splice(hunk.start, hunk.removed.length, ...hunk.added);
  }
  return Private.text(lines, set);
}

/**
 * Applies the hunks whose ids are given and moves the others onto the resulting text;
 * the applied ones leave the set.
 */
export function acceptHunks(set: IHunkSet, ids: Iterable<string>): IHunkSet {
  const wanted = new Set(ids);
  const text = applyHunks(set, wanted);
  const lines = Private.lines(set.text, set.virtualEol);
  const applied = set.hunks.filter(
    hunk =>
      wanted.has(hunk.id) && !hunk.conflicted && Private.matches(lines, hunk)
  );
  const hunks = set.hunks
    .filter(hunk => !applied.includes(hunk))
    .map(hunk => {
      const shift = applied
        .filter(done => done.start < hunk.start)
        .reduce(
          (sum, done) => sum + done.added.length - done.removed.length,
          0
        );
      return { ...hunk, start: hunk.start + shift };
    });
  return { ...set, text, hunks };
}

/** Drops the hunks whose ids are given: the text stays as it is. */
export function rejectHunks(set: IHunkSet, ids: Iterable<string>): IHunkSet {
  const dropped = new Set(ids);
  return { ...set, hunks: set.hunks.filter(hunk => !dropped.has(hunk.id)) };
}

/**
 * Moves the hunks onto `current`, the text after the user's own edits: a hunk whose
 * lines the user did not touch moves with the lines around it; one that overlaps an
 * edit becomes conflicted and is never applied.
 */
export function rebaseHunks(set: IHunkSet, current: string): IHunkSet {
  if (current === set.text) {
    return set;
  }
  const edits = Private.diff(
    Private.lines(set.text, set.virtualEol),
    Private.lines(current, set.virtualEol)
  );
  const hunks = set.hunks.map(hunk => {
    const end = hunk.start + hunk.removed.length;
    let shift = 0;
    let conflicted = hunk.conflicted;
    for (const edit of edits) {
      const editEnd = edit.start + edit.removed.length;
      if (Private.overlaps(edit.start, editEnd, hunk.start, end)) {
        conflicted = true;
      } else if (editEnd <= hunk.start) {
        shift += edit.added.length - edit.removed.length;
      }
    }
    return { ...hunk, start: hunk.start + shift, conflicted };
  });
  return { ...set, text: current, hunks };
}

/**
 * The one span of `before` to replace to get `after`: `[start, end)` and its new text,
 * found from the common start and end (a write that touches only what changed).
 */
export function changedSpan(
  before: string,
  after: string
): { start: number; end: number; text: string } {
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before[start] === after[start]) {
    start++;
  }
  let tail = 0;
  while (
    tail < limit - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  return {
    start,
    end: before.length - tail,
    text: after.slice(start, after.length - tail)
  };
}

namespace Private {
  /** A run of changed lines: where it starts in the old lines, what goes, what comes. */
  export interface IEdit {
    start: number;
    removed: string[];
    added: string[];
  }

  /** The text's lines with their line ends; with `virtualEol`, the last line gets a `\n`. */
  export function lines(text: string, virtualEol: boolean): string[] {
    if (text === '') {
      return [];
    }
    const split = text.split(/(?<=\n)/);
    if (virtualEol && !text.endsWith('\n')) {
      split[split.length - 1] += '\n';
    }
    return split;
  }

  /** Lines joined back, without the virtual line end the text did not have. */
  export function text(
    lines: readonly string[],
    set: Pick<IHunkSet, 'text' | 'virtualEol'>
  ): string {
    const joined = lines.join('');
    return set.virtualEol && !set.text.endsWith('\n') && joined.endsWith('\n')
      ? joined.slice(0, -1)
      : joined;
  }

  /** The runs of changed lines between two line lists. */
  export function diff(
    before: readonly string[],
    after: readonly string[]
  ): IEdit[] {
    const edits: IEdit[] = [];
    let at = 0;
    let open: IEdit | null = null;
    for (const change of diffArrays([...before], [...after])) {
      if (!change.added && !change.removed) {
        at += change.count ?? change.value.length;
        open = null;
        continue;
      }
      if (!open) {
        open = { start: at, removed: [], added: [] };
        edits.push(open);
      }
      if (change.removed) {
        open.removed.push(...change.value);
        at += change.value.length;
      } else {
        open.added.push(...change.value);
      }
    }
    return edits;
  }

  /** Ids from the content, numbered when the same change occurs twice. */
  export function withIds(hunks: IHunk[]): IHunk[] {
    const seen = new Map<string, number>();
    return hunks.map(hunk => {
      const key = hash(`${hunk.removed.join('')}\u0000${hunk.added.join('')}`);
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      return { ...hunk, id: `h${key}-${n}` };
    });
  }

  /** Whether the text still holds the hunk's removed lines where it says. */
  export function matches(lines: readonly string[], hunk: IHunk): boolean {
    return (
      hunk.start + hunk.removed.length <= lines.length &&
      hunk.removed.every((line, i) => lines[hunk.start + i] === line)
    );
  }

  /**
   * Whether two line ranges overlap. An empty range (an insertion) overlaps a range it
   * falls strictly inside, or another insertion at the same place (their order is the
   * user's to choose); at an edge, it only moves the other range.
   */
  export function overlaps(
    aStart: number,
    aEnd: number,
    bStart: number,
    bEnd: number
  ): boolean {
    if (aStart === aEnd && bStart === bEnd) {
      return aStart === bStart;
    }
    if (aStart === aEnd) {
      return bStart < aStart && aStart < bEnd;
    }
    if (bStart === bEnd) {
      return aStart < bStart && bStart < aEnd;
    }
    return aStart < bEnd && bStart < aEnd;
  }

  /** FNV-1a, in base 36: short and stable. */
  function hash(text: string): string {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return (h >>> 0).toString(36);
  }
}
