import { spellName } from './bindings';
import { askedMatch, datedBefore, defineRule } from './builders';
import { inScopeOf } from './receivers';
import { textOf } from './syntax';
import type { SyntaxNode } from '@lezer/common';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const ID = 'numpy.star-import-builtins';
const SINCE = '2.0.0';
/**
 * Builtins that `from numpy import *` (and so `%pylab`) binds to numpy's functions since
 * numpy 2.0, and did not before: `max(d.items(), key=f)` meets numpy's `max`, which reads
 * a second argument as an axis and has no `key`; `round(x)` gives a float, not an int.
 */
const SHADOWED = ['max', 'min', 'round', 'pow'];

/**
 * A bare `max(...)` of a notebook written before numpy 2.0 under `%pylab` or a star import
 * of numpy: Python's own, as it was when the notebook ran. Rewritten to `builtins.max`
 * only where the kernel says the name is numpy's now.
 */
export const numpyStarBuiltinsRule: IRule = defineRule(
  {
    id: ID,
    distribution: 'numpy',
    since: SINCE,
    summary:
      "`from numpy import *` and `%pylab` bind `max`, `min`, `round` and `pow` to numpy's functions since numpy 2.0: a notebook written before meant Python's own, `builtins.max`.",
    link: 'https://numpy.org/doc/stable/release/2.0.0-notes.html',
    raises: {
      ename: ['TypeError', 'AxisError', 'ValueError'],
      message:
        /unexpected keyword argument '(key|default)'|object cannot be interpreted as an integer|axis \d+ is out of bounds/
    },
    examples: [
      {
        setup: 'from numpy import *\nscores = {"tree": 0.81, "knn": 0.86}',
        before:
          'best = max(scores.items(), key=lambda kv: kv[1])[0]\nprint(best, list(range(round(2.6))), min(3, 5))',
        after:
          'import builtins\nbest = builtins.max(scores.items(), key=lambda kv: kv[1])[0]\nprint(best, list(range(builtins.round(2.6))), builtins.min(3, 5))',
        answer: 'numpy',
        writtenWith: '3.6.8'
      }
    ]
  },
  context => {
    if (!datedBefore(context, { distribution: 'numpy', since: SINCE })) {
      return [];
    }
    return context.nodes('CallExpression').flatMap(call => {
      const callee = call.firstChild!;
      const name = textOf(context, callee);
      if (
        callee.name !== 'VariableName' ||
        !SHADOWED.includes(name) ||
        context.imports.has(name) ||
        context.defined.has(name)
      ) {
        return [];
      }
      return asBuiltin(context, call, ID, name);
    });
  },
  SHADOWED
);

/** The callee of a bare call replaced by Python's own, `builtins.<name>`. */
export function builtinCallee(
  context: IRuleContext,
  callee: SyntaxNode,
  name: string
): ITextEdit[] {
  const builtins = spellName(context, { module: 'builtins' });
  return [
    {
      from: callee.from,
      to: callee.to,
      insert: `${builtins.text}.${name}`,
      needs: builtins.needs
    }
  ];
}

/**
 * A bare call of a builtin's name (`max(...)`) rewritten to Python's own where the kernel
 * says a star import bound the name to numpy's function.
 */
export function asBuiltin(
  context: IRuleContext,
  call: SyntaxNode,
  ruleId: string,
  name: string
): IRuleMatch[] {
  const expression = inScopeOf(
    context,
    call,
    `getattr(${name}, '__module__', None)`
  );
  return expression
    ? [
        askedMatch(
          ruleId,
          call,
          expression,
          () => builtinCallee(context, call.firstChild!, name),
          `Only where \`${name}\` is numpy's: asks the kernel.`,
          'numpy'
        )
      ]
    : [];
}
