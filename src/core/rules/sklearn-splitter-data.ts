import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { dottedName, textOf, type IArgument } from './syntax';
import type { IBinding, IRuleContext } from './types';

/** A value a rewrite writes, and the imports it needs. */
export interface ISplitValue {
  text: string;
  needs: IBinding[];
}

/**
 * The data a splitter's `.split(X, y)` is given: `X` and `y` as the loop indexes them with
 * the training indices (`X[train]`, `y.iloc[train]`), else as the old constructor's first
 * argument gives them: the labels (`X` is then `np.zeros(len(y))`, as scikit-learn's
 * documentation does), or the data size (`len(X)` gives `X`, any other `n` `range(n)`).
 */
export function splitData(
  context: IRuleContext,
  loop: SyntaxNode | null,
  old: { first: 'n' | 'y'; arg: IArgument } | undefined
): { x: ISplitValue | null; y: ISplitValue | null } {
  const plain = (text: string): ISplitValue => ({ text, needs: [] });
  const [xName, yName] = loop ? indexedByTrain(context, loop) : [];
  let x = xName ? plain(xName) : null;
  let y = yName ? plain(yName) : null;
  const first = old
    ? context.source.slice(old.arg.valueFrom, old.arg.valueTo)
    : '';
  if (old?.first === 'y') {
    y = plain(first);
    if (x === null || x.text === first) {
      const np = spellName(context, { module: 'numpy', alias: 'np' });
      x = { text: `${np.text}.zeros(len(${first}))`, needs: np.needs };
    }
  } else if (old?.first === 'n' && x === null) {
    const size = /^len\((\w+)\)$|^(\w+)\.shape\[0\]$/.exec(first);
    x = plain(size ? (size[1] ?? size[2]) : `range(${first})`);
  }
  return { x, y };
}

/** Names the loop indexes with its training indices (`X` in `X[train]`), in order. */
function indexedByTrain(context: IRuleContext, loop: SyntaxNode): string[] {
  const train = trainName(context, loop);
  if (train === null) {
    return [];
  }
  const names: string[] = [];
  const cursor = loop.cursor();
  do {
    const node = cursor.node;
    const key = node.getChild('[')?.nextSibling;
    const dotted =
      node.name === 'MemberExpression' &&
      key &&
      key.nextSibling?.name === ']' &&
      textOf(context, key) === train
        ? dottedName(context, node.firstChild!)
        : null;
    const base = dotted?.replace(/\.(iloc|loc|values)$/, '');
    if (base && !names.includes(base)) {
      names.push(base);
    }
  } while (cursor.next());
  return names;
}

/**
 * The loop's name for the training indices: `train` in `for train, test in cv` and in
 * `for i, (train, test) in enumerate(cv)`; the targets are read between `for` and `in`.
 */
function trainName(context: IRuleContext, loop: SyntaxNode): string | null {
  const start = loop.getChild('for')?.to ?? loop.from;
  const end = loop.getChild('in')?.from ?? loop.from;
  let first: string | null = null;
  for (let c = loop.firstChild; c && c.from < end; c = c.nextSibling) {
    if (c.from < start) {
      continue;
    }
    if (c.name === 'TupleExpression') {
      const inner = c.getChild('VariableName');
      return inner ? textOf(context, inner) : null;
    }
    if (c.name === 'VariableName') {
      first ??= textOf(context, c);
    }
  }
  return first;
}
