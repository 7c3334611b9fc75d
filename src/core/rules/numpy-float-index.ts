import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { inScopeOf, readsOnly } from './receivers';
import { textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Keys that are never floats as written, or whose evaluation might do more than read.
const WRITTEN_KEYS = new Set(['Number', 'String', 'SliceExpression', ':']);

/**
 * What the kernel is asked of an array indexed by a key: the array's type, whether the
 * key is an array or a scalar, and its kind (`ndarray|array|f`, `ndarray|scalar|float`).
 */
function indexQuestion(owner: string, key: string): string {
  return (
    "(lambda o, k: '|'.join([type(o).__name__, 'array' if getattr(k, 'ndim', 0) else 'scalar', " +
    "getattr(getattr(k, 'dtype', None), 'kind', type(k).__name__)]))" +
    `(${owner}, ${key})`
  );
}

/** The keys of a subscript that are one node each: `a[i]`, `a[i, j]`, not `a[i + 1]`. */
function keyNodes(subscript: SyntaxNode): SyntaxNode[] {
  const keys: SyntaxNode[] = [];
  let group: SyntaxNode[] = [];
  for (let node = subscript.getChild('[')?.nextSibling; node;) {
    if (node.name === ',' || node.name === ']') {
      if (group.length === 1) {
        keys.push(group[0]);
      }
      group = [];
    } else {
      group.push(node);
    }
    node = node.name === ']' ? null : node.nextSibling;
  }
  return keys;
}

/** Every key of a subscript on a name or attribute that may be a float, each a match. */
function floatKeys(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('MemberExpression').flatMap(subscript => {
    const owner = subscript.firstChild;
    if (!subscript.getChild('[') || !owner || !readsOnly(owner)) {
      return [];
    }
    return keyNodes(subscript).flatMap(key => {
      if (WRITTEN_KEYS.has(key.name) || !readsOnly(key)) {
        return [];
      }
      const text = textOf(context, key);
      const expression = inScopeOf(
        context,
        subscript,
        indexQuestion(textOf(context, owner), text)
      );
      if (!expression) {
        return [];
      }
      const match = matchAt(
        id,
        key,
        [],
        'Only a float key of a numpy array: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer => {
          const [type, shape, kind] = answer.split('|');
          if (type !== 'ndarray' || (kind !== 'f' && kind !== 'float')) {
            return null;
          }
          const insert =
            shape === 'array' ? `${text}.astype(int)` : `int(${text})`;
          return [{ from: key.from, to: key.to, insert }];
        }
      };
      return [match];
    });
  });
}

/**
 * numpy 1.12 refuses float indices, which it used to truncate (with a warning since 1.11):
 * `colors[df.label]` with float labels, `x[n / 2]` after true division. The key becomes
 * the integers it was truncated to, asked of the kernel: only a float key of an ndarray
 * (a pandas object takes a float as a label).
 */
export const numpyFloatIndexRules: IRule[] = [
  defineRule(
    {
      id: 'numpy.float-index',
      needs: ['['],
      distribution: 'numpy',
      since: '1.12.0',
      summary:
        'numpy 1.12 no longer truncates float indices: index with the integers they stood for (`.astype(int)`, `int(...)`).',
      link: 'https://numpy.org/doc/stable/release/1.12.0-notes.html',
      raises: {
        ename: 'IndexError',
        message:
          /^only integers, slices|arrays used as indices must be of integer \(or boolean\) type/
      },
      examples: [
        {
          setup:
            "import numpy as np\nimport pandas as pd\niris = pd.DataFrame({'species': [0.0, 1.0, 2.0, 1.0]})\ncolormap = np.array(['red', 'blue', 'green'])",
          before: 'print(colormap[iris.species].tolist())',
          after: 'print(colormap[iris.species.astype(int)].tolist())',
          answer: 'ndarray|array|f'
        },
        {
          setup: 'import numpy as np\nx = np.arange(10)\nmiddle = len(x) / 2',
          before: 'print(x[middle], x[middle, ...].shape)',
          after: 'print(x[int(middle)], x[int(middle), ...].shape)',
          answer: 'ndarray|scalar|float'
        }
      ]
    },
    context => floatKeys(context, 'numpy.float-index')
  )
];
