import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { defineRule, matchAt } from './builders';
import { importsOf } from './builders-imports';
import { otherCells } from './engine';
import { pandasNotes } from './pandas-api';
import { onReceiver, readsOnly } from './receivers';
import {
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// The methods that counted a frame's columns by dtype, and the attribute of their types.
const COUNTS = new Set(['get_dtype_counts', 'get_ftype_counts']);
const FTYPES = 'ftypes';
// The keywords of the module function `value_counts` that `Series.value_counts` takes too.
const COUNT_KEYWORDS = new Set([
  'sort',
  'ascending',
  'normalize',
  'bins',
  'dropna'
]);
// The methods that call a function given them on each column or group, a Series.
const APPLIERS = new Set(['apply', 'agg', 'aggregate']);

/** pandas functions and methods removed in 0.24, 1.0 and 3.0 whose rewrite reshapes the call. */
export const pandasRemovedFunctionRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.module-groupby',
      targets: ['pandas.DataFrame.groupby', 'pandas.Series.groupby'],
      distribution: 'pandas',
      since: '0.24.0',
      summary:
        "The module function `pd.groupby(obj, by, ...)` was removed in pandas 0.24: it is the frame's or Series' own `obj.groupby(by, ...)`.",
      link: pandasNotes('0.24.0'),
      raises: {
        ename: ['AttributeError', 'ImportError'],
        message:
          /module 'pandas' has no attribute 'groupby'|cannot import name 'groupby' from 'pandas'/
      },
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'k': ['x', 'y', 'x'], 'v': [1, 2, 3]})",
          before:
            "def totals(x, y):\n    grouped = pd.groupby(x, y)\n    return grouped.sum()\nprint(totals(df, 'k')['v'].to_dict())",
          after:
            "def totals(x, y):\n    grouped = x.groupby(y)\n    return grouped.sum()\nprint(totals(df, 'k')['v'].to_dict())"
        },
        {
          setup:
            "import pandas\ndf = pandas.DataFrame({'k': ['x', 'y', 'x'], 'v': [1, 2, 3]})",
          before:
            "print(pandas.groupby(df.v * 10, df.k, sort=False).sum().to_dict())\nprint(pandas.groupby(df[df.v > 1], 'k').size().to_dict())",
          after:
            "print((df.v * 10).groupby(df.k, sort=False).sum().to_dict())\nprint(df[df.v > 1].groupby('k').size().to_dict())"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'k': ['x', 'y', 'x'], 'v': [1, 2, 3]})",
          before:
            "from pandas import DataFrame, groupby\nprint(groupby(df, 'k')['v'].max().to_dict())",
          after:
            "from pandas import DataFrame\nprint(df.groupby('k')['v'].max().to_dict())"
        }
      ]
    },
    // An alias (`from pandas import groupby as gb`) leaves the word out of the cell.
    context =>
      !Private.mentions(context, 'groupby')
        ? []
        : [
            ...context.nodes('CallExpression').flatMap(call => {
              const edits = Private.groupbyEdits(context, call);
              return edits
                ? [matchAt('pandas.module-groupby', call, edits)]
                : [];
            }),
            ...Private.removedImports(
              context,
              'pandas.module-groupby',
              'groupby',
              (source, node) => {
                const call = node.parent;
                return (
                  call?.name === 'CallExpression' &&
                  call.firstChild?.from === node.from &&
                  Private.groupbyEdits(source, call) !== null
                );
              }
            )
          ]
  ),
  defineRule(
    {
      id: 'pandas.value-counts-function',
      targets: ['pandas.Series', 'pandas.Series.value_counts'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "The module function `pd.value_counts(values, ...)` was removed in pandas 3.0: it is `pd.Series(values).value_counts(...)`, and `pd.Series.value_counts` where a frame's `apply` or `agg` is given it for each column.",
      link: pandasNotes('3.0.0'),
      raises: {
        ename: ['AttributeError', 'ImportError'],
        message:
          /module 'pandas' has no attribute 'value_counts'|cannot import name 'value_counts' from 'pandas'/
      },
      examples: [
        {
          setup: 'import pandas as pd\ns = pd.Series([3, 1, 3, 3, None])',
          before:
            "print(pd.value_counts(['a', 'b', 'a']).to_dict())\nprint(pd.value_counts(s, normalize=True, dropna=False).to_dict())",
          after:
            "print(pd.Series(['a', 'b', 'a']).value_counts().to_dict())\nprint(pd.Series(s).value_counts(normalize=True, dropna=False).to_dict())"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'a': ['x', 'y', 'x'], 'b': ['y', 'y', 'z']})",
          before:
            'print(df.apply(pd.value_counts).fillna(0).to_dict())\nprint(df.iloc[:, 1:].apply(pd.value_counts).to_dict())',
          after:
            'print(df.apply(pd.Series.value_counts).fillna(0).to_dict())\nprint(df.iloc[:, 1:].apply(pd.Series.value_counts).to_dict())'
        },
        {
          setup:
            "import pandas\ndf = pandas.DataFrame({'a': ['x', 'y', 'x'], 'b': ['y', 'y', 'z']})",
          before:
            "print(pandas.value_counts(df['b'], sort=False).to_dict())\nprint(df.agg(pandas.value_counts).fillna(0).to_dict())",
          after:
            "print(pandas.Series(df['b']).value_counts(sort=False).to_dict())\nprint(df.agg(pandas.Series.value_counts).fillna(0).to_dict())"
        },
        {
          before:
            "from pandas import DataFrame, value_counts\ndf = DataFrame({'k': ['x', 'y', 'x']})\nprint(value_counts(df['k']).to_dict())\nprint(df.apply(value_counts).to_dict())",
          after:
            "from pandas import DataFrame\ndf = DataFrame({'k': ['x', 'y', 'x']})\nfrom pandas import Series\nprint(Series(df['k']).value_counts().to_dict())\nprint(df.apply(Series.value_counts).to_dict())"
        }
      ]
    },
    // An alias (`from pandas import value_counts as vc`) leaves the word out of the cell.
    context =>
      !Private.mentions(context, 'value_counts')
        ? []
        : [
            ...['VariableName', 'MemberExpression']
              .flatMap(type => context.nodes(type))
              .flatMap(node => {
                const use = Private.valueCountsUse(context, node);
                return use
                  ? [
                      matchAt(
                        'pandas.value-counts-function',
                        use.node,
                        use.edits
                      )
                    ]
                  : [];
              }),
            ...Private.removedImports(
              context,
              'pandas.value-counts-function',
              'value_counts',
              (source, node) => Private.valueCountsUse(source, node) !== null
            )
          ]
  ),
  defineRule(
    {
      id: 'pandas.dtype-counts',
      targets: ['pandas.DataFrame.dtypes', 'pandas.Series.value_counts'],
      needs: ['_counts', FTYPES],
      distribution: 'pandas',
      since: '1.0.0',
      summary:
        '`get_dtype_counts()`, `get_ftype_counts()` and `.ftypes` were removed in pandas 1.0: use `.dtypes.value_counts()` and `.dtypes`.',
      link: pandasNotes('1.0.0'),
      raises: {
        ename: 'AttributeError',
        message: /has no attribute '(get_dtype_counts|get_ftype_counts|ftypes)'/
      },
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2], 'b': [0.5, 1.5], 'c': [2.5, 3.5]})",
          before:
            'counts = df.get_dtype_counts()\nprint(counts.max(), counts.sum())',
          after:
            'counts = df.dtypes.value_counts()\nprint(counts.max(), counts.sum())',
          answer: 'DataFrame'
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2], 'b': [0.5, 1.5], 'c': [2.5, 3.5]})",
          before:
            "print(df[['b', 'c']].get_ftype_counts().to_dict())\nprint([str(t) for t in df.ftypes])",
          after:
            "print(df[['b', 'c']].dtypes.value_counts().to_dict())\nprint([str(t) for t in df.dtypes])",
          answer: 'DataFrame'
        }
      ]
    },
    context => {
      const pandas = [...context.imports.values()].some(
        module => module.split('.')[0] === 'pandas'
      );
      return context
        .nodes('PropertyName')
        .flatMap(property => Private.dtypeCounts(context, property, pandas));
    }
  )
];

namespace Private {
  /** Whether a cell names pandas' function `name`: in its text, or through an alias. */
  export function mentions(context: IRuleContext, name: string): boolean {
    return (
      context.source.includes(name) ||
      [...context.imports.values()].includes(`pandas.${name}`)
    );
  }

  // Expressions a method call binds to whole: anything else is put in parentheses.
  const ATOMS = new Set([
    'VariableName',
    'MemberExpression',
    'SubscriptExpression',
    'CallExpression',
    'ParenthesizedExpression'
  ]);

  /**
   * The edits making `pd.groupby(obj, by, ...)` into `obj.groupby(by, ...)`: the callee
   * resolved through the notebook's imports to pandas' own function, the object passed
   * first or as `obj=`, the other arguments kept as written. Null for any other call.
   */
  export function groupbyEdits(
    context: IRuleContext,
    call: SyntaxNode
  ): ITextEdit[] | null {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const head = dotted?.split('.')[0];
    if (
      !callee ||
      dotted === null ||
      resolve(context, dotted) !== 'pandas.groupby' ||
      context.defined.has(head!) ||
      parameterOf(context, call, head!)
    ) {
      return null;
    }
    const args = argsOf(context, call);
    const first = args[0];
    const index =
      first && !first.name && !first.star
        ? 0
        : args.findIndex(arg => arg.name === 'obj');
    if (index < 0 || args.slice(0, index).some(arg => arg.star)) {
      return null;
    }
    const arg = args[index];
    const text = context.source.slice(arg.valueFrom, arg.valueTo);
    const whole =
      ATOMS.has(arg.value.name) &&
      arg.value.to === arg.valueTo &&
      !text.includes('\n');
    const receiver = whole ? text : `(${text})`;
    return [
      {
        from: callee.node.from,
        to: callee.node.to,
        insert: `${receiver}.groupby`
      },
      removeArgument(context, call, index)
    ];
  }

  /** Whether a function or lambda around `node` takes a parameter `name` (`def f(pd):`). */
  function parameterOf(
    context: IRuleContext,
    node: SyntaxNode,
    name: string
  ): boolean {
    for (let up = node.parent; up; up = up.parent) {
      const params =
        up.name === 'FunctionDefinition' || up.name === 'LambdaExpression'
          ? up.getChild('ParamList')
          : null;
      if (
        params
          ?.getChildren('VariableName')
          .some(param => textOf(context, param) === name)
      ) {
        return true;
      }
    }
    return false;
  }

  /**
   * `from pandas import groupby` fails, as does any import of a removed function `name`:
   * the name is taken out of the import where every use of it in the notebook is one
   * `rewritten` says is rewritten, so none is left unbound; the statement goes when it
   * imported nothing else and stands alone on its line at the top level. Else the import
   * is left as it is.
   */
  export function removedImports(
    context: IRuleContext,
    id: string,
    name: string,
    rewritten: (source: IRuleContext, node: SyntaxNode) => boolean
  ): IRuleMatch[] {
    return importsOf(context).flatMap(({ node, module, names }) => {
      const imported = names.find(each => each.name === name);
      if (module?.name !== 'pandas' || !imported) {
        return [];
      }
      const local = imported.alias ?? imported.name;
      if (
        context.imports.get(local) !== `pandas.${name}` ||
        !usedOnlyInRewrites(context, local, name, rewritten)
      ) {
        return [];
      }
      const edit = removeImported(context, node, names, imported);
      return edit ? [matchAt(id, node, [edit])] : [];
    });
  }

  /**
   * Whether every use of `local` in every cell is one `rewritten` says is rewritten, and
   * no import in any cell binds the name to anything but pandas' function `name`.
   */
  function usedOnlyInRewrites(
    context: IRuleContext,
    local: string,
    name: string,
    rewritten: (source: IRuleContext, node: SyntaxNode) => boolean
  ): boolean {
    return [context, ...otherCells(context)].every(
      source =>
        importsOf(source).every(({ module, names }) =>
          names.every(
            each =>
              (each.alias ?? each.name.split('.')[0]) !== local ||
              (module?.name === 'pandas' && each.name === name)
          )
        ) &&
        source
          .nodes('VariableName')
          .filter(
            node =>
              textOf(source, node) === local &&
              node.parent?.name !== 'ImportStatement'
          )
          .every(node => rewritten(source, node))
    );
  }

  /**
   * A use of pandas' removed function `value_counts` (`node` names it through the
   * notebook's imports) and its rewrite: a call of the values alone, or with keywords
   * `Series.value_counts` takes too, as `pd.Series(values).value_counts(...)`; the function
   * given to a method's `apply` or `agg`, which call it on each column or group, a Series,
   * as `pd.Series.value_counts`. `Series` is spelled as the cell spells the function's
   * module, or as the notebook imports pandas' names. Null for any other use: the
   * function's arguments after the values (sort, ascending, normalize) come in another
   * order than the method's (normalize, sort, ascending).
   */
  export function valueCountsUse(
    context: IRuleContext,
    node: SyntaxNode
  ): { node: SyntaxNode; edits: ITextEdit[] } | null {
    const dotted = dottedName(context, node);
    const head = dotted?.split('.')[0];
    if (
      dotted === null ||
      resolve(context, dotted) !== 'pandas.value_counts' ||
      context.defined.has(head!) ||
      parameterOf(context, node, head!)
    ) {
      return null;
    }
    const dot = dotted.lastIndexOf('.');
    const series =
      dot < 0
        ? spellName(context, { module: 'pandas', name: 'Series' })
        : { text: `${dotted.slice(0, dot)}.Series`, needs: [] };
    const parent = node.parent;
    if (
      parent?.name === 'CallExpression' &&
      parent.firstChild?.from === node.from &&
      parent.firstChild.to === node.to
    ) {
      const [values, ...keywords] = argsOf(context, parent);
      const close = parent.getChild('ArgList')?.lastChild;
      if (
        !values ||
        values.name ||
        values.star ||
        close?.name !== ')' ||
        keywords.some(arg => !arg.name || !COUNT_KEYWORDS.has(arg.name))
      ) {
        return null;
      }
      return {
        node: parent,
        edits: [
          {
            from: node.from,
            to: node.to,
            insert: series.text,
            needs: series.needs
          },
          {
            from: values.to,
            to: keywords[0]?.from ?? close.from,
            insert: ').value_counts('
          }
        ]
      };
    }
    const call = parent?.name === 'ArgList' ? parent.parent : null;
    const callee = call && calleeOf(context, call);
    if (
      !call ||
      !callee ||
      callee.node.name !== 'MemberExpression' ||
      !APPLIERS.has(callee.name)
    ) {
      return null;
    }
    const args = argsOf(context, call);
    const index = args.findIndex(
      arg => arg.value.from === node.from && arg.valueTo === node.to
    );
    const arg = index < 0 ? undefined : args[index];
    if (!arg || arg.star || (arg.name ? arg.name !== 'func' : index !== 0)) {
      return null;
    }
    return {
      node,
      edits: [
        {
          from: node.from,
          to: node.to,
          insert: `${series.text}.value_counts`,
          needs: series.needs
        }
      ]
    };
  }

  /** The edit taking one name out of a `from ... import` statement, or the statement away. */
  function removeImported(
    context: IRuleContext,
    node: SyntaxNode,
    names: ReturnType<typeof importsOf>[number]['names'],
    imported: (typeof names)[number]
  ): ITextEdit | null {
    const index = names.indexOf(imported);
    if (names.length > 1) {
      return index > 0
        ? { from: names[index - 1].end, to: imported.end, insert: '' }
        : { from: imported.from, to: names[1].from, insert: '' };
    }
    const { source } = context;
    const start = source.lastIndexOf('\n', node.from - 1) + 1;
    const end = source.indexOf('\n', node.to);
    const lineEnd = end < 0 ? source.length : end;
    if (
      node.parent?.name !== 'Script' ||
      source.slice(start, node.from).trim() !== '' ||
      source.slice(node.to, lineEnd).trim() !== ''
    ) {
      return null;
    }
    return { from: start, to: end < 0 ? lineEnd : end + 1, insert: '' };
  }

  /**
   * `obj.get_dtype_counts()` and `obj.get_ftype_counts()` as `obj.dtypes.value_counts()`,
   * on a frame: asked of the kernel where reading the receiver reads only names, else
   * made in a notebook that imports pandas and does not define the method itself.
   * `obj.ftypes` as `obj.dtypes`, on a frame or a Series: made in such a notebook, else
   * asked. Never where the attribute is assigned or deleted (an object of the notebook's).
   */
  export function dtypeCounts(
    context: IRuleContext,
    property: SyntaxNode,
    pandas: boolean
  ): IRuleMatch[] {
    const name = textOf(context, property);
    const member = property.parent;
    const owner = member?.firstChild;
    if (
      (!COUNTS.has(name) && name !== FTYPES) ||
      member?.name !== 'MemberExpression' ||
      !owner ||
      owner === property
    ) {
      return [];
    }
    const call = member.parent;
    const called =
      call?.name === 'CallExpression' && call.firstChild?.to === member.to;
    const own = pandas && !context.defined.has(name);
    if (COUNTS.has(name)) {
      if (!called || argsOf(context, call).length > 0) {
        return [];
      }
      return onReceiver(context, 'pandas.dtype-counts', {
        node: call,
        owner,
        types: ['DataFrame'],
        edits: [
          { from: property.from, to: call.to, insert: 'dtypes.value_counts()' }
        ],
        certain: own && !readsOnly(owner)
      });
    }
    if (called || bound(member)) {
      return [];
    }
    return onReceiver(context, 'pandas.dtype-counts', {
      node: member,
      owner,
      types: ['DataFrame', 'Series'],
      edits: [{ from: property.from, to: property.to, insert: 'dtypes' }],
      certain: own
    });
  }

  /** Whether an attribute is assigned (`x.ftypes = ...`, `x.ftypes += 1`) or deleted. */
  function bound(member: SyntaxNode): boolean {
    const parent = member.parent;
    if (parent?.name === 'DeleteStatement') {
      return true;
    }
    const statement =
      parent?.name === 'TupleExpression' ? parent.parent : parent;
    const operator =
      statement?.getChild('AssignOp') ?? statement?.getChild('UpdateOp');
    return (
      (statement?.name === 'AssignStatement' ||
        statement?.name === 'UpdateStatement') &&
      !!operator &&
      member.to <= operator.from
    );
  }
}
