import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf, readsOnly, receiverKind } from './receivers';
import { equalityOf, textOf } from './syntax';
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
    'and len(x) > 0 and __import__("builtins").all(is_dtype(v) for v in x) else type(x).__name__)' +
    '(lambda v: isinstance(v, (np.dtype, pd.api.extensions.ExtensionDtype))))' +
    `(${compared})`
  );
}

/**
 * `== object`, `!= 'O'`, `== np.object_` and `.dtype.name == 'object'`: until pandas 3.0
 * this is how code found the text columns, which have the 'str' dtype now, so the test
 * silently finds none of them (and the code after it encodes or scales nothing, or fails
 * on the text it kept). Comparing with 'str' as well finds them again; columns that really
 * hold objects still compare equal to object, and no numpy dtype equals 'str'. Where the
 * compared thing is written as a dtype (`X.dtype`, `X.dtypes`, `X.dtype.name`) the rewrite
 * is made before the run; anything else (`t == object`) is put to the kernel.
 */
export const pandasObjectDtypeRule: IRule = defineRule(
  {
    id: 'pandas.str-dtype-compare',
    needs: ['object', "'O'", '"O"'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "Text columns have the 'str' dtype in pandas 3.0, not `object`: a test for the object dtype (`dtypes == 'object'`) finds them only when it looks for 'str' too.",
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
          "for c in df.columns:\n    if df[c].dtype in (object, 'str'):\n        df[c] = df[c].astype('category').cat.codes\nprint(df.astype(float).sum().tolist())"
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'kind': ['a', 'b']})",
        before:
          "numeric = df.loc[:, df.dtypes != np.object_]\ncodes = df.loc[:, df.dtypes == 'O'].apply(lambda s: s.astype('category').cat.codes)\nprint(np.asarray(numeric.join(codes), dtype=float).sum())",
        after:
          "numeric = df.loc[:, (df.dtypes != np.object_) & (df.dtypes != 'str')]\ncodes = df.loc[:, (df.dtypes == 'O') | (df.dtypes == 'str')].apply(lambda s: s.astype('category').cat.codes)\nprint(np.asarray(numeric.join(codes), dtype=float).sum())"
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0], 'kind': ['a', 'b']})",
        before:
          "kept = [c for c in df.columns if df[c].dtype.name != 'object']\nprint(np.asarray(df[kept], dtype=float).sum())",
        after:
          "kept = [c for c in df.columns if df[c].dtype.name not in ('object', 'str')]\nprint(np.asarray(df[kept], dtype=float).sum())"
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'city': ['Paris', 'Oslo'], 'n': [1, 2]})",
        before:
          "text = list(df.dtypes[df.dtypes == 'object'].index)\nprint(np.asarray(df.drop(columns=text), dtype=float).sum())",
        after:
          "text = list(df.dtypes[(df.dtypes == 'object') | (df.dtypes == 'str')].index)\nprint(np.asarray(df.drop(columns=text), dtype=float).sum())"
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'city': ['Paris', 'Oslo'], 'n': [1, 2]})",
        before:
          "numeric = [c for c in df.columns if df[c].dtypes != 'O']\nprint(np.asarray(df[numeric], dtype=float).sum())",
        after:
          "numeric = [c for c in df.columns if (df[c].dtypes != 'O') & (df[c].dtypes != 'str')]\nprint(np.asarray(df[numeric], dtype=float).sum())"
      }
    ]
  },
  context =>
    context.nodes('BinaryExpression').flatMap(comparison => {
      const equality = equalityOf(context, comparison);
      if (!equality) {
        return [];
      }
      const { sign } = equality;
      // The object dtype on either side, the compared thing on the other.
      const [compared, named] = Private.isObject(context, equality.right)
        ? [equality.left, equality.right]
        : [equality.right, equality.left];
      if (
        !Private.isObject(context, named) ||
        Private.pairedWithStr(context, comparison, textOf(context, compared))
      ) {
        return [];
      }
      const object = textOf(context, named);
      const written = Private.writtenAs(context, compared);
      if (written) {
        const edits = Private.rewrite(
          comparison,
          textOf(context, compared),
          object,
          sign === '!=',
          written
        );
        return edits
          ? [matchAt('pandas.str-dtype-compare', comparison, edits)]
          : [];
      }
      const expression = Private.question(context, compared);
      if (!expression) {
        return [];
      }
      const match = matchAt(
        'pandas.str-dtype-compare',
        comparison,
        [],
        "Only on a dtype or a frame's dtypes: asks the kernel."
      );
      match.question = {
        expression,
        decide: answer =>
          Private.rewrite(
            comparison,
            textOf(context, compared),
            object,
            sign === '!=',
            answer
          )
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

  /** Whether a node names the object dtype (and `object` is not the notebook's own name). */
  export function isObject(context: IRuleContext, node: SyntaxNode): boolean {
    const text = textOf(context, node);
    return (
      OBJECT_DTYPE.test(text) &&
      !(text === 'object' && context.defined.has('object'))
    );
  }

  /**
   * What the compared thing is by its form: one dtype (`X.dtype`, `X.dtype.name`), or
   * the dtypes of `X.dtypes` (a Series of them for a frame, one for a Series; the
   * elementwise rewrite suits both); null for anything else, or where reading it twice
   * might not read the same thing.
   */
  export function writtenAs(
    context: IRuleContext,
    compared: SyntaxNode
  ): 'dtype' | 'dtypes' | null {
    const property = (node: SyntaxNode | null | undefined) =>
      node?.name === 'MemberExpression' &&
      node.lastChild?.name === 'PropertyName'
        ? textOf(context, node.lastChild)
        : null;
    if (!readsOnly(compared)) {
      return null;
    }
    const last = property(compared);
    if (last === 'dtype' || last === 'dtypes') {
      return last;
    }
    return last === 'name' && property(compared.firstChild) === 'dtype'
      ? 'dtype'
      : null;
  }

  /**
   * The question about a compared thing whose form does not say what it is (`t`): what
   * the kernel says it is. Asked in the failed call's frame inside a function; null where
   * its names cannot be read.
   */
  export function question(
    context: IRuleContext,
    compared: SyntaxNode
  ): string | null {
    const last = compared.lastChild;
    if (
      !readsOnly(compared) ||
      receiverKind(context, compared) !== 'unknown' ||
      // A dtype's kind: 'O' is the str dtype's kind too.
      (last?.name === 'PropertyName' && textOf(context, last) === 'kind')
    ) {
      return null;
    }
    const expression = dtypeQuestion(textOf(context, compared));
    for (let at = compared.parent; at; at = at.parent) {
      if (at.name === 'FunctionDefinition') {
        return inScopeOf(context, compared, expression);
      }
      // At module level a comprehension's own names are gone.
      if (NAMELESS_SCOPES.has(at.name)) {
        return null;
      }
    }
    return expression;
  }

  /**
   * The comparison rewritten for what the compared thing is, keeping the old meaning: a dtype is
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
      // `&` of the negations, not `~`: on one dtype the parts are bools.
      insert = negated
        ? `(${compared} != ${object}) & (${compared} != 'str')`
        : `(${compared} == ${object}) | (${compared} == 'str')`;
    }
    return insert === null
      ? null
      : [{ from: comparison.from, to: comparison.to, insert }];
  }
}
