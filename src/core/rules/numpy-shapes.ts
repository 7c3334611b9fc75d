import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { askedMatch, defineRule, matchAt } from './builders';
import { inComprehension, inScopeOf } from './receivers';
import {
  appendArgument,
  argsOf,
  calleeOf,
  callsTo,
  childrenOf,
  dottedName,
  resolve,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const NOTES = (version: string) =>
  `https://numpy.org/doc/stable/release/${version}-notes.html`;
// Methods of a fitted estimator that take a 2-D array of samples.
const SAMPLE_METHODS = [
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'transform',
  // A fitted transformer's refit on one sample (`poly.fit_transform(x_new)`).
  'fit_transform',
  'score_samples',
  'kneighbors'
];
// scikit-learn's scalers took a 1-D array until 0.19, as one feature (or, when fitted on as
// many features as it has values, as one sample), and gave a 1-D array back.
const SCALERS = [
  'StandardScaler',
  'MinMaxScaler',
  'MaxAbsScaler',
  'RobustScaler'
];
const SCALER_METHODS = ['fit', 'partial_fit', 'inverse_transform'];
// A scaler's methods whose value is the data, 1-D again as it came.
const SCALED = ['transform', 'fit_transform', 'inverse_transform'];
// numpy's functions that make an array of their arguments, with no other effect.
const NUMPY_ARRAYS = [
  'numpy.array',
  'numpy.asarray',
  'numpy.reshape',
  'numpy.atleast_2d'
];
// Node types an expression may be made of for the kernel to evaluate it again safely.
const PURE = new Set([
  'VariableName',
  'MemberExpression',
  'PropertyName',
  'Number',
  'String',
  'Boolean',
  'None',
  'UnaryExpression',
  'BinaryExpression',
  'ArithOp',
  // Inside ArithOp: multiplication and power.
  '*',
  '**',
  'CompareOp',
  'ArrayExpression',
  'TupleExpression',
  'ParenthesizedExpression',
  'ArgList',
  'AssignOp',
  '[',
  ']',
  '(',
  ')',
  ',',
  '.',
  ':'
]);
const NUMPY = "__import__('numpy')";
// A %-format's conversions, `%s`, `%.5f`, `%8.3e`; `%%` is none.
const CONVERSION = /%(?:%|[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa])/g;
const NUMBER_CONVERSION = /[diouxXeEfFgG]$/;

/**
 * Whether a node sits in a function or lambda: its names may be the function's own, which
 * a question evaluated in the notebook's namespace would take for the notebook's.
 */
export function inFunction(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.name === 'FunctionDefinition' || p.name === 'LambdaExpression') {
      return true;
    }
  }
  return false;
}

/** An expression with no calls, lambdas or comprehensions: safe for the kernel to evaluate again. */
export function evaluableAgain(node: SyntaxNode): boolean {
  return Private.pure(node);
}

/**
 * Array shapes numpy 2 and scikit-learn no longer guess: a ragged list is no array of
 * objects, a size-1 array is no scalar, a single sample is no 2-D array. Each asks the
 * kernel about the value (evaluated again, so only side-effect-free expressions).
 */
export const numpyShapeRules: IRule[] = [
  defineRule(
    {
      id: 'numpy.ragged-array',
      needs: ['array'],
      distribution: 'numpy',
      since: '1.24.0',
      summary:
        'numpy no longer makes an object array from sequences of different lengths: say `dtype=object`.',
      link: NOTES('1.24.0'),
      raises: {
        ename: 'ValueError',
        message: /inhomogeneous (shape|part)/
      },
      examples: [
        {
          setup: 'import numpy as np\nrows = [[1, 2, 3], [4, 5]]',
          before: 'arr = np.array(rows)\nprint(arr.shape, len(arr[1]))',
          after:
            'arr = np.array(rows, dtype=object)\nprint(arr.shape, len(arr[1]))',
          answer: 'True'
        },
        {
          setup: 'import numpy as np',
          before:
            'def words(lines):\n    rows = []\n    for line in lines:\n        rows.append(np.array(line.split()))\n    return np.array(rows)\nprint(words(["a b c", "d e"]).shape)',
          after:
            'def words(lines):\n    rows = []\n    for line in lines:\n        rows.append(np.array(line.split()))\n    return np.array(rows, dtype=object)\nprint(words(["a b c", "d e"]).shape)',
          answer: 'True'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const args = argsOf(context, call);
        if (
          !callsTo(context, call, ['numpy.array', 'numpy.asarray']) ||
          args.length !== 1 ||
          args[0].name ||
          args[0].star ||
          !Private.pure(args[0].value)
        ) {
          return [];
        }
        const known = Private.literalRagged(args[0].value);
        if (known !== null) {
          const edits = [appendArgument(context, call, 'dtype=object')];
          return known ? [matchAt('numpy.ragged-array', call, edits)] : [];
        }
        const value = textOf(context, args[0].value);
        // Lengths of the items, without building the array; in a function, its local list
        // as the failure left it (`X` built in a loop, then `return np.array(X)`).
        const question = inScopeOf(
          context,
          call,
          `(lambda a: isinstance(a, (list, tuple)) and len({len(e) if hasattr(e, '__len__') and not isinstance(e, (str, bytes)) else -1 for e in a}) > 1)(${value})`
        );
        return question === null
          ? []
          : [
              askedMatch('numpy.ragged-array', call, question, () => [
                appendArgument(context, call, 'dtype=object')
              ])
            ];
      })
  ),
  defineRule(
    {
      id: 'numpy.size-one-array-scalar',
      needs: ['float', 'int', '%', '] =', ']=', 'arange', 'linspace'],
      distribution: 'numpy',
      since: '1.25.0',
      summary:
        '`float()`, `int()`, a `%f` format of an array (or Series) with one element, an array element set from one, or a bound of `np.arange` given one, is an error now: take the element with `.item()`.',
      link: NOTES('1.25.0'),
      raises: {
        ename: ['TypeError', 'ValueError'],
        message:
          /only 0-dimensional arrays can be converted|only length-1 arrays can be converted|argument must be a string or a (real )?number, not 'Series'|setting an array element with a sequence/
      },
      examples: [
        {
          setup:
            'from sklearn.linear_model import LinearRegression\nlr = LinearRegression().fit([[0], [1], [2]], [[1], [3], [5]])',
          before: 'print(round(float(lr.intercept_), 2))',
          after: 'print(round(float(lr.intercept_.item()), 2))',
          answer: '1 1 True'
        },
        {
          setup:
            'from sklearn.linear_model import LinearRegression\nlr = LinearRegression().fit([[0], [1], [2]], [1, 3, 5])',
          before: "print('slope %.2f (%s)' % (lr.coef_, lr.coef_))",
          after: "print('slope %.2f (%s)' % (lr.coef_.item(), lr.coef_))",
          answer: '1 1 True'
        },
        {
          setup:
            'import numpy as np\ntheta = np.matrix([[0.5, 2.0]])\ngrad = np.zeros(2)',
          before: 'grad[1] = 1.0 + 0.1 * theta[:, 1]\nprint(grad.tolist())',
          after:
            'grad[1] = (1.0 + 0.1 * theta[:, 1]).item()\nprint(grad.tolist())',
          answer: '2 1 True'
        },
        {
          setup:
            'import numpy as np\nfrom sklearn.linear_model import LinearRegression\nmodel = LinearRegression().fit([[0], [1], [2]], [1, 3, 5])\npredictions = np.zeros((2, 2))\nr = 0.5\np = model.predict(np.array([[3]]))',
          before: 'predictions[1, 0] = p + r\nprint(predictions.tolist())',
          after:
            'predictions[1, 0] = (p + r).item()\nprint(predictions.tolist())',
          answer: '1 1 True'
        },
        {
          setup:
            'import numpy as np\nX = np.ones((4, 2))\ny = np.ones((4, 1))\ndef cost(theta):\n    return (X @ theta - y).T @ (X @ theta - y) / 8\nJ = np.zeros((2, 2))',
          before:
            'J[1, 0] = cost(np.array([[1], [0]]))\nJ[0][1] = 0.5\nprint(J.tolist())',
          after:
            'J[1, 0] = np.asarray(cost(np.array([[1], [0]]))).item()\nJ[0][1] = 0.5\nprint(J.tolist())',
          answer: 'True'
        },
        {
          setup: 'import numpy as np\nX = np.array([[1.0], [3.0]])',
          before:
            'def grid(low, high):\n    return np.arange(low - 1, high + 1)\nprint(grid(min(X), max(X)).tolist())',
          after:
            'def grid(low, high):\n    return np.arange(np.asarray(low - 1).item(), np.asarray(high + 1).item())\nprint(grid(min(X), max(X)).tolist())',
          answer: '1 1 True'
        }
      ]
    },
    context => [
      ...context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        return callee?.node.name === 'VariableName' &&
          ['float', 'int'].includes(callee.name) &&
          args.length === 1 &&
          !args[0].name &&
          !args[0].star
          ? Private.oneElement(context, args[0].value, call)
          : [];
      }),
      // `np.arange(min(X) - 1, max(X) + 1, 0.05)`: bounds from arrays of one element.
      ...context.nodes('CallExpression').flatMap(call =>
        callsTo(context, call, ['numpy.arange', 'numpy.linspace'])
          ? argsOf(context, call)
              .slice(0, 3)
              .filter(
                arg =>
                  !arg.name &&
                  !arg.star &&
                  !/^-?[\d.]+(e-?\d+)?$/.test(
                    context.source.slice(arg.valueFrom, arg.valueTo)
                  )
              )
              .flatMap(arg =>
                Private.oneElement(context, arg.value, arg.value, false, true)
              )
          : []
      ),
      // `grad[i] = total + rate * theta[:, i]`: an element set from a 1x1 array.
      ...context.nodes('AssignStatement').flatMap(assign => {
        const target = assign.firstChild;
        const value = assign.lastChild;
        // Not a frame's column (`df['total'] = ...`): an element, by position.
        if (
          target?.name !== 'MemberExpression' ||
          !target.getChild('[') ||
          target.getChild('[')!.nextSibling?.name === 'String' ||
          !value ||
          value === target
        ) {
          return [];
        }
        return value.name === 'CallExpression' &&
          assign.getChildren('AssignOp').length === 1
          ? Private.elementFromCall(context, target, value)
          : Private.elementValues(value).flatMap(node =>
              Private.oneElement(context, node, node, true)
            );
      }),
      // `'%.2f' % (lr.coef_, ...)`: the values a number conversion formats.
      ...context.nodes('BinaryExpression').flatMap(format => {
        const [text, op, values] = [
          format.firstChild,
          format.firstChild?.nextSibling,
          format.lastChild
        ];
        const conversions =
          text?.name === 'String' &&
          op?.name === 'ArithOp' &&
          textOf(context, op) === '%'
            ? Private.conversions(textOf(context, text))
            : null;
        if (!conversions || !values) {
          return [];
        }
        const inner =
          values.name === 'ParenthesizedExpression'
            ? values.firstChild?.nextSibling
            : values;
        const items =
          inner?.name === 'TupleExpression'
            ? childrenOf(inner).filter(c => !/^[(),]$/.test(c.name))
            : inner
              ? [inner]
              : [];
        return items.length === conversions.length
          ? items.flatMap((item, i) =>
              NUMBER_CONVERSION.test(conversions[i])
                ? Private.oneElement(context, item, item)
                : []
            )
          : [];
      })
    ]
  ),
  defineRule(
    {
      id: 'sklearn.single-sample-2d',
      needs: [...SAMPLE_METHODS, ...SCALER_METHODS],
      distribution: 'scikit-learn',
      since: '0.19',
      summary:
        'Estimators take a 2-D array of samples: a single sample (or a single feature) passed 1-D is reshaped; a scaler’s 1-D data comes back 1-D, as it did.',
      link: 'https://scikit-learn.org/stable/whats_new/v0.19.html',
      raises: {
        ename: 'ValueError',
        message:
          /Expected 2D array, got (1D|scalar) array instead|Expected a 2-dimensional container but got/
      },
      examples: [
        {
          setup:
            'import numpy as np\nfrom sklearn.linear_model import LinearRegression\nmodel = LinearRegression().fit([[1, 0], [2, 1], [3, 5]], [1, 2, 3])\nx_new = np.array([2, 2])',
          before: 'print(model.predict(x_new).round(2))',
          after: 'print(model.predict(np.reshape(x_new, (1, -1))).round(2))',
          answer: '1 2 2 False'
        },
        {
          // A frame's row, which scikit-learn now refuses by its type.
          setup:
            'import numpy as np\nimport pandas as pd\nfrom sklearn.linear_model import LinearRegression\nX = pd.DataFrame({"a": [1, 2, 3], "b": [0, 1, 5]})\nmodel = LinearRegression().fit(X.to_numpy(), [1, 2, 3])',
          before: 'print(model.predict(X.iloc[1]).round(2))',
          after:
            'print(model.predict(np.reshape(X.iloc[1], (1, -1))).round(2))',
          answer: '1 2 2 False'
        },
        {
          // A column scaled: 1-D, as it came.
          setup:
            'import pandas as pd\nfrom sklearn import preprocessing\ndf = pd.DataFrame({"pe": [3.0, 4.0, 5.0, 6.0]})',
          before:
            'df["pe_std"] = preprocessing.StandardScaler().fit_transform(df.pe)\nprint(df.pe_std.round(2).tolist())',
          after:
            'import numpy as np\ndf["pe_std"] = preprocessing.StandardScaler().fit_transform(np.reshape(df.pe, (-1, 1))).ravel()\nprint(df.pe_std.round(2).tolist())',
          answer: '1 4 None True'
        },
        {
          // Values scaled back into a column's units.
          setup:
            'import numpy as np\nfrom sklearn.preprocessing import MinMaxScaler\nscaler = MinMaxScaler().fit([[3.0], [4.0], [5.0]])\nz = np.array([0.0, 0.5])',
          before: 'print(scaler.inverse_transform(z).round(2))',
          after:
            'print(scaler.inverse_transform(np.reshape(z, (-1, 1))).ravel().round(2))',
          answer: '1 2 1 True'
        },
        {
          setup:
            'from sklearn.linear_model import LinearRegression\nmodel = LinearRegression().fit([[1, 0], [2, 1], [3, 5]], [1, 2, 3])',
          before: 'print(model.predict([2, 2]).round(2))',
          after: 'print(model.predict([[2, 2]]).round(2))',
          answer: '1 2 2'
        },
        {
          setup: 'import numpy as np',
          before:
            'from sklearn.linear_model import LinearRegression\ndef at(a, b):\n    model = LinearRegression().fit([[1, 0], [2, 1], [3, 5]], [1, 2, 3])\n    return model.predict([a, b])\nprint(at(2, 2).round(2))',
          after:
            'from sklearn.linear_model import LinearRegression\ndef at(a, b):\n    model = LinearRegression().fit([[1, 0], [2, 1], [3, 5]], [1, 2, 3])\n    return model.predict(np.atleast_2d([a, b]))\nprint(at(2, 2).round(2))'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        const receiver = callee?.node.firstChild;
        const method = callee?.name ?? '';
        if (
          !callee ||
          callee.node.name !== 'MemberExpression' ||
          ![...SAMPLE_METHODS, ...SCALER_METHODS].includes(method) ||
          !receiver ||
          (dottedName(context, receiver) === null &&
            !(
              method.startsWith('fit') && Private.newScaler(context, receiver)
            )) ||
          args.length !== 1 ||
          args[0].name ||
          args[0].star ||
          !Private.evaluable(context, args[0].value) ||
          Private.nested(args[0].value)
        ) {
          return [];
        }
        const node = args[0].value;
        if (inFunction(call) && SAMPLE_METHODS.includes(method)) {
          // A list of values given to a scikit-learn model (one the function builds, or
          // any model's decision_function) becomes the one row scikit-learn made of it
          // before 0.19, without asking: the function may not have failed yet.
          const model =
            Private.builtBySklearn(context, call, textOf(context, receiver)) ||
            (callee.name === 'decision_function' &&
              [...context.imports.values()].some(t =>
                t.startsWith('sklearn.')
              ));
          if (node.name === 'ArrayExpression' && model) {
            return [
              matchAt('sklearn.single-sample-2d', call, [
                ...Private.atLeast2d(context, node),
                ...Private.intoElement(call)
              ])
            ];
          }
        }
        // Inside a function, asked in the frame of its failure; before one, nothing.
        const question = inScopeOf(
          context,
          call,
          `(lambda m, a: '%s %s %s %s' % (${NUMPY}.ndim(a), ${NUMPY}.size(a), getattr(m, 'n_features_in_', None), type(m).__module__.startswith('sklearn.preprocessing') and type(m).__name__ in (${SCALERS.map(name => `'${name}'`).join(', ')})))(${textOf(context, receiver)}, ${textOf(context, node)})`
        );
        return question === null
          ? []
          : [
              Private.asking(
                'sklearn.single-sample-2d',
                call,
                question,
                answer => Private.reshaped(context, call, node, answer)
              )
            ];
      })
  ),
  // `P[i, j] = clf.decision_function([[x, y]])`: one sample's prediction is an array of
  // one value, which numpy no longer converts into the element it is stored in.
  defineRule(
    {
      id: 'numpy.one-sample-into-element',
      needs: SAMPLE_METHODS,
      distribution: 'numpy',
      since: '1.25.0',
      summary:
        'A single sample’s prediction (an array of one value) stored into one element of an array: store its value.',
      link: NOTES('1.25.0'),
      raises: {
        ename: 'ValueError',
        message: /setting an array element with a sequence/
      },
      examples: [
        {
          setup:
            'import numpy as np\nfrom sklearn.svm import SVC\nclf = SVC(kernel="linear").fit([[0, 0], [1, 1], [0, 1], [1, 0]], [0, 1, 0, 1])\nP = np.zeros((2, 2))',
          before:
            'for i, xi in enumerate([0.0, 1.0]):\n    for j, yj in enumerate([0.0, 1.0]):\n        P[i, j] = clf.decision_function([[xi, yj]])\nprint(P.round(1))',
          after:
            'for i, xi in enumerate([0.0, 1.0]):\n    for j, yj in enumerate([0.0, 1.0]):\n        P[i, j] = clf.decision_function([[xi, yj]])[0]\nprint(P.round(1))'
        }
      ]
    },
    context =>
      context.nodes('AssignStatement').flatMap(assign => {
        const target = assign.firstChild;
        const value = assign.lastChild;
        const callee = value && calleeOf(context, value);
        const args = value ? argsOf(context, value) : [];
        const sample = args[0]?.value;
        const rows =
          sample?.name === 'ArrayExpression'
            ? sample.getChildren('ArrayExpression')
            : [];
        if (
          target?.name !== 'MemberExpression' ||
          target.getChild('[') === null ||
          assign.getChildren('AssignOp').length !== 1 ||
          value?.name !== 'CallExpression' ||
          !callee ||
          callee.node.name !== 'MemberExpression' ||
          !SAMPLE_METHODS.includes(callee.name) ||
          args.length !== 1 ||
          rows.length !== 1
        ) {
          return [];
        }
        return [
          matchAt('numpy.one-sample-into-element', value, [
            { from: value.to, to: value.to, insert: '[0]' }
          ])
        ];
      })
  )
];

namespace Private {
  /**
   * The question whether a value is an array with one element, and its `.item()` if so:
   * an element or attribute (`ratings[0]`, `lr.intercept_`) outside functions; a plain
   * name is most often a Python number.
   */
  export function oneElement(
    context: IRuleContext,
    node: SyntaxNode,
    at: SyntaxNode,
    names = false,
    anyValue = false
  ): IRuleMatch[] {
    // In a function or a comprehension, any value is asked about in the frame of the
    // failure (`float(cost)`, `[float(y_mean) for _ in rows]`); elsewhere, attributes only
    // (`lr.intercept_`): a plain name is rarely an array, unless it is the whole value an
    // element is set from (`names`).
    const local = inFunction(node) || inComprehension(node);
    if (!evaluable(context, node) || (!local && !names && !hasMember(node))) {
      return [];
    }
    const value = textOf(context, node);
    const primary = /^(VariableName|MemberExpression|CallExpression)$/.test(
      node.name
    );
    // A bound that other calls may give as a plain number: `np.asarray(x).item()` takes
    // the element of either.
    const asarray = anyValue
      ? spellName(context, { module: 'numpy', name: 'asarray', alias: 'np' })
      : null;
    const insert = asarray
      ? `${asarray.text}(${value}).item()`
      : `${primary ? value : `(${value})`}.item()`;
    const question = `(lambda a: '%s %s %s' % (${NUMPY}.ndim(a), ${NUMPY}.size(a), hasattr(a, 'item')))(${value})`;
    const expression = inScopeOf(context, node, question);
    if (expression === null) {
      return [];
    }
    return [
      asking('numpy.size-one-array-scalar', at, expression, answer => {
        const [ndim, size, item] = answer.split(' ');
        return Number(ndim) >= 1 && size === '1' && item === 'True'
          ? [{ from: node.from, to: node.to, insert, needs: asarray?.needs }]
          : null;
      })
    ];
  }

  /**
   * `J_vals[i, j] = compute_cost(X, y, theta)`: a call, which is not made again to ask
   * about its value; the element it sets is asked about instead. Where that is one element
   * of a numpy array, the value is taken as an array and its one element set, which numpy
   * did itself before 1.25 (a scalar value is its own element).
   */
  export function elementFromCall(
    context: IRuleContext,
    target: SyntaxNode,
    value: SyntaxNode
  ): IRuleMatch[] {
    if (!evaluable(context, target)) {
      return [];
    }
    const question = `(lambda t: type(t).__module__ == 'numpy' and ${NUMPY}.ndim(t) == 0 and t.dtype != object)(${textOf(context, target)})`;
    const expression = inScopeOf(context, target, question);
    if (expression === null) {
      return [];
    }
    const np = spellName(context, { module: 'numpy', alias: 'np' });
    return [
      asking('numpy.size-one-array-scalar', value, expression, answer =>
        answer === 'True'
          ? [
              {
                from: value.from,
                to: value.to,
                insert: `${np.text}.asarray(${textOf(context, value)}).item()`,
                needs: np.needs
              }
            ]
          : null
      )
    ];
  }

  /**
   * What an element is set from that may be a one-element array: the parts of its value
   * that read an attribute or an item, else the whole value when the kernel can evaluate
   * it again (`p + r`, `p` a model's prediction).
   */
  export function elementValues(value: SyntaxNode): SyntaxNode[] {
    const parts = operands(value);
    return parts.length > 0 || !pure(value) ? parts : [value];
  }

  /**
   * The largest parts of an arithmetic expression the kernel can evaluate again that read
   * an attribute or an item (`theta[:, i]` of `total / n + rate * theta[:, i]`).
   */
  export function operands(node: SyntaxNode): SyntaxNode[] {
    if (pure(node)) {
      return hasMember(node) ? [node] : [];
    }
    if (
      !/^(BinaryExpression|ParenthesizedExpression|UnaryExpression)$/.test(
        node.name
      )
    ) {
      return [];
    }
    const found: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      found.push(...operands(child));
    }
    return found;
  }

  /**
   * The conversions of a %-format string literal, in order (`%%` left out); null for a
   * format this does not read (`%(name)s`, a `*` width).
   */
  export function conversions(literal: string): string[] | null {
    if (/%\(|%[-+ #0]*\*/.test(literal)) {
      return null;
    }
    return (literal.match(CONVERSION) ?? []).filter(c => c !== '%%');
  }

  /** An expression with no calls, lambdas or comprehensions: safe to evaluate again. */
  export function pure(node: SyntaxNode): boolean {
    if (!PURE.has(node.name)) {
      return false;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!pure(child)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the kernel can evaluate an expression again without effects: a pure one,
   * numpy's array of such values (`np.reshape(np.array([x, y]), (1, -1))`), or a model's
   * prediction for them (`svm.predict(...)`).
   */
  export function evaluable(context: IRuleContext, node: SyntaxNode): boolean {
    if (pure(node)) {
      return true;
    }
    const callee = calleeOf(context, node);
    const args = node.name === 'CallExpression' ? argsOf(context, node) : [];
    const arrays = callsTo(context, node, NUMPY_ARRAYS);
    const predicts =
      callee?.node.name === 'MemberExpression' &&
      SAMPLE_METHODS.includes(callee.name) &&
      dottedName(context, callee.node.firstChild!) !== null;
    return (
      (arrays || predicts) &&
      args.length > 0 &&
      args.every(arg => !arg.name && !arg.star && evaluable(context, arg.value))
    );
  }

  /**
   * Whether a list or tuple literal is ragged, from its items alone: true when they are
   * literal sequences (or scalars) of different lengths, false when they are all
   * scalars or sequences of one length; null when an item is a name the kernel must say.
   */
  export function literalRagged(node: SyntaxNode): boolean | null {
    if (node.name !== 'ArrayExpression' && node.name !== 'TupleExpression') {
      return null;
    }
    const lengths = new Set<number>();
    for (const item of items(node)) {
      if (item.name === 'ArrayExpression' || item.name === 'TupleExpression') {
        lengths.add(items(item).length);
      } else if (
        /^(Number|String|Boolean|None|UnaryExpression)$/.test(item.name)
      ) {
        lengths.add(-1);
      } else {
        return null;
      }
    }
    return lengths.size > 1 && [...lengths].some(length => length >= 0);
  }

  /** The items of a list or tuple literal. */
  function items(node: SyntaxNode): SyntaxNode[] {
    const found: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!['(', ')', '[', ']', ','].includes(child.name)) {
        found.push(child);
      }
    }
    return found;
  }

  /** Whether an expression is or holds an attribute or element access. */
  export function hasMember(node: SyntaxNode): boolean {
    if (node.name === 'MemberExpression') {
      return true;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (hasMember(child)) {
        return true;
      }
    }
    return false;
  }

  /** A list literal of lists: 2-D already. */
  export function nested(node: SyntaxNode): boolean {
    const first = node.firstChild?.nextSibling;
    return node.name === 'ArrayExpression' && first?.name === 'ArrayExpression';
  }

  /**
   * Whether `name` is assigned, in the function around `call`, a scikit-learn
   * estimator: `clf = SGDClassifier(...)`, or its fit.
   */
  export function builtBySklearn(
    context: IRuleContext,
    call: SyntaxNode,
    name: string
  ): boolean {
    const scope = functionOf(call);
    return context.nodes('AssignStatement').some(statement => {
      const target = statement.firstChild;
      let value = statement.lastChild;
      if (
        target?.name !== 'VariableName' ||
        target.nextSibling?.name !== 'AssignOp' ||
        textOf(context, target) !== name ||
        functionOf(statement) !== scope
      ) {
        return false;
      }
      const fit = value?.firstChild;
      if (
        value?.name === 'CallExpression' &&
        fit?.name === 'MemberExpression' &&
        fit.lastChild &&
        textOf(context, fit.lastChild) === 'fit'
      ) {
        value = fit.firstChild;
      }
      const callee = value?.name === 'CallExpression' && value.firstChild;
      const dotted = callee ? dottedName(context, callee) : null;
      return !!dotted && resolve(context, dotted).startsWith('sklearn.');
    });
  }

  /** The function definition a node is in, if any. */
  function functionOf(node: SyntaxNode): number {
    for (let p = node.parent; p; p = p.parent) {
      if (p.name === 'FunctionDefinition') {
        return p.from;
      }
    }
    return -1;
  }

  /** `np.atleast_2d(value)`: a 1-D value becomes one row, a 2-D one stays. */
  export function atLeast2d(
    context: IRuleContext,
    node: SyntaxNode
  ): ITextEdit[] {
    const np = spellName(context, { module: 'numpy', alias: 'np' });
    return [
      {
        from: node.from,
        to: node.to,
        insert: `${np.text}.atleast_2d(${textOf(context, node)})`,
        needs: np.needs
      }
    ];
  }

  /**
   * `P[i, j] = clf.decision_function(...)`: one sample's prediction stored into one
   * element is its value (`[0]`), which old numpy took from an array of one.
   */
  export function intoElement(call: SyntaxNode): ITextEdit[] {
    const assign = call.parent;
    const target = assign?.firstChild;
    return assign?.name === 'AssignStatement' &&
      assign.lastChild?.from === call.from &&
      assign.getChildren('AssignOp').length === 1 &&
      target?.name === 'MemberExpression' &&
      target.getChild('[')
      ? [{ from: call.to, to: call.to, insert: '[0]' }]
      : [];
  }

  /** A match whose edits the kernel's answer about the value decides. */
  export function asking(
    ruleId: string,
    node: SyntaxNode,
    expression: string,
    decide: (answer: string) => ITextEdit[] | null
  ): IRuleMatch {
    return { ...matchAt(ruleId, node, []), question: { expression, decide } };
  }

  /**
   * The sample as a 2-D array, from the kernel's `ndim size n_features_in_ scaler`: one row
   * when it has as many values as the estimator has features, one column when it has one
   * (or when it is a scaler's first fit). A scaler's data comes back 1-D, as it did.
   */
  export function reshaped(
    context: IRuleContext,
    call: SyntaxNode,
    node: SyntaxNode,
    answer: string
  ): ITextEdit[] | null {
    const parts = answer.split(' ');
    const [ndim, size, features] = parts.slice(0, 3).map(Number);
    const scaler = parts[3] === 'True';
    const method = calleeOf(context, call)?.name ?? '';
    if (
      !(ndim <= 1) ||
      (SCALER_METHODS.includes(method) && !scaler) ||
      (!Number.isInteger(features) && !(scaler && ndim === 1))
    ) {
      return null;
    }
    // A scaler's fit took 1-D data as one feature, whatever it was fitted on before.
    const fit = scaler && ndim === 1 && /^(fit|partial_fit)/.test(method);
    const row = !fit && size === features;
    if (!fit && !row && Number.isInteger(features) && features !== 1) {
      return null;
    }
    const back =
      scaler && ndim === 1 && SCALED.includes(method)
        ? [{ from: call.to, to: call.to, insert: '.ravel()' }]
        : [];
    const value = textOf(context, node);
    if (row && node.name === 'ArrayExpression') {
      return [{ from: node.from, to: node.to, insert: `[${value}]` }, ...back];
    }
    const np = spellName(context, { module: 'numpy', alias: 'np' });
    const shape = row ? '(1, -1)' : '(-1, 1)';
    return [
      {
        from: node.from,
        to: node.to,
        insert: `${np.text}.reshape(${value}, ${shape})`,
        needs: np.needs
      },
      ...back
    ];
  }

  /**
   * `StandardScaler()`: a scaler made where it is fitted, made again for the kernel's
   * question (its arguments evaluable, and nothing else done).
   */
  export function newScaler(context: IRuleContext, node: SyntaxNode): boolean {
    const callee = node.name === 'CallExpression' ? node.firstChild : null;
    const dotted = callee ? dottedName(context, callee) : null;
    const name = dotted ? resolve(context, dotted) : '';
    return (
      SCALERS.some(s => name === `sklearn.preprocessing.${s}`) &&
      argsOf(context, node).every(
        arg => !arg.star && evaluable(context, arg.value)
      )
    );
  }
}
