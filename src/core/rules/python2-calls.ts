import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule, matchAt } from './builders';
import { evaluableAgain } from './numpy-shapes';
import { inScopeOf } from './receivers';
import {
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  spellModule,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// Python 2 builtins whose calls Python 3.0 removed, rewritten call by call (ipykernel
// still binds `execfile`).
const py2 = {
  distribution: 'python',
  since: '3.0',
  link: 'https://docs.python.org/3/whatsnew/3.0.html#builtins'
};
const nameError = (name: string) => ({
  ename: 'NameError',
  message: new RegExp(`name '${name}' is not defined`)
});

/** Calls of the builtin `name` (`apply(...)`), where no cell binds that name itself. */
function builtinCalls(context: IRuleContext, name: string): SyntaxNode[] {
  if (context.defined.has(name) || context.imports.has(name)) {
    return [];
  }
  return context.nodes('CallExpression').filter(call => {
    const callee = call.firstChild;
    return (
      callee?.name === 'VariableName' &&
      textOf(context, callee) === name &&
      argsOf(context, call).every(arg => !arg.star && !arg.name)
    );
  });
}

const text = (context: IRuleContext, arg: { from: number; to: number }) =>
  context.source.slice(arg.from, arg.to);

/** An operand as it can stand before `.method()` or an operator: in parentheses unless simple. */
function operand(code: string): string {
  return /^-?[\w.[\]]+$|^[rRbBuU]?(['"])[^'"\\]*\1$/.test(code)
    ? code
    : `(${code})`;
}

/** `apply(f, args, kwargs)` → `f(*args, **kwargs)`. */
function findApply(context: IRuleContext, id: string): IRuleMatch[] {
  return builtinCalls(context, 'apply').flatMap(call => {
    const [fn, args, kwargs, extra] = argsOf(context, call);
    if (!fn || extra) {
      return [];
    }
    const parts = [
      args && `*${text(context, args)}`,
      kwargs && `**${text(context, kwargs)}`
    ].filter(Boolean);
    const head = /^[\w.]+$/.test(text(context, fn))
      ? text(context, fn)
      : `(${text(context, fn)})`;
    return [
      matchAt(id, call, [
        { from: call.from, to: call.to, insert: `${head}(${parts.join(', ')})` }
      ])
    ];
  });
}

/** `sorted(x, cmp=f)`, `x.sort(cmp=f)` → `key=functools.cmp_to_key(f)`. */
function findCmp(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const cmp = argsOf(context, call).find(arg => arg.name === 'cmp');
    const isSort =
      callee &&
      ((callee.name === 'sorted' && callee.node.name === 'VariableName') ||
        (callee.name === 'sort' && callee.node.name === 'MemberExpression'));
    if (!isSort || !cmp || argsOf(context, call).some(a => a.name === 'key')) {
      return [];
    }
    const functools = spellModule(context, 'functools', 'functools');
    const value = context.source.slice(cmp.valueFrom, cmp.valueTo);
    const edits: ITextEdit[] = [
      ...functools.edits,
      {
        from: cmp.from,
        to: cmp.to,
        insert: `key=${functools.name}.cmp_to_key(${value})`
      }
    ];
    return [matchAt(id, cmp, edits)];
  });
}

// Builtins whose result is an iterator: `.next()` on one is always the iterator's.
const ITERATORS = /^(iter|enumerate|zip|map|filter|reversed|open)$/;

/**
 * `it.next()` → `next(it)`: Python 3 renamed the iterator method `__next__`. On a call of
 * a builtin that makes an iterator the rewrite is offline; on a name or attribute the
 * kernel is asked whether the object is an iterator without a `next` of its own.
 */
function findNext(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const owner = callee?.node.firstChild;
    if (
      callee?.name !== 'next' ||
      callee.node.name !== 'MemberExpression' ||
      !owner ||
      argsOf(context, call).length > 0 ||
      context.defined.has('next')
    ) {
      return [];
    }
    const value = textOf(context, owner);
    const edits = [{ from: call.from, to: call.to, insert: `next(${value})` }];
    const made = owner.name === 'CallExpression' && owner.firstChild;
    if (
      made &&
      made.name === 'VariableName' &&
      ITERATORS.test(textOf(context, made))
    ) {
      return [matchAt(id, call, edits)];
    }
    // In a function, asked in the frame the failure left.
    const question =
      evaluableAgain(owner) &&
      inScopeOf(
        context,
        call,
        `(lambda o: hasattr(o, '__next__') and not hasattr(o, 'next'))(${value})`
      );
    return question ? [askedMatch(id, call, question, edits)] : [];
  });
}

// The `string` module's functions that Python 3 left to str's methods.
const STRING_METHODS =
  /^(split|rsplit|upper|lower|strip|lstrip|rstrip|replace|find|rfind|index|count|capitalize|swapcase|zfill|ljust|rjust|center|expandtabs)$/;
const STRING_CASTS: Record<string, string> = {
  atoi: 'int',
  atof: 'float',
  atol: 'int'
};

/** `string.split(s, ',')` → `s.split(',')`, `string.join(words, ' ')` → `' '.join(words)`. */
function findStringFunctions(context: IRuleContext, id: string): IRuleMatch[] {
  if (![...context.imports.values()].includes('string')) {
    return [];
  }
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const args = argsOf(context, call);
    if (
      !callee ||
      !dotted ||
      resolve(context, dotted) !== `string.${callee.name}` ||
      args.length === 0 ||
      args.some(arg => arg.name || arg.star)
    ) {
      return [];
    }
    const [first, ...rest] = args.map(arg => text(context, arg));
    const receiver = operand(first).startsWith('-')
      ? `(${first})`
      : operand(first);
    let insert: string | null = null;
    if (callee.name === 'join' || callee.name === 'joinfields') {
      insert = rest.length <= 1 ? `${rest[0] ?? "' '"}.join(${first})` : null;
    } else if (STRING_CASTS[callee.name]) {
      insert =
        rest.length === 0 ? `${STRING_CASTS[callee.name]}(${first})` : null;
    } else if (STRING_METHODS.test(callee.name)) {
      insert = `${receiver}.${callee.name}(${rest.join(', ')})`;
    }
    return insert
      ? [matchAt(id, call, [{ from: call.from, to: call.to, insert }])]
      : [];
  });
}

/** Python 2 builtins rewritten as the calls Python 3 has for them. */
export const python2CallRules: IRule[] = [
  defineRule(
    {
      ...py2,
      id: 'python.cmp-builtin',
      needs: ['cmp('],
      summary:
        'The builtin `cmp(a, b)` is gone in Python 3: `(a > b) - (a < b)`.',
      raises: nameError('cmp'),
      examples: [
        {
          before: "print(cmp(3, 5), cmp('b', 'a'), cmp(2, 2))",
          after:
            "print((3 > 5) - (3 < 5), ('b' > 'a') - ('b' < 'a'), (2 > 2) - (2 < 2))"
        }
      ]
    },
    context =>
      builtinCalls(context, 'cmp').flatMap(call => {
        const args = argsOf(context, call);
        if (args.length !== 2) {
          return [];
        }
        const [a, b] = args.map(arg => operand(text(context, arg)));
        return [
          matchAt('python.cmp-builtin', call, [
            {
              from: call.from,
              to: call.to,
              insert: `(${a} > ${b}) - (${a} < ${b})`
            }
          ])
        ];
      })
  ),
  defineRule(
    {
      ...py2,
      id: 'python.string-functions',
      summary:
        "The `string` module's functions (`string.split(s)`, `string.join(words, ' ')`, `string.atoi(s)`) are str's methods and builtins in Python 3.",
      link: 'https://docs.python.org/3/whatsnew/3.0.html#library-changes',
      raises: {
        ename: 'AttributeError',
        message: /module 'string' has no attribute '\w+'/
      },
      examples: [
        {
          before:
            "import string\nwords = string.split('a b c')\nprint(string.join(words, '-'), string.atoi('42') + 1, string.upper(words[0]))",
          after:
            "import string\nwords = 'a b c'.split()\nprint('-'.join(words), int('42') + 1, words[0].upper())"
        }
      ]
    },
    context => findStringFunctions(context, 'python.string-functions')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.iterator-next',
      needs: ['.next()'],
      summary: "An iterator's `it.next()` is `next(it)` in Python 3.",
      link: 'https://docs.python.org/3/whatsnew/3.0.html#operators-and-special-methods',
      raises: {
        ename: 'AttributeError',
        message: /object has no attribute 'next'/
      },
      examples: [
        {
          setup: "rows = iter(['header', 'a', 'b'])",
          before: 'print(rows.next(), iter([1, 2]).next())',
          after: 'print(next(rows), next(iter([1, 2])))',
          answer: 'True'
        },
        {
          setup: 'import csv, io',
          before:
            "def header(text):\n    rows = csv.reader(io.StringIO(text))\n    return rows.next()\nprint(header('a,b\\n1,2\\n'))",
          after:
            "def header(text):\n    rows = csv.reader(io.StringIO(text))\n    return next(rows)\nprint(header('a,b\\n1,2\\n'))",
          answer: 'True'
        }
      ]
    },
    context => findNext(context, 'python.iterator-next')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.apply',
      needs: ['apply('],
      summary:
        '`apply(f, args, kwargs)` is gone in Python 3: `f(*args, **kwargs)`.',
      raises: nameError('apply'),
      examples: [
        {
          before:
            "def area(w, h, unit='m'):\n    return f'{w * h} {unit}2'\nprint(apply(area, (2, 3), {'unit': 'cm'}))",
          after:
            "def area(w, h, unit='m'):\n    return f'{w * h} {unit}2'\nprint(area(*(2, 3), **{'unit': 'cm'}))"
        }
      ]
    },
    context => findApply(context, 'python.apply')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.file-builtin',
      needs: ['file('],
      summary: 'The builtin `file(path)` is gone in Python 3: `open(path)`.',
      raises: nameError('file'),
      examples: [
        {
          setup: "with open('notes.txt', 'w') as f:\n    f.write('a\\nb\\n')",
          before: "print(len(file('notes.txt').readlines()))",
          after: "print(len(open('notes.txt').readlines()))"
        }
      ]
    },
    context =>
      builtinCalls(context, 'file').map(call =>
        matchAt('python.file-builtin', call, [
          {
            from: call.firstChild!.from,
            to: call.firstChild!.to,
            insert: 'open'
          }
        ])
      )
  ),
  defineRule(
    {
      ...py2,
      id: 'python.sort-cmp',
      needs: ['cmp='],
      summary:
        '`sorted(x, cmp=f)` and `x.sort(cmp=f)` take no `cmp` in Python 3: `key=functools.cmp_to_key(f)`.',
      raises: {
        ename: 'TypeError',
        message: /'cmp' is an invalid keyword argument/
      },
      examples: [
        {
          before:
            'def by_length(a, b):\n    return len(a) - len(b)\nprint(sorted(["ccc", "a", "bb"], cmp=by_length))',
          after:
            'def by_length(a, b):\n    return len(a) - len(b)\nimport functools\nprint(sorted(["ccc", "a", "bb"], key=functools.cmp_to_key(by_length)))'
        }
      ]
    },
    context => findCmp(context, 'python.sort-cmp')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.translate-deletechars',
      needs: ['translate('],
      summary:
        "Python 2's `s.translate(table, deletechars)` is `s.translate(str.maketrans(from, to, deletechars))` in Python 3: str.translate takes the table alone, and the characters to delete go into it.",
      link: 'https://docs.python.org/3/library/stdtypes.html#str.maketrans',
      raises: {
        ename: 'TypeError',
        message: /str\.translate\(\) takes exactly one argument \(2 given\)/
      },
      // bytes.translate still takes the characters to delete: only a str's call that failed.
      onFailureOnly: true,
      examples: [
        {
          setup: 'import string',
          before:
            "s = 'Hi, there! Ok?'\nprint(s.translate(None, string.punctuation), s.translate(str.maketrans('', ''), string.punctuation).lower())",
          after:
            "s = 'Hi, there! Ok?'\nprint(s.translate(str.maketrans('', '', string.punctuation)), s.translate(str.maketrans('', '', string.punctuation)).lower())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        if (
          callee?.name !== 'translate' ||
          callee.node.name !== 'MemberExpression' ||
          args.length !== 2 ||
          args.some(arg => arg.name || arg.star)
        ) {
          return [];
        }
        const table = Private.translationPair(context, args[0].value);
        if (table === null) {
          return [];
        }
        const deleted = textOf(context, args[1].value);
        return [
          matchAt('python.translate-deletechars', call, [
            {
              from: args[0].from,
              to: args[1].to,
              insert: `str.maketrans(${table}, ${deleted})`
            }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'python.format-s-object',
      distribution: 'python',
      since: '3.4',
      needs: ['.format('],
      summary:
        "`'{:s}'.format(x)` of an object that is not a string (a list, None) formatted its `str()` until Python 3.4, which refuses a format spec for such objects: `{!s:s}` converts it first, as Python 2 did.",
      link: 'https://docs.python.org/3/whatsnew/3.4.html#changes-in-the-python-api',
      raises: {
        ename: 'TypeError',
        message: /unsupported format string passed to [\w.]+\.__format__/
      },
      onFailureOnly: true,
      examples: [
        {
          before:
            "ids = [3, 7]\nprint('Outliers: {:d}, list: {:s}, {}'.format(len(ids), ids, 'ok'))",
          after:
            "ids = [3, 7]\nprint('Outliers: {:d}, list: {!s:s}, {}'.format(len(ids), ids, 'ok'))"
        },
        {
          // The error names the type by its module: `numpy.ndarray.__format__`.
          setup: 'import numpy as np',
          before: "print('Row 1: {:s}'.format(np.array([1.5, 2.0])))",
          after: "print('Row 1: {!s:s}'.format(np.array([1.5, 2.0])))"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const text = callee?.node.firstChild;
        if (
          callee?.name !== 'format' ||
          callee.node.name !== 'MemberExpression' ||
          text?.name !== 'String'
        ) {
          return [];
        }
        const literal = textOf(context, text);
        // A field typed `s` with no conversion: `!s` is a no-op on a string.
        const converted = literal.replace(
          /(?<!\{)\{([\w.[\]]*):([^{}!]*s)\}/g,
          '{$1!s:$2}'
        );
        return converted === literal
          ? []
          : [
              matchAt('python.format-s-object', call, [
                { from: text.from, to: text.to, insert: converted }
              ])
            ];
      })
  )
];

namespace Private {
  /**
   * The `from, to` of a translation table written as `None` (no translation) or as
   * `string.maketrans(a, b)` / `str.maketrans(a, b)`; null for a table held elsewhere.
   */
  export function translationPair(
    context: IRuleContext,
    table: SyntaxNode
  ): string | null {
    if (table.name === 'None') {
      return "'', ''";
    }
    if (table.name !== 'CallExpression') {
      return null;
    }
    const callee = table.firstChild;
    const dotted = callee ? dottedName(context, callee) : null;
    const args = argsOf(context, table);
    return (dotted === 'str.maketrans' ||
      (dotted !== null && resolve(context, dotted) === 'string.maketrans')) &&
      args.length === 2 &&
      args.every(arg => !arg.name && !arg.star)
      ? `${textOf(context, args[0].value)}, ${textOf(context, args[1].value)}`
      : null;
  }
}
