import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defaultChanged, defineRule, matchAt } from './builders';
import { PANDAS_SETUP, pandasNotes } from './pandas-api';
import { pandasCategoricalReplaceRule } from './pandas-categorical';
import { pandasIxRule, subscriptKeys } from './pandas-ix';
import { pandasNdimKeyRule, pandasSeriesKeyRule } from './pandas-series-keys';
import { inScopeOf, readsOnly, readsPurely } from './receivers';
import { spellName } from './bindings';
import {
  appendArgument,
  argsOf,
  calleeOf,
  callsInto,
  callsTo,
  dottedName,
  textOf
} from './syntax';
import type { IRule, IRuleContext, ITextEdit } from './types';

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

// Methods whose axis, their first parameter, pandas 3.0 made keyword-only.
const AXIS_KEYWORD_ONLY = ['any', 'dropna', 'sort_index'];

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
      // A grouped frame (`groups = df.groupby(k)`, reduced in another statement) is asked
      // about through its frame.
      // In a function, its frame is asked about once the reduction has failed there.
      const expression = inScopeOf(
        context,
        call,
        "(lambda o: str(type(o).__name__ == 'DataFrame' and " +
          "__import__('builtins').any(t.kind not in 'biufcmM' for t in o.dtypes)))(" +
          `(lambda o: o.obj if type(o).__name__ == 'DataFrameGroupBy' else o)(${textOf(context, frame)}))`
      );
      if (expression === null) {
        return [];
      }
      return [
        askedMatch(
          info.id,
          call,
          expression,
          () => [appendArgument(context, call, 'numeric_only=True')],
          'Only if the frame has text columns: asks the kernel.'
        )
      ];
    })
  );
}

/** pandas behaviour that changed under code that still runs, or whose rewrite needs the kernel. */
export const pandasBehaviourRules: IRule[] = [
  pandasIxRule,
  pandasSeriesKeyRule,
  pandasNdimKeyRule,
  pandasCategoricalReplaceRule,
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
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'k': ['a', 'a', 'b'], 'x': [1.0, 2.0, 4.0], 'name': ['p', 'q', 'r']})\ngroups = df.groupby('k')",
        before: 'print(groups.mean())',
        after: 'print(groups.mean(numeric_only=True))',
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
      id: 'pandas.loc-full-column',
      needs: ['.loc[', '.iloc['],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "`df.loc[:, 'c'] = values` writes into the column in place since pandas 2.0, keeping its dtype (text stays text, an object column stays object); `df['c'] = values` replaces the column as the old code did. So for several columns (`df.iloc[:, 1:]`) given values with no labels.",
      link: pandasNotes('2.0.0'),
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'y': ['no', 'yes']}, dtype=object)",
          before: "df.loc[:, 'y'] = [0, 1]\nprint(df['y'].dtype)",
          after: "df['y'] = [0, 1]\nprint(df['y'].dtype)"
        },
        {
          setup: "import pandas as pd\ndf = pd.DataFrame({'x': [1.5, 2.5]})",
          before: 'df.iloc[:, 0] = [1, 2]\nprint(df.dtypes.tolist())',
          after: 'df[df.columns[0]] = [1, 2]\nprint(df.dtypes.tolist())'
        },
        {
          setup:
            "import numpy as np\nimport pandas as pd\nvotes = pd.DataFrame({'party': ['d', 'r'], 'c1': ['y', 'n'], 'c2': ['n', 'n']}, dtype=object)",
          before:
            "votes.iloc[:, 1:] = np.where(votes.iloc[:, 1:] == 'y', 1, 2)\nprint(votes.dtypes.astype(str).tolist())",
          after:
            "votes[votes.columns[1:]] = np.where(votes.iloc[:, 1:] == 'y', 1, 2)\nprint(votes.dtypes.astype(str).tolist())"
        }
      ]
    },
    context =>
      context.nodes('AssignStatement').flatMap(statement => {
        const target = statement.firstChild;
        const value = statement.lastChild;
        const column =
          target && value && Private.fullColumn(context, target, value);
        if (!column || statement.getChildren('AssignOp').length !== 1) {
          return [];
        }
        const edit = { from: target!.from, to: target!.to, insert: column };
        return [matchAt('pandas.loc-full-column', target!, [edit])];
      })
  ),
  defineRule(
    {
      id: 'pandas.to-datetime-mixed-formats',
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "`pd.to_datetime` infers one format from the first value since pandas 2.0 and refuses values in another; before, each value was parsed on its own, as `format='mixed'` does.",
      link: pandasNotes('2.0.0'),
      raises: { ename: 'ValueError', message: /doesn't match format/ },
      // Values of one format parse alike either way: only the error tells.
      onFailureOnly: true,
      examples: [
        {
          setup: 'import pandas as pd',
          before:
            "print(pd.to_datetime(['05-01-2016', '20-01-2016']).month.tolist())",
          after:
            "print(pd.to_datetime(['05-01-2016', '20-01-2016'], format='mixed').month.tolist())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const args = argsOf(context, call);
        if (
          !callsTo(context, call, ['pandas.to_datetime']) ||
          args.length === 0 ||
          args.some(arg => arg.star || arg.name === 'format')
        ) {
          return [];
        }
        return [
          matchAt('pandas.to-datetime-mixed-formats', call, [
            appendArgument(context, call, "format='mixed'")
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.axis-keyword-only',
      needs: AXIS_KEYWORD_ONLY.map(name => `.${name}(`),
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        'The axis of `any`, `dropna` and `sort_index` is keyword-only since pandas 3.0: `.any(axis=1)`.',
      link: pandasNotes('3.0.0'),
      raises: {
        ename: 'TypeError',
        message: new RegExp(
          `^(DataFrame|Series)\\.(${AXIS_KEYWORD_ONLY.join('|')})\\(\\) takes 1 positional argument`
        )
      },
      // numpy's methods of these names take the axis first too (`a.any(1)`), and so does
      // the rewrite; a method of another object is left to the error to name.
      onFailureOnly: true,
      examples: [
        {
          setup: PANDAS_SETUP,
          before:
            'print(pd.isnull(df).any(1).tolist(), df.dropna(0).shape, df.sort_index(1).columns.tolist())',
          after:
            'print(pd.isnull(df).any(axis=1).tolist(), df.dropna(axis=0).shape, df.sort_index(axis=1).columns.tolist())'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const [axis, ...rest] = argsOf(context, call);
        if (
          !callee ||
          callee.node.name !== 'MemberExpression' ||
          !AXIS_KEYWORD_ONLY.includes(callee.name) ||
          !axis ||
          axis.name ||
          axis.star ||
          rest.some(arg => !arg.name) ||
          !/^([01]|'(index|columns|rows)'|"(index|columns|rows)")$/.test(
            context.source.slice(axis.from, axis.to)
          )
        ) {
          return [];
        }
        return [
          matchAt('pandas.axis-keyword-only', call, [
            { from: axis.from, to: axis.from, insert: 'axis=' }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.series-nonzero',
      needs: ['.nonzero()'],
      distribution: 'pandas',
      since: '1.0.0',
      summary:
        "`Series.nonzero()` was removed in pandas 1.0: numpy's `np.nonzero(s)` gives the same positions.",
      link: pandasNotes('1.0.0'),
      raises: {
        ename: 'AttributeError',
        message: /'Series' object has no attribute 'nonzero'/
      },
      // `np.nonzero(x)` is `x.nonzero()` for whatever has the method (an array, a sparse
      // matrix), and reads a series' values: right for every receiver, wanted for one.
      onFailureOnly: true,
      examples: [
        {
          setup: PANDAS_SETUP,
          before: "print(df['b'].isnull().nonzero()[0].tolist())",
          after:
            "import numpy as np\nprint(np.nonzero(df['b'].isnull())[0].tolist())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const owner = callee?.node.firstChild;
        if (
          callee?.name !== 'nonzero' ||
          callee.node.name !== 'MemberExpression' ||
          !owner ||
          argsOf(context, call).length > 0
        ) {
          return [];
        }
        const numpy = spellName(context, { module: 'numpy', alias: 'np' });
        const insert = `${numpy.text}.nonzero(${textOf(context, owner)})`;
        return [
          matchAt('pandas.series-nonzero', call, [
            { from: call.from, to: call.to, insert, needs: numpy.needs }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.read-only-values',
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "A frame's or series' `.values` is a read-only view under Copy-on-Write (pandas 3.0): the array written into is copied first, as the old writable array was the notebook's own.",
      link: pandasNotes('3.0.0'),
      raises: {
        ename: 'ValueError',
        message: /assignment destination is read-only/
      },
      // Which array is read-only is the kernel's to say, once a write failed.
      onFailureOnly: true,
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [0, 1, 0]})\nX, Y = df[['x']].values, df['y'].values",
          before: 'Y[Y == 0] = -1\nprint(Y.tolist())',
          after: 'Y = Y.copy()\nY[Y == 0] = -1\nprint(Y.tolist())',
          answer: 'True'
        }
      ]
    },
    context =>
      [
        ...context.nodes('AssignStatement'),
        ...context.nodes('UpdateStatement')
      ].flatMap(statement => {
        const target = statement.firstChild;
        const name = target?.firstChild;
        const before = Private.lineOf(context, statement);
        if (
          target?.name !== 'MemberExpression' ||
          !target.getChild('[') ||
          name?.name !== 'VariableName' ||
          !before ||
          Private.nested(statement)
        ) {
          return [];
        }
        const array = textOf(context, name);
        const expression = inScopeOf(
          context,
          statement,
          `str(type(${array}).__name__ == 'ndarray' and not ${array}.flags.writeable)`
        );
        if (expression === null) {
          return [];
        }
        return [
          askedMatch(
            'pandas.read-only-values',
            target,
            expression,
            () => [
              Private.statementBefore(before, `${array} = ${array}.copy()`)
            ],
            'Only a read-only array: asks the kernel.'
          )
        ];
      })
  ),
  defineRule(
    {
      id: 'pandas.setitem-upcast',
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        'Setting text into a number column no longer makes it an object column (pandas 3.0 raises): the column is made one first, as before.',
      link: pandasNotes('3.0.0'),
      raises: {
        ename: 'TypeError',
        message: /^Invalid value '.*' for dtype '(u?int|float|bool)\w*'/
      },
      // Which write met which column is the kernel's to say, once one failed.
      onFailureOnly: true,
      examples: [
        {
          setup:
            "import pandas as pd\nlabels = pd.DataFrame({'Facies': [0, 1, 1]})\nnames = ['SS', 'CSiS']",
          before:
            "for i, name in enumerate(names):\n    labels[labels == i] = name\nprint(labels['Facies'].tolist())",
          after:
            "for i, name in enumerate(names):\n    labels = labels.astype(object)\n    labels[labels == i] = name\nprint(labels['Facies'].tolist())",
          answer: 'True'
        },
        {
          setup: "import pandas as pd\ndf = pd.DataFrame({'grade': [1, 7, 9]})",
          before:
            "df.loc[df.grade > 5, 'grade'] = 'high'\nprint(df['grade'].tolist())",
          after:
            "df['grade'] = df['grade'].astype(object)\ndf.loc[df.grade > 5, 'grade'] = 'high'\nprint(df['grade'].tolist())",
          answer: 'True'
        }
      ]
    },
    context =>
      context.nodes('AssignStatement').flatMap(statement => {
        const target = statement.firstChild;
        const value = statement.lastChild;
        const before = Private.lineOf(context, statement);
        const written = target && Private.textWrite(context, target);
        if (
          !written ||
          !value ||
          value === target ||
          !readsOnly(value) ||
          !before ||
          statement.getChildren('AssignOp').length !== 1
        ) {
          return [];
        }
        const text = textOf(context, value);
        const expression = inScopeOf(
          context,
          statement,
          `str(type(${written.frame}).__name__ in ('DataFrame', 'Series') and isinstance(${text}, str))`
        );
        if (expression === null) {
          return [];
        }
        return [
          askedMatch(
            'pandas.setitem-upcast',
            target,
            expression,
            () => [
              Private.statementBefore(
                before,
                `${written.column} = ${written.column}.astype(object)`
              )
            ],
            'Only text into a frame: asks the kernel.'
          )
        ];
      })
  ),
  // Booleans print as True/False and score as before; what breaks is numpy meeting the
  // object array that a frame mixing them with numbers gives (`.values`), so the old dtype
  // is pinned when such a failure is repaired, in a notebook written before the change.
  {
    ...defaultChanged({
      id: 'pandas.get-dummies-dtype',
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        '`get_dummies` returns booleans since pandas 2.0, not integers: a frame mixing them with numbers is an object array to numpy. Pin `dtype=int`.',
      link: pandasNotes('2.0.0'),
      callees: ['get_dummies'],
      module: 'pandas',
      param: 'dtype',
      old: 'int',
      examples: [
        {
          setup:
            "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [0.5, 1.5], 'kind': ['a', 'b']})",
          before:
            "X = pd.get_dummies(df, columns=['kind']).values\nprint(np.exp(-X).sum().round(3))",
          after:
            "X = pd.get_dummies(df, columns=['kind'], dtype=int).values\nprint(np.exp(-X).sum().round(3))",
          writtenWith: '3.6.3'
        },
        {
          setup: 'import pandas as pd',
          before: "d = pd.get_dummies(pd.Series(['a', 'b']))\nprint(-d.values)",
          after:
            "d = pd.get_dummies(pd.Series(['a', 'b']), dtype=int)\nprint(-d.values)",
          writtenWith: '3.8.5'
        }
      ]
    }),
    kind: 'error-repair',
    raises: {
      ename: 'TypeError',
      message:
        /loop of ufunc does not support argument \d+ of type \w+ which has no callable \w+ method|ufunc '\w+' not supported for the input types|numpy boolean (negative|subtract)/
    }
  }
];

// `df.loc[:, X]` and `df.iloc[:, X]` keys that name whole columns by literals.
const LABEL = String.raw`(?:'[^'\\]*'|"[^"\\]*"|\d+)`;
const COLUMN_LABELS = new RegExp(
  String.raw`^(?:${LABEL}|\[\s*${LABEL}(?:\s*,\s*${LABEL})*\s*,?\s*\])$`
);
const COLUMN_POSITIONS = /^(?:\d+|-?\d*\s*:\s*-?\d*)$/;

namespace Private {
  /** Where a statement that starts its line starts, and its indentation; else null. */
  export function lineOf(
    context: IRuleContext,
    statement: SyntaxNode
  ): { at: number; indent: string } | null {
    const at = context.source.lastIndexOf('\n', statement.from - 1) + 1;
    const indent = context.source.slice(at, statement.from);
    return /\S/.test(indent) ? null : { at, indent };
  }

  /** The edit putting `code` on a line of its own before the statement at `line`. */
  export function statementBefore(
    line: { at: number; indent: string },
    code: string
  ): ITextEdit {
    return { from: line.at, to: line.at, insert: `${line.indent}${code}\n` };
  }

  /**
   * For a write by mask or label into a frame or series (`labels[labels == i] = ...`,
   * `df.loc[rows, 'c'] = ...`), the object written into and the column to make an object
   * column of (the whole object, or `df['c']`); null for anything else.
   */
  export function textWrite(
    context: IRuleContext,
    target: SyntaxNode
  ): { frame: string; column: string } | null {
    const owner = target.firstChild;
    if (target.name !== 'MemberExpression' || !target.getChild('[') || !owner) {
      return null;
    }
    if (owner.name === 'VariableName') {
      const frame = textOf(context, owner);
      return { frame, column: frame };
    }
    const frame = owner.firstChild;
    const indexer = owner.lastChild;
    const key = target.getChildren(',')[0]?.nextSibling;
    if (
      owner.name !== 'MemberExpression' ||
      frame?.name !== 'VariableName' ||
      indexer?.name !== 'PropertyName' ||
      textOf(context, indexer) !== 'loc' ||
      key?.name !== 'String' ||
      target.getChildren(',').length !== 1
    ) {
      return null;
    }
    const name = textOf(context, frame);
    return { frame: name, column: `${name}[${textOf(context, key)}]` };
  }

  /**
   * Whether a statement is in a loop's body, where a copy would be made each time, or in
   * a function's, whose caller may expect its argument written into.
   */
  export function nested(node: SyntaxNode): boolean {
    for (let p = node.parent; p; p = p.parent) {
      if (
        ['ForStatement', 'WhileStatement', 'FunctionDefinition'].includes(
          p.name
        )
      ) {
        return true;
      }
    }
    return false;
  }

  /**
   * `df['c']` for a write to every row of one column by label or position
   * (`df.loc[:, 'c']`, `df.iloc[:, 2]`); null for anything else. Only a literal key: a list
   * or a frame is matched by position in one spelling and by label in the other.
   */
  export function fullColumn(
    context: IRuleContext,
    target: SyntaxNode,
    value: SyntaxNode
  ): string | null {
    const indexed = target.firstChild;
    const owner = indexed?.firstChild;
    const indexer = indexed?.lastChild;
    if (
      target.name !== 'MemberExpression' ||
      !target.getChild('[') ||
      indexed?.name !== 'MemberExpression' ||
      indexer?.name !== 'PropertyName' ||
      !owner ||
      !readsOnly(owner)
    ) {
      return null;
    }
    const keys = subscriptKeys(context, target);
    const by = textOf(context, indexer);
    // Columns named by literals: a label or a list of labels; a position or a slice of
    // positions (`1:`), which `columns[...]` reads as `iloc` did.
    const literal =
      by === 'loc'
        ? COLUMN_LABELS.test(keys[1] ?? '')
        : by === 'iloc' && COLUMN_POSITIONS.test(keys[1] ?? '');
    if (keys.length !== 2 || keys[0] !== ':' || !literal) {
      return null;
    }
    // Several columns at once: `.loc` and `.iloc` aligned a frame's columns by label, and
    // `df[cols] = frame` takes them by position; the same only for values with no labels.
    const several = /[:[]/.test(keys[1]);
    if (several && !Private.unlabelled(context, value)) {
      return null;
    }
    const frame = textOf(context, owner);
    return by === 'loc'
      ? `${frame}[${keys[1]}]`
      : `${frame}[${frame}.columns[${keys[1]}]]`;
  }

  /**
   * A value with no column labels: a number, or a numpy function's or a scikit-learn
   * transform's result (`np.where(...)`, `scaler.fit_transform(...)`), or `.values`.
   */
  export function unlabelled(
    context: IRuleContext,
    value: SyntaxNode
  ): boolean {
    if (value.name === 'Number') {
      return true;
    }
    if (value.name === 'MemberExpression') {
      return (
        value.lastChild !== null &&
        textOf(context, value.lastChild) === 'values'
      );
    }
    const callee =
      value.name === 'CallExpression' ? calleeOf(context, value) : null;
    return (
      callee !== null &&
      (['fit_transform', 'transform', 'to_numpy'].includes(callee.name) ||
        callsInto(context, value, 'numpy'))
    );
  }

  /**
   * The frame a reduction reads: `df` in `df.mean()`, and in `df.groupby('k').mean()`
   * (a name or attribute, never a call the kernel would have to run).
   */
  export function reducedFrame(
    context: IRuleContext,
    owner: SyntaxNode
  ): SyntaxNode | null {
    if (
      dottedName(context, owner) !== null ||
      Private.selection(context, owner)
    ) {
      return owner;
    }
    const grouped = owner.name === 'CallExpression' && calleeOf(context, owner);
    const frame =
      grouped && grouped.name === 'groupby' && grouped.node.firstChild;
    return frame &&
      (dottedName(context, frame) !== null || Private.selection(context, frame))
      ? frame
      : null;
  }

  /** Rows or columns of a frame picked by reading only: `df[df['a'] == 'x']`, `df[df.columns.difference(['y'])]`. */
  export function selection(context: IRuleContext, node: SyntaxNode): boolean {
    return (
      node.name === 'MemberExpression' &&
      !!node.getChild('[') &&
      readsPurely(context, node)
    );
  }
}
