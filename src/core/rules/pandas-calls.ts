import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt, throughHelper } from './builders';
import { PANDAS_SETUP, pandasNotes } from './pandas-api';
import {
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  spellModule,
  stringValue,
  textOf,
  type IArgument
} from './syntax';
import { inScopeOf, onReceiver } from './receivers';
import type {
  IBinding,
  IRule,
  IRuleContext,
  IRuleMatch,
  ITextEdit
} from './types';

const REDUCTIONS = [
  'sum',
  'mean',
  'median',
  'min',
  'max',
  'std',
  'var',
  'count',
  'prod'
];
const ROLLING = [
  'mean',
  'sum',
  'std',
  'var',
  'min',
  'max',
  'median',
  'count',
  'skew',
  'kurt'
];
const noAttribute = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});

/** Calls of a method (`x.name(...)`) with the owner's node and the arguments. */
function methodCalls(
  context: IRuleContext,
  name: string
): {
  call: SyntaxNode;
  owner: SyntaxNode;
  property: SyntaxNode;
  args: IArgument[];
}[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    if (callee?.name !== name || callee.node.name !== 'MemberExpression') {
      return [];
    }
    return [
      {
        call,
        owner: callee.node.firstChild!,
        property: callee.node.lastChild!,
        args: argsOf(context, call)
      }
    ];
  });
}

/** Source of an argument. */
const argText = (context: IRuleContext, arg: IArgument) =>
  context.source.slice(arg.from, arg.to);

// The converters whose `errors='ignore'` (give the input back where it does not convert)
// pandas 3.0 removed, and the methods that pass their own other keywords to a function.
const CONVERTERS = ['to_numeric', 'to_datetime', 'to_timedelta'];
const PASSING_KEYWORDS = new Set([
  'apply',
  'applymap',
  'map',
  'transform',
  'agg',
  'aggregate'
]);

/**
 * The helper that does what `errors='ignore'` did, named for the converter and calling it
 * as the notebook does (`pd.to_numeric`): the input as it was where it does not convert.
 */
function unchangedHelper(converter: string, callee: string): IBinding {
  const name = `${converter}_or_unchanged`;
  return {
    name,
    statement: [
      `def ${name}(arg, **kwargs):`,
      "    # errors='ignore', removed in pandas 3.0: the input as it was where it does not convert",
      '    try:',
      `        return ${callee}(arg, **kwargs)`,
      '    except (ValueError, TypeError):',
      '        return arg',
      ''
    ].join('\n')
  };
}

/** Calls of a pandas module function (`pd.rolling_mean(...)`), resolved through imports. */
function pandasCalls(context: IRuleContext, names: readonly string[]) {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const resolved = dotted ? resolve(context, dotted) : '';
    const name = resolved.slice('pandas.'.length);
    return resolved.startsWith('pandas.') && names.includes(name)
      ? [{ call, name, dotted: dotted!, args: argsOf(context, call) }]
      : [];
  });
}

/**
 * Calls of an array method a Series no longer has (`s.ravel()`), with the argument count
 * `takes` accepts, made on its values (`s.to_numpy().ravel()`) where the kernel says the
 * receiver is a Series; only a notebook that imports pandas is asked about.
 */
function ofSeriesValues(
  context: IRuleContext,
  ruleId: string,
  method: string,
  takes: (args: number) => boolean
): IRuleMatch[] {
  if (![...context.imports.values()].some(t => t.split('.')[0] === 'pandas')) {
    return [];
  }
  return methodCalls(context, method).flatMap(
    ({ call, owner, property, args }) =>
      takes(args.length)
        ? onReceiver(context, ruleId, {
            node: call,
            owner,
            types: ['Series'],
            edits: [
              { from: property.from, to: property.from, insert: 'to_numpy().' }
            ]
          })
        : []
  );
}

/** pandas APIs removed between 0.20 and 3.0 whose rewrite reshapes the call. */
export const pandasCallRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.append',
      targets: ['pandas.concat', 'pandas.Series.to_frame'],
      needs: ['append'],
      distribution: 'pandas',
      since: '2.0.0',
      summary: '`DataFrame.append` was removed in pandas 2.0: use `pd.concat`.',
      link: pandasNotes('2.0.0'),
      raises: noAttribute('append'),
      examples: [
        {
          setup: PANDAS_SETUP,
          before:
            "df2 = df.append({'a': 4, 'b': 4.0}, ignore_index=True)\nprint(df2.shape)",
          after:
            "df2 = pd.concat([df, pd.DataFrame([{'a': 4, 'b': 4.0}])], ignore_index=True)\nprint(df2.shape)"
        },
        {
          setup: PANDAS_SETUP,
          before: 'both = df.append(df)\nprint(len(both))',
          after: 'both = pd.concat([df, df])\nprint(len(both))',
          answer: 'DataFrame:DataFrame'
        },
        {
          setup: PANDAS_SETUP,
          before:
            "both = df.append(df.describe().loc['mean'])\nprint(both.index[-1], both.shape)",
          after:
            "both = pd.concat([df, df.describe().loc['mean'].to_frame().T])\nprint(both.index[-1], both.shape)",
          answer: 'DataFrame'
        },
        {
          setup: `${PANDAS_SETUP}\nmean_row = df.describe().loc['mean', :]`,
          before:
            'both = df.append(mean_row)\nprint(both.index[-1], both.shape)',
          after:
            'both = pd.concat([df, mean_row.to_frame().T])\nprint(both.index[-1], both.shape)',
          answer: 'DataFrame:Series'
        }
      ]
    },
    context =>
      methodCalls(context, 'append').flatMap(({ call, owner, args }) => {
        const positional = args.filter(arg => !arg.name && !arg.star);
        const keywords = args.filter(arg => arg.name);
        const frameKeywords = keywords.every(arg =>
          ['ignore_index', 'sort', 'verify_integrity'].includes(arg.name!)
        );
        // list.append returns None: only a frame's append is assigned or passes these keywords.
        const used = call.parent?.name !== 'ExpressionStatement';
        if (
          positional.length !== 1 ||
          !frameKeywords ||
          (!used && keywords.length === 0)
        ) {
          return [];
        }
        const pd = spellModule(context, 'pandas', 'pd');
        const other = positional[0].value;
        const text = argText(context, positional[0]);
        // A frame's row, which a Series' append would have joined as values.
        const row = Private.isRowOfFrame(context, other);
        // What concat needs in place of append's argument: rows as frames.
        const frames =
          other.name === 'DictionaryExpression'
            ? `${pd.name}.DataFrame([${text}])`
            : other.name === 'ArrayExpression' &&
                other.firstChild?.nextSibling?.name === 'DictionaryExpression'
              ? `${pd.name}.DataFrame(${text})`
              : other.name === 'ArrayExpression'
                ? text.slice(1, -1).trim()
                : Private.isSeriesCall(context, other) || row
                  ? `${text}.to_frame().T`
                  : text;
        const rest = keywords.map(arg => `, ${argText(context, arg)}`).join('');
        const concat = (rows: string): ITextEdit[] => [
          ...pd.edits,
          {
            from: call.from,
            to: call.to,
            insert: `${pd.name}.concat([${textOf(context, owner)}, ${rows}]${rest})`
          }
        ];
        // A name may hold a frame, a row (a Series) or a dict of one: the kernel says.
        if (
          frames === text &&
          dottedName(context, other) !== null &&
          dottedName(context, owner) !== null
        ) {
          return Private.appendedByName(context, call, owner, text, {
            DataFrame: concat(text),
            Series: concat(`${text}.to_frame().T`),
            dict: concat(`${pd.name}.DataFrame([${text}])`)
          });
        }
        const insert = `${pd.name}.concat([${textOf(context, owner)}, ${frames}]${rest})`;
        return onReceiver(context, 'pandas.append', {
          node: call,
          owner,
          types: row ? ['DataFrame'] : ['DataFrame', 'Series'],
          edits: [...pd.edits, { from: call.from, to: call.to, insert }],
          // No list.append takes these keywords.
          certain: keywords.length > 0
        });
      })
  ),
  ...(['sort', 'sort_index'] as const).map(method =>
    defineRule(
      {
        id: `pandas.${method.replace('_', '-')}-by`,
        targets: ['pandas.DataFrame.sort_values', 'pandas.Series.sort_values'],
        needs: [method],
        distribution: 'pandas',
        since: method === 'sort' ? '0.20.0' : '1.0.0',
        summary:
          method === 'sort'
            ? '`DataFrame.sort(columns=...)` was removed: use `sort_values(by=...)`.'
            : '`sort_index(by=...)` was removed: use `sort_values(by=...)`.',
        link: pandasNotes(method === 'sort' ? '0.20.0' : '1.0.0'),
        raises:
          method === 'sort'
            ? noAttribute('sort')
            : {
                ename: 'TypeError',
                message: /unexpected keyword argument 'by'/
              },
        examples: [
          {
            setup: PANDAS_SETUP,
            before: `print(df.${method}(${method === 'sort' ? 'columns' : 'by'}='a')['a'].tolist())`,
            after: "print(df.sort_values(by='a')['a'].tolist())"
          }
        ]
      },
      context =>
        methodCalls(context, method).flatMap(
          ({ call, owner, property, args }) => {
            const by = args.find(
              arg => arg.name === (method === 'sort' ? 'columns' : 'by')
            );
            // list.sort() takes only key= and reverse=: a column or `columns=` means a frame.
            const positional =
              method === 'sort' && args.some(arg => !arg.name && !arg.star);
            if (!by && !positional) {
              return [];
            }
            const edits: ITextEdit[] = [
              { from: property.from, to: property.to, insert: 'sort_values' }
            ];
            if (by && by.name !== 'by') {
              edits.push({
                from: by.from,
                to: by.from + by.name!.length,
                insert: 'by'
              });
            }
            // `np.sort(x)`, `arr.sort(0)`: only a frame's sort took a column.
            return onReceiver(
              context,
              `pandas.${method.replace('_', '-')}-by`,
              {
                node: call,
                owner,
                types: ['DataFrame', 'Series'],
                edits,
                certain: by !== undefined
              }
            );
          }
        )
    )
  ),
  defineRule(
    {
      id: 'pandas.series-ravel',
      needs: ['.ravel('],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        '`Series.ravel()` was removed in pandas 3.0: use `.to_numpy().ravel()`.',
      link: pandasNotes('3.0.0'),
      raises: noAttribute('ravel'),
      targets: ['pandas.Series.to_numpy'],
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df['a'].ravel().tolist())",
          after: "print(df['a'].to_numpy().ravel().tolist())",
          answer: 'Series'
        }
      ]
    },
    // Arrays have ravel too (`xx.ravel()` of a meshgrid): only a Series is rewritten, and
    // only a notebook that imports pandas is asked about.
    context =>
      ofSeriesValues(context, 'pandas.series-ravel', 'ravel', args => !args)
  ),
  defineRule(
    {
      id: 'pandas.series-reshape',
      needs: ['.reshape('],
      distribution: 'pandas',
      since: '1.0.0',
      summary:
        '`Series.reshape()` was removed in pandas 1.0: it reshaped the values, as `.to_numpy().reshape()` does.',
      link: pandasNotes('1.0.0'),
      raises: noAttribute('reshape'),
      targets: ['pandas.Series.to_numpy'],
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df['a'].reshape(-1, 1).shape)",
          after: "print(df['a'].to_numpy().reshape(-1, 1).shape)",
          answer: 'Series'
        }
      ]
    },
    // Arrays reshape as they did: only a Series is rewritten, as the kernel says.
    context =>
      ofSeriesValues(
        context,
        'pandas.series-reshape',
        'reshape',
        args => args > 0
      )
  ),
  defineRule(
    {
      id: 'pandas.fillna-method',
      targets: ['pandas.DataFrame.ffill', 'pandas.DataFrame.bfill'],
      needs: ['method'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "`fillna(method='ffill')` was removed in pandas 3.0: use `.ffill()` / `.bfill()`.",
      link: pandasNotes('3.0.0'),
      raises: {
        ename: 'TypeError',
        message: /unexpected keyword argument 'method'/
      },
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df.fillna(method='ffill')['b'].tolist())",
          after: "print(df.ffill()['b'].tolist())"
        }
      ]
    },
    context =>
      methodCalls(context, 'fillna').flatMap(({ call, property, args }) => {
        const index = args.findIndex(arg => arg.name === 'method');
        const value =
          index < 0
            ? ''
            : argText(context, args[index]).replace(/^method\s*=\s*/, '');
        const method = {
          "'ffill'": 'ffill',
          "'pad'": 'ffill',
          "'bfill'": 'bfill',
          "'backfill'": 'bfill'
        }[value.replace(/"/g, "'")];
        if (!method || args.some(arg => !arg.name || arg.name === 'value')) {
          return [];
        }
        const kept = args
          .filter((_, i) => i !== index)
          .map(arg => argText(context, arg));
        const list = call.getChild('ArgList')!;
        return [
          matchAt('pandas.fillna-method', call, [
            { from: property.from, to: property.to, insert: method },
            { from: list.from, to: list.to, insert: `(${kept.join(', ')})` }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.errors-ignore',
      targets: [
        'pandas.to_numeric',
        'pandas.to_datetime',
        'pandas.to_timedelta'
      ],
      needs: ['ignore'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "`errors='ignore'` of `to_numeric`, `to_datetime` and `to_timedelta` was removed in pandas 3.0: a helper calls the converter and gives the input back as it was where it does not convert, as `'ignore'` did.",
      link: pandasNotes('3.0.0'),
      raises: {
        ename: 'ValueError',
        message:
          /invalid error value specified|errors must be one of 'raise', or 'coerce'/
      },
      examples: [
        {
          setup: "import pandas as pd\nprices = pd.Series(['1.5', '2', 'n/a'])",
          before:
            "print(pd.to_numeric(prices, errors='ignore').tolist())\nprint(pd.to_numeric(prices[:2], errors='ignore', downcast='float').dtype)",
          after: `${unchangedHelper('to_numeric', 'pd.to_numeric').statement}\nprint(to_numeric_or_unchanged(prices).tolist())\nprint(to_numeric_or_unchanged(prices[:2], downcast='float').dtype)`
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'n': ['1', '2'], 'name': ['a', 'b']})",
          before:
            "def cleaned(frame):\n    return frame.apply(pd.to_numeric, errors='ignore')\nprint(cleaned(df).dtypes.astype(str).tolist())",
          after: `${unchangedHelper('to_numeric', 'pd.to_numeric').statement}\ndef cleaned(frame):\n    return frame.apply(to_numeric_or_unchanged)\nprint(cleaned(df).dtypes.astype(str).tolist())`
        },
        {
          setup:
            "from pandas import Series, to_datetime\nwhen = Series(['2017-03-01', 'soon'])",
          before:
            "print(to_datetime(when, errors='ignore').tolist(), to_datetime(when[:1], errors='ignore').dt.year.tolist())",
          after: `${unchangedHelper('to_datetime', 'to_datetime').statement}\nprint(to_datetime_or_unchanged(when).tolist(), to_datetime_or_unchanged(when[:1]).dt.year.tolist())`
        }
      ]
    },
    context => Private.errorsIgnored(context)
  ),
  defineRule(
    {
      id: 'pandas.level-reduction',
      targets: ['pandas.DataFrame.groupby', 'pandas.Series.groupby'],
      needs: ['level'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        '`df.sum(level=0)` was removed in pandas 2.0: use `df.groupby(level=0).sum()`.',
      link: pandasNotes('2.0.0'),
      raises: {
        ename: 'TypeError',
        message: /unexpected keyword argument 'level'/
      },
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df.set_index('a').sum(level=0)['b'].tolist())",
          after: "print(df.set_index('a').groupby(level=0).sum()['b'].tolist())"
        }
      ]
    },
    context =>
      REDUCTIONS.flatMap(name =>
        methodCalls(context, name).flatMap(({ call, owner, args }) => {
          const level = args.find(arg => arg.name === 'level');
          if (!level || args.length !== 1) {
            return [];
          }
          const insert = `${textOf(context, owner)}.groupby(${argText(context, level)}).${name}()`;
          // Only pandas reductions took `level=`; never a module's (`np.mean`).
          return onReceiver(context, 'pandas.level-reduction', {
            node: call,
            owner,
            types: ['DataFrame', 'Series'],
            edits: [{ from: call.from, to: call.to, insert }],
            certain: true
          });
        })
      )
  ),
  defineRule(
    {
      id: 'pandas.from-items',
      targets: ['pandas.DataFrame', 'pandas.DataFrame.from_dict'],
      needs: ['from_items'],
      distribution: 'pandas',
      since: '1.0.0',
      summary:
        "`DataFrame.from_items(items)` was removed in pandas 1.0: use `DataFrame(dict(items))`, or `DataFrame.from_dict(dict(items), orient='index', columns=...)` for rows.",
      link: pandasNotes('1.0.0'),
      raises: noAttribute('from_items'),
      examples: [
        {
          setup: "import pandas as pd\npairs = [('b', [1, 2]), ('a', [3, 4])]",
          before: 'print(pd.DataFrame.from_items(pairs).to_dict())',
          after: 'print(pd.DataFrame(dict(pairs)).to_dict())'
        },
        {
          setup:
            "import pandas as pd\npairs = [('r1', [1, 2.5]), ('r2', [3, 4.5])]",
          before:
            "rows = pd.DataFrame.from_items(pairs, orient='index', columns=['x', 'y'])\nprint(rows.to_dict(), rows.dtypes.tolist())",
          after:
            "rows = pd.DataFrame.from_dict(dict(pairs), orient='index', columns=['x', 'y'])\nprint(rows.to_dict(), rows.dtypes.tolist())"
        }
      ]
    },
    context =>
      pandasCalls(context, ['DataFrame.from_items']).flatMap(
        ({ call, dotted, args }) => {
          const insert = Private.fromItems(
            context,
            dotted.slice(0, -'.from_items'.length),
            args
          );
          return insert === null
            ? []
            : [
                matchAt('pandas.from-items', call, [
                  { from: call.from, to: call.to, insert }
                ])
              ];
        }
      )
  ),
  defineRule(
    {
      id: 'pandas.rolling-functions',
      targets: ['pandas.Series.rolling'],
      needs: ['rolling_'],
      distribution: 'pandas',
      since: '0.23.0',
      summary:
        '`pd.rolling_mean(s, n)` and its kin were removed: use `s.rolling(n).mean()`, with the window, min_periods and center as given.',
      link: pandasNotes('0.23.0'),
      raises: noAttribute('rolling_\\w+'),
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(pd.rolling_mean(df['a'], 2).tolist())",
          after: "print(df['a'].rolling(2).mean().tolist())"
        },
        {
          setup: PANDAS_SETUP,
          before:
            "col = 'b'\nprint(pd.rolling_mean(df[col], window=2, min_periods=1).tolist())\nprint(pd.rolling_std(df['a'], 3, 1, center=True, ddof=0).round(3).tolist())",
          after:
            "col = 'b'\nprint(df[col].rolling(window=2, min_periods=1).mean().tolist())\nprint(df['a'].rolling(3, min_periods=1, center=True).std(ddof=0).round(3).tolist())"
        }
      ]
    },
    context =>
      pandasCalls(
        context,
        ROLLING.map(name => `rolling_${name}`)
      ).flatMap(({ call, name, args }) => {
        const method = name.slice('rolling_'.length);
        const parts = Private.rollingParts(context, method, args);
        if (!parts) {
          return [];
        }
        const insert = `${parts.data}.rolling(${parts.window.join(', ')}).${method}(${parts.method.join(', ')})`;
        return [
          matchAt('pandas.rolling-functions', call, [
            { from: call.from, to: call.to, insert }
          ])
        ];
      })
  )
];

namespace Private {
  /**
   * `pd.to_numeric(x, errors='ignore')` and `df.apply(pd.to_numeric, errors='ignore')`
   * (to_datetime and to_timedelta too) call the helper instead, without the keyword; the
   * helper is defined before the statement that first needs it, where no earlier cell did.
   */
  export function errorsIgnored(context: IRuleContext): IRuleMatch[] {
    const ignoring = (args: IArgument[]) =>
      args.findIndex(
        arg =>
          arg.name === 'errors' &&
          stringValue(context.source.slice(arg.valueFrom, arg.valueTo)) ===
            'ignore'
      );
    // The converter's name (`pd.to_numeric`, called or passed) becomes the helper's, and
    // the call loses its `errors` argument.
    const toHelper = (
      call: SyntaxNode,
      converted: { from: number; to: number },
      converter: string,
      callee: string,
      index: number
    ) => {
      const helper = unchangedHelper(converter, callee);
      return matchAt(
        'pandas.errors-ignore',
        call,
        throughHelper(context, call, converted, helper, index)
      );
    };
    const called = pandasCalls(context, CONVERTERS).flatMap(
      ({ call, name, dotted, args }) => {
        const index = ignoring(args);
        const callee = calleeOf(context, call);
        if (index < 0 || !callee) {
          return [];
        }
        return [toHelper(call, callee.node, name, dotted, index)];
      }
    );
    const passed = context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      const index = ignoring(args);
      const first = args[0];
      if (
        callee?.node.name !== 'MemberExpression' ||
        !PASSING_KEYWORDS.has(callee.name) ||
        index < 0 ||
        !first ||
        first.name !== undefined ||
        first.star !== undefined
      ) {
        return [];
      }
      const dotted = dottedName(context, first.value);
      const resolved =
        dotted !== null && first.value.to === first.valueTo
          ? resolve(context, dotted)
          : '';
      const converter = resolved.slice('pandas.'.length);
      if (!resolved.startsWith('pandas.') || !CONVERTERS.includes(converter)) {
        return [];
      }
      return [toHelper(call, first.value, converter, dotted!, index)];
    });
    return [...called, ...passed];
  }

  // The old rolling functions' parameters after the data, in order (`rolling_count` took
  // no min_periods), and those `.rolling()` takes today.
  const ROLLING_PARAMS = ['window', 'min_periods', 'freq', 'center', 'how'];
  const ROLLING_KEPT = ['window', 'min_periods', 'center'];

  /**
   * `pd.rolling_mean(s, 25, center=True)` as `s.rolling(...)` and the method's arguments:
   * the window's as written (window by position or `window=`), a later positional one by
   * its name, `ddof` to std and var's method, `freq=None` and `how=None` (which did
   * nothing) left out. Null for anything else: a resampling `freq` or `how`, a keyword
   * the function passed on that `.rolling()` no longer takes, unpacked arguments.
   */
  export function rollingParts(
    context: IRuleContext,
    method: string,
    args: IArgument[]
  ): { data: string; window: string[]; method: string[] } | null {
    const [data, ...rest] = args;
    const params = ROLLING_PARAMS.filter(
      param => method !== 'count' || param !== 'min_periods'
    );
    if (!data || data.name || data.star) {
      return null;
    }
    const window: string[] = [];
    const kept: string[] = [];
    for (const [i, arg] of rest.entries()) {
      const name = arg.name ?? params[i];
      const value = context.source.slice(arg.valueFrom, arg.valueTo);
      if (arg.star || !name) {
        return null;
      }
      if (ROLLING_KEPT.includes(name)) {
        window.push(
          arg.name || i === 0 ? argText(context, arg) : `${name}=${value}`
        );
      } else if (name === 'ddof' && (method === 'std' || method === 'var')) {
        kept.push(argText(context, arg));
      } else if (!['freq', 'how'].includes(name) || value !== 'None') {
        return null;
      }
    }
    const windowed = rest.some(
      (arg, i) => (arg.name ?? params[i]) === 'window'
    );
    return windowed
      ? { data: receiverText(context, data), window, method: kept }
      : null;
  }

  // Expressions a method call binds to whole: anything else is put in parentheses.
  const ATOMS = new Set([
    'VariableName',
    'MemberExpression',
    'CallExpression',
    'ParenthesizedExpression'
  ]);

  /** An argument's source as the receiver of a method: `(a - b)` for `a - b`. */
  function receiverText(context: IRuleContext, arg: IArgument): string {
    const text = argText(context, arg);
    return ATOMS.has(arg.value.name) && arg.value.to === arg.valueTo
      ? text
      : `(${text})`;
  }

  // DataFrame.from_items' parameters, in order.
  const FROM_ITEMS = ['items', 'columns', 'orient'];

  /**
   * `DataFrame.from_items(items, columns, orient)` rewritten on `frame` (the class as the
   * cell spells it): a dict of the items, which keeps their order, as the columns, or as
   * the rows with their column names. Null for unpacked arguments, an orient that is not
   * a literal 'columns' or 'index', or rows without columns (which raised).
   */
  export function fromItems(
    context: IRuleContext,
    frame: string,
    args: IArgument[]
  ): string | null {
    const values = new Map<string, string>();
    for (const [i, arg] of args.entries()) {
      const name = arg.name ?? FROM_ITEMS[i];
      if (arg.star || !FROM_ITEMS.includes(name)) {
        return null;
      }
      values.set(name, context.source.slice(arg.valueFrom, arg.valueTo));
    }
    const items = values.get('items');
    const columns = values.get('columns');
    const orient = values.get('orient');
    const rows = orient !== undefined && stringValue(orient) === 'index';
    if (
      items === undefined ||
      (orient !== undefined && !rows && stringValue(orient) !== 'columns') ||
      (rows && columns === undefined)
    ) {
      return null;
    }
    return rows
      ? `${frame}.from_dict(dict(${items}), orient=${orient}, columns=${columns})`
      : `${frame}(dict(${items})${columns === undefined ? '' : `, columns=${columns}`})`;
  }

  /**
   * Whether a node reads one row of a frame as a Series: one literal label or position
   * through `.loc`, `.iloc` or `.ix` (`data.describe().loc['50%']`), which `append` took
   * as a row and `concat` would take as a column.
   */
  export function isRowOfFrame(
    context: IRuleContext,
    node: SyntaxNode
  ): boolean {
    const indexer = node.name === 'MemberExpression' ? node.firstChild : null;
    const open = node.getChild('[');
    const property = indexer?.getChild('PropertyName');
    if (
      !open ||
      indexer?.name !== 'MemberExpression' ||
      !property ||
      !['loc', 'iloc', 'ix'].includes(textOf(context, property))
    ) {
      return false;
    }
    const key = context.source.slice(open.to, node.lastChild!.from).trim();
    return /^(-?\d+|'[^'\n]*'|"[^"\n]*")$/.test(key);
  }

  /**
   * `owner.append(name)`, asked of the kernel: the owner's type, and what the name holds.
   * A frame's append takes a frame, a row (a Series, one row of concat's after
   * `.to_frame().T`) or a dict (a row of `pd.DataFrame([d])`); a Series' append takes a
   * Series, concatenated as it is.
   */
  export function appendedByName(
    context: IRuleContext,
    call: SyntaxNode,
    owner: SyntaxNode,
    other: string,
    edits: Record<'DataFrame' | 'Series' | 'dict', ITextEdit[]>
  ): IRuleMatch[] {
    const expression = inScopeOf(
      context,
      call,
      "(lambda o, a, pd=__import__('pandas'): type(o).__name__ + ':' + " +
        "('Series' if isinstance(a, pd.Series) else 'dict' if isinstance(a, dict) " +
        "else 'DataFrame' if isinstance(a, pd.DataFrame) else type(a).__name__))" +
        `(${textOf(context, owner)}, ${other})`,
      'global'
    );
    if (expression === null) {
      return [];
    }
    const match = matchAt(
      'pandas.append',
      call,
      [],
      'Asks the kernel what is appended to what.'
    );
    match.question = {
      expression,
      decide: answer => {
        const [to, appended] = answer.split(':');
        if (to === 'DataFrame' && appended in edits) {
          return edits[appended as keyof typeof edits];
        }
        return to === 'Series' && appended === 'Series'
          ? edits.DataFrame
          : null;
      }
    };
    return [match];
  }

  /** Whether a node is a call of pandas' Series constructor (`pd.Series(...)`). */
  export function isSeriesCall(
    context: IRuleContext,
    node: SyntaxNode
  ): boolean {
    const callee = node.name === 'CallExpression' ? node.firstChild : null;
    const dotted = callee ? dottedName(context, callee) : null;
    return dotted !== null && resolve(context, dotted) === 'pandas.Series';
  }
}
