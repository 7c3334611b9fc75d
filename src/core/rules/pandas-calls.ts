import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { PANDAS_SETUP, pandasNotes } from './pandas-api';
import {
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  spellModule,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

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
const ROLLING = ['mean', 'sum', 'std', 'var', 'min', 'max', 'median', 'count'];
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

/** pandas APIs removed between 0.20 and 3.0 whose rewrite reshapes the call. */
export const pandasCallRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.append',
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
          after: 'both = pd.concat([df, df])\nprint(len(both))'
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
        const other = argText(context, positional[0]);
        const frame =
          positional[0].value.name === 'DictionaryExpression'
            ? `${pd.name}.DataFrame([${other}])`
            : other;
        const rest = keywords.map(arg => `, ${argText(context, arg)}`).join('');
        const insert = `${pd.name}.concat([${textOf(context, owner)}, ${frame}]${rest})`;
        return [
          matchAt('pandas.append', call, [
            ...pd.edits,
            { from: call.from, to: call.to, insert }
          ])
        ];
      })
  ),
  ...(['sort', 'sort_index'] as const).map(method =>
    defineRule(
      {
        id: `pandas.${method.replace('_', '-')}-by`,
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
        methodCalls(context, method).flatMap(({ call, property, args }) => {
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
          return [
            matchAt(`pandas.${method.replace('_', '-')}-by`, call, edits)
          ];
        })
    )
  ),
  defineRule(
    {
      id: 'pandas.fillna-method',
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
      id: 'pandas.level-reduction',
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
          return [
            matchAt('pandas.level-reduction', call, [
              { from: call.from, to: call.to, insert }
            ])
          ];
        })
      )
  ),
  defineRule(
    {
      id: 'pandas.rolling-functions',
      needs: ['rolling_'],
      distribution: 'pandas',
      since: '0.23.0',
      summary:
        '`pd.rolling_mean(s, n)` and its kin were removed: use `s.rolling(n).mean()`.',
      link: pandasNotes('0.23.0'),
      raises: noAttribute('rolling_mean'),
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(pd.rolling_mean(df['a'], 2).tolist())",
          after: "print(df['a'].rolling(2).mean().tolist())"
        }
      ]
    },
    context =>
      pandasCalls(
        context,
        ROLLING.map(name => `rolling_${name}`)
      ).flatMap(({ call, name, args }) => {
        const [data, window, ...rest] = args;
        if (
          !window ||
          window.name ||
          data.name ||
          rest.some(arg => !arg.name)
        ) {
          return [];
        }
        const windowArgs = [window, ...rest]
          .map(arg => argText(context, arg))
          .join(', ');
        const insert = `${argText(context, data)}.rolling(${windowArgs}).${name.slice('rolling_'.length)}()`;
        return [
          matchAt('pandas.rolling-functions', call, [
            { from: call.from, to: call.to, insert }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.datetime',
      needs: ['datetime'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        '`pd.datetime` was removed in pandas 2.0: use the `datetime` module.',
      link: pandasNotes('2.0.0'),
      raises: noAttribute('datetime'),
      examples: [
        {
          setup: 'import pandas as pd',
          before: 'print(pd.datetime(2020, 1, 2).day)',
          after: 'import datetime\nprint(datetime.datetime(2020, 1, 2).day)'
        }
      ]
    },
    context =>
      moduleAttribute(
        context,
        'pandas.datetime',
        'datetime',
        'datetime.datetime'
      )
  ),
  defineRule(
    {
      id: 'pandas.np',
      needs: ['.np.'],
      distribution: 'pandas',
      since: '2.0.0',
      summary: '`pd.np` was removed in pandas 2.0: import numpy.',
      link: pandasNotes('2.0.0'),
      raises: noAttribute('np'),
      examples: [
        {
          setup: 'import pandas as pd',
          before: 'print(pd.np.sqrt(4))',
          after: 'import numpy as np\nprint(np.sqrt(4))'
        }
      ]
    },
    context => moduleAttribute(context, 'pandas.np', 'numpy', 'numpy', 'np')
  ),
  defineRule(
    {
      id: 'pandas.groupby-tuple',
      needs: ['groupby'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "`groupby(...)['a', 'b']` needs a list since pandas 2.0: `[['a', 'b']]`.",
      link: pandasNotes('2.0.0'),
      raises: {
        ename: 'ValueError',
        message: /Cannot subset columns with a tuple/
      },
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df.groupby('a')['a', 'b'].sum().shape)",
          after: "print(df.groupby('a')[['a', 'b']].sum().shape)"
        }
      ]
    },
    context =>
      context.nodes('MemberExpression').flatMap(member => {
        const owner = member.firstChild;
        const open = owner?.nextSibling;
        const close = member.lastChild;
        const keys = open?.name === '[' ? member.getChildren(',') : [];
        if (
          owner?.name !== 'CallExpression' ||
          calleeOf(context, owner)?.name !== 'groupby' ||
          keys.length === 0
        ) {
          return [];
        }
        return [
          matchAt('pandas.groupby-tuple', member, [
            { from: open!.to, to: open!.to, insert: '[' },
            { from: close!.from, to: close!.from, insert: ']' }
          ])
        ];
      })
  ),
  ...(['drop', 'concat'] as const).map(name =>
    defineRule(
      {
        id: `pandas.${name}-positional-axis`,
        needs: [name],
        distribution: 'pandas',
        since: '2.0.0',
        summary: `\`${name}\`'s axis is keyword-only since pandas 2.0: \`axis=1\`.`,
        link: pandasNotes('2.0.0'),
        raises: { ename: 'TypeError', message: /positional argument/ },
        examples: [
          {
            setup: PANDAS_SETUP,
            before:
              name === 'drop'
                ? "print(df.drop('b', 1).shape)"
                : 'print(pd.concat([df, df], 1).shape)',
            after:
              name === 'drop'
                ? "print(df.drop('b', axis=1).shape)"
                : 'print(pd.concat([df, df], axis=1).shape)'
          }
        ]
      },
      context =>
        context.nodes('CallExpression').flatMap(call => {
          const callee = calleeOf(context, call);
          const args = argsOf(context, call);
          const axis = args[1];
          if (
            callee?.name !== name ||
            callee.node.name !== 'MemberExpression' ||
            !axis ||
            axis.name ||
            !/^[01]$|^'(index|columns)'$/.test(argText(context, axis))
          ) {
            return [];
          }
          return [
            matchAt(`pandas.${name}-positional-axis`, call, [
              { from: axis.from, to: axis.from, insert: 'axis=' }
            ])
          ];
        })
    )
  )
];

/**
 * Uses of a removed pandas attribute that stood for another module's object (`pd.datetime`
 * for `datetime.datetime`), spelled through the notebook's imports or with an import added.
 */
function moduleAttribute(
  context: IRuleContext,
  removed: string,
  module: string,
  target: string,
  alias = module
): IRuleMatch[] {
  return context.nodes('MemberExpression').flatMap(member => {
    const dotted = dottedName(context, member);
    if (dotted === null || resolve(context, dotted) !== removed) {
      return [];
    }
    const direct = [...context.imports].find(
      ([, bound]) => bound === target
    )?.[0];
    const spelled = direct
      ? { name: direct, edits: [] }
      : spellModule(context, module, alias);
    const insert = direct ?? spelled.name + target.slice(module.length);
    return [
      matchAt(`pandas.${removed.slice('pandas.'.length)}`, member, [
        ...spelled.edits,
        { from: member.from, to: member.to, insert }
      ])
    ];
  });
}
