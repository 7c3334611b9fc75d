import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { readsOnly } from './receivers';
import { argsOf, calleeOf, childrenOf, dictEntries, textOf } from './syntax';
import type { IRule, IRuleContext } from './types';

/**
 * `s.replace(['yes', 'no'], [1, 0])` made an integer column of a text one until pandas
 * 3.0, which keeps the result an object column of numbers: scikit-learn calls such labels
 * of unknown type, and the test `dtype == object` that came next sends them to
 * `get_dummies`. `infer_objects()` gives the dtype `replace` used to infer. Only where
 * every replacement is a number written in the call, so the receiver is a pandas object.
 */
export const pandasReplaceRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.replace-no-downcast',
      needs: ['replace'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        '`replace` no longer infers a numeric dtype when text is replaced by numbers (pandas 3.0): `infer_objects()` does.',
      link: pandasNotes('3.0.0'),
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'passed': ['yes', 'no', 'yes']})",
          before:
            "y = df['passed'].replace(['yes', 'no'], [1, 0])\nprint(y.dtype, y.sum())",
          after:
            "y = df['passed'].replace(['yes', 'no'], [1, 0]).infer_objects()\nprint(y.dtype, y.sum())"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'smoker': ['yes', 'no'], 'age': [40, 31]})",
          before:
            "df = df.replace({'yes': 1, 'no': 0})\nprint(df.dtypes.tolist())",
          after:
            "df = df.replace({'yes': 1, 'no': 0}).infer_objects()\nprint(df.dtypes.tolist())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const receiver = callee?.node.firstChild;
        if (
          callee?.name !== 'replace' ||
          callee.node.name !== 'MemberExpression' ||
          !receiver ||
          !readsOnly(receiver) ||
          Private.chained(context, call) ||
          !Private.textToNumbers(context, call)
        ) {
          return [];
        }
        return [
          matchAt('pandas.replace-no-downcast', call, [
            { from: call.to, to: call.to, insert: '.infer_objects()' }
          ])
        ];
      })
  )
];

namespace Private {
  /** A number literal, signed or not. */
  export function isNumber(context: IRuleContext, node: SyntaxNode): boolean {
    return /^[-+]?\s*(\d[\d_]*\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(
      textOf(context, node)
    );
  }

  /** The items of a list or tuple literal, or null for anything else. */
  export function items(node: SyntaxNode): SyntaxNode[] | null {
    const inner =
      node.name === 'ParenthesizedExpression'
        ? node.firstChild?.nextSibling
        : node;
    return inner && /^(ArrayExpression|TupleExpression)$/.test(inner.name)
      ? childrenOf(inner).filter(c => !/^[()[\],]$/.test(c.name))
      : null;
  }

  /**
   * Whether the call replaces text written in it by numbers written in it, and nothing
   * else: `('yes', 1)`, `(['yes', 'no'], [1, 0])` or `({'yes': 1, 'no': 0})`, no other
   * argument (`inplace=True` returns nothing to infer).
   */
  export function textToNumbers(
    context: IRuleContext,
    call: SyntaxNode
  ): boolean {
    const args = argsOf(context, call);
    if (args.some(arg => arg.name || arg.star)) {
      return false;
    }
    const texts = (nodes: SyntaxNode[]) =>
      nodes.length > 0 && nodes.every(n => n.name === 'String');
    const numbers = (nodes: SyntaxNode[]) =>
      nodes.length > 0 && nodes.every(n => isNumber(context, n));
    if (args.length === 1) {
      const mapping = args[0].value;
      if (mapping.name !== 'DictionaryExpression') {
        return false;
      }
      const entries = dictEntries(mapping);
      return (
        !!entries &&
        texts(entries.map(([key]) => key)) &&
        numbers(entries.map(([, value]) => value))
      );
    }
    if (args.length !== 2) {
      return false;
    }
    const [old, now] = [args[0].value, args[1].value];
    const [olds, nows] = [items(old), items(now)];
    return olds && nows
      ? olds.length === nows.length && texts(olds) && numbers(nows)
      : old.name === 'String' && isNumber(context, now);
  }

  /** Whether the call's result is already passed on to `infer_objects` or `astype`. */
  export function chained(context: IRuleContext, call: SyntaxNode): boolean {
    const member = call.parent;
    const next = member?.name === 'MemberExpression' ? member.lastChild : null;
    return (
      member?.firstChild?.from === call.from &&
      member.firstChild.to === call.to &&
      next?.name === 'PropertyName' &&
      ['infer_objects', 'astype'].includes(textOf(context, next))
    );
  }
}
