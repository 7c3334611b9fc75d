import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { onReceiver } from './receivers';
import { argsOf, calleeOf, dictEntries, stringValue, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const AGGREGATE = new Set(['agg', 'aggregate']);
const GROUPERS = new Set(['groupby', 'resample']);
const SETUP =
  "import pandas as pd\nsales = pd.DataFrame({'shop': ['a', 'a', 'b'], 'price': [1.0, 3.0, 5.0], 'qty': [2, 4, 6]})";

/**
 * Renaming through a dict in `agg` was removed in pandas 1.0 (deprecated in 0.20), in
 * its two forms: on a grouped column, `{'total': 'sum'}` named each result column; on
 * grouped frames, `{'price': {'total': 'sum', 'mean': 'mean'}}` named the functions of
 * one column. Both raise "nested renamer is not supported". A list of `(name, function)`
 * pairs names them alike today, with the same columns.
 */
export const pandasAggregateRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.agg-renamer',
      needs: ['.agg'],
      distribution: 'pandas',
      since: '1.0.0',
      summary:
        "Naming the results of `agg` with a dict (`{'total': 'sum'}` for a grouped column, `{'price': {'total': 'sum'}}` for grouped frames) was removed in pandas 1.0: a list of `(name, function)` pairs names them today.",
      link: pandasNotes('1.0.0'),
      raises: {
        ename: 'SpecificationError',
        message: /nested renamer is not supported/
      },
      // A dict of plain functions is valid on frames: only the error tells the column's.
      onFailureOnly: true,
      examples: [
        {
          setup: SETUP,
          before:
            "print(sales.groupby('shop').agg({'price': {'total': 'sum', 'top': 'max'}, 'qty': 'sum'}).to_dict())",
          after:
            "print(sales.groupby('shop').agg({'price': [('total', 'sum'), ('top', 'max')], 'qty': 'sum'}).to_dict())"
        },
        {
          setup: SETUP,
          before:
            "print(sales.groupby('shop')['price'].agg({'total': 'sum', 'top': 'max'}).to_dict())",
          after:
            "print(sales.groupby('shop')['price'].agg([('total', 'sum'), ('top', 'max')]).to_dict())"
        },
        {
          setup: `${SETUP}\nshops = sales.groupby('shop')`,
          before: "print(shops.price.aggregate({'n': 'count'}).to_dict())",
          after: "print(shops.price.aggregate([('n', 'count')]).to_dict())",
          answer: 'SeriesGroupBy'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        const spec = args[0]?.value;
        if (
          callee?.node.name !== 'MemberExpression' ||
          !AGGREGATE.has(callee.name) ||
          args[0].name ||
          args[0].star ||
          spec?.name !== 'DictionaryExpression'
        ) {
          return [];
        }
        const nested = dictEntries(spec)
          ?.map(([, value]) => value)
          .filter(value => value.name === 'DictionaryExpression');
        if (nested?.length) {
          return Private.pairs(context, call, nested);
        }
        const owner = callee.node.firstChild;
        return owner ? Private.ofColumn(context, call, owner, spec) : [];
      })
  )
];

namespace Private {
  /** Each dict written as a list of `(key, value)` pairs, its layout kept. */
  export function pairs(
    context: IRuleContext,
    call: SyntaxNode,
    dicts: SyntaxNode[]
  ): IRuleMatch[] {
    const edits: ITextEdit[] = [];
    for (const dict of dicts) {
      const found = dictEntries(dict);
      if (!found?.length) {
        return [];
      }
      edits.push(
        { from: dict.from, to: dict.from + 1, insert: '[' },
        { from: dict.to - 1, to: dict.to, insert: ']' }
      );
      for (const [key, value] of found) {
        const colon = key.nextSibling;
        if (colon?.name !== ':') {
          return [];
        }
        edits.push(
          { from: key.from, to: key.from, insert: '(' },
          { from: colon.from, to: colon.to, insert: ',' },
          { from: value.to, to: value.to, insert: ')' }
        );
      }
    }
    return [matchAt('pandas.agg-renamer', call, edits)];
  }

  /**
   * A dict of names on one grouped column: certain when the source groups right there
   * (`df.groupby('a')['b']`, `df.groupby('a').b`), else the kernel is asked.
   */
  export function ofColumn(
    context: IRuleContext,
    call: SyntaxNode,
    owner: SyntaxNode,
    spec: SyntaxNode
  ): IRuleMatch[] {
    const named = dictEntries(spec)?.every(
      ([key]) => stringValue(textOf(context, key)) !== null
    );
    const edits = named ? pairs(context, call, [spec])[0]?.edits : undefined;
    if (!edits) {
      return [];
    }
    return onReceiver(context, 'pandas.agg-renamer', {
      node: call,
      owner,
      types: ['SeriesGroupBy'],
      edits,
      certain: groupedColumn(context, owner)
    });
  }

  /** `df.groupby('a')['b']` or `df.groupby('a').b`: one column of a grouping made there. */
  function groupedColumn(context: IRuleContext, owner: SyntaxNode): boolean {
    const grouped = owner.name === 'MemberExpression' ? owner.firstChild : null;
    const made =
      grouped?.name === 'CallExpression' ? calleeOf(context, grouped) : null;
    if (!made || !GROUPERS.has(made.name)) {
      return false;
    }
    if (owner.lastChild?.name === 'PropertyName') {
      return true;
    }
    const key = owner.getChild('[')?.nextSibling;
    return (
      key?.nextSibling?.name === ']' &&
      stringValue(textOf(context, key)) !== null
    );
  }
}
