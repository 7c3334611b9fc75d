import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf } from './receivers';
import { dottedName, textOf } from './syntax';
import type { IRule, IRuleContext } from './types';

/** How an indexing key reads: an integer position, a label, everything (`:`) or unknown. */
function keyKind(key: string): 'int' | 'label' | 'all' | 'unknown' {
  const part = '(-?\\d+)?';
  if (key === ':') {
    return 'all';
  }
  if (
    new RegExp(
      `^${part}\\s*:\\s*${part}$|^-?\\d+$|^\\[\\s*-?\\d+(\\s*,\\s*-?\\d+)*\\s*\\]$`
    ).test(key)
  ) {
    return 'int';
  }
  const literal = '(\'[^\'\\n]*\'|"[^"\\n]*")';
  if (
    new RegExp(
      `^${literal}?\\s*:\\s*${literal}?$|^${literal}$|^\\[\\s*${literal}(\\s*,\\s*${literal})*\\s*\\]$`
    ).test(key)
  ) {
    return 'label';
  }
  return 'unknown';
}

/**
 * `.loc` or `.iloc` for `.ix` keys, given each axis's inferred type: on an integer axis
 * `.ix` read every key as a label; elsewhere integers were positions. A key that reads as
 * neither (`features`, `:n - 1`) takes its kind from `probed`, the kernel's answers for
 * such keys in order.
 */
export function ixIndexer(
  keys: string[],
  axisTypes: string[],
  probed: string[] = []
): 'loc' | 'iloc' | null {
  const axes = ixAxes(keys, axisTypes, probed);
  const wanted = new Set(axes.filter(axis => axis !== 'all'));
  if (wanted.has('unknown') || wanted.size > 1) {
    return null;
  }
  return wanted.has('iloc') ? 'iloc' : 'loc';
}

/** Per axis, how `.ix` read its key: `loc`, `iloc`, everything (`all`) or `unknown`. */
export function ixAxes(
  keys: string[],
  axisTypes: string[],
  probed: string[] = []
): ('loc' | 'iloc' | 'all' | 'unknown')[] {
  let next = 0;
  return keys.map((key, axis) => {
    let kind: string = keyKind(key.trim());
    if (kind === 'unknown') {
      kind = probed[next++] ?? 'unknown';
    }
    // Everything (`:`) is everything on any axis; on an integer one other keys are labels.
    if (kind !== 'all' && /integer/.test(axisTypes[axis] ?? '')) {
      return 'loc';
    }
    return kind === 'label'
      ? 'loc'
      : kind === 'int'
        ? 'iloc'
        : kind === 'all'
          ? 'all'
          : 'unknown';
  });
}

/**
 * What the kernel evaluates to tell an `.ix` subscript's owner's axis types, and whether
 * each key that does not read as an integer or a label holds integers. Keys with calls
 * are not evaluated (they may do anything): they stay unknown.
 */
function ixQuestion(owner: string, keys: string[]): string {
  const probes = keys
    .filter(key => keyKind(key) === 'unknown' && !key.includes('('))
    .map(key =>
      key.includes(':')
        ? `(${key
            .split(':')
            .map(part => part.trim())
            .filter(Boolean)
            .join(', ')},)`
        : key
    );
  return (
    "(lambda o, keys, t=__import__('pandas').api.types: '|'.join(" +
    "[o.index.inferred_type, getattr(getattr(o, 'columns', None), 'inferred_type', '')] + " +
    "['int' if __import__('builtins').all(t.is_integer(v) for v in (k if isinstance(k, (list, tuple)) else [k])) " +
    `else 'label' for k in keys]))(${owner}, [${probes.join(', ')}])`
  );
}

/** The top-level keys of a subscript (`df.ix[1:3, 'a']` → `1:3`, `'a'`). */
export function subscriptKeys(
  context: IRuleContext,
  subscript: SyntaxNode
): string[] {
  const open = subscript.getChild('[');
  const close = subscript.lastChild!;
  const commas = subscript.getChildren(',');
  const bounds = [open!.to, ...commas.map(c => c.from), close.from];
  return bounds
    .slice(0, -1)
    .map((from, i) =>
      context.source.slice(i === 0 ? from : from + 1, bounds[i + 1]).trim()
    );
}

/** `.ix`, whose rewrite is `.loc` or `.iloc` by the owner's index type, asked of the kernel. */
export const pandasIxRule: IRule = defineRule(
  {
    id: 'pandas.ix',
    needs: ['.ix'],
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`.ix` was removed in pandas 1.0: `.loc` for labels, `.iloc` for positions.',
    link: pandasNotes('1.0.0'),
    raises: { ename: 'AttributeError', message: /has no attribute 'ix'/ },
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]})",
        before: "print(df.ix[0:1, 'a'].tolist())",
        after: "print(df.loc[0:1, 'a'].tolist())",
        answer: 'integer|string'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]}, index=['x', 'y', 'z'])",
        before: "print(df.ix[1:]['a'].tolist())",
        after: "print(df.iloc[1:]['a'].tolist())",
        answer: 'string|string'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]}, index=['x', 'y', 'z'])\nn = 2\ncols = [1]",
        before: 'print(df.ix[:n, cols].values.tolist())',
        after: 'print(df.iloc[:n, cols].values.tolist())',
        answer: 'string|string|int|int'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]}, index=['x', 'y', 'z'])",
        before: "print(df.ix[:2, ['b']].values.tolist())",
        after: "print(df.iloc[:2].loc[:, ['b']].values.tolist())",
        answer: 'string|string'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'zone': ['x', 'y'], 'lat': [1.5, 2.5], 'lon': [3.5, 4.5]})",
        before:
          "print(df.ix[:, (1, 2)].columns.tolist(), df.ix[:, ('zone', 'lon')].shape)",
        after:
          "print(df.iloc[:, [1, 2]].columns.tolist(), df.loc[:, ['zone', 'lon']].shape)",
        answer: 'integer|string'
      }
    ]
  },
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      const subscript = member.parent;
      if (
        textOf(context, property) !== 'ix' ||
        subscript?.name !== 'MemberExpression' ||
        !subscript.getChild('[')
      ) {
        return [];
      }
      // `.ix` read a tuple of keys on an axis (`(1, 2)`) as a list; `.loc` and `.iloc`
      // read a tuple as keys of several axes, so it becomes the list it was read as.
      const tuples = subscript
        .getChildren('TupleExpression')
        .filter(tuple => textOf(context, tuple).startsWith('('));
      const asLists = tuples.flatMap(tuple => [
        { from: tuple.from, to: tuple.from + 1, insert: '[' },
        { from: tuple.to - 1, to: tuple.to, insert: ']' }
      ]);
      const listed = new Map(
        tuples.map(tuple => {
          const text = textOf(context, tuple);
          return [text, `[${text.slice(1, -1)}]`];
        })
      );
      const keys = subscriptKeys(context, subscript).map(
        key => listed.get(key) ?? key
      );
      // Labels on every axis (`describe().ix['50%']`) are labels on any index.
      if (
        keys.every(key => ['label', 'all'].includes(keyKind(key))) &&
        keys.some(key => keyKind(key) === 'label')
      ) {
        return [
          matchAt('pandas.ix', subscript, [
            { from: property.from, to: property.to, insert: 'loc' },
            ...asLists
          ])
        ];
      }
      const owner = dottedName(context, member.firstChild!);
      const match = matchAt(
        'pandas.ix',
        subscript,
        [],
        'Asks the kernel for the index type.'
      );
      if (owner === null) {
        return [match];
      }
      const question = ixQuestion(owner, keys);
      match.question = {
        // In a function that failed, about its own frame's object.
        expression:
          inScopeOf(context, subscript, question, 'global') ?? question,
        decide: answer => {
          const [rows, columns, ...probed] = answer.split('|');
          const indexer = ixIndexer(keys, [rows, columns], probed);
          if (indexer) {
            return [
              { from: property.from, to: property.to, insert: indexer },
              ...asLists
            ];
          }
          // Positions on one axis and labels on the other: one indexer after the
          // other, `iloc[:5].loc[:, cols]`. A read only: assigning through it would
          // write into a copy.
          const [row, column] = ixAxes(keys, [rows, columns], probed);
          const mixed =
            keys.length === 2 &&
            new Set([row, column]).size === 2 &&
            [row, column].every(axis => axis === 'loc' || axis === 'iloc');
          const assigned =
            subscript.parent?.name === 'AssignStatement' &&
            subscript.parent.firstChild?.from === subscript.from;
          return mixed && !assigned
            ? [
                {
                  from: property.from,
                  to: subscript.to,
                  // A scalar row gives a Series: its column is looked up alone.
                  insert: /^\[|:/.test(keys[0])
                    ? `${row}[${keys[0]}].${column}[:, ${keys[1]}]`
                    : `${row}[${keys[0]}].${column}[${keys[1]}]`
                }
              ]
            : null;
        }
      };
      return [match];
    })
);
