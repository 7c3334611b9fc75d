import type { SyntaxNode } from '@lezer/common';
import { scanOutsideStrings } from '../scores/python-source';
import { defineRule, matchAt } from './builders';
import { logicalLineEnd, splitTopLevel } from './python2-syntax';
import { textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Python 2 statements and literals that Python 3.0 removed.
const py2 = {
  distribution: 'python',
  since: '3.0',
  link: 'https://docs.python.org/3/whatsnew/3.0.html'
};

/** The node that ends right where `node` starts, with nothing between them. */
function touching(context: IRuleContext, node: SyntaxNode, type: string) {
  return context.nodes(type).find(other => other.to === node.from) ?? null;
}

/** `exec code in g, l` as the call `exec(code, g, l)`. */
function execCall(args: string): string | null {
  let depth = 0;
  let split = -1;
  scanOutsideStrings(args, (c, i) => {
    if ('([{'.includes(c)) {
      depth++;
    } else if (')]}'.includes(c)) {
      depth--;
    } else if (
      depth === 0 &&
      /\sin\s/.test(args.slice(i - 1, i + 3)) &&
      c === 'i'
    ) {
      split = i;
      return true;
    }
    return false;
  });
  const code = (split < 0 ? args : args.slice(0, split)).trim();
  const spaces = split < 0 ? [] : splitTopLevel(args.slice(split + 2));
  if (!code || spaces.length > 2 || spaces.some(part => part === '')) {
    return null;
  }
  return `exec(${[code, ...spaces].join(', ')})`;
}

/** `exec "code"` and `exec code in namespace` statements. */
function findExec(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('ExpressionStatement').flatMap(node => {
    const name = node.firstChild;
    if (
      name?.name !== 'VariableName' ||
      textOf(context, name) !== 'exec' ||
      node.nextSibling?.name !== '⚠'
    ) {
      return [];
    }
    let end = logicalLineEnd(context.source, node.from);
    while (/\s/.test(context.source[end - 1])) {
      end--;
    }
    const call = execCall(context.source.slice(node.to, end));
    return call
      ? [
          matchAt(id, { from: node.from, to: end }, [
            { from: node.from, to: end, insert: call }
          ])
        ]
      : [];
  });
}

/** Python 2 literals: `ur'...'` strings, `10L` longs, and `exec` statements. */
export const python2LiteralRules: IRule[] = [
  defineRule(
    {
      ...py2,
      id: 'python.exec-statement',
      needs: ['exec'],
      summary:
        '`exec code in namespace` is the function call `exec(code, namespace)` in Python 3.',
      raises: {
        ename: 'SyntaxError',
        message: /Missing parentheses in call to 'exec'|invalid syntax/
      },
      examples: [
        {
          before: 'exec "total = 2 + 3"\nprint(total)',
          after: 'exec("total = 2 + 3")\nprint(total)'
        },
        {
          before: "scope = {}\nexec 'x = 4' in scope\nprint(scope['x'])",
          after: "scope = {}\nexec('x = 4', scope)\nprint(scope['x'])"
        }
      ]
    },
    context => findExec(context, 'python.exec-statement')
  ),
  defineRule(
    {
      ...py2,
      id: 'python.unicode-raw-prefix',
      needs: ["ur'", 'ur"', "UR'", 'UR"', "uR'", 'uR"', "Ur'", 'Ur"'],
      summary:
        "The string prefix `ur` is gone in Python 3, where every string is unicode: `ur'...'` is `r'...'`.",
      raises: { ename: 'SyntaxError', message: /invalid syntax/ },
      examples: [
        {
          before: "import re\nprint(re.findall(ur'\\d+', 'a1b22'))",
          after: "import re\nprint(re.findall(r'\\d+', 'a1b22'))"
        }
      ]
    },
    context =>
      context.nodes('String').flatMap(string => {
        const prefix = touching(context, string, 'VariableName');
        const text = textOf(context, string);
        // `\u` escapes were read in a ur-string; a raw string would keep them as text.
        if (
          !prefix ||
          !/^[uU][rR]$/.test(textOf(context, prefix)) ||
          /\\[uU]/.test(text)
        ) {
          return [];
        }
        return [
          matchAt(
            'python.unicode-raw-prefix',
            { from: prefix.from, to: string.to },
            [{ from: prefix.from, to: prefix.to, insert: 'r' }]
          )
        ];
      })
  ),
  defineRule(
    {
      ...py2,
      id: 'python.long-literal',
      needs: ['L', 'l'],
      summary:
        'Integers have no `L` suffix in Python 3, where `int` has no size limit: `10L` is `10`.',
      raises: {
        ename: 'SyntaxError',
        message: /invalid (decimal|hexadecimal) literal|invalid syntax/
      },
      examples: [
        {
          before: 'big = 2 ** 40 + 10L\nprint(big, 0xffL)',
          after: 'big = 2 ** 40 + 10\nprint(big, 0xff)'
        }
      ]
    },
    context =>
      // The suffix parses as a name, or as an error token after an octal literal.
      [...context.nodes('VariableName'), ...context.nodes('⚠')].flatMap(
        suffix => {
          const number = touching(context, suffix, 'Number');
          if (
            !number ||
            !/^[lL]$/.test(textOf(context, suffix)) ||
            !/^(0[xX][0-9a-fA-F]+|\d+)$/.test(textOf(context, number))
          ) {
            return [];
          }
          return [
            matchAt('python.long-literal', suffix, [
              { from: suffix.from, to: suffix.to, insert: '' }
            ])
          ];
        }
      )
  )
];
