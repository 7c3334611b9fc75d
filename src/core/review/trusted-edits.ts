import type { ITextEdit } from '../rules/types';

/**
 * Where in `after` the text of each declared edit stands, for the edits that, applied to
 * `before`, give `after` exactly (some declared edits may have been left out). Empty when
 * no choice of them gives `after`: then nothing is trusted.
 */
export function trustedSpans(
  before: string,
  after: string,
  edits: readonly ITextEdit[]
): [number, number][] {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  const failed = new Set<string>();
  const search = (
    i: number,
    atBefore: number,
    atAfter: number
  ): [number, number][] | null => {
    const key = `${i}:${atBefore}:${atAfter}`;
    if (failed.has(key)) {
      return null;
    }
    const found = step(i, atBefore, atAfter);
    if (!found) {
      failed.add(key);
    }
    return found;
  };
  const step = (
    i: number,
    atBefore: number,
    atAfter: number
  ): [number, number][] | null => {
    if (i === sorted.length) {
      return before.slice(atBefore) === after.slice(atAfter) ? [] : null;
    }
    const edit = sorted[i];
    if (edit.from < atBefore) {
      return search(i + 1, atBefore, atAfter); // overlaps one applied: left out
    }
    const gap = edit.from - atBefore;
    if (
      before.slice(atBefore, edit.from) !== after.slice(atAfter, atAfter + gap)
    ) {
      return null;
    }
    const at = atAfter + gap;
    if (after.startsWith(edit.insert, at)) {
      const rest = search(i + 1, edit.to, at + edit.insert.length);
      if (rest) {
        return [[at, at + edit.insert.length], ...rest];
      }
    }
    return search(i + 1, edit.from, at);
  };
  return (search(0, 0, 0) ?? []).filter(([from, to]) => to > from);
}
