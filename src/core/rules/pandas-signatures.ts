import { defineRule, matchAt } from './builders';
import { PANDAS_SETUP, pandasNotes } from './pandas-api';
import {
  argsOf,
  callsOneOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve,
  spellModule,
  textOf
} from './syntax';
import { onReceiver } from './receivers';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const noAttribute = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});

/**
 * pandas 2.0's removed module aliases (`pd.datetime`, `pd.np`) and date attributes
 * (`.dt.week`), and its stricter call signatures.
 */
export const pandasSignatureRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.week-of-year',
      targets: ['pandas.Index', 'pandas.DatetimeIndex.isocalendar'],
      needs: ['week'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "`.dt.week` and `.dt.weekofyear` were removed in pandas 2.0: use `.dt.isocalendar().week` (the same numbers, as nullable UInt32); a DatetimeIndex's `.week` is `pd.Index(idx.isocalendar().week)`.",
      link: pandasNotes('2.0.0'),
      raises: {
        ename: 'AttributeError',
        message:
          /'(DatetimeProperties|DatetimeIndex)' object has no attribute '(week|weekofyear)'/
      },
      examples: [
        {
          setup:
            "import pandas as pd\ns = pd.Series(pd.to_datetime(['2020-01-01', '2020-01-09']))",
          before: 'print(s.dt.week.tolist(), s.dt.weekofyear.max())',
          after:
            'print(s.dt.isocalendar().week.tolist(), s.dt.isocalendar().week.max())'
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'date': ['2020-01-05', '2020-01-12']})",
          before:
            "df['week'] = pd.DatetimeIndex(df['date']).week\nprint(df['week'].tolist())",
          after:
            "df['week'] = pd.Index(pd.DatetimeIndex(df['date']).isocalendar().week)\nprint(df['week'].tolist())"
        },
        {
          setup:
            "import pandas as pd\nidx = pd.date_range('2020-01-01', periods=3, freq='7D')",
          before: 'print(idx.weekofyear.tolist())',
          after: 'print(pd.Index(idx.isocalendar().week).tolist())',
          answer: 'DatetimeIndex'
        }
      ]
    },
    context => weeksOfYear(context)
  ),
  defineRule(
    {
      id: 'pandas.read-csv-prefix',
      needs: ['prefix'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "`read_csv(header=None, prefix='X')` was removed in pandas 2.0: add the prefix to the result, `.add_prefix('X')`.",
      link: pandasNotes('2.0.0'),
      raises: {
        ename: 'TypeError',
        message: /unexpected keyword argument 'prefix'/
      },
      examples: [
        {
          setup: "import io\nimport pandas as pd\ntext = '1,2\\n3,4\\n'",
          before:
            "print(pd.read_csv(io.StringIO(text), header=None, prefix='X').columns.tolist())",
          after:
            "print(pd.read_csv(io.StringIO(text), header=None).add_prefix('X').columns.tolist())"
        },
        {
          setup: "import io\nimport pandas as pd\ntext = 'a,b\\n3,4\\n'",
          before:
            "print(pd.read_table(io.StringIO(text), sep=',', prefix='col').columns.tolist())",
          after:
            "print(pd.read_table(io.StringIO(text), sep=',').columns.tolist())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const args = argsOf(context, call);
        const at = args.findIndex(arg => arg.name === 'prefix');
        if (
          at < 0 ||
          !callsOneOf(context, call, ['read_csv', 'read_table'], 'pandas') ||
          args.some(
            arg =>
              arg.star ||
              (arg.name !== undefined && READER_ITERATES.includes(arg.name))
          )
        ) {
          return [];
        }
        // The prefix named numbered columns only: with a header row (or names) it did nothing.
        const header = args.find(arg => arg.name === 'header') ?? args[3];
        const numbered =
          header !== undefined &&
          (header.name === undefined || header.name === 'header') &&
          context.source.slice(header.valueFrom, header.valueTo) === 'None' &&
          !args.some(arg => arg.name === 'names');
        const prefix = context.source.slice(
          args[at].valueFrom,
          args[at].valueTo
        );
        // One edit over the whole call: the rewrite declares the call it keeps (a read
        // from a URL stays the notebook's own, not something the rule adds).
        const removed = removeArgument(context, call, at);
        const insert =
          context.source.slice(call.from, removed.from) +
          context.source.slice(removed.to, call.to) +
          (numbered ? `.add_prefix(${prefix})` : '');
        return [
          matchAt('pandas.read-csv-prefix', call, [
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
            !/^[01]$|^'(index|columns)'$/.test(
              context.source.slice(axis.from, axis.to)
            )
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

// What makes a DatetimeIndex, so that its `.week` needs no question.
const MAKES_DATES = new Set([
  'pandas.DatetimeIndex',
  'pandas.date_range',
  'pandas.bdate_range'
]);

/**
 * `s.dt.week` → `s.dt.isocalendar().week`: a `.dt` accessor's week (a Series on the same
 * index). Elsewhere only a DatetimeIndex's, asked of the kernel unless a pandas call
 * made it: `pd.Index(idx.isocalendar().week)`, an Index as before (isocalendar's Series
 * is indexed by the dates, which an assignment to a frame's column would align on).
 * Timestamps and Periods still have `.week`: left alone.
 */
function weeksOfYear(context: IRuleContext): IRuleMatch[] {
  return context.nodes('PropertyName').flatMap(property => {
    const member = property.parent!;
    const owner = member.firstChild!;
    const call = member.parent;
    if (
      !['week', 'weekofyear'].includes(textOf(context, property)) ||
      member.name !== 'MemberExpression' ||
      (call?.name === 'CallExpression' && call.firstChild?.to === member.to)
    ) {
      return [];
    }
    if (
      owner.name === 'MemberExpression' &&
      owner.lastChild?.name === 'PropertyName' &&
      textOf(context, owner.lastChild) === 'dt'
    ) {
      return [
        matchAt('pandas.week-of-year', member, [
          { from: property.from, to: property.to, insert: 'isocalendar().week' }
        ])
      ];
    }
    // Only a notebook that imports pandas is asked about its objects' `.week`.
    if (
      ![...context.imports.values()].some(t => t.split('.')[0] === 'pandas')
    ) {
      return [];
    }
    const pd = spellModule(context, 'pandas', 'pd');
    const callee = owner.name === 'CallExpression' ? owner.firstChild : null;
    const dotted = callee ? dottedName(context, callee) : null;
    return onReceiver(context, 'pandas.week-of-year', {
      node: member,
      owner,
      types: ['DatetimeIndex'],
      edits: [
        ...pd.edits,
        {
          from: member.from,
          to: member.to,
          insert: `${pd.name}.Index(${textOf(context, owner)}.isocalendar().week)`
        }
      ],
      certain: dotted !== null && MAKES_DATES.has(resolve(context, dotted))
    });
  });
}

// Reader arguments that make the result an iterator of frames rather than a frame.
const READER_ITERATES = ['chunksize', 'iterator'];

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
