import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { readsOnly } from './receivers';
import { equalityOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// How code named the object dtype, text columns' dtype before pandas 3.0.
const OBJECT = /^(object|(['"])(object|O)\2)$/;

/**
 * `X.dtype == object`, `X.dtypes == 'object'` or `'O'` (and `!=`): until pandas 3.0 this
 * is how code found the text columns, which have the 'str' dtype now, so the test
 * silently finds none of them (and the code after it lower-cases, encodes or one-hot
 * encodes nothing). Comparing with 'str' as well finds them again; the columns that
 * really hold objects still compare equal to object.
 */
export const pandasObjectDtypeRules: IRule[] = [
  defineRule(
    {
      id: 'pandas.object-dtype-text',
      needs: ['dtype'],
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        "Text columns have the 'str' dtype in pandas 3.0, not object: a test for the object dtype (`dtypes == 'object'`) finds them only when it looks for 'str' too.",
      link: pandasNotes('3.0.0'),
      examples: [
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'city': ['Paris', 'Oslo'], 'n': [1, 2]})",
          before:
            "text = list(df.dtypes[df.dtypes == 'object'].index)\nprint(text)",
          after:
            "text = list(df.dtypes[(df.dtypes == 'object') | (df.dtypes == 'str')].index)\nprint(text)"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'city': ['Paris', 'Oslo'], 'n': [1, 2]})",
          before:
            'for c in df.columns:\n    if df[c].dtype == object:\n        df[c] = df[c].str.lower()\nprint(df.city.tolist())',
          after:
            "for c in df.columns:\n    if df[c].dtype in (object, 'str'):\n        df[c] = df[c].str.lower()\nprint(df.city.tolist())"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'city': ['Paris', 'Oslo'], 'n': [1, 2]})",
          before:
            "numeric = [c for c in df.columns if df[c].dtype != 'O']\nprint(numeric)",
          after:
            "numeric = [c for c in df.columns if df[c].dtype not in ('O', 'str')]\nprint(numeric)"
        }
      ]
    },
    context =>
      context
        .nodes('BinaryExpression')
        .flatMap(node => Private.objectTest(context, node))
  )
];

namespace Private {
  /** `(X.dtypes == 'object') | (X.dtypes == 'str')`: the test looks for str already. */
  export function pairedWithStr(
    context: IRuleContext,
    node: SyntaxNode
  ): boolean {
    let up = node.parent;
    while (up?.name === 'ParenthesizedExpression') {
      up = up.parent;
    }
    return (
      up?.name === 'BinaryExpression' &&
      /(==|!=)\s*(['"])str\2/.test(textOf(context, up))
    );
  }

  export function objectTest(
    context: IRuleContext,
    node: SyntaxNode
  ): IRuleMatch[] {
    const equality = equalityOf(context, node);
    if (!equality || Private.pairedWithStr(context, node)) {
      return [];
    }
    const { left, right, sign } = equality;
    // The dtype on either side, the object dtype on the other.
    const [dtype, named] = OBJECT.test(textOf(context, right))
      ? [left, right]
      : [right, left];
    const property = dtype.lastChild;
    if (
      dtype.name !== 'MemberExpression' ||
      property?.name !== 'PropertyName' ||
      !['dtype', 'dtypes'].includes(textOf(context, property)) ||
      !OBJECT.test(textOf(context, named)) ||
      (textOf(context, named) === 'object' && context.defined.has('object')) ||
      !readsOnly(dtype)
    ) {
      return [];
    }
    const owner = textOf(context, dtype);
    const object = textOf(context, named);
    // A Series of dtypes compares element by element; one dtype is in a pair or not.
    const insert =
      textOf(context, property) === 'dtypes'
        ? sign === '=='
          ? `(${owner} == ${object}) | (${owner} == 'str')`
          : `(${owner} != ${object}) & (${owner} != 'str')`
        : `${owner} ${sign === '==' ? 'in' : 'not in'} (${object}, 'str')`;
    return [
      matchAt('pandas.object-dtype-text', node, [
        { from: node.from, to: node.to, insert }
      ])
    ];
  }
}
