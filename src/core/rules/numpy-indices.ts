import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { inScopeOf, readsOnly } from './receivers';
import { spellName } from './bindings';
import { callsTo, childrenOf, comparisonOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// Keys that are never floats as written, or whose evaluation might do more than read.
const WRITTEN_KEYS = new Set(['Number', 'String', 'SliceExpression', ':']);

/** What a rule asks of each key of a subscript, and the key it writes for the answer. */
interface IKeySpec {
  id: string;
  note: string;
  /** Whether a key as written is put to the kernel. */
  asks(context: IRuleContext, key: SyntaxNode): boolean;
  /** A Python expression of the indexed object `o` and the key `k`. */
  question: string;
  /** The key's new text for the kernel's answer, or null for none. */
  rewrite(answer: string, key: string): ITextEdit['insert'] | null;
  needs?: ITextEdit['needs'];
}

/** The keys of a subscript that are one node each: `a[i]`, `a[i, j]`, not `a[1:n]`. */
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

/** A match per key of a subscript on a name or attribute that the spec asks about. */
function keyMatches(context: IRuleContext, spec: IKeySpec): IRuleMatch[] {
  return context.nodes('MemberExpression').flatMap(subscript => {
    const owner = subscript.firstChild;
    if (!subscript.getChild('[') || !owner || !readsOnly(owner)) {
      return [];
    }
    return keyNodes(subscript).flatMap(key => {
      if (!spec.asks(context, key)) {
        return [];
      }
      const text = textOf(context, key);
      const expression = inScopeOf(
        context,
        subscript,
        `(lambda o, k: ${spec.question})(${textOf(context, owner)}, ${text})`
      );
      if (!expression) {
        return [];
      }
      const match = matchAt(spec.id, key, [], spec.note);
      match.question = {
        expression,
        decide: answer => {
          const insert = spec.rewrite(answer, text);
          return insert === null
            ? null
            : [{ from: key.from, to: key.to, insert, needs: spec.needs }];
        }
      };
      return [match];
    });
  });
}

/** A key that may be a float: a name, an attribute or a subscript, not a literal. */
function floatKeys(context: IRuleContext, id: string): IRuleMatch[] {
  return keyMatches(context, {
    id,
    note: 'Only a float key of a numpy array: asks the kernel.',
    asks: (_, key) => !WRITTEN_KEYS.has(key.name) && readsOnly(key),
    // The array's type, whether the key is an array or a scalar, and its kind.
    question:
      "'|'.join([type(o).__name__, 'array' if getattr(k, 'ndim', 0) else 'scalar', " +
      "getattr(getattr(k, 'dtype', None), 'kind', type(k).__name__)])",
    rewrite: (answer, key) => {
      const [type, shape, kind] = answer.split('|');
      if (type !== 'ndarray' || (kind !== 'f' && kind !== 'float')) {
        return null;
      }
      return shape === 'array' ? `${key}.astype(int)` : `int(${key})`;
    }
  });
}

/** A key that may be a mask: a name, an attribute, or a comparison of such. */
function maskKeys(context: IRuleContext, id: string): IRuleMatch[] {
  const flatnonzero = spellName(context, {
    module: 'numpy',
    name: 'flatnonzero',
    alias: 'np'
  });
  return keyMatches(context, {
    id,
    note: 'Only a one-dimensional mask of another length than the array: asks the kernel.',
    asks: (context, key) => {
      const compared = comparisonOf(key);
      return compared
        ? readsOnly(compared.left) && readsOnly(compared.right)
        : !WRITTEN_KEYS.has(key.name) && readsOnly(key);
    },
    // The array's type, the key's dtype and dimensions, and whether the lengths differ.
    question:
      "'|'.join([type(o).__name__, str(getattr(k, 'dtype', '')), str(getattr(k, 'ndim', '')), " +
      "str(getattr(k, 'ndim', 0) == 1 and getattr(o, 'ndim', 0) >= 1 and len(k) != len(o))])",
    rewrite: (answer, key) =>
      answer === 'ndarray|bool|1|True' ? `${flatnonzero.text}(${key})` : null,
    needs: flatnonzero.needs
  });
}

// Calls that only make a sequence of indices: evaluated again for the kernel's question.
const INDEX_MAKERS = [
  'numpy.arange',
  'numpy.array',
  'numpy.asarray',
  'numpy.flatnonzero',
  'range',
  'slice'
];

/**
 * A list literal as the key, `a[[np.arange(0, 8)]]` or `a[[rows, cols]]`: until numpy 1.23 a
 * list holding a sequence, a slice or None was read as the tuple of its items, one index
 * per dimension; now it is one array index, of one more dimension. Asked of the kernel:
 * only a numpy array's or a pandas Index's key, and only when an item is such a value.
 */
function sequenceKeys(context: IRuleContext, id: string): IRuleMatch[] {
  return keyMatches(context, {
    id,
    note: 'Only a list holding a sequence, a slice or None, as the key of a numpy array or a pandas Index: asks the kernel.',
    asks: (context, key) =>
      key.name === 'ArrayExpression' &&
      // A frame's columns (`df[['a', 'b']]`) or positions are never a sequence of indices.
      childrenOf(key).some(
        item => !/^([[\],]|String|Number)$/.test(item.name)
      ) &&
      readsOnly(key, call => callsTo(context, call, INDEX_MAKERS)),
    // The object's library and type, and whether an item is a sequence, a slice or None.
    question:
      "'|'.join([type(o).__module__.split('.')[0], type(o).__name__, str(__import__('builtins').any(isinstance(e, (list, tuple, range, slice)) or getattr(e, 'ndim', 0) >= 1 or e is None or e is Ellipsis for e in k))])",
    rewrite: (answer, key) => {
      const [library, type, sequence] = answer.split('|');
      const indexed =
        (library === 'numpy' && type === 'ndarray') ||
        (library === 'pandas' && type.endsWith('Index'));
      return indexed && sequence === 'True' ? key.slice(1, -1).trim() : null;
    }
  });
}

/**
 * numpy 1.12 refuses float indices, which it used to truncate (with a warning since 1.11):
 * `colors[df.label]` with float labels, `x[n / 2]` after true division. The key becomes
 * the integers it was truncated to, asked of the kernel: only a float key of an ndarray
 * (a pandas object takes a float as a label).
 */
export const numpyIndexRules: IRule[] = [
  defineRule(
    {
      id: 'numpy.float-index',
      needs: ['['],
      onFailureOnly: true,
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
  ),
  defineRule(
    {
      id: 'numpy.mask-length',
      needs: ['['],
      onFailureOnly: true,
      distribution: 'numpy',
      since: '1.13.0',
      summary:
        'A boolean mask of another length than the array is refused since numpy 1.13; before, it picked the positions of its True values: `np.flatnonzero(mask)` picks them again.',
      link: 'https://numpy.org/doc/stable/release/1.13.0-notes.html',
      raises: {
        ename: 'IndexError',
        message: /^boolean index did not match indexed array/
      },
      examples: [
        {
          setup:
            'import numpy as np\nlabels = np.array([0, 1, 1, 2, 0])\nvalues = np.arange(5.0)\nclusters = np.unique(labels)\nc = 1',
          before: 'print(values[clusters == c].tolist())',
          after: 'print(values[np.flatnonzero(clusters == c)].tolist())',
          answer: 'ndarray|bool|1|True'
        }
      ]
    },
    context => maskKeys(context, 'numpy.mask-length')
  ),
  defineRule(
    {
      id: 'numpy.list-of-indices',
      needs: ['[['],
      distribution: 'numpy',
      since: '1.23.0',
      summary:
        'A list of indices per dimension (`a[[np.arange(8)]]`, `a[[rows, cols]]`) was read as a tuple until numpy 1.23; now it is one array index: the tuple is written.',
      link: 'https://numpy.org/doc/stable/release/1.23.0-notes.html',
      // A pandas Index refuses the array of one more dimension; numpy indexes with it
      // (out of bounds, or silently another selection, which the kernel's answer finds).
      raises: {
        ename: ['ValueError', 'IndexError'],
        message:
          /^Buffer has wrong number of dimensions \(expected 1, got 2\)|^index \d+ is out of bounds for axis 0/
      },
      examples: [
        {
          setup:
            "import numpy as np\nimport pandas as pd\ncolumns = pd.Index(['a', 'b', 'c', 'd'])",
          before: 'print(list(columns[[np.arange(0, 2)]]))',
          after: 'print(list(columns[np.arange(0, 2)]))',
          answer: 'pandas|Index|True'
        },
        {
          setup:
            'import numpy as np\ngrid = np.arange(12).reshape(3, 4)\nrows = [0, 2]\ncols = [1, 3]',
          before: 'print(grid[[rows, cols]].tolist())',
          after: 'print(grid[rows, cols].tolist())',
          answer: 'numpy|ndarray|True'
        }
      ]
    },
    context => sequenceKeys(context, 'numpy.list-of-indices')
  )
];
