import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf, readsOnly } from './receivers';
import { argsOf, calleeOf, textOf } from './syntax';
import type { IRule } from './types';

/**
 * Whether `s` is a categorical Series and the mapping `m` renames some of its categories to
 * names that are new and distinct: what the old `replace` did, and what
 * `rename_categories` does. A mapping that merges categories is left alone.
 */
const RENAMES =
  "(lambda s, m: str(str(getattr(s, 'dtype', '')) == 'category' and isinstance(m, dict) " +
  'and (lambda new: len(set(new)) == len(new) and not set(new) & set(s.cat.categories))' +
  '([v for k, v in m.items() if k in set(s.cat.categories)])))';

/**
 * `df['cat1'].replace({'ARF': 'arf'})` on a categorical column renamed the category until
 * pandas 3.0, which refuses a value that is no category. `cat.rename_categories` renames
 * it again, with the categories' order kept; asked of the kernel after the cell failed.
 */
export const pandasCategoricalReplaceRule: IRule = defineRule(
  {
    id: 'pandas.categorical-replace',
    needs: ['replace'],
    onFailureOnly: true,
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      '`replace` no longer renames the categories of a categorical column (pandas 3.0): `cat.rename_categories(mapping)` does.',
    link: pandasNotes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /^Cannot setitem on a Categorical with a new category/
    },
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'cat1': ['ARF', 'CHF', 'ARF', 'Coma']}, dtype='category')",
        before:
          "df['cat1'] = df['cat1'].replace({'ARF': 'arf', 'CHF': 'chf', 'Lung Cancer': 'lung'})\nprint(df['cat1'].tolist(), list(df['cat1'].cat.categories))",
        after:
          "df['cat1'] = df['cat1'].cat.rename_categories({'ARF': 'arf', 'CHF': 'chf', 'Lung Cancer': 'lung'})\nprint(df['cat1'].tolist(), list(df['cat1'].cat.categories))",
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const receiver = callee?.node.firstChild;
      const args = argsOf(context, call);
      if (
        callee?.name !== 'replace' ||
        callee.node.name !== 'MemberExpression' ||
        !receiver ||
        !readsOnly(receiver) ||
        args.length !== 1 ||
        args[0].name ||
        args[0].star ||
        !Private.plainMapping(args[0].value)
      ) {
        return [];
      }
      const mapping = textOf(context, args[0].value);
      const expression = inScopeOf(
        context,
        call,
        `${RENAMES}(${textOf(context, receiver)}, ${mapping})`
      );
      if (!expression) {
        return [];
      }
      return [
        askedMatch(
          'pandas.categorical-replace',
          call,
          expression,
          () => [
            {
              from: callee.node.lastChild!.from,
              to: callee.node.lastChild!.to,
              insert: 'cat.rename_categories'
            }
          ],
          'Only on a categorical column, for new and distinct names: asks the kernel.'
        )
      ];
    })
);

namespace Private {
  /** A name, an attribute or a dict literal of such: the kernel may evaluate it again. */
  export function plainMapping(node: SyntaxNode): boolean {
    if (node.name !== 'DictionaryExpression') {
      return node.name !== 'String' && readsOnly(node);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!/^[{}:]$/.test(child.name) && !readsOnly(child)) {
        return false;
      }
    }
    return true;
  }
}
