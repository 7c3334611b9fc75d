import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { defineRule, matchAt } from './builders';
import { evaluableAgain, inFunction } from './numpy-shapes';
import {
  argsOf,
  calleeOf,
  callsInto,
  callsTo,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const NUMPY = "__import__('numpy')";
// Constructors whose first argument is the shape: `np.zeros((n, 1))`, `np.random.rand(n, 1)`.
const SHAPED = new Set(['zeros', 'ones', 'empty', 'full', 'rand', 'randn']);
// Calls that keep their argument's shape.
const SAME_SHAPE = new Set(['copy', 'array', 'asarray', 'asfarray']);

/**
 * `minimize(fun, x0)` takes a 1-D `x0` since scipy 1.11; before, every method flattened it
 * itself, so `fun`, `jac` and the callback were given 1-D arrays and the result's `x` was
 * 1-D. Flattening it in the call keeps all of that as it was.
 */
export const scipyOptimizeRules: IRule[] = [
  defineRule(
    {
      id: 'scipy.minimize-x0-1d',
      needs: ['minimize'],
      targets: ['numpy.ravel'],
      distribution: 'scipy',
      since: '1.11.0',
      summary:
        '`minimize` takes a 1-D `x0` since scipy 1.11 (it used to flatten it): a column of starting values is flattened with `np.ravel`, which is what the functions it calls were given before.',
      link: 'https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html',
      raises: {
        ename: 'ValueError',
        message: /'x0' must only have one dimension/
      },
      examples: [
        {
          setup:
            'import numpy as np\nfrom scipy.optimize import minimize\ndef cost(theta):\n    return float(((theta.reshape((2, 1)) - [[1.0], [2.0]]) ** 2).sum())',
          before:
            "theta0 = np.zeros((2, 1))\nresult = minimize(cost, theta0, method='CG')\nprint(result.x.round(3))",
          after:
            "theta0 = np.zeros((2, 1))\nresult = minimize(cost, np.ravel(theta0), method='CG')\nprint(result.x.round(3))"
        },
        {
          setup:
            'import numpy as np\nimport scipy.optimize as opt\ndef cost(theta):\n    return float(((theta - 3.0) ** 2).sum())',
          before:
            'class Model:\n    def fit(self, start):\n        return opt.minimize(cost, start).x.round(3)\n    def run(self, n):\n        start = np.ones(n).reshape((n, 1))\n        return self.fit(start)\nprint(Model().run(2))',
          after:
            'class Model:\n    def fit(self, start):\n        return opt.minimize(cost, np.ravel(start)).x.round(3)\n    def run(self, n):\n        start = np.ones(n).reshape((n, 1))\n        return self.fit(start)\nprint(Model().run(2))'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const x0 = Private.startOf(context, call);
        if (!x0 || Private.literalFlat(x0.value)) {
          return [];
        }
        if (Private.column(context, x0.value, call)) {
          return [Private.flattened(context, call, x0.value)];
        }
        if (inFunction(call) || !evaluableAgain(x0.value)) {
          return [];
        }
        const value = textOf(context, x0.value);
        return [
          {
            ...matchAt('scipy.minimize-x0-1d', call, []),
            question: {
              expression: `${NUMPY}.ndim(${value})`,
              decide: answer =>
                Number(answer) > 1
                  ? Private.flattened(context, call, x0.value).edits
                  : null
            }
          }
        ];
      })
  )
];

namespace Private {
  /** The `x0` argument of a call of scipy.optimize.minimize. */
  export function startOf(
    context: IRuleContext,
    call: SyntaxNode
  ): IArgument | undefined {
    if (!callsTo(context, call, ['scipy.optimize.minimize'])) {
      return undefined;
    }
    const x0 = argumentAt(context, call, 'x0', 1);
    // A comment above an argument is read as its start (`# start here` then `theta0`).
    let value = x0?.value ?? null;
    while (value?.name === 'Comment') {
      value = value.nextSibling;
    }
    return x0 && value ? { ...x0, value, valueFrom: value.from } : undefined;
  }

  /** A call's argument by keyword, or at a position when passed positionally. */
  function argumentAt(
    context: IRuleContext,
    call: SyntaxNode,
    keyword: string,
    position: number
  ): IArgument | undefined {
    const args = argsOf(context, call);
    const positional = args[position];
    if (args.slice(0, position + 1).some(arg => arg.star)) {
      return undefined;
    }
    return (
      args.find(arg => arg.name === keyword) ??
      (positional && !positional.name ? positional : undefined)
    );
  }

  /** A number, or a flat list or tuple literal: 1-D (or a scalar) as written. */
  export function literalFlat(node: SyntaxNode): boolean {
    if (node.name === 'Number' || node.name === 'UnaryExpression') {
      return true;
    }
    if (node.name !== 'ArrayExpression' && node.name !== 'TupleExpression') {
      return false;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (
        child.name === 'ArrayExpression' ||
        child.name === 'TupleExpression'
      ) {
        return false;
      }
    }
    return true;
  }

  /** The edit wrapping the starting values in `np.ravel(...)`. */
  export function flattened(
    context: IRuleContext,
    call: SyntaxNode,
    value: SyntaxNode
  ): IRuleMatch {
    const np = spellName(context, {
      module: 'numpy',
      name: 'ravel',
      alias: 'np'
    });
    const edit: ITextEdit = {
      from: value.from,
      to: value.to,
      insert: `${np.text}(${textOf(context, value)})`,
      needs: np.needs
    };
    return matchAt('scipy.minimize-x0-1d', call, [edit]);
  }

  /**
   * Whether the source shows the value to be 2-D: made so where it is written
   * (`.reshape((n, 1))`, `np.zeros((n, 1))`, `x[:, np.newaxis]`, `[[0], [0]]`), or a name
   * last assigned such a value in its scope, or a parameter that the source's calls of
   * its function pass such a value.
   */
  export function column(
    context: IRuleContext,
    node: SyntaxNode,
    at: SyntaxNode,
    depth = 0
  ): boolean {
    if (node.name !== 'VariableName') {
      return twoD(context, node);
    }
    if (depth > 2) {
      return false;
    }
    const name = textOf(context, node);
    const assigned = lastAssigned(context, name, at);
    if (assigned) {
      return column(context, assigned, assigned, depth + 1);
    }
    return passed(context, name, at).some(arg =>
      column(context, arg.value, arg.value, depth + 1)
    );
  }

  /** Whether an expression is 2-D as written. */
  function twoD(context: IRuleContext, node: SyntaxNode): boolean {
    if (node.name === 'ArrayExpression') {
      return node.firstChild?.nextSibling?.name === 'ArrayExpression';
    }
    if (node.name === 'MemberExpression') {
      return /\[\s*:\s*,\s*(\w+\.)?(newaxis|None)\s*\]$/.test(
        textOf(context, node)
      );
    }
    if (node.name !== 'CallExpression') {
      return false;
    }
    const name = calleeOf(context, node)?.name ?? '';
    const args = argsOf(context, node).filter(arg => !arg.name && !arg.star);
    const method = node.firstChild?.name === 'MemberExpression';
    if (name === 'reshape') {
      // `a.reshape((n, 1))`, `a.reshape(n, 1)`, `np.reshape(a, (n, 1))`.
      const shape = args.length === 1 ? args[0] : args[args.length - 1];
      return (
        (args.length === 2 && !callsInto(context, node, 'numpy')) ||
        (shape !== undefined && pair(shape.value))
      );
    }
    if (SHAPED.has(name) && callsInto(context, node, 'numpy')) {
      return args.length === 2 || (args.length === 1 && pair(args[0].value));
    }
    if (SAME_SHAPE.has(name) && method && args.length === 1) {
      return twoD(context, args[0].value);
    }
    return false;
  }

  /** A tuple or list literal of two items. */
  function pair(node: SyntaxNode): boolean {
    if (node.name !== 'TupleExpression' && node.name !== 'ArrayExpression') {
      return false;
    }
    let items = 0;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      items += ['(', ')', '[', ']', ','].includes(child.name) ? 0 : 1;
    }
    return items === 2;
  }

  /** The value last assigned to a plain name in the scope of `at`, before it. */
  function lastAssigned(
    context: IRuleContext,
    name: string,
    at: SyntaxNode
  ): SyntaxNode | undefined {
    const scope = scopeOf(at);
    let found: SyntaxNode | undefined;
    for (const assign of context.nodes('AssignStatement')) {
      const target = assign.firstChild;
      if (
        assign.to <= at.from &&
        scopeOf(assign) === scope &&
        target?.name === 'VariableName' &&
        textOf(context, target) === name &&
        assign.getChildren('AssignOp').length === 1
      ) {
        found = assign.lastChild ?? undefined;
      }
    }
    return found;
  }

  /**
   * The arguments the source's calls of the function that holds `at` pass for its
   * parameter `name` (positionally, after `self`, or by keyword).
   */
  function passed(
    context: IRuleContext,
    name: string,
    at: SyntaxNode
  ): IArgument[] {
    const def = enclosingFunction(at);
    const fname = def?.getChild('VariableName');
    const params = def
      ?.getChild('ParamList')
      ?.getChildren('VariableName')
      .map(p => textOf(context, p));
    const index = params?.indexOf(name) ?? -1;
    if (!def || !fname || !params || index < 0) {
      return [];
    }
    const offset = params[0] === 'self' || params[0] === 'cls' ? 1 : 0;
    const fn = textOf(context, fname);
    return context
      .nodes('CallExpression')
      .filter(call => calleeOf(context, call)?.name === fn)
      .flatMap(call => {
        const arg = argumentAt(context, call, name, index - offset);
        return arg ? [arg] : [];
      });
  }

  function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
    for (let p = node.parent; p; p = p.parent) {
      if (p.name === 'FunctionDefinition') {
        return p;
      }
    }
    return null;
  }

  /** The function body a node belongs to; null at module level. */
  function scopeOf(node: SyntaxNode): number {
    return enclosingFunction(node)?.from ?? -1;
  }
}
