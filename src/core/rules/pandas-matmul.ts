import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { spellName } from './bindings';
import { pandasNotes } from './pandas-api';
import { argsOf, calleeOf, callsInto, callsTo, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const MATMUL = ['numpy.matmul'];
// numpy functions that always give back an array, whatever they are given.
const ARRAYS = ['numpy.asarray', 'numpy.array', 'numpy.asanyarray', ...MATMUL];

/**
 * `np.matmul(frame, weights)`: before pandas 1.2 numpy multiplied the values of a frame or a
 * series by place and gave back an array; since then a frame takes the ufunc over as
 * `frame @ other`, which matches the frame's column labels to the other's index and refuses
 * labels that differ ("matrices are not aligned"): a frame whose columns were dropped,
 * weights computed by place. Where the labels agree the product is a frame, and code that
 * reads it by place (`w[k][0]`, row k of the old array) now asks for a column label (a
 * `KeyError` of a number). Each operand as an array multiplies by place again, and gives
 * the array it gave then.
 */
export const pandasMatmulRule: IRule = defineRule(
  {
    id: 'pandas.matmul-by-place',
    needs: ['matmul'],
    distribution: 'pandas',
    since: '1.2.0',
    summary:
      '`np.matmul` of a frame or series matches labels since pandas 1.2 (it multiplied by place before): multiply the operands as arrays.',
    link: pandasNotes('1.2.1'),
    raises: {
      ename: ['ValueError', 'KeyError'],
      message: /matrices are not aligned|^-?\d+$/
    },
    // Any product of arrays has its shape: only the refusal, or a product read by place,
    // says it meets frames.
    onFailureOnly: true,
    examples: [
      {
        setup:
          "import numpy as np\nimport pandas as pd\nhouses = pd.DataFrame({'bias': 1.0, 'rooms': [2.0, 3.0, 3.0, 4.0, 5.0], 'area': [50.0, 70.0, 80.0, 90.0, 120.0]})\nprice = 10 * houses['rooms'] + houses['area']",
        before:
          'def least_squares(X, y):\n    return np.matmul(np.matmul(np.linalg.pinv(np.matmul(np.transpose(X), X)), np.transpose(X)), y)\n\nw = least_squares(houses, price)\nprint(np.round(np.matmul(houses, w), 6).tolist())',
        after:
          'def least_squares(X, y):\n    return np.matmul(np.matmul(np.linalg.pinv(np.matmul(np.asarray(np.transpose(X)), np.asarray(X))), np.asarray(np.transpose(X))), np.asarray(y))\n\nw = least_squares(houses, price)\nprint(np.round(np.matmul(np.asarray(houses), np.asarray(w)), 6).tolist())'
      },
      {
        // The product of frames whose labels agree is a frame: its rows are read by place.
        setup:
          "import numpy as np\nimport pandas as pd\nhouses = pd.DataFrame({'bias': 1.0, 'rooms': [2.0, 3.0, 3.0, 4.0, 5.0], 'area': [50.0, 70.0, 80.0, 90.0, 120.0]})\ntarget = pd.DataFrame({'price': 10 * houses['rooms'] + houses['area']})",
        before:
          'def normal_equation(X, y):\n    return np.matmul(np.linalg.inv(np.matmul(X.T, X)), np.matmul(X.T, y))\n\nw = normal_equation(houses, target)\nprint([round(float(w[k][0]), 6) for k in range(len(w))])',
        after:
          'def normal_equation(X, y):\n    return np.matmul(np.linalg.inv(np.matmul(np.asarray(X.T), np.asarray(X))), np.matmul(np.asarray(X.T), np.asarray(y)))\n\nw = normal_equation(houses, target)\nprint([round(float(w[k][0]), 6) for k in range(len(w))])'
      }
    ]
  },
  context =>
    context
      .nodes('CallExpression')
      .filter(call => callsTo(context, call, MATMUL))
      .flatMap(call => Private.byPlace(context, call))
);

namespace Private {
  /** The call with each operand that may be a frame or series taken as an array. */
  export function byPlace(
    context: IRuleContext,
    call: SyntaxNode
  ): IRuleMatch[] {
    const args = argsOf(context, call);
    if (args.length !== 2 || args.some(arg => arg.name || arg.star)) {
      return [];
    }
    const numpy = spellName(context, { module: 'numpy', alias: 'np' });
    const edits = args
      .filter(arg => !isArray(context, arg.value))
      .flatMap((arg): ITextEdit[] => [
        {
          from: arg.valueFrom,
          to: arg.valueFrom,
          insert: `${numpy.text}.asarray(`,
          needs: numpy.needs
        },
        { from: arg.valueTo, to: arg.valueTo, insert: ')' }
      ]);
    return edits.length > 0
      ? [matchAt('pandas.matmul-by-place', call, edits)]
      : [];
  }

  /**
   * Whether an operand is an array already: a number, numpy's array or product of
   * anything, a result of `numpy.linalg`, a frame's `.values` or `.to_numpy()`.
   */
  function isArray(context: IRuleContext, node: SyntaxNode): boolean {
    if (node.name === 'Number') {
      return true;
    }
    if (node.name === 'MemberExpression') {
      const last = node.lastChild;
      return (
        last?.name === 'PropertyName' && textOf(context, last) === 'values'
      );
    }
    if (node.name !== 'CallExpression') {
      return false;
    }
    return (
      callsTo(context, node, ARRAYS) ||
      callsInto(context, node, 'numpy.linalg') ||
      (calleeOf(context, node)?.name === 'to_numpy' &&
        node.firstChild?.name === 'MemberExpression')
    );
  }
}
