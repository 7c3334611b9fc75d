import { defineRule, matchAt, type IRuleInfo } from './builders';
import { pandasNotes } from './pandas-api';
import { argsOf, calleeOf, dottedName, resolve, stringValue } from './syntax';
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

/** pandas option names that no longer pick the option they did. */
export const pandasOptionRules: IRule[] = [
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
