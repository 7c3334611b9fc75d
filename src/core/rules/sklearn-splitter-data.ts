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
 * A group splitter's old first argument is the samples' groups: `groups=`.
 */
export function splitData(
  context: IRuleContext,
  loop: SyntaxNode | null,
  old: { first: 'n' | 'y' | 'groups'; arg: IArgument } | undefined
): {
  x: ISplitValue | null;
  y: ISplitValue | null;
  groups?: ISplitValue;
} {
  const plain = (text: string): ISplitValue => ({ text, needs: [] });
  const [xName, yName] = loop ? indexedByTrain(context, loop) : [];
  let x = xName ? plain(xName) : null;
  let y = yName ? plain(yName) : null;
  const first = old
    ? context.source.slice(old.arg.valueFrom, old.arg.valueTo)
    : '';
  if (old?.first === 'y' || old?.first === 'groups') {
    if (x === null || x.text === first) {
      const np = spellName(context, { module: 'numpy', alias: 'np' });
      x = { text: `${np.text}.zeros(len(${first}))`, needs: np.needs };
    }
    if (old.first === 'groups') {
      return { x, y, groups: plain(first) };
    }
    y = plain(first);
  } else if (old?.first === 'n' && x === null) {
    const size = /^len\((\w+)\)$|^(\w+)\.shape\[0\]$/.exec(first);
    x = plain(size ? (size[1] ?? size[2]) : `range(${first})`);
  }
  return { x, y };
}

/**
 * Whether a loop reads fold indices: its two targets (`train, test`) both index some
 * array in it (`X[train]`, `y[test]`). Only then is the kernel asked what it iterates.
 */
export function readsFolds(context: IRuleContext, loop: SyntaxNode): boolean {
  const [train, test] = targetNames(context, loop);
  if (!train || !test) {
    return false;
  }
  return [train, test].every(
    name => subscripts(context, loop, name).length > 0
  );
}

/** Names the loop indexes with its training indices (`X` in `X[train]`), in order. */
function indexedByTrain(context: IRuleContext, loop: SyntaxNode): string[] {
  const [train] = targetNames(context, loop);
  const names = train ? subscripts(context, loop, train) : [];
  return [...new Set(names.map(n => n.replace(/\.(iloc|loc|values)$/, '')))];
}

/** The dotted names a loop subscripts with `key` alone (`X` in `X[train]`), in order. */
function subscripts(
  context: IRuleContext,
  loop: SyntaxNode,
  key: string
): string[] {
  const names: string[] = [];
  const cursor = loop.cursor();
  do {
    const node = cursor.node;
    const index = node.getChild('[')?.nextSibling;
    const dotted =
      node.name === 'MemberExpression' &&
      index &&
      index.nextSibling?.name === ']' &&
      textOf(context, index) === key
        ? dottedName(context, node.firstChild!)
        : null;
    if (dotted) {
      names.push(dotted);
    }
  } while (cursor.next());
  return names;
}

/**
 * The loop's fold names: `train, test` in `for train, test in cv` and in
 * `for i, (train, test) in enumerate(cv)`; the targets are read between `for` and `in`.
 */
export function targetNames(context: IRuleContext, loop: SyntaxNode): string[] {
  const start = loop.getChild('for')?.to ?? loop.from;
  const end = loop.getChild('in')?.from ?? loop.from;
  const names: string[] = [];
  for (let c = loop.firstChild; c && c.from < end; c = c.nextSibling) {
    if (c.from < start) {
      continue;
    }
    if (c.name === 'TupleExpression') {
      return c.getChildren('VariableName').map(name => textOf(context, name));
    }
    if (c.name === 'VariableName') {
      names.push(textOf(context, c));
    }
  }
  return names;
}
