import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf, readsOnly, receiverKind } from './receivers';
import { textOf } from './syntax';
import type { IRule, IRuleContext, ITextEdit } from './types';

/**
 * pandas 3.0 gives text columns the `str` dtype where they had `object`: their `.values`
 * is a StringArray (no longer a numpy array), and comparisons of their dtype with
 * `object` are now False. Both rewrites keep the old meaning and are made only where the
 * kernel says the object is the one the change concerns.
 */

// Spellings of the object dtype a comparison may use.
const OBJECT_DTYPE =
  /^(object|['"](O|object)['"]|\w+\.object_|(np|numpy)\.object)$/;
// Nodes whose variables are gone once they have run: their own names cannot be asked.
const NAMELESS_SCOPES = new Set([
  'LambdaExpression',
  'ArrayComprehensionExpression',
  'DictionaryComprehensionExpression',
  'SetComprehensionExpression',
  'ComprehensionExpression'
]);

/** `s.values` of a text Series or Index: a StringArray now, the old object array from `to_numpy()`. */
export const pandasStrValuesRule: IRule = defineRule(
  {
    id: 'pandas.str-values',
    needs: ['.values'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "`.values` of a text column is a StringArray in pandas 3.0 (the 'str' dtype), not a numpy array: `.to_numpy()` gives the old object array.",
    link: pandasNotes('3.0.0'),
    raises: {
      ename: ['ValueError', 'AttributeError'],
      // A 2-D StringArray fails in its first operation; numpy's attributes are missing.
      message:
        /Buffer has wrong number of dimensions \(expected 1, got 2\)|'(Arrow)?StringArray' object has no attribute/
    },
    examples: [
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'kind': ['a', 'b', 'a']})",
        before:
          "y = df['kind'].values.reshape((3, 1))\nprint((y == 'a').astype(float).ravel().tolist())",
        after:
          "y = df['kind'].to_numpy().reshape((3, 1))\nprint((y == 'a').astype(float).ravel().tolist())",
        answer: 'Series|str'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\nnames = pd.Index(['p', 'q'])",
        before:
          "col = names.values.reshape(-1, 1)\nprint(np.where(col == 'p', 1, 0).ravel().tolist())",
        after:
          "col = names.to_numpy().reshape(-1, 1)\nprint(np.where(col == 'p', 1, 0).ravel().tolist())",
        answer: 'Index|str'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'label': ['spam', 'ham']})",
        before: 'print(list(df.label.values.flatten()))',
        after: 'print(list(df.label.to_numpy().flatten()))',
        answer: 'Series|str'
      }
    ]
  },
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      const owner = member.firstChild;
      const called =
        member.parent?.name === 'CallExpression' &&
        member.parent.firstChild?.to === member.to;
      if (
        textOf(context, property) !== 'values' ||
        member.name !== 'MemberExpression' ||
        !owner ||
        owner.to === property.to ||
        called ||
        Private.assigned(member) ||
        receiverKind(context, owner) !== 'unknown' ||
        !readsOnly(owner)
      ) {
        return [];
      }
      const expression = inScopeOf(
        context,
        member,
        "(lambda o: type(o).__name__ + '|' + str(getattr(o, 'dtype', '')))" +
          `(${textOf(context, owner)})`
      );
      if (!expression) {
        return [];
      }
      const match = matchAt(
        'pandas.str-values',
        member,
        [],
        'Only on a Series or Index of text: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer =>
          /^(Series|Index)\|str$/.test(answer)
            ? [{ from: property.from, to: property.to, insert: 'to_numpy()' }]
            : null
      };
      return [match];
    })
);

/**
 * What the kernel says the compared thing is: one dtype (`dtype`), a Series of dtypes
 * (`dtypes`, as `df.dtypes` is), a DataFrame (whose columns' dtypes the comparison reads)
 * or something else.
 */
function dtypeQuestion(compared: string): string {
  return (
    "(lambda x, pd=__import__('pandas'), np=__import__('numpy'): " +
    "(lambda is_dtype: 'dtype' if is_dtype(x) else 'dtypes' if isinstance(x, pd.Series) " +
    'and len(x) > 0 and all(is_dtype(v) for v in x) else type(x).__name__)' +
    '(lambda v: isinstance(v, (np.dtype, pd.api.extensions.ExtensionDtype))))' +
    `(${compared})`
  );
}

/** `== object`, `!= 'O'`, `== np.object_` and `.dtype.name == 'object'`, now False for text. */
export const pandasObjectDtypeRule: IRule = defineRule(
  {
    id: 'pandas.str-dtype-compare',
    needs: ['object', "'O'", '"O"'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "Text columns have the 'str' dtype in pandas 3.0, not `object`: a comparison of their dtype with `object` is now False. Compare with both.",
    link: pandasNotes('3.0.0'),
    // Silent where it is written: what fails is the text left in columns it kept out.
    raises: {
      ename: 'ValueError',
      message: /could not convert string to float/
    },
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'kind': ['a', 'b']})",
        before:
          "for c in df.columns:\n    if df[c].dtype == object:\n        df[c] = df[c].astype('category').cat.codes\nprint(df.astype(float).sum().tolist())",
        after:
          "for c in df.columns:\n    if df[c].dtype in (object, 'str'):\n        df[c] = df[c].astype('category').cat.codes\nprint(df.astype(float).sum().tolist())",
        answer: 'dtype'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'kind': ['a', 'b']})",
        before:
          "numeric = df.loc[:, df.dtypes != np.object_]\ncodes = df.loc[:, df.dtypes == 'O'].apply(lambda s: s.astype('category').cat.codes)\nprint(np.asarray(numeric.join(codes), dtype=float).sum())",
        after:
          "numeric = df.loc[:, ~((df.dtypes == np.object_) | (df.dtypes == 'str'))]\ncodes = df.loc[:, (df.dtypes == 'O') | (df.dtypes == 'str')].apply(lambda s: s.astype('category').cat.codes)\nprint(np.asarray(numeric.join(codes), dtype=float).sum())",
        answer: 'dtypes'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'kind': ['a', 'b']})",
        before:
          "kept = [c for c in df.columns if df[c].dtype.name != 'object']\nprint(np.asarray(df[kept], dtype=float).sum())",
        after:
          "kept = [c for c in df.columns if df[c].dtype.name not in ('object', 'str')]\nprint(np.asarray(df[kept], dtype=float).sum())",
        answer: 'dtype'
      }
    ]
  },
  context =>
    context.nodes('BinaryExpression').flatMap(comparison => {
      const left = comparison.firstChild;
      const op = left?.nextSibling;
      const right = comparison.lastChild;
      const operator = op ? textOf(context, op) : '';
      if (
        !left ||
        !right ||
        (operator !== '==' && operator !== '!=') ||
        !OBJECT_DTYPE.test(textOf(context, right))
      ) {
        return [];
      }
      if (Private.pairedWithStr(context, comparison, textOf(context, left))) {
        return [];
      }
      const named = Private.dtypeName(context, left);
      const expression = Private.question(context, named ?? left);
      if (!expression) {
        return [];
      }
      const match = matchAt(
        'pandas.str-dtype-compare',
        comparison,
        [],
        "Only on a dtype or a frame's dtypes: asks the kernel."
      );
      const object = textOf(context, right);
      const compared = textOf(context, left);
      const negated = operator === '!=';
      match.question = {
        expression,
        decide: answer =>
          Private.rewrite(comparison, compared, object, negated, answer)
      };
      return [match];
    })
);

/** The rules for text columns' `str` dtype (pandas 3.0). */
export const pandasStringRules: IRule[] = [
  pandasStrValuesRule,
  pandasObjectDtypeRule
];

namespace Private {
  /** Whether a member expression is written to (`s.values = ...`). */
  export function assigned(member: SyntaxNode): boolean {
    const parent = member.parent;
    return (
      (parent?.name === 'AssignStatement' ||
        parent?.name === 'UpdateStatement') &&
      parent.firstChild?.to === member.to
    );
  }

  /** Whether the comparison is already or-ed with one of the same thing against `'str'`. */
  export function pairedWithStr(
    context: IRuleContext,
    comparison: SyntaxNode,
    compared: string
  ): boolean {
    let outer = comparison.parent;
    while (outer?.name === 'ParenthesizedExpression') {
      outer = outer.parent;
    }
    const text =
      outer?.name === 'BinaryExpression' ? textOf(context, outer) : '';
    return new RegExp(
      `${compared.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[!=]=\\s*['"]str['"]`
    ).test(text);
  }

  /** For `X.dtype.name`, the `X.dtype` whose name is compared; else null. */
  export function dtypeName(
    context: IRuleContext,
    left: SyntaxNode
  ): SyntaxNode | null {
    const last = left.lastChild;
    const inner = left.firstChild;
    return left.name === 'MemberExpression' &&
      last?.name === 'PropertyName' &&
      textOf(context, last) === 'name' &&
      inner?.name === 'MemberExpression' &&
      inner.lastChild?.name === 'PropertyName' &&
      textOf(context, inner.lastChild) === 'dtype'
      ? inner
      : null;
  }

  /**
   * The question about the compared thing: for `df[c].dtype`, whether `df` is a DataFrame
   * (the loop's `c` may be gone, or not yet bound); else what the thing itself is. Asked
   * in the failed call's frame inside a function; null where its names cannot be read.
   */
  export function question(
    context: IRuleContext,
    compared: SyntaxNode
  ): string | null {
    const column = compared.firstChild;
    const frame = column?.firstChild;
    const last = compared.lastChild;
    const ofColumn =
      last?.name === 'PropertyName' &&
      textOf(context, last) === 'dtype' &&
      column?.name === 'MemberExpression' &&
      column.getChild('[') !== null &&
      frame !== null &&
      frame !== undefined &&
      readsOnly(frame);
    const asked = ofColumn ? frame : compared;
    if (!readsOnly(asked) || receiverKind(context, asked) !== 'unknown') {
      return null;
    }
    const expression = ofColumn
      ? "(lambda f: 'dtype' if type(f).__name__ == 'DataFrame' else 'other')" +
        `(${textOf(context, frame)})`
      : dtypeQuestion(textOf(context, compared));
    let nameless = false;
    for (let at = compared.parent; at; at = at.parent) {
      if (at.name === 'FunctionDefinition') {
        return inScopeOf(context, compared, expression);
      }
      nameless ||= NAMELESS_SCOPES.has(at.name);
    }
    // At module level a comprehension's own names are gone, the frame's are not.
    return nameless && !ofColumn ? null : expression;
  }

  /**
   * The comparison rewritten for the kernel's answer, keeping the old meaning: a dtype is
   * also compared with `'str'` (the new dtype compares equal to its name), a Series of
   * dtypes elementwise with both.
   */
  export function rewrite(
    comparison: SyntaxNode,
    compared: string,
    object: string,
    negated: boolean,
    answer: string
  ): ITextEdit[] | null {
    let insert: string | null = null;
    if (answer === 'dtype') {
      insert = `${compared} ${negated ? 'not in' : 'in'} (${object}, 'str')`;
    } else if (answer === 'dtypes') {
      const either = `(${compared} == ${object}) | (${compared} == 'str')`;
      insert = negated ? `~(${either})` : either;
    }
    return insert === null
      ? null
      : [{ from: comparison.from, to: comparison.to, insert }];
  }
}
