import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { equalityOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Keywords whose next node is read as a truth value: a condition, an assertion.
const TESTS = new Set(['if', 'elif', 'while', 'assert']);

/**
 * Whether a node stands where a truth value is read: it is the condition of an `if`,
 * `elif`, `while`, `assert`, conditional expression or comprehension, or a part of one
 * through `not`, `and`, `or` and parentheses.
 */
function inTest(node: SyntaxNode): boolean {
  let current = node;
  for (let parent = current.parent; parent; parent = current.parent) {
    const logical =
      parent.name === 'ParenthesizedExpression' ||
      (parent.name === 'UnaryExpression' &&
        parent.firstChild?.name === 'not') ||
      (parent.name === 'BinaryExpression' &&
        childrenNamed(parent).some(name => name === 'and' || name === 'or'));
    if (!logical) {
      break;
    }
    current = parent;
  }
  const before = current.prevSibling;
  return !!before && TESTS.has(before.name);
}

function childrenNamed(node: SyntaxNode): string[] {
  const names: string[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    names.push(child.name);
  }
  return names;
}

/** `x == None` and `x != None` read as a truth value: `x is None`, `x is not None`. */
function findNoneTests(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('BinaryExpression').flatMap(node => {
    const equality = equalityOf(context, node);
    if (!equality) {
      return [];
    }
    const { left, right, sign } = equality;
    if ((left.name === 'None') === (right.name === 'None') || !inTest(node)) {
      return [];
    }
    const value = textOf(context, left.name === 'None' ? right : left);
    const insert = `${value} ${sign === '==' ? 'is' : 'is not'} None`;
    return [matchAt(id, node, [{ from: node.from, to: node.to, insert }])];
  });
}

/**
 * numpy compares an array with None element by element since 1.13 (before, `a != None`
 * was a single True), so a test `if mask != None:` on an array now raises; `is not None`
 * is what such a test always meant, and what it means for any other object too.
 */
export const numpyNoneCompareRules: IRule[] = [
  defineRule(
    {
      id: 'numpy.none-comparison',
      needs: ['None'],
      distribution: 'numpy',
      since: '1.13.0',
      summary:
        'An array compared with None (`a != None`) is compared element by element since numpy 1.13: a test of it is `a is not None`.',
      link: 'https://numpy.org/doc/stable/release/1.13.0-notes.html',
      raises: {
        ename: 'ValueError',
        message:
          /truth value of an array with more than one element is ambiguous|truth value of a (Series|DataFrame) is ambiguous/
      },
      examples: [
        {
          before:
            'import numpy as np\ndef pick(x, keep=None):\n    if keep != None:\n        return x[keep]\n    return x\nprint(pick(np.arange(4), np.array([True, False, True, False])))',
          after:
            'import numpy as np\ndef pick(x, keep=None):\n    if keep is not None:\n        return x[keep]\n    return x\nprint(pick(np.arange(4), np.array([True, False, True, False])))'
        },
        {
          before:
            'import numpy as np\nweights = np.ones(3)\nscale = 1 if weights == None else weights.sum()\nassert not (None == weights)\nprint(scale)',
          after:
            'import numpy as np\nweights = np.ones(3)\nscale = 1 if weights is None else weights.sum()\nassert not (weights is None)\nprint(scale)'
        }
      ]
    },
    context => findNoneTests(context, 'numpy.none-comparison')
  )
];
