import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { calleeOf, childrenOf, textOf } from './syntax';
import { writtenForPython2 } from './evidence';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

/**
 * Python 2's `/` floors integers; Python 3's gives a float, which a slice or `range`
 * refuses. In a Python 2 notebook, a division whose result is used where only an integer
 * goes (a subscript, `range()`) was a floor division: `n = len(df) * 2 / 3` then
 * `idx[:n]` becomes `n = len(df) * 2 // 3`. Where the value is used as a float, `/` is left.
 */
export const python2DivisionRule: IRule = defineRule(
  {
    id: 'python.integer-division',
    distribution: 'python',
    since: '3.0',
    summary:
      '`/` between integers floors in Python 2 and gives a float in Python 3: `//` where an integer is needed.',
    link: 'https://peps.python.org/pep-0238/',
    raises: {
      ename: 'TypeError',
      message:
        /slice indices must be integers|cannot be interpreted as an integer|indices must be integers/
    },
    needs: ['/'],
    examples: [
      {
        setup: 'idx = list(range(150))',
        before:
          'n_train = len(idx) * 2 / 3\nprint(len(idx[:n_train]), len(idx[n_train:]))',
        after:
          'n_train = len(idx) * 2 // 3\nprint(len(idx[:n_train]), len(idx[n_train:]))',
        writtenWith: '2.7.14'
      },
      {
        before: 'for i in range(7 / 2):\n    print(i)',
        after: 'for i in range(7 // 2):\n    print(i)',
        writtenWith: '2.7.14'
      }
    ]
  },
  context => {
    if (!writtenForPython2(context)) {
      return [];
    }
    // By offset: `idx[:n]` and `idx[n:]` lead to the same assignment (nodes are not unique).
    const divisions = new Map<number, IRuleMatch>();
    for (const node of Private.integerPositions(context)) {
      const value =
        node.name === 'VariableName'
          ? Private.assignedBefore(context, textOf(context, node), node.from)
          : node;
      if (value && !divisions.has(value.from)) {
        const edits = Private.floorDivisions(context, value);
        if (edits.length > 0) {
          divisions.set(
            value.from,
            matchAt('python.integer-division', value, edits)
          );
        }
      }
    }
    return [...divisions.values()];
  }
);

namespace Private {
  const INTEGER_CALLS = ['range', 'xrange'];

  /** Python 2 by its metadata, or by Python 2 code the notebook still holds. */

  /** Expressions used where only an integer goes: subscripts, slice bounds, `range()`. */
  export function integerPositions(context: IRuleContext): SyntaxNode[] {
    const subscripts = context
      .nodes('MemberExpression')
      .filter(member => member.getChild('['))
      .flatMap(member => childrenOf(member).filter(isOperand));
    const ranges = context
      .nodes('CallExpression')
      .filter(call =>
        INTEGER_CALLS.includes(calleeOf(context, call)?.name ?? '')
      )
      .flatMap(call => childrenOf(call.getChild('ArgList')!).filter(isOperand));
    // The object of a subscript (`idx` in `idx[:n]`) is not an index (by offset: nodes
    // are made afresh on each walk).
    const objects = new Set(
      context.nodes('MemberExpression').map(member => member.from)
    );
    return [...subscripts, ...ranges].filter(node => !objects.has(node.from));
  }

  /** The value of the last `name = value` before `offset`, at the statement level. */
  export function assignedBefore(
    context: IRuleContext,
    name: string,
    offset: number
  ): SyntaxNode | null {
    const assignment = context
      .nodes('AssignStatement')
      .filter(
        assign =>
          assign.to <= offset &&
          assign.firstChild?.name === 'VariableName' &&
          textOf(context, assign.firstChild) === name &&
          assign.getChildren('AssignOp').length === 1
      )
      .pop();
    return assignment?.lastChild ?? null;
  }

  /**
   * `//` for every `/` in an expression, unless a float takes part (`2.0`, `float(n)`):
   * then Python 2 divided as Python 3 does.
   */
  export function floorDivisions(
    context: IRuleContext,
    expression: SyntaxNode
  ): ITextEdit[] {
    const text = textOf(context, expression);
    if (/\d\.|\.\d|\d[eE]|\bfloat\(/.test(text)) {
      return [];
    }
    const edits: ITextEdit[] = [];
    const cursor = expression.cursor();
    do {
      if (cursor.name === 'ArithOp' && textOf(context, cursor.node) === '/') {
        edits.push({ from: cursor.from, to: cursor.to, insert: '//' });
      }
    } while (cursor.next() && cursor.from < expression.to);
    return edits;
  }

  function isOperand(node: SyntaxNode): boolean {
    return node.name === 'VariableName' || node.name === 'BinaryExpression';
  }
}
