import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf, readsOnly, receiverKind } from './receivers';
import { argsOf, calleeOf, textOf } from './syntax';
import type { IRule } from './types';

// How a cast to text is written: `astype(str)`, `astype('str')`, `astype(dtype=str)`.
const TO_TEXT = /^(str|['"]str['"])$/;

/**
 * The object's type, whether it holds missing values, and whether every dtype is one
 * whose values `str()` writes as `astype(str)` did (object, str, float): `Series|True|ok`.
 * Dates and categories are written otherwise by `str()`, and are left alone.
 */
function castQuestion(owner: string): string {
  return (
    "(lambda o: '|'.join([type(o).__name__, str(bool(o.isna().to_numpy().any())), " +
    "'ok' if __import__('builtins').all(str(t) in ('object', 'str') or t.kind == 'f' for t in " +
    "(o.dtypes if hasattr(o, 'columns') else [o.dtype])) else 'other']))" +
    `(${owner})`
  );
}

/**
 * `s.astype(str)` wrote a missing value as the text 'nan' until pandas 3.0; the 'str'
 * dtype keeps it missing, so `== 'nan'` and the code built on it change silently.
 * `map(str)` writes each value as `astype(str)` did; only where the kernel says the
 * object holds missing values.
 */
export const pandasStrAstypeRule: IRule = defineRule(
  {
    id: 'pandas.str-astype-missing',
    needs: ['astype'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "`astype(str)` keeps missing values missing in pandas 3.0 (the 'str' dtype), where it wrote them as 'nan': `map(str)` writes them as before.",
    link: pandasNotes('3.0.0'),
    examples: [
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'cabin': ['C85', np.nan, 'E46']})",
        before:
          "df['deck'] = df['cabin'].astype(str).str[0]\nprint((df['deck'] == 'n').sum())",
        after:
          "df['deck'] = df['cabin'].map(str).str[0]\nprint((df['deck'] == 'n').sum())",
        answer: 'Series|True|ok'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\nfares = pd.DataFrame({'a': [1.5, np.nan], 'b': ['x', None]})",
        before: "print((fares.astype(dtype='str') == 'nan').sum().tolist())",
        after: "print((fares.map(str) == 'nan').sum().tolist())",
        answer: 'DataFrame|True|ok'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const owner = callee?.node.firstChild;
      const args = argsOf(context, call);
      const [arg] = args;
      if (
        callee?.name !== 'astype' ||
        callee.node.name !== 'MemberExpression' ||
        !owner ||
        args.length !== 1 ||
        arg.star ||
        (arg.name !== undefined && arg.name !== 'dtype') ||
        !TO_TEXT.test(context.source.slice(arg.valueFrom, arg.valueTo)) ||
        receiverKind(context, owner) !== 'unknown' ||
        !readsOnly(owner)
      ) {
        return [];
      }
      const expression = inScopeOf(
        context,
        call,
        castQuestion(textOf(context, owner))
      );
      if (!expression) {
        return [];
      }
      const property = callee.node.lastChild!;
      const match = matchAt(
        'pandas.str-astype-missing',
        call,
        [],
        'Only where the values include missing ones: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer =>
          /^(Series|Index|DataFrame)\|True\|ok$/.test(answer)
            ? [{ from: property.from, to: call.to, insert: 'map(str)' }]
            : null
      };
      return [match];
    })
);

/** The rules for casts to text (pandas 3.0). */
export const pandasStrAstypeRules: IRule[] = [pandasStrAstypeRule];
