import { summarizeError } from '../diagnosis/traceback';
import type { ICellResult } from '../execution/types';
import type { IChange } from '../model/types';

// Names as code writes them; strings and comments count too (good enough to compare).
const NAME = /[A-Za-z_]\w*/g;
// What an error is about: a name, an attribute, an imported name or module, a key.
const ERROR_NAMES: Record<string, RegExp> = {
  NameError: /name '([\w.]+)' is not defined/,
  UnboundLocalError: /variable '(\w+)'/,
  AttributeError: /attribute '(\w+)'/,
  ImportError: /cannot import name '(\w+)'/,
  ModuleNotFoundError: /No module named '([\w.]+)'/,
  KeyError: /^['"]([^'"]+)['"]$/
};

/** A failure that came with a change: which change, and one line on why it made things worse. */
export interface IWorse {
  change: IChange;
  why: string;
}

/** The names `after` has that `before` has not. */
export function introducedNames(before: string, after: string): Set<string> {
  const old = new Set(before.match(NAME) ?? []);
  return new Set((after.match(NAME) ?? []).filter(name => !old.has(name)));
}

/** What an error is about: NameError's name, AttributeError's attribute, a KeyError's key. */
export function namesInError(result: ICellResult): string[] {
  const ename = result.ename?.split('.').pop() ?? '';
  const pattern = ERROR_NAMES[ename];
  const match = pattern?.exec((result.evalue ?? '').trim());
  if (!match) {
    return [];
  }
  const name = match.slice(1).find(group => group !== undefined) ?? '';
  return name.split('.').filter(part => part !== '');
}

/**
 * A failure that is the change's fault: the error is about a name the change brought in
 * (`np` it wrote but nothing imports, `np.sort_values` for a method of frames).
 */
export function faultOf(
  change: IChange,
  result: ICellResult
): IWorse | undefined {
  if (result.status !== 'error') {
    return undefined;
  }
  const introduced = introducedNames(change.proposal.before, change.applied);
  const name = namesInError(result).find(n => introduced.has(n));
  return name
    ? {
        change,
        why: `it brought in '${name}', and the code then failed on it (${Private.oneLine(result)})`
      }
    : undefined;
}

/** The latest change to a failing cell, when it is still in place and to blame. */
export function faultAt(
  changes: readonly IChange[],
  cellId: string,
  current: string | null,
  result: ICellResult
): IWorse | undefined {
  const change = [...changes]
    .reverse()
    .find(
      ({ proposal: { target } }) =>
        target.kind === 'cell' && target.cellId === cellId
    );
  return change && change.applied === current
    ? faultOf(change, result)
    : undefined;
}

/** Whether a cell at or before a 1-based position, or a local module, was changed. */
export function changedUpTo(
  changes: readonly IChange[],
  cells: readonly { id: string }[],
  position: number
): boolean {
  return changes.some(({ proposal: { target } }) => {
    if (target.kind === 'module') {
      return true;
    }
    const at = cells.findIndex(c => c.id === target.cellId);
    return at >= 0 && at < position;
  });
}

/** A cell that ran before the change fails with it. */
export function earlierFailure(change: IChange, result: ICellResult): IWorse {
  return {
    change,
    why: `with it, a cell that ran before fails (${Private.oneLine(result)})`
  };
}

namespace Private {
  export function oneLine(result: ICellResult): string {
    const text = summarizeError(result).split('\n')[0];
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  }
}
