import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { spellName } from './bindings';
import { pandasNotes } from './pandas-api';
import { argsOf, calleeOf, callsTo } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/**
 * `pd.SparseDataFrame(ratings).to_coo()`: pandas 1.0 removed SparseDataFrame. Its fill
 * value was NaN: the matrix held the values that were not NaN, and zeros elsewhere. A
 * frame of sparse columns converts only with 0 as its fill value, so the NaNs become that
 * 0 first: the same matrix, value for value (a value of 0 the data holds is left out of
 * the stored entries, where it was kept; it is 0 either way). Only this conversion is
 * rewritten: the old class had other methods the new frame spells otherwise.
 */
export const pandasSparseFrameRule: IRule = defineRule(
  {
    id: 'pandas.sparse-dataframe',
    targets: ['pandas.SparseDtype', 'pandas.DataFrame.sparse'],
    needs: ['SparseDataFrame'],
    distribution: 'pandas',
    since: '1.0.0',
    summary:
      '`pd.SparseDataFrame` was removed in pandas 1.0: a frame of sparse columns whose fill value is 0 (its NaNs filled with it) converts to the same COO matrix with `.sparse.to_coo()`.',
    link: pandasNotes('1.0.0'),
    raises: {
      ename: 'AttributeError',
      message: /module 'pandas' has no attribute 'SparseDataFrame'/
    },
    examples: [
      {
        setup:
          "import numpy as np\nimport pandas as pd\nratings = pd.DataFrame({'a': [5.0, np.nan, 3.0], 'b': [np.nan, np.nan, 4.0]})",
        before:
          'coo = pd.SparseDataFrame(ratings).to_coo()\nprint(coo.nnz, coo.toarray().tolist())',
        after:
          'coo = pd.DataFrame(ratings).fillna(0).astype(pd.SparseDtype(float, 0)).sparse.to_coo()\nprint(coo.nnz, coo.toarray().tolist())'
      }
    ]
  },
  context =>
    context
      .nodes('CallExpression')
      .filter(call => callsTo(context, call, ['pandas.SparseDataFrame']))
      .flatMap(call => Private.toCoo(context, call))
);

namespace Private {
  /** `pd.SparseDataFrame(X).to_coo()` as the conversion of a frame of sparse columns. */
  export function toCoo(context: IRuleContext, call: SyntaxNode): IRuleMatch[] {
    const args = argsOf(context, call);
    const member = call.parent;
    const outer = member?.parent;
    if (
      args.length !== 1 ||
      args[0].name ||
      args[0].star ||
      member?.name !== 'MemberExpression' ||
      outer?.name !== 'CallExpression' ||
      calleeOf(context, outer)?.name !== 'to_coo' ||
      argsOf(context, outer).length > 0
    ) {
      return [];
    }
    const pandas = spellName(context, { module: 'pandas', alias: 'pd' });
    const values = context.source.slice(args[0].valueFrom, args[0].valueTo);
    const frame = `${pandas.text}.DataFrame(${values})`;
    const sparse = `${pandas.text}.SparseDtype(float, 0)`;
    return [
      matchAt('pandas.sparse-dataframe', outer, [
        {
          from: outer.from,
          to: outer.to,
          insert: `${frame}.fillna(0).astype(${sparse}).sparse.to_coo()`,
          needs: pandas.needs
        }
      ])
    ];
  }
}
