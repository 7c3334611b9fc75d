import type { SyntaxNode } from '@lezer/common';
import { defaultChanged, defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import {
  appendArgument,
  argsOf,
  calleeOf,
  dottedName,
  spellModule,
  stringValue,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// Methods whose `inplace=True` on a column does nothing under Copy-on-Write.
const INPLACE_METHODS = [
  'fillna',
  'replace',
  'clip',
  'where',
  'mask',
  'interpolate',
  'ffill',
  'bfill'
];

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
    if (/integer/.test(axisTypes[axis] ?? '')) {
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
    "['int' if all(t.is_integer(v) for v in (k if isinstance(k, (list, tuple)) else [k])) " +
    `else 'label' for k in keys]))(${owner}, [${probes.join(', ')}])`
  );
}

/** The top-level keys of a subscript (`df.ix[1:3, 'a']` → `1:3`, `'a'`). */
function subscriptKeys(context: IRuleContext, subscript: SyntaxNode): string[] {
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

/** Reductions that may meet text columns, asking the kernel whether the frame has any. */
function numericOnly(
  info: Omit<IRule, 'find' | 'kind'> & { methods: string[] }
): IRule {
  return defineRule({ ...info, needs: info.methods }, context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const owner = callee?.node.firstChild;
      const frame = owner && Private.reducedFrame(context, owner);
      const args = argsOf(context, call);
      if (
        !callee ||
        !info.methods.includes(callee.name) ||
        callee.node.name !== 'MemberExpression' ||
        !frame ||
        args.some(arg => arg.name === 'numeric_only' || arg.star || !arg.name)
      ) {
        return [];
      }
      const expression =
        "(lambda o: str(type(o).__name__ == 'DataFrame' and " +
        `any(t.kind not in 'biufcmM' for t in o.dtypes)))(${textOf(context, frame)})`;
      const match: IRuleMatch = matchAt(
        info.id,
        call,
        [],
        'Only if the frame has text columns: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer =>
          answer === 'True'
            ? [appendArgument(context, call, 'numeric_only=True')]
            : null
      };
      return [match];
    })
  );
}

/** pandas behaviour that changed under code that still runs, or whose rewrite needs the kernel. */
export const pandasBehaviourRules: IRule[] = [
  defineRule(
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
        const keys = subscriptKeys(context, subscript);
        match.question = {
          expression: ixQuestion(owner, keys),
          decide: answer => {
            const [rows, columns, ...probed] = answer.split('|');
            const indexer = ixIndexer(keys, [rows, columns], probed);
            if (indexer) {
              return [
                { from: property.from, to: property.to, insert: indexer }
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
  ),
  defineRule(
    {
      id: 'pandas.series-integer-key',
      needs: ["'][", '"]['],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        '`s[0]` on a Series with labels is a label lookup in pandas 3.0: use `s.iloc[0]`.',
      link: pandasNotes('3.0.0'),
      raises: { ename: 'KeyError', message: /^-?\d+$/ },
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'n': [5, 6]}, index=['x', 'y'])",
          before: "print(df['n'][0])",
          after: "print(df['n'].iloc[0])",
          answer: 'Series|string'
        }
      ]
    },
    context =>
      context.nodes('MemberExpression').flatMap(subscript => {
        const column = subscript.firstChild;
        const keys = subscript.getChild('[')
          ? subscriptKeys(context, subscript)
          : [];
        const columnKeys =
          column?.name === 'MemberExpression' && column.getChild('[')
            ? subscriptKeys(context, column)
            : [];
        const frame = column?.firstChild;
        if (
          keys.length !== 1 ||
          !/^-?\d+$/.test(keys[0]) ||
          columnKeys.length !== 1 ||
          stringValue(columnKeys[0]) === null ||
          !frame ||
          dottedName(context, frame) === null
        ) {
          return [];
        }
        const match = matchAt(
          'pandas.series-integer-key',
          subscript,
          [],
          'Only if the Series has labels: asks the kernel.'
        );
        match.question = {
          expression: `(lambda o: type(o).__name__ + '|' + o.index.inferred_type)(${textOf(context, column!)})`,
          decide: answer => {
            const [type, index] = answer.split('|');
            return type === 'Series' && !/integer/.test(index ?? '')
              ? [{ from: column!.to, to: column!.to, insert: '.iloc' }]
              : null;
          }
        };
        return [match];
      })
  ),
  numericOnly({
    id: 'pandas.reduction-numeric-only',
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      'Reductions no longer drop text columns (pandas 2.0): pass `numeric_only=True`.',
    link: pandasNotes('2.0.0'),
    raises: {
      ename: 'TypeError',
      message:
        /Cannot perform reduction|could not convert|unsupported operand|does not support operation/
    },
    methods: ['mean', 'median', 'std', 'var'],
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'name': ['a', 'b']})",
        before: 'print(df.mean())',
        after: 'print(df.mean(numeric_only=True))',
        answer: 'True'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'k': ['a', 'a', 'b'], 'x': [1.0, 2.0, 4.0], 'name': ['p', 'q', 'r']})",
        before: "print(df.groupby('k').mean())",
        after: "print(df.groupby('k').mean(numeric_only=True))",
        answer: 'True'
      }
    ]
  }),
  numericOnly({
    id: 'pandas.corr-numeric-only',
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      '`corr()` and `cov()` no longer drop text columns (pandas 2.0): pass `numeric_only=True`.',
    link: pandasNotes('2.0.0'),
    raises: {
      ename: 'ValueError',
      message: /could not convert string to float/
    },
    methods: ['corr', 'cov'],
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0, 4.0], 'y': [1.0, 3.0, 2.0], 'name': ['a', 'b', 'c']})",
        before: 'print(df.corr().round(3))',
        after: 'print(df.corr(numeric_only=True).round(3))',
        answer: 'True'
      }
    ]
  }),
  defineRule(
    {
      id: 'pandas.chained-inplace',
      needs: ['inplace'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "`df['c'].fillna(x, inplace=True)` changes nothing under Copy-on-Write (pandas 3.0): assign the result.",
      link: pandasNotes('3.0.0'),
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'b': [1.0, None, 3.0]})",
          before: "df['b'].fillna(0, inplace=True)\nprint(df['b'].tolist())",
          after: "df['b'] = df['b'].fillna(0)\nprint(df['b'].tolist())"
        }
      ]
    },
    context =>
      context.nodes('ExpressionStatement').flatMap(statement => {
        const call = statement.firstChild;
        const callee =
          call?.name === 'CallExpression' ? calleeOf(context, call) : null;
        const column = callee?.node.firstChild;
        const args = call ? argsOf(context, call) : [];
        const inplace = args.findIndex(
          arg =>
            arg.name === 'inplace' &&
            context.source.slice(arg.valueFrom, arg.valueTo) === 'True'
        );
        const chained =
          column?.name === 'MemberExpression' &&
          (column.getChild('[') !== null ||
            column.firstChild?.name === 'VariableName');
        if (
          !callee ||
          !INPLACE_METHODS.includes(callee.name) ||
          !chained ||
          inplace < 0
        ) {
          return [];
        }
        const owner = textOf(context, column!);
        const kept = args
          .filter((_, i) => i !== inplace)
          .map(arg => context.source.slice(arg.from, arg.to));
        const edits: ITextEdit[] = [
          {
            from: statement.from,
            to: statement.to,
            insert: `${owner} = ${owner}.${callee.name}(${kept.join(', ')})`
          }
        ];
        return [matchAt('pandas.chained-inplace', statement, edits)];
      })
  ),
  defineRule(
    {
      id: 'pandas.object-dtype-check',
      needs: ['dtype'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "Text columns have the 'str' dtype in pandas 3.0: `s.dtype == object` is now False for them.",
      link: pandasNotes('3.0.0'),
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'x': [1.0], 'name': ['a']})",
          before: 'print([c for c in df.columns if df[c].dtype == object])',
          after:
            'print([c for c in df.columns if pd.api.types.is_string_dtype(df[c])])'
        }
      ]
    },
    context =>
      context.nodes('BinaryExpression').flatMap(comparison => {
        const [left, op, right] = [
          comparison.firstChild,
          comparison.firstChild?.nextSibling,
          comparison.lastChild
        ];
        const operator = op ? textOf(context, op) : '';
        const isDtype =
          left?.name === 'MemberExpression' &&
          left.lastChild?.name === 'PropertyName' &&
          textOf(context, left.lastChild) === 'dtype';
        const other = right ? textOf(context, right) : '';
        const objectType =
          other === 'object' ||
          /^['"](object|O)['"]$/.test(other) ||
          /^\w+\.object_$/.test(other);
        if (
          !isDtype ||
          !objectType ||
          (operator !== '==' && operator !== '!=')
        ) {
          return [];
        }
        const pd = spellModule(context, 'pandas', 'pd');
        const owner = context.source.slice(left!.from, left!.firstChild!.to);
        const test = `${pd.name}.api.types.is_string_dtype(${owner})`;
        const insert = operator === '==' ? test : `not ${test}`;
        return [
          matchAt(
            'pandas.object-dtype-check',
            comparison,
            [...pd.edits, { from: comparison.from, to: comparison.to, insert }],
            'Object columns of mixed values are not string columns: check the intent.'
          )
        ];
      })
  ),
  defaultChanged({
    id: 'pandas.get-dummies-dtype',
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      '`get_dummies` returns booleans since pandas 2.0, not integers: pin `dtype=int`.',
    link: pandasNotes('2.0.0'),
    callees: ['get_dummies'],
    module: 'pandas',
    param: 'dtype',
    old: 'int',
    examples: [
      {
        setup: 'import pandas as pd',
        before: "print(pd.get_dummies(pd.Series(['a', 'b'])))",
        after: "print(pd.get_dummies(pd.Series(['a', 'b']), dtype=int))",
        writtenWith: '3.8.5'
      }
    ]
  })
];

namespace Private {
  /**
   * The frame a reduction reads: `df` in `df.mean()`, and in `df.groupby('k').mean()`
   * (a name or attribute, never a call the kernel would have to run).
   */
  export function reducedFrame(
    context: IRuleContext,
    owner: SyntaxNode
  ): SyntaxNode | null {
    if (dottedName(context, owner) !== null) {
      return owner;
    }
    const grouped = owner.name === 'CallExpression' && calleeOf(context, owner);
    const frame =
      grouped && grouped.name === 'groupby' && grouped.node.firstChild;
    return frame && dottedName(context, frame) !== null ? frame : null;
  }
}
