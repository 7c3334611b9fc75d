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
const OBJECT_DTYPE = /^(object|['"](O|object)['"]|\w+\.object_?)$/;
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
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'name': ['a', 'b'], 'mixed': [1, 'b']})",
        before: 'print([c for c in df.columns if df[c].dtype == object])',
        after:
          "print([c for c in df.columns if df[c].dtype in (object, 'str')])",
        answer: 'DataFrame'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'name': ['a', 'b']})",
        before:
          "print(df.columns[df.dtypes != np.object_].tolist(), df.loc[:, df.dtypes == 'O'].columns.tolist())",
        after:
          "print(df.columns[~((df.dtypes == np.object_) | (df.dtypes == 'str'))].tolist(), df.loc[:, (df.dtypes == 'O') | (df.dtypes == 'str')].columns.tolist())",
        answer: 'dtypes'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'name': ['a', 'b']})\ns = df['name']",
        before:
          "print(s.dtype.name == 'object', s.dtype != 'object', df['x'].dtype == object)",
        after:
          "print(s.dtype.name in ('object', 'str'), s.dtype not in ('object', 'str'), df['x'].dtype in (object, 'str'))",
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
      const probe = Private.probed(context, named ?? left);
      if (!probe) {
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
        expression: dtypeQuestion(probe.expression),
        decide: answer =>
          Private.rewrite(comparison, compared, object, negated, answer, probe)
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

  /** What the kernel is asked about, and whether it is the frame a column is read from. */
  export interface IProbe {
    expression: string;
    frame: boolean;
  }

  /**
   * The compared thing itself where its names can be read (in the failed call's frame
   * inside a function); inside a comprehension or a lambda at module level, for
   * `df[c].dtype`, the frame `df` whose column it reads (the loop's variable is gone).
   * Null when neither can be asked.
   */
  export function probed(
    context: IRuleContext,
    compared: SyntaxNode
  ): IProbe | null {
    if (!readsOnly(compared) || receiverKind(context, compared) !== 'unknown') {
      return null;
    }
    let nameless = false;
    for (let at = compared.parent; at; at = at.parent) {
      if (at.name === 'FunctionDefinition') {
        const expression = inScopeOf(
          context,
          compared,
          textOf(context, compared)
        );
        return expression ? { expression, frame: false } : null;
      }
      nameless ||= NAMELESS_SCOPES.has(at.name);
    }
    if (!nameless) {
      return { expression: textOf(context, compared), frame: false };
    }
    const column = compared.firstChild;
    const frame = column?.firstChild;
    const last = compared.lastChild;
    return last?.name === 'PropertyName' &&
      textOf(context, last) === 'dtype' &&
      column?.name === 'MemberExpression' &&
      column.getChild('[') !== null &&
      frame?.name === 'VariableName'
      ? { expression: textOf(context, frame), frame: true }
      : null;
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
    answer: string,
    probe: IProbe
  ): ITextEdit[] | null {
    let insert: string | null = null;
    if (probe.frame ? answer === 'DataFrame' : answer === 'dtype') {
      insert = `${compared} ${negated ? 'not in' : 'in'} (${object}, 'str')`;
    } else if (!probe.frame && answer === 'dtypes') {
      const either = `(${compared} == ${object}) | (${compared} == 'str')`;
      insert = negated ? `~(${either})` : either;
    }
    return insert === null
      ? null
      : [{ from: comparison.from, to: comparison.to, insert }];
  }
}
