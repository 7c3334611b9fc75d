import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { asBuiltin, builtinCallee } from './numpy-star-builtins';
import { dottedName, resolve } from './syntax';
import type { IRule } from './types';

/**
 * `np.sum(x for x in xs)`: numpy summed a generator with Python's own `sum` (and said it
 * was deprecated, 1.15); numpy 2 refuses it. Under `%pylab` or `from numpy import *` a
 * bare `sum(...)` is numpy's too. `builtins.sum` is what it called. A bare `sum` is
 * rewritten only where the kernel says it is numpy's.
 */
export const numpySumGeneratorRule: IRule = defineRule(
  {
    id: 'numpy.sum-generator',
    needs: ['sum'],
    distribution: 'numpy',
    since: '1.15.0',
    summary:
      "`np.sum` of a generator summed it with Python's `sum` (deprecated in numpy 1.15, refused now): call `builtins.sum`; under `%pylab` a bare `sum` is numpy's.",
    link: 'https://numpy.org/doc/stable/release/1.15.0-notes.html',
    raises: {
      ename: 'TypeError',
      message: /Calling np\.sum\(generator\) is deprecated/
    },
    examples: [
      {
        setup: 'import numpy as np\nflips = [1, 0, 1, 1]',
        before: 'print(np.sum(f == 1 for f in flips))',
        after: 'import builtins\nprint(builtins.sum(f == 1 for f in flips))'
      },
      {
        setup: 'from numpy import *\nflips = [1, 0, 1, 1]',
        before: 'print(sum(f == 1 for f in flips))',
        after: 'import builtins\nprint(builtins.sum(f == 1 for f in flips))',
        answer: 'numpy'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = call.firstChild!;
      const args = call.lastChild;
      if (args?.name !== 'ArgList' || !Private.generatorOnly(args)) {
        return [];
      }
      const dotted = dottedName(context, callee);
      if (dotted !== null && dotted !== 'sum') {
        // `np` that nothing binds is numpy's (`%pylab` binds it).
        const np =
          dotted === 'np.sum' &&
          !context.imports.has('np') &&
          !context.defined.has('np');
        return np || resolve(context, dotted) === 'numpy.sum'
          ? [
              matchAt(
                'numpy.sum-generator',
                call,
                builtinCallee(context, callee, 'sum')
              )
            ]
          : [];
      }
      if (dotted !== 'sum' || context.defined.has('sum')) {
        return [];
      }
      return asBuiltin(context, call, 'numpy.sum-generator', 'sum');
    })
);

namespace Private {
  /** Whether a call's one argument is a generator: `f(x for x in y)` or `f((x for x in y))`. */
  export function generatorOnly(args: SyntaxNode): boolean {
    let bare = false;
    let inTarget = false;
    let inner = 0;
    for (let child = args.firstChild; child; child = child.nextSibling) {
      if (child.name === 'for') {
        bare = inTarget = true;
      } else if (child.name === 'in') {
        inTarget = false;
      } else if (child.name === ',' && !inTarget) {
        return false; // another argument (a generator's `for a, b` is its own)
      } else if (child.name === 'ComprehensionExpression') {
        inner += 1;
      }
    }
    return bare || inner === 1;
  }
}
