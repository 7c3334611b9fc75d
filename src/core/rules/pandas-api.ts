import {
  aliasReplaced,
  keywordRemoved,
  keywordRenamed,
  keywordReplaced,
  methodRenamed,
  valueRenamed,
  defineRule,
  matchAt,
  type IRuleInfo
} from './builders';
import { moduleMoved } from './builders-imports';
import type { SyntaxNode } from '@lezer/common';
import {
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve,
  statementOf,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/** pandas' release notes for a version, e.g. `2.0.0`. */
export const pandasNotes = (version: string) =>
  `https://pandas.pydata.org/docs/whatsnew/v${version}.html`;
export const PANDAS_SETUP =
  "import pandas as pd\ndf = pd.DataFrame({'a': [3, 1, 2], 'b': [1.0, None, 3.0]})";
const typeError = (keyword: string) => ({
  ename: 'TypeError',
  message: new RegExp(`unexpected keyword argument '${keyword}'`)
});
const noAttribute = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});

const HOURS: Record<string, string> = {
  H: 'h',
  T: 'min',
  S: 's',
  L: 'ms',
  U: 'us',
  N: 'ns'
};
const ENDS: Record<string, string> = {
  M: 'ME',
  Q: 'QE',
  A: 'YE',
  Y: 'YE',
  BM: 'BME',
  BQ: 'BQE',
  BA: 'BYE',
  BY: 'BYE',
  SM: 'SME',
  AS: 'YS',
  BAS: 'BYS'
};

/**
 * A rule over every pandas call that takes a frequency: `date_range(freq=)`, `resample(rule)`,
 * `asfreq(freq)`, `Grouper(freq=)`. Period frequencies keep `M`, `Q` and `Y`: left alone.
 */
function frequencyRenamed(
  info: Omit<Parameters<typeof valueRenamed>[0], 'keyword' | 'position'>
): IRule {
  const parts = [
    valueRenamed({
      ...info,
      callees: ['date_range', 'bdate_range', 'Grouper'],
      keyword: 'freq'
    }),
    valueRenamed({
      ...info,
      callees: ['resample'],
      keyword: 'rule',
      position: 0
    }),
    valueRenamed({ ...info, callees: ['asfreq'], keyword: 'freq', position: 0 })
  ];
  return defineRule(info, context => parts.flatMap(part => part.find(context)));
}

/** Renames pandas' removed one-letter aliases, keeping a multiple and anchor (`2H`, `A-DEC`). */
function renameAlias(table: Record<string, string>) {
  return (value: string) => {
    const match = /^(\d*)([A-Z]+)(-\w+)?$/.exec(value);
    const to = match && table[match[2]];
    return to ? `${match[1]}${to}${match[3] ?? ''}` : null;
  };
}

/**
 * `df.as_matrix()` → `df.to_numpy()`; given columns (`df.as_matrix(['a', 'b'])`, or
 * `columns=`) it gave their values, and to_numpy's first parameter is a dtype: →
 * `df[['a', 'b']].to_numpy()`.
 */
function asMatrix(info: IRuleInfo): IRule {
  return defineRule(
    info,
    context =>
      context
        .nodes('PropertyName')
        .filter(property => textOf(context, property) === 'as_matrix')
        .flatMap(property => {
          const member = property.parent!;
          const call = member.parent;
          if (
            call?.name !== 'CallExpression' ||
            call.firstChild?.to !== member.to
          ) {
            return [];
          }
          const args = argsOf(context, call);
          const owner = dottedName(context, member.firstChild!);
          if (
            owner !== null &&
            resolve(context, owner) === 'pandas.DataFrame'
          ) {
            return Private.unboundAsMatrix(context, info.id, call, args);
          }
          const columns = args[0] && textOf(context, args[0].value);
          if (!columns || columns === 'None') {
            return args.length > 1
              ? []
              : [
                  matchAt(info.id, call, [
                    { from: property.from, to: call.to, insert: 'to_numpy()' }
                  ])
                ];
          }
          if (
            args.length > 1 ||
            args[0].star ||
            (args[0].name && args[0].name !== 'columns')
          ) {
            return [];
          }
          return [
            matchAt(info.id, call, [
              {
                from: member.firstChild!.to,
                to: call.to,
                insert: `[${columns}].to_numpy()`
              }
            ])
          ];
        }),
    ['as_matrix']
  );
}

/**
 * `df.set_value(index, column, value)`, removed in pandas 1.0: it set one cell, or the
 * cells `.loc` took (its fallback) → `df.loc[index, column] = value`, as a statement of
 * its own, or `df = df.set_value(...)` (it returned the frame).
 */
function setValue(info: IRuleInfo): IRule {
  return defineRule(
    info,
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const owner = callee?.node.firstChild;
        const args = argsOf(context, call);
        const statement = statementOf(call);
        if (
          callee?.name !== 'set_value' ||
          callee.node.name !== 'MemberExpression' ||
          !owner ||
          args.length !== 3 ||
          args.some(arg => arg.name || arg.star)
        ) {
          return [];
        }
        const frame = textOf(context, owner);
        const whole = (node: SyntaxNode | null) =>
          node?.from === call.from && node.to === call.to;
        const alone =
          statement.name === 'ExpressionStatement' &&
          whole(statement.firstChild);
        const kept =
          statement.name === 'AssignStatement' &&
          whole(statement.lastChild) &&
          statement.getChildren('AssignOp').length === 1 &&
          textOf(context, statement.firstChild!) === frame;
        if (!alone && !kept) {
          return [];
        }
        const [index, column, value] = args.map(arg =>
          context.source.slice(arg.valueFrom, arg.valueTo)
        );
        return [
          matchAt(info.id, call, [
            {
              from: statement.from,
              to: call.to,
              insert: `${frame}.loc[${index}, ${column}] = ${value}`
            }
          ])
        ];
      }),
    ['set_value']
  );
}

/**
 * `s.order(...)`, removed in pandas 0.20 → `s.sort_values(..., kind='mergesort')`: order
 * sorted stably by default, sort_values does not, and equal values keep their order only
 * with a stable sort. Descending, order reversed that sort, equal values too, with missing
 * values still last: `ascending=False` becomes `[::-1]` of the ascending sort with them
 * first. Its `na_last` has no counterpart of that name: left alone.
 */
function seriesOrder(info: IRuleInfo): IRule {
  return defineRule(
    info,
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        if (
          callee?.name !== 'order' ||
          callee.node.name !== 'MemberExpression' ||
          args.some(arg => !arg.name || arg.name === 'na_last')
        ) {
          return [];
        }
        const property = callee.node.getChild('PropertyName')!;
        const edits = [
          { from: property.from, to: property.to, insert: 'sort_values' }
        ];
        const descending = args.find(
          arg =>
            arg.name === 'ascending' && textOf(context, arg.value) === 'False'
        );
        if (descending && args.some(arg => arg.name === 'inplace')) {
          return [];
        }
        const added = [
          ...(args.some(arg => arg.name === 'kind')
            ? []
            : ["kind='mergesort'"]),
          ...(descending ? ["na_position='first'"] : [])
        ];
        if (descending) {
          edits.push(removeArgument(context, call, args.indexOf(descending)));
        }
        if (added.length) {
          const rest = args.filter(arg => arg !== descending);
          edits.push(
            rest.length
              ? {
                  from: rest[rest.length - 1].to,
                  to: rest[rest.length - 1].to,
                  insert: `, ${added.join(', ')}`
                }
              : {
                  from: call.getChild('ArgList')!.from + 1,
                  to: call.getChild('ArgList')!.from + 1,
                  insert: added.join(', ')
                }
          );
        }
        if (descending) {
          edits.push({ from: call.to, to: call.to, insert: '[::-1]' });
        }
        return [matchAt(info.id, call, edits)];
      }),
    ['order']
  );
}

/**
 * `df.drop(columns=[...], axis=1)`: pandas read the axis from `columns=` or `index=` and
 * ignored `axis`; since 3.0 it refuses both. The axis goes.
 */
function dropAxis(info: IRuleInfo): IRule {
  return defineRule(
    info,
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        const axis = args.findIndex(arg => arg.name === 'axis');
        if (
          callee?.name !== 'drop' ||
          callee.node.name !== 'MemberExpression' ||
          axis < 0 ||
          !args.some(arg => arg.name === 'columns' || arg.name === 'index') ||
          args.some(arg => !arg.name || arg.name === 'labels')
        ) {
          return [];
        }
        return [
          matchAt(info.id, args[axis], [removeArgument(context, call, axis)])
        ];
      }),
    ['axis']
  );
}

/** pandas APIs removed between 0.20 and 3.0 that builders describe. */
export const pandasApiRules: IRule[] = [
  asMatrix({
    id: 'pandas.as-matrix',
    targets: ['pandas.DataFrame.to_numpy', 'pandas.Series.to_numpy'],
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`DataFrame.as_matrix()` was removed in pandas 1.0: use `.to_numpy()`, on the columns it was given.',
    link: pandasNotes('1.0.0'),
    raises: noAttribute('as_matrix'),
    examples: [
      {
        setup: PANDAS_SETUP,
        before: 'print(df.as_matrix().shape)',
        after: 'print(df.to_numpy().shape)'
      },
      {
        setup: PANDAS_SETUP,
        before: "X = df.as_matrix(['b', 'a'])\nprint(X.shape, X[0].tolist())",
        after: "X = df[['b', 'a']].to_numpy()\nprint(X.shape, X[0].tolist())"
      }
    ]
  }),
  dropAxis({
    id: 'pandas.drop-axis-and-columns',
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      '`drop(columns=..., axis=1)`: the axis was ignored where `columns=` or `index=` names it, and pandas 3.0 refuses both: the axis goes.',
    link: pandasNotes('3.0.0'),
    raises: {
      ename: 'ValueError',
      message: /Cannot specify both 'axis' and 'index'\/'columns'/
    },
    examples: [
      {
        setup: PANDAS_SETUP,
        before: "X = df.drop(columns=['b'], axis=1)\nprint(X.columns.tolist())",
        after: "X = df.drop(columns=['b'])\nprint(X.columns.tolist())"
      }
    ]
  }),
  seriesOrder({
    id: 'pandas.series-order',
    distribution: 'pandas',
    since: '0.20.0',
    summary:
      "`Series.order()` was removed in pandas 0.20: `sort_values()`, with the stable sort order made (`kind='mergesort'`).",
    link: pandasNotes('0.20.0'),
    raises: {
      ename: 'AttributeError',
      message: /'Series' object has no attribute 'order'/
    },
    onFailureOnly: true,
    examples: [
      {
        setup:
          "import pandas as pd\ntotals = pd.Series([2, 5, None, 2, 9, 2], index=list('abcdef'))",
        before:
          'print(totals.order().index.tolist(), totals.order(ascending=False).index.tolist())',
        after:
          "print(totals.sort_values(kind='mergesort').index.tolist(), totals.sort_values(kind='mergesort', na_position='first')[::-1].index.tolist())"
      }
    ]
  }),
  setValue({
    id: 'pandas.set-value',
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`DataFrame.set_value(index, column, value)` was removed in pandas 1.0: `df.loc[index, column] = value`.',
    link: pandasNotes('1.0.0'),
    raises: {
      ename: 'AttributeError',
      message: /'DataFrame' object has no attribute 'set_value'/
    },
    onFailureOnly: true,
    examples: [
      {
        setup: PANDAS_SETUP,
        before:
          "df.set_value(1, 'b', 0.5)\ndf = df.set_value(len(df), 'a', 9)\nprint(df.to_dict('list'))",
        after:
          "df.loc[1, 'b'] = 0.5\ndf.loc[len(df), 'a'] = 9\nprint(df.to_dict('list'))"
      }
    ]
  }),
  methodRenamed({
    id: 'pandas.reindex-axis',
    targets: ['pandas.DataFrame.reindex', 'pandas.Series.reindex'],
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`reindex_axis(labels, axis=...)` was removed in pandas 1.0: it is `reindex(labels, axis=...)`.',
    link: pandasNotes('1.0.0'),
    raises: noAttribute('reindex_axis'),
    attribute: 'reindex_axis',
    to: 'reindex',
    // reindex takes its axis, and all after the labels, by keyword only.
    when: (context, call) =>
      argsOf(context, call).filter(arg => !arg.name).length <= 1,
    examples: [
      {
        setup: PANDAS_SETUP,
        before:
          "print(df.reindex_axis(['b', 'a'], axis=1).columns.tolist(), df.reindex_axis([2, 0]).index.tolist())",
        after:
          "print(df.reindex(['b', 'a'], axis=1).columns.tolist(), df.reindex([2, 0]).index.tolist())"
      }
    ]
  }),
  methodRenamed({
    id: 'pandas.applymap',
    targets: ['pandas.DataFrame.map'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      '`DataFrame.applymap` was removed in pandas 3.0: it is `DataFrame.map`.',
    link: pandasNotes('3.0.0'),
    raises: noAttribute('applymap'),
    attribute: 'applymap',
    to: 'map',
    examples: [
      {
        setup: PANDAS_SETUP,
        before: 'print(df.applymap(str).iloc[0, 0])',
        after: 'print(df.map(str).iloc[0, 0])'
      }
    ]
  }),
  frequencyRenamed({
    id: 'pandas.hourly-frequency',
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "Frequency aliases 'H', 'T', 'S', 'L', 'U', 'N' are 'h', 'min', 's', 'ms', 'us', 'ns' in pandas 3.0.",
    link: pandasNotes('3.0.0'),
    raises: { ename: 'ValueError', message: /Invalid frequency/ },
    rename: renameAlias(HOURS),
    examples: [
      {
        setup: 'import pandas as pd',
        before: "print(pd.date_range('2020-01-01', periods=3, freq='2H')[-1])",
        after: "print(pd.date_range('2020-01-01', periods=3, freq='2h')[-1])"
      }
    ]
  }),
  frequencyRenamed({
    id: 'pandas.period-end-frequency',
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "Period-end frequencies 'M', 'Q', 'A'/'Y' are 'ME', 'QE', 'YE' in pandas 3.0.",
    link: pandasNotes('3.0.0'),
    raises: { ename: 'ValueError', message: /Invalid frequency/ },
    rename: renameAlias(ENDS),
    examples: [
      {
        setup:
          "import pandas as pd\ns = pd.Series(range(40), index=pd.date_range('2020-01-01', periods=40))",
        before: "print(s.resample('M').sum().tolist())",
        after: "print(s.resample('ME').sum().tolist())"
      }
    ]
  }),
  keywordRenamed({
    id: 'pandas.multiindex-labels',
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`MultiIndex(labels=...)` is `MultiIndex(codes=...)` since pandas 1.0.',
    link: pandasNotes('1.0.0'),
    raises: typeError('labels'),
    callees: ['MultiIndex'],
    keyword: 'labels',
    to: 'codes',
    examples: [
      {
        setup: 'import pandas as pd',
        before:
          "print(len(pd.MultiIndex(levels=[['a', 'b']], labels=[[0, 1]])))",
        after: "print(len(pd.MultiIndex(levels=[['a', 'b']], codes=[[0, 1]])))"
      }
    ]
  }),
  keywordRenamed({
    id: 'pandas.read-excel-sheetname',
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`read_excel(sheetname=...)` and `ExcelFile.parse(sheetname=...)` are `sheet_name=` since pandas 1.0.',
    link: pandasNotes('1.0.0'),
    raises: typeError('sheetname'),
    callees: ['read_excel', 'parse'],
    module: 'pandas',
    keyword: 'sheetname',
    to: 'sheet_name',
    examples: [
      {
        setup: "import pandas as pd\nbook = 'sales.xlsx'",
        before:
          'sheets = pd.read_excel(book, sheetname=None)\nprint(sorted(sheets))',
        after:
          'sheets = pd.read_excel(book, sheet_name=None)\nprint(sorted(sheets))',
        // Reading a workbook takes an Excel engine the stack may lack.
        requires: ['openpyxl']
      }
    ]
  }),
  keywordRenamed({
    id: 'pandas.skip-footer',
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      "The readers' `skip_footer=` is `skipfooter=` since pandas 1.0 (`read_csv`, `read_table`, `read_excel`, `ExcelFile.parse`).",
    link: pandasNotes('1.0.0'),
    raises: typeError('skip_footer'),
    callees: ['read_csv', 'read_table', 'read_excel', 'parse'],
    module: 'pandas',
    keyword: 'skip_footer',
    to: 'skipfooter',
    examples: [
      {
        setup:
          "import io\nimport pandas as pd\ntext = 'a,b\\n1,2\\n3,4\\ntotal,6\\n'",
        before:
          "print(pd.read_csv(io.StringIO(text), skip_footer=1, engine='python').values.tolist())",
        after:
          "print(pd.read_csv(io.StringIO(text), skipfooter=1, engine='python').values.tolist())"
      }
    ]
  }),
  keywordReplaced({
    id: 'pandas.error-bad-lines',
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      "`read_csv(error_bad_lines=False)` is `on_bad_lines='skip'` since pandas 2.0.",
    link: pandasNotes('2.0.0'),
    raises: typeError('error_bad_lines'),
    callees: ['read_csv', 'read_table'],
    keyword: 'error_bad_lines',
    replace: value =>
      value === 'False'
        ? "on_bad_lines='skip'"
        : value === 'True'
          ? "on_bad_lines='error'"
          : null,
    examples: [
      {
        setup: "import io\nimport pandas as pd\ntext = 'a,b\\n1,2\\n3,4,5\\n'",
        before:
          'print(len(pd.read_csv(io.StringIO(text), error_bad_lines=False)))',
        after: "print(len(pd.read_csv(io.StringIO(text), on_bad_lines='skip')))"
      }
    ]
  }),
  keywordReplaced({
    id: 'pandas.delim-whitespace',
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "`read_csv(delim_whitespace=True)` was removed in pandas 3.0: use `sep=r'\\s+'`.",
    link: pandasNotes('3.0.0'),
    raises: typeError('delim_whitespace'),
    callees: ['read_csv', 'read_table', 'read_fwf'],
    keyword: 'delim_whitespace',
    replace: value => (value === 'True' ? "sep=r'\\s+'" : null),
    examples: [
      {
        setup: "import io\nimport pandas as pd\ntext = 'a b\\n1  2\\n'",
        before:
          'print(pd.read_csv(io.StringIO(text), delim_whitespace=True).shape)',
        after: "print(pd.read_csv(io.StringIO(text), sep=r'\\s+').shape)"
      }
    ]
  }),
  keywordRenamed({
    id: 'pandas.line-terminator',
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      '`to_csv(line_terminator=...)` is `lineterminator=` since pandas 2.0.',
    link: pandasNotes('2.0.0'),
    raises: typeError('line_terminator'),
    callees: ['to_csv'],
    keyword: 'line_terminator',
    to: 'lineterminator',
    examples: [
      {
        setup: PANDAS_SETUP,
        before: "print(repr(df.to_csv(line_terminator='\\n')[:4]))",
        after: "print(repr(df.to_csv(lineterminator='\\n')[:4]))"
      }
    ]
  }),
  keywordRemoved({
    id: 'pandas.infer-datetime-format',
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      '`infer_datetime_format=` of `to_datetime`, `read_csv` and `read_table` was removed in pandas 3.0: formats are always inferred.',
    link: pandasNotes('3.0.0'),
    raises: typeError('infer_datetime_format'),
    callees: ['to_datetime', 'read_csv', 'read_table'],
    keyword: 'infer_datetime_format',
    examples: [
      {
        setup: 'import pandas as pd',
        before:
          "print(pd.to_datetime(['2020-01-02'], infer_datetime_format=True)[0].day)",
        after: "print(pd.to_datetime(['2020-01-02'])[0].day)"
      },
      {
        setup:
          "import io\nimport pandas as pd\ntext = 'd\\tv\\n2020-01-02\\t1\\n'",
        before:
          "df = pd.read_csv(io.StringIO(text), sep='\\t', parse_dates=['d'], infer_datetime_format=True)\nprint(pd.read_table(io.StringIO(text), parse_dates=[0], infer_datetime_format=True)['d'].dt.day.tolist(), df['d'].dt.day.tolist())",
        after:
          "df = pd.read_csv(io.StringIO(text), sep='\\t', parse_dates=['d'])\nprint(pd.read_table(io.StringIO(text), parse_dates=[0])['d'].dt.day.tolist(), df['d'].dt.day.tolist())"
      }
    ]
  }),
  aliasReplaced({
    id: 'pandas.scatter-matrix',
    distribution: 'pandas',
    since: '1.0.0',
    summary: '`pd.scatter_matrix` moved to `pd.plotting.scatter_matrix`.',
    link: pandasNotes('1.0.0'),
    raises: noAttribute('scatter_matrix'),
    module: 'pandas',
    name: 'scatter_matrix',
    to: '$.plotting.scatter_matrix',
    examples: [
      {
        setup: PANDAS_SETUP,
        before: 'print(pd.scatter_matrix(df).shape)',
        after: 'print(pd.plotting.scatter_matrix(df).shape)'
      }
    ]
  }),
  moduleMoved({
    id: 'pandas.tools-plotting',
    distribution: 'pandas',
    since: '1.0.0',
    summary: '`pandas.tools.plotting` is `pandas.plotting`.',
    link: pandasNotes('1.0.0'),
    raises: {
      ename: 'ModuleNotFoundError',
      message: /No module named 'pandas.tools'/
    },
    module: 'pandas.tools.plotting',
    to: 'pandas.plotting',
    examples: [
      {
        before:
          'from pandas.tools.plotting import scatter_matrix\nprint(callable(scatter_matrix))',
        after:
          'from pandas.plotting import scatter_matrix\nprint(callable(scatter_matrix))'
      }
    ]
  }),
  ...['Int64Index', 'UInt64Index', 'Float64Index'].map(name =>
    aliasReplaced({
      id: `pandas.${name.toLowerCase()}`,
      distribution: 'pandas',
      since: '2.0.0',
      summary: `\`pd.${name}\` was removed in pandas 2.0: use \`pd.Index\`.`,
      link: pandasNotes('2.0.0'),
      raises: noAttribute(name),
      module: 'pandas',
      name,
      to: '$.Index',
      examples: [
        {
          setup: 'import pandas as pd',
          before: `print(len(pd.${name}([1, 2])))`,
          after: 'print(len(pd.Index([1, 2])))'
        }
      ]
    })
  )
];

namespace Private {
  /**
   * `pd.DataFrame.as_matrix(frame)` and `pd.DataFrame.as_matrix(frame, columns)`: the
   * method called on the class, the frame first, is the frame's `to_numpy()`.
   */
  export function unboundAsMatrix(
    context: IRuleContext,
    id: string,
    call: SyntaxNode,
    args: IArgument[]
  ): IRuleMatch[] {
    const [frame, columns] = args;
    if (
      !frame ||
      args.length > 2 ||
      args.some(arg => arg.star || (arg.name && arg.name !== 'columns')) ||
      frame.name
    ) {
      return [];
    }
    const value = textOf(context, frame.value);
    const owner =
      dottedName(context, frame.value) === null ? `(${value})` : value;
    const selected = columns
      ? `${owner}[${textOf(context, columns.value)}]`
      : owner;
    return [
      matchAt(id, call, [
        { from: call.from, to: call.to, insert: `${selected}.to_numpy()` }
      ])
    ];
  }
}
