import { defineRule, matchAt, type IRuleInfo } from './builders';
import { pandasNotes } from './pandas-api';
import type { SyntaxNode } from '@lezer/common';
import {
  argsOf,
  calleeOf,
  dottedName,
  dropStatement,
  resolve,
  stringValue,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/** pandas' option functions, and whether every other positional argument is a key. */
const OPTION_CALLS = new Map([
  ['set_option', true],
  ['option_context', true],
  ['get_option', false],
  ['reset_option', false],
  ['describe_option', false]
]);

/** The option-name literals of pandas' option calls whose name is in `table`. */
function optionNames(
  context: IRuleContext,
  ruleId: string,
  table: ReadonlyMap<string, string>
): IRuleMatch[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const pairs = callee ? OPTION_CALLS.get(callee.name) : undefined;
    if (
      pairs === undefined ||
      !dotted ||
      !resolve(context, dotted).startsWith('pandas.')
    ) {
      return [];
    }
    const args = argsOf(context, call);
    if (args.some(arg => arg.star)) {
      return [];
    }
    const keys = args.filter((arg, i) =>
      arg.name ? arg.name === 'pat' : pairs ? i % 2 === 0 : i === 0
    );
    return keys.flatMap(key => {
      const text = context.source.slice(key.valueFrom, key.valueTo);
      const name = stringValue(text);
      const to = name === null ? undefined : table.get(name.toLowerCase());
      if (key.value.name !== 'String' || to === undefined) {
        return [];
      }
      const quote = text[text.length - 1];
      return [
        matchAt(ruleId, key.value, [
          {
            from: key.valueFrom,
            to: key.valueTo,
            insert: `${text.slice(0, text.indexOf(quote) + 1)}${to}${quote}`
          }
        ])
      ];
    });
  });
}

/**
 * Calls of pandas' option functions that take name and value pairs (`set_option`,
 * `option_context`), with their arguments, all given by position.
 */
function optionSettings(
  context: IRuleContext
): { call: SyntaxNode; args: IArgument[] }[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const args = argsOf(context, call);
    return callee &&
      OPTION_CALLS.get(callee.name) &&
      dotted &&
      resolve(context, dotted).startsWith('pandas.') &&
      !args.some(arg => arg.star || arg.name)
      ? [{ call, args }]
      : [];
  });
}

/** A rule that spells option names of `table` by their full names today. */
function optionRenamed(
  info: IRuleInfo & { table: Record<string, string> }
): IRule {
  const { table, ...rest } = info;
  const names = new Map(Object.entries(table));
  return defineRule({ ...rest, needs: ['option'] }, context =>
    optionNames(context, info.id, names)
  );
}

/**
 * `pd.set_option('display.max_colwidth', -1)` and `pd.options.display.max_colwidth = -1`:
 * a negative width meant no limit, which is `None` since pandas 1.0 (refused since 2.0).
 */
function negativeColwidths(
  context: IRuleContext,
  ruleId: string
): IRuleMatch[] {
  const none = (value: SyntaxNode) =>
    /^-\s*\d+$/.test(textOf(context, value))
      ? [
          matchAt(ruleId, value, [
            { from: value.from, to: value.to, insert: 'None' }
          ])
        ]
      : [];
  const calls = optionSettings(context).flatMap(({ args }) =>
    args.flatMap((key, i) => {
      const name = stringValue(
        context.source.slice(key.valueFrom, key.valueTo)
      );
      const value = args[i + 1];
      return i % 2 === 0 && value && COLWIDTH.test(name ?? '')
        ? none(value.value)
        : [];
    })
  );
  const assignments = context.nodes('AssignStatement').flatMap(statement => {
    const target = statement.firstChild;
    const dotted = target && dottedName(context, target);
    return dotted &&
      statement.lastChild !== target &&
      resolve(context, dotted) === 'pandas.options.display.max_colwidth'
      ? none(statement.lastChild!)
      : [];
  });
  return [...calls, ...assignments];
}

// The option's names: in full, or any unambiguous end of it.
const COLWIDTH = /^(display\.)?max_colwidth$/;

// Options removed with nothing in their place, which only changed how matplotlib drew:
// each by its full name and the short name pandas also took.
const REMOVED_OPTIONS = new Set(['display.mpl_style', 'mpl_style']);

/**
 * Settings of removed options (`pd.set_option('display.mpl_style', 'default')`,
 * `pd.options.display.mpl_style = 'default'`): the statement goes, or the option's pair
 * from a call that sets others too. Reads of the option, and an `option_context` left with
 * nothing to set, are left alone.
 */
function removedOptions(context: IRuleContext, ruleId: string): IRuleMatch[] {
  const removed = (text: string) =>
    REMOVED_OPTIONS.has(stringValue(text)?.toLowerCase() ?? '');
  const calls = optionSettings(context).flatMap(({ call, args }) => {
    if (args.length % 2 !== 0) {
      return [];
    }
    // Each pair of a removed option, from the end of the pair before (or to the next one).
    const pairs = args.flatMap((key, i) =>
      i % 2 === 0 && removed(context.source.slice(key.valueFrom, key.valueTo))
        ? [
            i > 0
              ? { from: args[i - 1].to, to: args[i + 1].to, insert: '' }
              : {
                  from: key.from,
                  to: args[i + 2]?.from ?? args[i + 1].to,
                  insert: ''
                }
          ]
        : []
    );
    if (pairs.length === 0) {
      return [];
    }
    if (pairs.length < args.length / 2) {
      // One pair among others: the name is not written twice in one call.
      return pairs.length === 1 ? [matchAt(ruleId, call, pairs)] : [];
    }
    const statement = call.parent;
    return calleeOf(context, call)?.name === 'set_option' &&
      statement?.name === 'ExpressionStatement' &&
      statement.firstChild?.to === call.to
      ? [matchAt(ruleId, call, [dropStatement(context, statement)])]
      : [];
  });
  const assignments = context.nodes('AssignStatement').flatMap(statement => {
    const target = statement.firstChild;
    const dotted = target && dottedName(context, target);
    const option = dotted ? resolve(context, dotted) : '';
    return statement.getChildren('AssignOp').length === 1 &&
      option.startsWith('pandas.options.') &&
      REMOVED_OPTIONS.has(option.slice('pandas.options.'.length))
      ? [matchAt(ruleId, statement, [dropStatement(context, statement)])]
      : [];
  });
  return [...calls, ...assignments];
}

/** pandas option names that no longer pick the option they did, or any option. */
export const pandasOptionRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.removed-plot-option',
      needs: ['mpl_style'],
      distribution: 'pandas',
      since: '0.20.0',
      summary:
        "The option 'display.mpl_style' was removed in pandas 0.20: it only restyled matplotlib's plots, so setting it goes (matplotlib's `plt.style.use` does that today).",
      link: pandasNotes('0.20.0'),
      raises: {
        ename: 'OptionError',
        message:
          /No such keys\(s\): '(display\.)?mpl_style'|You can only set the value of existing options/
      },
      examples: [
        {
          setup: 'import pandas as pd',
          before:
            "pd.set_option('display.mpl_style', 'default')\nprint(pd.get_option('display.max_rows'))",
          after: "print(pd.get_option('display.max_rows'))"
        },
        {
          setup: 'import pandas as pd',
          before:
            "pd.options.display.mpl_style = 'default'\npd.set_option('display.max_rows', 10, 'mpl_style', 'default')\nprint(pd.options.display.max_rows)",
          after:
            "pd.set_option('display.max_rows', 10)\nprint(pd.options.display.max_rows)"
        }
      ]
    },
    context => removedOptions(context, 'pandas.removed-plot-option')
  ),
  defineRule(
    {
      id: 'pandas.negative-max-colwidth',
      needs: ['max_colwidth'],
      distribution: 'pandas',
      since: '2.0.0',
      summary:
        "A negative 'display.max_colwidth' meant no limit: that is `None` since pandas 1.0, and a negative width is refused since 2.0.",
      link: pandasNotes('2.0.0'),
      raises: {
        ename: 'ValueError',
        message: /^Value must be a nonnegative integer or None/
      },
      examples: [
        {
          setup: 'import pandas as pd',
          before:
            "pd.set_option('display.max_colwidth', -1)\nprint(pd.get_option('display.max_colwidth'))",
          after:
            "pd.set_option('display.max_colwidth', None)\nprint(pd.get_option('display.max_colwidth'))"
        },
        {
          setup: 'import pandas as pd',
          before:
            'pd.options.display.max_colwidth = -1\nprint(pd.options.display.max_colwidth)',
          after:
            'pd.options.display.max_colwidth = None\nprint(pd.options.display.max_colwidth)'
        }
      ]
    },
    context => negativeColwidths(context, 'pandas.negative-max-colwidth')
  ),
  optionRenamed({
    id: 'pandas.ambiguous-option',
    distribution: 'pandas',
    since: '1.4.0',
    summary:
      "Short option names ('precision', 'max_rows', 'max_columns', 'encoding') also match a styler option since pandas 1.4: use the full 'display.' name.",
    link: pandasNotes('1.4.0'),
    raises: {
      ename: 'OptionError',
      message: /Pattern matched multiple keys/
    },
    table: {
      precision: 'display.precision',
      max_rows: 'display.max_rows',
      max_columns: 'display.max_columns',
      encoding: 'display.encoding'
    },
    examples: [
      {
        setup: 'import pandas as pd',
        before:
          "pd.set_option('precision', 2)\nprint(pd.get_option('display.precision'))",
        after:
          "pd.set_option('display.precision', 2)\nprint(pd.get_option('display.precision'))"
      },
      {
        setup: 'import pandas as pd',
        before:
          'with pd.option_context("max_rows", 5, "max_columns", 3):\n    print(pd.get_option("max_rows"))',
        after:
          'with pd.option_context("display.max_rows", 5, "display.max_columns", 3):\n    print(pd.get_option("display.max_rows"))'
      }
    ]
  }),
  optionRenamed({
    id: 'pandas.removed-display-option',
    distribution: 'pandas',
    since: '0.21.0',
    summary:
      "The options 'display.line_width' and 'display.height' were removed in pandas 0.21: they were 'display.width' and 'display.max_rows'.",
    link: pandasNotes('0.21.0'),
    raises: { ename: 'OptionError', message: /No such keys/ },
    table: {
      line_width: 'display.width',
      'display.line_width': 'display.width',
      height: 'display.max_rows',
      'display.height': 'display.max_rows'
    },
    examples: [
      {
        setup: 'import pandas as pd',
        before:
          "pd.set_option('display.line_width', 120)\nprint(pd.get_option('display.width'))",
        after:
          "pd.set_option('display.width', 120)\nprint(pd.get_option('display.width'))"
      }
    ]
  })
];
