import { defineRule, matchAt } from './builders';
import { logicalLineEnd, splitTopLevel } from './python2-syntax';
import { indentAt } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Tuple parameters (`def f(a, (b, c))`, `lambda (k, v): v`), removed by PEP 3113.
const info = {
  distribution: 'python',
  since: '3.0',
  link: 'https://peps.python.org/pep-3113/',
  raises: {
    ename: 'SyntaxError',
    message: /parameters cannot be parenthesized|invalid syntax/
  }
};
const NAMES =
  /^\(\s*[A-Za-z_]\w*(\s*,\s*([A-Za-z_]\w*|\([\w\s,]*\)))*\s*,?\s*\)$/;
const LAMBDA = /\blambda\s*(\([\w\s,()]*\))\s*:/g;
const DEF = /^([ \t]*)def\s+\w+\s*\(/gm;

/** `(k, (a, b))` → `k_a_b`: the one parameter that takes the tuple. */
function tupleName(tuple: string): string {
  return tuple.match(/\w+/g)!.join('_');
}

/** Whether an offset lies in code (not a string or comment), as the parser read it. */
function inCode(context: IRuleContext, at: number, keyword: string): boolean {
  return context.tree.resolveInner(at, 1).name === keyword;
}

/** Where a lambda's body ends: a closing bracket or comma of the call around it, or the line's end. */
function bodyEnd(source: string, from: number): number {
  const end = logicalLineEnd(source, from);
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = source[i];
    if (c === '"' || c === "'") {
      const close = source.indexOf(c, i + 1);
      i = close < 0 ? end : close;
    } else if ('([{'.includes(c)) {
      depth++;
    } else if (')]}'.includes(c)) {
      if (--depth < 0) {
        return i;
      }
    } else if (c === ',' && depth === 0) {
      return i;
    }
  }
  return end;
}

/** `lambda (k, v): v * 2` → `lambda k_v: (lambda k, v: v * 2)(*k_v)`. */
function findLambdas(context: IRuleContext, id: string): IRuleMatch[] {
  const { source } = context;
  return [...source.matchAll(LAMBDA)].flatMap(found => {
    const tuple = found[1];
    if (!NAMES.test(tuple) || !inCode(context, found.index, 'lambda')) {
      return [];
    }
    const start = found.index + found[0].length;
    const end = bodyEnd(source, start);
    const body = source.slice(start, end).trim();
    const name = tupleName(tuple);
    const inner = tuple.slice(1, -1).trim().replace(/,$/, '');
    const insert = `lambda ${name}: (lambda ${inner}: ${body})(*${name})`;
    return [
      matchAt(
        id,
        { from: found.index, to: logicalLineEnd(source, found.index) },
        [
          {
            from: found.index,
            to: start + source.slice(start, end).trimEnd().length,
            insert
          }
        ]
      )
    ];
  });
}

/** `def f(a, (b, c)):` → `def f(a, b_c):` with `b, c = b_c` first in its body. */
function findDefs(context: IRuleContext, id: string): IRuleMatch[] {
  const { source } = context;
  return [...source.matchAll(DEF)].flatMap(found => {
    const open = found.index + found[0].length - 1;
    const close = logicalLineEnd(source, open);
    const header = /\)\s*(->[^:]*)?:[ \t]*(#[^\n]*)?$/.exec(
      source.slice(open, close)
    );
    const lineEnd = source.indexOf('\n', open);
    if (
      !header ||
      lineEnd < 0 ||
      !inCode(context, found.index + found[1].length, 'def')
    ) {
      return [];
    }
    const listEnd = open + header.index;
    const params = splitTopLevel(source.slice(open + 1, listEnd));
    const tuples = params.filter(param => param.startsWith('('));
    if (tuples.length === 0 || !tuples.every(param => NAMES.test(param))) {
      return [];
    }
    const next = source.slice(close).search(/\n[ \t]*\S/);
    if (next < 0) {
      return [];
    }
    const bodyLine = close + next + 1;
    const indent = indentAt(source, bodyLine);
    if (indent.length <= found[1].length) {
      return [];
    }
    const renamed = params.map(param =>
      param.startsWith('(') ? tupleName(param) : param
    );
    const unpack = tuples
      .map(
        tuple =>
          `${indent}${tuple.slice(1, -1).trim().replace(/,$/, '')} = ${tupleName(tuple)}\n`
      )
      .join('');
    return [
      matchAt(id, { from: open, to: bodyLine }, [
        { from: open + 1, to: listEnd, insert: renamed.join(', ') },
        { from: bodyLine, to: bodyLine, insert: unpack }
      ])
    ];
  });
}

/** Tuple parameters of functions and lambdas. */
export const python2ParamRules: IRule[] = [
  defineRule(
    {
      ...info,
      id: 'python.tuple-parameter',
      needs: ['def', 'lambda'],
      summary:
        'A parameter cannot be a tuple in Python 3 (`def f((a, b))`, `lambda (k, v): v`): the tuple is taken whole and unpacked.',
      examples: [
        {
          before:
            "counts = {'a': 3, 'b': 1}\nprint(sorted(counts.items(), key=lambda (word, n): -n))",
          after:
            "counts = {'a': 3, 'b': 1}\nprint(sorted(counts.items(), key=lambda word_n: (lambda word, n: -n)(*word_n)))"
        },
        {
          before:
            'def distance(scale, (x, y)):\n    return scale * (x ** 2 + y ** 2) ** 0.5\nprint(distance(2, (3, 4)))',
          after:
            'def distance(scale, x_y):\n    x, y = x_y\n    return scale * (x ** 2 + y ** 2) ** 0.5\nprint(distance(2, (3, 4)))'
        }
      ]
    },
    context => [
      ...findDefs(context, 'python.tuple-parameter'),
      ...findLambdas(context, 'python.tuple-parameter')
    ]
  )
];
