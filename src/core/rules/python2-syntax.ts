import type { SyntaxNode } from '@lezer/common';
import { scanOutsideStrings } from '../scores/python-source';
import { defineRule, matchAt } from './builders';
import { writtenForPython2 } from './evidence';
import { childrenOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Python 2 syntax, gone in Python 3.0.
const py2 = {
  distribution: 'python',
  since: '3.0',
  link: 'https://docs.python.org/3/whatsnew/3.0.html'
};
const syntaxError = (message: RegExp) => ({ ename: 'SyntaxError', message });

/** The end of the logical line that starts at `from` (brackets and strings may span lines). */
export function logicalLineEnd(source: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') {
        i++;
      } else if (source.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = '';
      }
    } else if (c === '"' || c === "'") {
      quote = source.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += quote.length - 1;
    } else if ('([{'.includes(c)) {
      depth++;
    } else if (')]}'.includes(c)) {
      depth--;
    } else if (depth <= 0 && (c === '\n' || c === '#' || c === ';')) {
      return i;
    } else if (c === '\\' && source[i + 1] === '\n') {
      i++;
    }
  }
  return source.length;
}

/** Splits an argument list at its top-level commas. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  scanOutsideStrings(text, (c, i) => {
    if ('([{'.includes(c)) {
      depth++;
    } else if (')]}'.includes(c)) {
      depth--;
    } else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
    return false;
  });
  parts.push(text.slice(start).trim());
  return parts;
}

/** `print a, b,` as a call: `>>f` becomes `file=f`, a trailing comma `end=' '`. */
function printCall(args: string): string {
  const parts = args.trim() === '' ? [] : splitTopLevel(args);
  const trailing = parts.length > 1 && parts[parts.length - 1] === '';
  if (trailing) {
    parts.pop();
  }
  let file = '';
  if (parts[0]?.startsWith('>>')) {
    file = parts.shift()!.slice(2).trim();
  }
  const all = [...parts];
  if (file) {
    all.push(`file=${file}`);
  }
  if (trailing) {
    all.push("end=' '");
  }
  return `print(${all.join(', ')})`;
}

/** The `print` statements of a source, and bare `print` lines (a blank line in Python 2). */
function findPrints(context: IRuleContext, id: string): IRuleMatch[] {
  const bare = context
    .nodes('ExpressionStatement')
    .filter(node => textOf(context, node) === 'print');
  const statements = context.nodes('PrintStatement').map(node => {
    let end = logicalLineEnd(context.source, node.from);
    while (/\s/.test(context.source[end - 1])) {
      end--;
    }
    const args = context.source.slice(node.from + 'print'.length, end);
    return matchAt(id, { from: node.from, to: end }, [
      { from: node.from, to: end, insert: printCall(args) }
    ]);
  });
  return [
    ...statements,
    ...bare.map(node =>
      matchAt(id, node, [{ from: node.from, to: node.to, insert: 'print()' }])
    )
  ];
}

/** Python 2 syntax: print statements, `except E, e`, `raise E, msg`, backticks, `<>`, `0777`. */
/**
 * `print (a + b) / 3` in Python 2 prints the whole expression; in Python 3 it is a call
 * of `print` on `(a + b)` whose result, None, is divided (or `.format`ted, or made a
 * tuple with `, b`). In a notebook written for Python 2, an expression statement led by
 * such a call becomes one call of `print` on the whole expression.
 */
function findPrintExpressions(context: IRuleContext, id: string): IRuleMatch[] {
  if (!writtenForPython2(context) || context.defined.has('print')) {
    return [];
  }
  return context.nodes('ExpressionStatement').flatMap(statement => {
    // `print (a), b` is a statement of two expressions: the tuple has no node of its own.
    const parts = childrenOf(statement).filter(
      node => node.name !== ',' && node.name !== 'Comment'
    );
    if (parts.length === 0) {
      return [];
    }
    const from = parts[0].from;
    const to = parts[parts.length - 1].to;
    let call: SyntaxNode | null = parts[0];
    while (call && !isPrintCall(context, call)) {
      call = call.firstChild;
    }
    const args = call?.getChild('ArgList');
    if (
      !call ||
      !args ||
      call.from !== from ||
      (call.to === to && parts.length === 1)
    ) {
      return [];
    }
    const whole = context.source.slice(args.from, to);
    return [
      matchAt(id, { from, to }, [{ from, to, insert: `print(${whole})` }])
    ];
  });
}

function isPrintCall(context: IRuleContext, node: SyntaxNode): boolean {
  const callee = node.firstChild;
  return (
    node.name === 'CallExpression' &&
    callee?.name === 'VariableName' &&
    textOf(context, callee) === 'print'
  );
}

export const python2SyntaxRules: IRule[] = [
  defineRule(
    {
      ...py2,
      id: 'python.print-expression',
      needs: ['print'],
      summary:
        '`print (a) / 3` printed the whole expression in Python 2; in Python 3 it prints `a` and divides the None it returns: `print((a) / 3)`.',
      raises: {
        ename: ['TypeError', 'AttributeError'],
        message:
          /unsupported operand type\(s\) for .*'NoneType'|'NoneType' object has no attribute/
      },
      examples: [
        {
          before: 'total = 7\nprint (total + 2) / 3',
          after: 'total = 7\nprint((total + 2) / 3)',
          writtenWith: '2.7.14'
        },
        {
          before: 'print ("{} rows").format(3)',
          after: 'print(("{} rows").format(3))',
          writtenWith: '2.7.14'
        }
      ]
    },
    context => findPrintExpressions(context, 'python.print-expression')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.print-statement',
      needs: ['print'],
      summary: '`print x` is a function call in Python 3: `print(x)`.',
      raises: syntaxError(/Missing parentheses in call to 'print'/),
      examples: [
        { before: 'print "total", 1 + 2', after: 'print("total", 1 + 2)' },
        {
          before: "n = 3\nprint '%d rows, %.1f%%' % (n, 12.5)",
          after: "n = 3\nprint('%d rows, %.1f%%' % (n, 12.5))"
        },
        {
          before:
            'import sys\nfor i in range(2):\n    print >>sys.stdout, i,\nprint\nprint "done"',
          after:
            'import sys\nfor i in range(2):\n    print(i, file=sys.stdout, end=\' \')\nprint()\nprint("done")'
        }
      ]
    },
    context => findPrints(context, 'python.print-statement')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.except-comma',
      needs: ['except'],
      summary: '`except E, e:` is `except E as e:` in Python 3.',
      raises: syntaxError(/multiple exception types must be parenthesized/),
      examples: [
        {
          before: "try:\n    int('x')\nexcept ValueError, e:\n    print('bad')",
          after: "try:\n    int('x')\nexcept ValueError as e:\n    print('bad')"
        }
      ]
    },
    context =>
      context.nodes('TryStatement').flatMap(statement => {
        const matches: IRuleMatch[] = [];
        for (
          let child = statement.firstChild;
          child;
          child = child.nextSibling
        ) {
          const type = child.nextSibling;
          const comma = type?.nextSibling;
          const target = comma?.nextSibling;
          if (
            child.name === 'except' &&
            comma?.name === ',' &&
            target?.name === 'VariableName' &&
            target.nextSibling?.name === 'Body'
          ) {
            matches.push(
              matchAt(
                'python.except-comma',
                { from: child.from, to: target.to },
                [{ from: type!.to, to: target.from, insert: ' as ' }]
              )
            );
          }
        }
        return matches;
      })
  ),
  defineRule(
    {
      ...py2,
      id: 'python.raise-comma',
      needs: ['raise'],
      summary:
        '`raise E, "message"` is `raise E("message")` in Python 3, and `raise E, m, tb` is `raise E(m).with_traceback(tb)`.',
      raises: syntaxError(/invalid syntax/),
      examples: [
        {
          before:
            "try:\n    raise ValueError, 'bad'\nexcept ValueError as e:\n    print(e)",
          after:
            "try:\n    raise ValueError('bad')\nexcept ValueError as e:\n    print(e)"
        },
        {
          before:
            "import sys\ntry:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n        raise ValueError, 'no zero', sys.exc_info()[2]\nexcept ValueError as e:\n    print(e)",
          after:
            "import sys\ntry:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n        raise ValueError('no zero').with_traceback(sys.exc_info()[2])\nexcept ValueError as e:\n    print(e)"
        }
      ]
    },
    context =>
      context.nodes('RaiseStatement').flatMap(statement => {
        const type = statement.firstChild?.nextSibling;
        const comma = type?.nextSibling;
        const message = comma?.nextSibling;
        // `raise E, msg, tb` re-raised with a traceback: `.with_traceback(tb)`.
        const second = message?.nextSibling;
        const traceback = second?.name === ',' ? second.nextSibling : null;
        if (
          comma?.name !== ',' ||
          !message ||
          (second && !traceback) ||
          traceback?.nextSibling
        ) {
          return [];
        }
        const call = `${textOf(context, type!)}(${textOf(context, message)})`;
        const insert = traceback
          ? `${call}.with_traceback(${textOf(context, traceback)})`
          : call;
        const to = (traceback ?? message).to;
        return [
          matchAt('python.raise-comma', statement, [
            { from: type!.from, to, insert }
          ])
        ];
      })
  ),
  defineRule(
    {
      ...py2,
      id: 'python.backtick-repr',
      needs: ['`'],
      summary: 'Backticks `` `x` `` are `repr(x)` in Python 3.',
      raises: syntaxError(/invalid syntax/),
      examples: [
        {
          before: 'x = 3\nprint(`x` + "!")',
          after: 'x = 3\nprint(repr(x) + "!")'
        }
      ]
    },
    context => {
      const ticks = context
        .nodes('⚠')
        .filter(node => textOf(context, node) === '`');
      const matches: IRuleMatch[] = [];
      for (let i = 0; i + 1 < ticks.length; i += 2) {
        const [open, close] = [ticks[i], ticks[i + 1]];
        if (context.source.slice(open.to, close.from).includes('\n')) {
          break;
        }
        matches.push(
          matchAt('python.backtick-repr', { from: open.from, to: close.to }, [
            { from: open.from, to: open.to, insert: 'repr(' },
            { from: close.from, to: close.to, insert: ')' }
          ])
        );
      }
      return matches;
    }
  ),
  defineRule(
    {
      ...py2,
      id: 'python.not-equal',
      needs: ['<>'],
      summary: '`<>` is `!=` in Python 3.',
      raises: syntaxError(/invalid syntax/),
      examples: [{ before: 'print(1 <> 2)', after: 'print(1 != 2)' }]
    },
    context =>
      context
        .nodes('CompareOp')
        .filter(node => textOf(context, node) === '<>')
        .map(node =>
          matchAt('python.not-equal', node, [
            { from: node.from, to: node.to, insert: '!=' }
          ])
        )
  ),
  defineRule(
    {
      ...py2,
      id: 'python.octal-literal',
      needs: ['0'],
      summary: 'Octal literals `0777` are written `0o777` in Python 3.',
      raises: syntaxError(/leading zeros in decimal integer literals/),
      examples: [{ before: 'print(0755)', after: 'print(0o755)' }]
    },
    context =>
      context
        .nodes('Number')
        .filter(node => /^0[0-7]+[lL]?$/.test(textOf(context, node)))
        .map(node =>
          matchAt('python.octal-literal', node, [
            {
              from: node.from,
              to: node.to,
              insert: `0o${textOf(context, node).slice(1).replace(/[lL]$/, '')}`
            }
          ])
        )
  )
];
