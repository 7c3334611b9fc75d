import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { inScopeOf, readsOnly, receiverKind } from './receivers';
import { calleeOf, dottedName, resolve, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/**
 * Index types on which an integer key was always a label: elsewhere (dates, strings) pandas
 * fell back to the key's position until 3.0, and now reads it as a label.
 */
const LABEL_INDEXES = new Set([
  'integer',
  'mixed-integer',
  'floating',
  'complex'
]);
// Attributes that are never a Series (indexers among them): their subscripts are not asked.
const NOT_SERIES = new Set([
  'iloc',
  'loc',
  'iat',
  'at',
  'shape',
  'values',
  'index',
  'columns',
  'size'
]);

// Builtins whose result is never a Series.
const PLAIN_MAKERS = new Set([
  'list',
  'tuple',
  'dict',
  'set',
  'range',
  'zip',
  'sorted',
  'enumerate',
  'str',
  'len'
]);

/**
 * The receiver's type and index type, and whether the key is an integer (`int`) or a list
 * or array of integers (`ints`): `Series|datetime64|int`.
 */
function keyQuestion(receiver: string, key: string): string {
  return (
    "(lambda o, k, np=__import__('numpy'): '|'.join([type(o).__name__, " +
    "str(getattr(getattr(o, 'index', None), 'inferred_type', '')), " +
    "'int' if isinstance(k, (int, np.integer)) and not isinstance(k, bool) else " +
    "'ints' if (isinstance(k, (list, np.ndarray)) or type(k).__name__ in ('Index', 'Series')) " +
    "and np.asarray(k).dtype.kind in 'iu' else 'other']))" +
    `(${receiver}, ${key})`
  );
}

/** `s[0]`, `s[i + n]` on a Series with labels: a position until pandas 3.0, now a label. */
export const pandasSeriesKeyRule: IRule = defineRule(
  {
    id: 'pandas.series-integer-key',
    needs: ['['],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      '`s[0]` on a Series with labels (dates, strings) is a label lookup in pandas 3.0: use `s.iloc[0]`.',
    link: pandasNotes('3.0.0'),
    raises: {
      ename: 'KeyError',
      message:
        /^-?\d+$|^np\.u?int\d+\(-?\d+\)$|None of \[Index\(\[[^\]]*\], dtype='u?int\d+'[^)]*\)\] are in the \[index\]|^'\[[-\d, ]+\] not in index'$/
    },
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'n': [5, 6]}, index=['x', 'y'])",
        before: "print(df['n'][0])",
        after: "print(df['n'].iloc[0])",
        answer: 'Series|string|int'
      },
      {
        setup:
          "import pandas as pd\ns = pd.Series([1.0, 2.0, 4.0], index=pd.date_range('2020-01-01', periods=3))",
        before:
          'total = 0.0\nfor i in range(2):\n    total += s[i + 1] - s[i]\nprint(total)',
        after:
          'total = 0.0\nfor i in range(2):\n    total += s.iloc[i + 1] - s.iloc[i]\nprint(total)',
        answer: 'Series|datetime64|int'
      },
      {
        setup:
          "import numpy as np\nimport pandas as pd\ns = pd.Series([1.0, 2.0, 4.0, 8.0], index=list('abcd'))\nstarts = np.arange(2)",
        before:
          'for i in range(2):\n    s[i] = 0.0\nprint(s.sum(), s[starts + 1].tolist())',
        after:
          'for i in range(2):\n    s.iloc[i] = 0.0\nprint(s.sum(), s.iloc[starts + 1].tolist())',
        answer: 'Series|string|ints'
      }
    ]
  },
  context => {
    const ranges = Private.rangeNames(context);
    const plain = Private.plainNames(context);
    const pandas = [...context.imports.values()].some(
      module => module === 'pandas' || module.startsWith('pandas.')
    );
    return context.nodes('MemberExpression').flatMap(subscript => {
      const receiver = subscript.firstChild;
      const open = receiver?.nextSibling;
      const key = open?.nextSibling;
      if (
        !receiver ||
        open?.name !== '[' ||
        key?.nextSibling?.name !== ']' ||
        subscript.parent?.name === 'DeleteStatement' ||
        !Private.mayBeSeries(context, receiver, pandas) ||
        plain.has(textOf(context, receiver))
      ) {
        return [];
      }
      const names = Private.integerKey(context, key, ranges);
      const expression =
        names &&
        inScopeOf(
          context,
          subscript,
          keyQuestion(
            textOf(context, receiver),
            Private.keyValue(context, key, names, ranges)
          )
        );
      if (!expression) {
        return [];
      }
      const match: IRuleMatch = matchAt(
        'pandas.series-integer-key',
        subscript,
        [],
        'Only on a Series with labels, for an integer key: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer => {
          const [type, index, kind] = answer.split('|');
          return type === 'Series' &&
            !LABEL_INDEXES.has(index) &&
            (kind === 'int' || kind === 'ints')
            ? [{ from: receiver.to, to: receiver.to, insert: '.iloc' }]
            : null;
        }
      };
      return [match];
    });
  }
);

/**
 * `df.hours[:, np.newaxis]`: a Series (or an Index) indexed like a 2-D array gave the numpy
 * array of its values, with a warning since pandas 1.0, and raises since 2.0. The values are
 * taken as an array first, which is what pandas did; asked of the kernel, after the cell
 * failed, so that an array's own `[:, None]` is left alone.
 */
export const pandasNdimKeyRule: IRule = defineRule(
  {
    id: 'pandas.multidimensional-key',
    needs: ['None', 'newaxis'],
    onFailureOnly: true,
    distribution: 'pandas',
    since: '2.0.0',
    summary:
      '`s[:, np.newaxis]` on a Series is refused since pandas 2.0: take its values as an array first, `s.to_numpy()[:, np.newaxis]`.',
    link: pandasNotes('2.0.0'),
    raises: {
      ename: 'ValueError',
      message:
        /^Multi-dimensional indexing \(e\.g\. `obj\[:, None\]`\) is no longer supported/
    },
    examples: [
      {
        setup:
          "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'hours': [1.0, 2.0, 4.0], 'grade': [50.0, 60.0, 80.0]})",
        before:
          'x = df.hours[:, np.newaxis]\ny = df.grade.values\nprint(x.shape, y.shape)',
        after:
          'x = df.hours.to_numpy()[:, np.newaxis]\ny = df.grade.values\nprint(x.shape, y.shape)',
        answer: 'Series'
      },
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'grade': [50.0, 60.0, 80.0]}, index=[1, 2, 3])",
        before: "print(df['grade'][None, :].shape, df.index[:, None].shape)",
        after:
          "print(df['grade'].to_numpy()[None, :].shape, df.index.to_numpy()[:, None].shape)",
        answer: 'Series'
      }
    ]
  },
  context =>
    context.nodes('MemberExpression').flatMap(subscript => {
      const receiver = subscript.firstChild;
      if (
        !receiver ||
        !subscript.getChild('[') ||
        subscript.nextSibling?.name === 'AssignOp' ||
        !readsOnly(receiver) ||
        !Private.newAxisKey(context, subscript)
      ) {
        return [];
      }
      const expression = inScopeOf(
        context,
        subscript,
        "(lambda o, pd=__import__('pandas'): 'Series' if isinstance(o, pd.Series) " +
          "else 'Index' if isinstance(o, pd.Index) else type(o).__name__)" +
          `(${textOf(context, receiver)})`
      );
      if (!expression) {
        return [];
      }
      const match: IRuleMatch = matchAt(
        'pandas.multidimensional-key',
        subscript,
        [],
        'Only on a Series or an Index: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer =>
          answer === 'Series' || answer === 'Index'
            ? [{ from: receiver.to, to: receiver.to, insert: '.to_numpy()' }]
            : null
      };
      return [match];
    })
);

namespace Private {
  /**
   * Whether a subscript's keys are those of a 2-D array with a new axis: slices, `...` and
   * at least one `None` or `np.newaxis` (`[:, None]`, `[np.newaxis, :]`, `[1:, None]`).
   */
  export function newAxisKey(
    context: IRuleContext,
    subscript: SyntaxNode
  ): boolean {
    let axes = 0;
    let keys = 1;
    for (
      let node = subscript.getChild('[')?.nextSibling;
      node && node.name !== ']';
      node = node.nextSibling
    ) {
      const dotted = dottedName(context, node);
      if (
        node.name === 'None' ||
        (dotted && resolve(context, dotted) === 'numpy.newaxis')
      ) {
        axes++;
      } else if (node.name === ',') {
        keys++;
      } else if (
        !/^(:|Ellipsis|Number|VariableName|UnaryExpression)$/.test(node.name)
      ) {
        return false;
      }
    }
    return axes > 0 && keys > 1;
  }

  /**
   * Names the source binds only to what is never a Series: a literal or comprehension, or
   * the result of a numpy function or of `list`, `range`, `zip` and the like.
   */
  export function plainNames(context: IRuleContext): Set<string> {
    const plain = new Set<string>();
    const other = new Set<string>();
    for (const statement of context.nodes('AssignStatement')) {
      const target = statement.firstChild;
      const value = statement.lastChild;
      if (target?.name !== 'VariableName' || !value || target === value) {
        continue;
      }
      const name = textOf(context, target);
      (Private.neverSeries(context, value) ? plain : other).add(name);
    }
    return new Set([...plain].filter(name => !other.has(name)));
  }

  export function neverSeries(
    context: IRuleContext,
    value: SyntaxNode
  ): boolean {
    if (receiverKind(context, value) === 'literal') {
      return true;
    }
    const callee = value.name === 'CallExpression' ? value.firstChild : null;
    const dotted = callee && dottedName(context, callee);
    return (
      dotted !== null &&
      dotted !== undefined &&
      (PLAIN_MAKERS.has(dotted) ||
        resolve(context, dotted).startsWith('numpy.'))
    );
  }

  /** Names a loop counts with: `for i in range(n)`, `for i, x in enumerate(xs)`. */
  export function rangeNames(context: IRuleContext): Set<string> {
    const names = new Set<string>();
    for (const loop of context.nodes('ForStatement')) {
      const target = loop.firstChild?.nextSibling;
      let iterable = target;
      while (iterable && iterable.name !== 'in') {
        iterable = iterable.nextSibling;
      }
      const call = iterable?.nextSibling;
      const callee =
        call?.name === 'CallExpression' ? calleeOf(context, call) : null;
      if (
        target?.name === 'VariableName' &&
        (callee?.name === 'range' || callee?.name === 'enumerate')
      ) {
        names.add(textOf(context, target));
      }
    }
    return names;
  }

  /**
   * Whether the source says a key is an integer, or integers: a literal (`0`, `-1`,
   * `[0, 1]`), or arithmetic over names and literals with a literal or a loop counter in it
   * (`i + n`, `index + i`). A name alone is a key only when it is a loop counter. The
   * key's names, or null when it is not such a key.
   */
  export function integerKey(
    context: IRuleContext,
    key: SyntaxNode,
    ranges: ReadonlySet<string>
  ): string[] | null {
    let evidence = false;
    const names: string[] = [];
    const walk = (node: SyntaxNode): boolean => {
      switch (node.name) {
        case 'Number': {
          const int = /^\d+$/.test(textOf(context, node));
          evidence ||= int;
          return int;
        }
        case 'VariableName':
          evidence ||= ranges.has(textOf(context, node));
          names.push(textOf(context, node));
          return true;
        case 'ArithOp':
          return /^(\+|-|\*|\/\/|%)$/.test(textOf(context, node));
        case '(':
        case ')':
        case '[':
        case ']':
        case ',':
          return true;
        case 'BinaryExpression':
        case 'UnaryExpression':
        case 'ParenthesizedExpression':
        case 'ArrayExpression': {
          for (let c = node.firstChild; c; c = c.nextSibling) {
            if (!walk(c)) {
              return false;
            }
          }
          return true;
        }
        default:
          return false;
      }
    };
    return walk(key) && evidence ? names : null;
  }

  /**
   * The key as the question reads it. One made of literals and loop counters only is an
   * integer whatever the counters hold: before the loop has run (a fix made before the
   * cell runs) it reads as `0`.
   */
  export function keyValue(
    context: IRuleContext,
    key: SyntaxNode,
    names: readonly string[],
    ranges: ReadonlySet<string>
  ): string {
    const text = textOf(context, key);
    if (names.length === 0 || !names.every(name => ranges.has(name))) {
      return text;
    }
    const wanted = [...new Set(names)].map(name => `'${name}'`).join(', ');
    const zero = key.name === 'ArrayExpression' ? '[0]' : '0';
    return `(${text}) if {${wanted}} <= set(globals()) | set(locals()) else ${zero}`;
  }

  /**
   * Whether the receiver may be a Series: a name or attribute (or a column subscript) the
   * kernel may read, in a notebook that imports pandas; never a module or a literal.
   */
  export function mayBeSeries(
    context: IRuleContext,
    receiver: SyntaxNode,
    pandas: boolean
  ): boolean {
    const column =
      receiver.name === 'MemberExpression' && receiver.getChild('[') !== null;
    const last = receiver.lastChild;
    return (
      (pandas || column) &&
      readsOnly(receiver) &&
      receiverKind(context, receiver) === 'unknown' &&
      !(last?.name === 'PropertyName' && NOT_SERIES.has(textOf(context, last)))
    );
  }
}
