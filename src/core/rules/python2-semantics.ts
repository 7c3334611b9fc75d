import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule, matchAt } from './builders';
import { evaluablePath, readPath } from './data-copies';
import { writtenForPython2 } from './evidence';
import { inFunction } from './numpy-shapes';
import {
  appendArgument,
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  stringValue,
  textOf,
  wrapIn
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Python 2 builtins that returned lists and return lazy objects in Python 3.
const py2 = {
  distribution: 'python',
  since: '3.0',
  link: 'https://docs.python.org/3/whatsnew/3.0.html#views-and-iterators-instead-of-lists'
};
const ITERATORS = ['map', 'filter', 'zip'];
const VIEWS = ['keys', 'values', 'items'];
// List methods: calling one on a map, view or range means the code wants a list.
const LIST_METHODS =
  /^(sort|append|extend|insert|remove|pop|reverse|index|count)$/;
// Calls that need a sequence, not an iterator (numpy makes a 0-d object array of one).
const NEEDS_SEQUENCE = /^(numpy\.\w+|random\.(shuffle|choice|sample)|len)$/;

/**
 * Python 2 read files as bytes and pandas under it did not decode them: a file that is
 * not UTF-8 (Latin-1 data, accented names) read then, fails now. The kernel is asked
 * whether the file decodes as UTF-8; where it does not, it is read as Latin-1, which
 * like Python 2 maps every byte to one character.
 */
/** Whether `open(path[, mode])` reads text: no mode, or a literal one without `b`. */
function textMode(context: IRuleContext, call: SyntaxNode): boolean {
  const args = argsOf(context, call);
  const mode = args.find(arg => arg.name === 'mode') ?? args[1];
  if (!mode) {
    return true;
  }
  const value = stringValue(textOf(context, mode.value));
  return (mode.name === undefined || mode.name === 'mode') && value !== null
    ? !value.includes('b')
    : false;
}

const textEncodingRule: IRule = defineRule(
  {
    ...py2,
    id: 'python.text-encoding',
    needs: ['open', 'read_csv', 'read_table'],
    link: 'https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit',
    summary:
      'Python 3 decodes text files as UTF-8: a file in another encoding, read as bytes under Python 2, is read as Latin-1.',
    raises: {
      ename: 'UnicodeDecodeError',
      message: /'utf-8' codec can't decode/
    },
    examples: [
      {
        setup:
          "with open('names.txt', 'wb') as f:\n    f.write('1 Caf\\xe9\\n'.encode('latin-1'))",
        before:
          "f = open('names.txt')\nfor line in f:\n    print(line.split(' ')[1].strip())",
        after:
          "f = open('names.txt', encoding='latin-1')\nfor line in f:\n    print(line.split(' ')[1].strip())",
        answer: 'True',
        writtenWith: '2.7.9'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const path = readPath(context, call);
      const args = argsOf(context, call);
      if (
        !writtenForPython2(context) ||
        !callee ||
        !['open', 'read_csv', 'read_table'].includes(callee.name) ||
        !path ||
        !evaluablePath(context, path) ||
        inFunction(call) ||
        args.some(arg => arg.name === 'encoding' || arg.star) ||
        (callee.name === 'open' && !textMode(context, call))
      ) {
        return [];
      }
      const file = textOf(context, path);
      return [
        askedMatch(
          'python.text-encoding',
          call,
          `(lambda p: isinstance(p, str) and __import__('os').path.isfile(p) and '\\ufffd' in __import__('pathlib').Path(p).read_bytes().decode('utf-8', 'replace'))(${file})`,
          () => [appendArgument(context, call, "encoding='latin-1'")]
        )
      ];
    })
);

/**
 * Python 2 semantics past syntax: `map`, `filter`, `zip`, `range` and the dict views
 * returned lists. Where code uses one as a list (indexes it, takes its `len`, adds it to a
 * list, sorts it in place, hands it to numpy), `list(...)` gives the list back.
 */
export const python2SemanticRules: IRule[] = [
  defineRule(
    {
      ...py2,
      id: 'python.lazy-as-list',
      needs: ['map', 'filter', 'zip', 'keys', 'values', 'items', 'range'],
      summary:
        '`map`, `filter`, `zip`, `range` and `dict.keys()` return lists only in Python 2: where one is used as a list, make it one.',
      raises: {
        ename: ['TypeError', 'AttributeError'],
        message:
          /'(map|filter|zip|range|dict_keys|dict_values|dict_items)' object (is not subscriptable|has no attribute|does not support item assignment)|object of type '(map|filter|zip)' has no len\(\)|unsupported operand type\(s\) for \+: '(map|filter|zip|range|dict_keys|dict_values)'/
      },
      examples: [
        {
          before: "d = {'a': 1, 'b': 2}\nprint(d.keys()[0])",
          after: "d = {'a': 1, 'b': 2}\nprint(list(d.keys())[0])"
        },
        {
          before:
            "names = map(str.upper, ['a', 'b'])\nprint(len(names), names[0])",
          after:
            "names = list(map(str.upper, ['a', 'b']))\nprint(len(names), names[0])"
        },
        {
          before:
            'counts = {3: 1, 1: 2}\nkeys = counts.keys()\nkeys.sort()\nprint(keys + list(range(2)))',
          after:
            'counts = {3: 1, 1: 2}\nkeys = list(counts.keys())\nkeys.sort()\nprint(keys + list(range(2)))'
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'name': ['a.x', 'b.y']})",
          before:
            "df['first'] = map(lambda s: s.split('.')[0], df.name)\nprint(df['first'].tolist())",
          after:
            "df['first'] = list(map(lambda s: s.split('.')[0], df.name))\nprint(df['first'].tolist())"
        },
        {
          before:
            'pairs = zip([1, 2], [3, 4])\nfor a, b in pairs:\n    print(a + b)\nprint(len(pairs))',
          after:
            'pairs = list(zip([1, 2], [3, 4]))\nfor a, b in pairs:\n    print(a + b)\nprint(len(pairs))'
        }
      ]
    },
    context => {
      if (Private.shadowed(context, 'list')) {
        return [];
      }
      const wrapped = new Map<number, IRuleMatch>();
      const wrap = (call: SyntaxNode) => {
        if (!wrapped.has(call.from)) {
          wrapped.set(
            call.from,
            matchAt('python.lazy-as-list', call, wrapIn(call, 'list'))
          );
        }
      };
      const py2Notebook = writtenForPython2(context);
      const assigned = Private.assignedLazy(context);
      for (const call of context.nodes('CallExpression')) {
        const kind = Private.lazyKind(context, call);
        if (kind === null) {
          continue;
        }
        if (
          Private.usedAsList(context, call, kind) ||
          (py2Notebook && kind !== 'range' && Private.printed(context, call))
        ) {
          wrap(call);
        }
      }
      for (const [name, call] of assigned) {
        const kind = Private.lazyKind(context, call)!;
        // A Python 2 notebook meant a list wherever it kept one; else only where it shows.
        const keep = py2Notebook && kind !== 'range';
        if (keep || Private.nameUsedAsList(context, name, call, kind)) {
          wrap(call);
        }
      }
      return [...wrapped.values()];
    }
  ),
  textEncodingRule
];

namespace Private {
  type Kind = 'iterator' | 'view' | 'range';

  /** Whether two nodes are the same (node objects are made afresh on each walk). */
  function same(
    a: SyntaxNode | null | undefined,
    b: SyntaxNode | null
  ): boolean {
    return (
      !!a && !!b && a.from === b.from && a.to === b.to && a.name === b.name
    );
  }

  /** Whether the source rebinds a builtin's name (`list = [...]`, `def map(...)`). */
  export function shadowed(context: IRuleContext, name: string): boolean {
    return (
      context.imports.has(name) ||
      new RegExp(
        `^\\s*(def\\s+${name}\\b|${name}\\s*=[^=]|for\\s+${name}\\s+in\\b)`,
        'm'
      ).test(context.source)
    );
  }

  /** What lazy object a call makes, if it is `map(...)`, `d.keys()` or `range(...)`. */
  export function lazyKind(
    context: IRuleContext,
    call: SyntaxNode
  ): Kind | null {
    const callee = calleeOf(context, call);
    if (!callee) {
      return null;
    }
    const bare = callee.node.name === 'VariableName';
    if (bare && ITERATORS.includes(callee.name)) {
      return shadowed(context, callee.name) ? null : 'iterator';
    }
    if (bare && callee.name === 'range') {
      return shadowed(context, 'range') ? null : 'range';
    }
    if (
      !bare &&
      VIEWS.includes(callee.name) &&
      argsOf(context, call).length === 0
    ) {
      return 'view';
    }
    return null;
  }

  /** Whether the value of `node` is indexed, measured, added to or sorted in place. */
  export function usedAsList(
    context: IRuleContext,
    node: SyntaxNode,
    kind: Kind
  ): boolean {
    const parent = node.parent;
    if (!parent) {
      return false;
    }
    if (parent.name === 'MemberExpression' && same(parent.firstChild, node)) {
      const next = node.nextSibling;
      if (next?.name === '[') {
        // A range is indexable; a slice of one is still a range.
        return kind !== 'range';
      }
      const property = parent.getChild('PropertyName');
      return (
        next?.name === '.' &&
        property !== null &&
        LIST_METHODS.test(textOf(context, property)) &&
        (kind !== 'range' || !/^(index|count)$/.test(textOf(context, property)))
      );
    }
    if (parent.name === 'BinaryExpression') {
      const op = parent.getChild('ArithOp');
      return op !== null && textOf(context, op) === '+';
    }
    if (parent.name === 'AssignStatement' && kind !== 'range') {
      // `df['gram'] = map(...)`: a frame's column or an array's items take a sequence.
      const target = parent.firstChild;
      return (
        same(parent.lastChild, node) &&
        target?.name === 'MemberExpression' &&
        target.getChild('[') !== null &&
        target.nextSibling?.name === 'AssignOp'
      );
    }
    if (parent.name === 'ArgList' && kind !== 'range') {
      const call = parent.parent!;
      const callee = calleeOf(context, call);
      const dotted = callee && dottedName(context, callee.node);
      const args = argsOf(context, call);
      return (
        dotted !== null &&
        same(args[0]?.value, node) &&
        NEEDS_SEQUENCE.test(resolve(context, dotted))
      );
    }
    if (parent.name === 'ArgList' && kind === 'range') {
      const callee = calleeOf(context, parent.parent!);
      const dotted = callee && dottedName(context, callee.node);
      return dotted !== null && resolve(context, dotted) === 'random.shuffle';
    }
    return false;
  }

  /** Whether a call is an argument of `print` (Python 2 printed the list). */
  export function printed(context: IRuleContext, call: SyntaxNode): boolean {
    const outer = call.parent?.name === 'ArgList' ? call.parent.parent : null;
    const callee = outer && calleeOf(context, outer);
    return callee?.node.name === 'VariableName' && callee.name === 'print';
  }

  /** `name = map(...)` at the top of the source (not in a function), by name. */
  export function assignedLazy(context: IRuleContext): Map<string, SyntaxNode> {
    const found = new Map<string, SyntaxNode>();
    for (const assign of context.nodes('AssignStatement')) {
      const target = assign.firstChild;
      const value = assign.lastChild;
      if (
        target?.name === 'VariableName' &&
        target.nextSibling?.name === 'AssignOp' &&
        same(target.nextSibling.nextSibling, value) &&
        value?.name === 'CallExpression' &&
        lazyKind(context, value) !== null
      ) {
        found.set(textOf(context, target), value);
      }
    }
    return found;
  }

  /** Whether `name`, after its assignment, is used as a list (or iterated twice). */
  export function nameUsedAsList(
    context: IRuleContext,
    name: string,
    assigned: SyntaxNode,
    kind: Kind
  ): boolean {
    const uses = context
      .nodes('VariableName')
      .filter(
        node => node.from > assigned.to && textOf(context, node) === name
      );
    if (uses.some(use => usedAsList(context, use, kind))) {
      return true;
    }
    // An iterator is spent after one pass: a second loop over it sees nothing.
    const passes = uses.filter(use => {
      const parent = use.parent?.name;
      return parent === 'ForStatement' || parent === 'ArgList';
    });
    return kind === 'iterator' && passes.length > 1;
  }
}
