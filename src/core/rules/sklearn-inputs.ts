import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { askedMatch, callsOf, defineRule } from './builders';
import { inScopeOf } from './receivers';
import {
  argsOf,
  calleeOf,
  callsTo,
  dottedName,
  resolve,
  textOf,
  wrapIn,
  type IArgument
} from './syntax';
import { sklearnNotes } from './sklearn-modules';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// Values the kernel may evaluate to answer a question: names, attributes, plain subscripts,
// and a frame's copy made by a method that changes nothing (`t.drop(0, axis=1)`), given
// no call, no lambda and no `inplace` among its arguments.
const PLAIN =
  /^[A-Za-z_][\w.]*(?:\[[\w\s:,'"-]*\])*(?:\.(?:drop|dropna|fillna|copy|astype|head|tail)\((?![^()]*\b(?:inplace|lambda)\b)[^()]*\))?$/;

/**
 * `binarize(probabilities, threshold)` on a 1-D array thresholded each value and gave a
 * 1-D array; today's binarize takes only 2-D input. One row in, its row out keeps the
 * values and the shape. The kernel says whether the input is 1-D.
 */
const binarize1d = defineRule(
  {
    id: 'sklearn.binarize-1d',
    distribution: 'scikit-learn',
    since: '0.19',
    summary:
      '`binarize` takes 2-D input only since 0.19: a 1-D array is passed as one row and its row read back.',
    link: sklearnNotes('0.19'),
    raises: {
      ename: 'ValueError',
      message: /Expected 2D array, got 1D array instead/
    },
    needs: ['binarize'],
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.preprocessing import binarize\nprobs = np.array([0.1, 0.4, 0.8])',
        before: 'print(binarize(probs, threshold=0.25))',
        after: 'print(binarize([probs], threshold=0.25)[0])',
        answer: '1'
      }
    ]
  },
  context =>
    callsOf(context, { callees: ['binarize'], module: 'sklearn' }).flatMap(
      call => {
        const [first] = argsOf(context, call);
        const text =
          first && !first.name && !first.star
            ? context.source.slice(first.valueFrom, first.valueTo)
            : '';
        if (!PLAIN.test(text)) {
          return [];
        }
        return [
          askedMatch(
            'sklearn.binarize-1d',
            call,
            `__import__('numpy').ndim(${text})`,
            [
              { from: first.valueFrom, to: first.valueFrom, insert: '[' },
              { from: first.valueTo, to: first.valueTo, insert: ']' },
              { from: call.to, to: call.to, insert: '[0]' }
            ],
            undefined,
            '1'
          )
        ];
      }
    )
);

// The estimator methods whose input is validated, where an np.matrix is refused.
export const ESTIMATOR_METHODS = [
  'fit',
  'partial_fit',
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'score',
  'transform',
  'fit_transform',
  'fit_predict',
  'inverse_transform'
];

// The data arguments of scikit-learn's functions and methods, when given by name.
const DATA_KEYWORDS = new Set([
  'X',
  'y',
  'y_true',
  'y_pred',
  'y_score',
  'y_prob',
  'labels_true',
  'labels_pred'
]);

/**
 * `model.fit(X, y)` or `mean_squared_error(y, y_pred)` with `np.matrix` inputs:
 * scikit-learn converted them to arrays (`np.asarray`, the same 2-D values) and since 1.2
 * refuses them. The argument is converted where it is passed to an estimator's method or
 * a scikit-learn function; the notebook's own matrix algebra elsewhere (`x * w`) is left
 * as it is. The kernel says which arguments are matrices.
 */
const matrixInput = defineRule(
  {
    id: 'sklearn.matrix-input',
    distribution: 'scikit-learn',
    since: '1.2',
    summary:
      'scikit-learn takes no `np.matrix` input since 1.2: pass `np.asarray(m)`, the array it used to convert it to.',
    link: sklearnNotes('1.2'),
    raises: { ename: 'TypeError', message: /np\.matrix is not supported/ },
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.linear_model import Ridge\nX = np.matrix([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])\ny = np.matrix([[1.0], [2.0], [3.0]])',
        before:
          'model = Ridge(alpha=0.1).fit(X, y)\nprint(model.predict(np.asarray(X)).shape)',
        after:
          'model = Ridge(alpha=0.1).fit(np.asarray(X), np.asarray(y))\nprint(model.predict(np.asarray(X)).shape)',
        answer: 'True'
      }
    ]
  },
  context =>
    dataArguments(
      context,
      'sklearn.matrix-input',
      text => `isinstance(${text}, __import__('numpy').matrix)`,
      (arg, text) => {
        const np = spellName(context, { module: 'numpy', alias: 'np' });
        return [
          {
            from: arg.valueFrom,
            to: arg.valueTo,
            insert: `${np.text}.asarray(${text})`,
            needs: np.needs
          }
        ];
      }
    )
);

/**
 * `svc.fit(X_train, y_train)` where `X_train` has a column twice (`df[['a', 'b', 'a']]`):
 * scikit-learn read the frame as its array of values; since 1.9 it refuses repeated column
 * names. The kernel is asked which data arguments of the failing cell are such frames, and
 * those are given as `X_train.to_numpy()`: the model sees what it saw before.
 */
const duplicateColumns = defineRule(
  {
    id: 'sklearn.duplicate-columns',
    distribution: 'scikit-learn',
    since: '1.9',
    summary:
      'scikit-learn refuses a frame with a repeated column name since 1.9; it read the frame as its values before: `X.to_numpy()`.',
    link: sklearnNotes('1.9'),
    raises: {
      ename: 'DuplicateError',
      message: /Expected unique column names/
    },
    // Which frame has a repeated name is the kernel's to say, after the error.
    onFailureOnly: true,
    examples: [
      {
        setup:
          "import pandas as pd\nfrom sklearn.linear_model import LinearRegression\ndf = pd.DataFrame({'a': [1.0, 2.0, 3.0, 4.0], 'b': [2.0, 1.0, 4.0, 3.0], 'y': [3.0, 3.0, 7.0, 7.0]})\nX = df[['a', 'b', 'a']]\nmodel = LinearRegression()",
        before:
          "model.fit(X, df['y'].to_numpy())\nprint(model.coef_.round(3).tolist())",
        after:
          "model.fit(X.to_numpy(), df['y'].to_numpy())\nprint(model.coef_.round(3).tolist())",
        answer: 'True'
      }
    ]
  },
  context =>
    dataArguments(
      context,
      'sklearn.duplicate-columns',
      text =>
        `type(${text}).__name__ == 'DataFrame' and bool(${text}.columns.duplicated().any())`,
      arg => values(context, arg)
    )
);

/**
 * `model.fit(X, y)` where `X`'s column names mix text and numbers (a frame joined to its
 * dummies, `pd.concat([df, pd.DataFrame(pca)], axis=1)`): scikit-learn ignored such names
 * and read the values; since 1.2 it refuses them. The frames the kernel names are given
 * as their values, what the model saw before.
 */
const mixedColumnNames = defineRule(
  {
    id: 'sklearn.mixed-column-names',
    distribution: 'scikit-learn',
    since: '1.2',
    summary:
      'scikit-learn refuses a frame whose column names mix text and other types since 1.2; it read the frame as its values before: `X.to_numpy()`.',
    link: sklearnNotes('1.2'),
    raises: {
      ename: 'TypeError',
      message:
        /Feature names are only supported if all input features have string names/
    },
    onFailureOnly: true,
    examples: [
      {
        setup:
          "import pandas as pd\nfrom sklearn.linear_model import LinearRegression\nX = pd.concat([pd.DataFrame({'a': [1.0, 2.0, 3.0, 4.0]}), pd.DataFrame([[2.0], [1.0], [4.0], [3.0]])], axis=1)",
        before:
          'print(LinearRegression().fit(X, [3.0, 3.0, 7.0, 7.0]).coef_.round(3).tolist())',
        after:
          'print(LinearRegression().fit(X.to_numpy(), [3.0, 3.0, 7.0, 7.0]).coef_.round(3).tolist())',
        answer: 'True'
      }
    ]
  },
  context =>
    dataArguments(
      context,
      'sklearn.mixed-column-names',
      text =>
        `type(${text}).__name__ == 'DataFrame' and len({isinstance(c, str) for c in ${text}.columns}) == 2`,
      arg => values(context, arg)
    )
);

// Methods of a fitted model that check the frame they get against the names it was fit on.
const FITTED_METHODS = [
  'predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'score',
  'transform'
];

/**
 * `model.predict(frame)` where the frame's column names, or their order, differ from
 * those the model was fit on (a frame built by hand for one prediction): scikit-learn
 * read the frame's values by position, and refuses since 1.2. The kernel is asked, in
 * the frame of the failure, whether the model has names and the frame others; the frame
 * is then given as its values, what the model read before.
 */
const featureNamesDiffer = defineRule(
  {
    id: 'sklearn.feature-names-differ',
    distribution: 'scikit-learn',
    since: '1.2',
    summary:
      'scikit-learn refuses a frame whose column names differ from those the model was fit on since 1.2; it read the frame by position before: `X.to_numpy()`.',
    link: sklearnNotes('1.2'),
    raises: {
      ename: 'ValueError',
      message:
        /The feature names should match those that were passed during fit/
    },
    onFailureOnly: true,
    examples: [
      {
        setup:
          "import pandas as pd\nfrom sklearn.linear_model import LinearRegression\nmodel = LinearRegression().fit(pd.DataFrame({'a': [0.0, 1.0, 2.0], 'b': [1.0, 0.0, 1.0]}), [1.0, 3.0, 5.0])",
        before:
          "def predict_one(a, b):\n    return model.predict(pd.DataFrame([{'b': b, 'a': a}]))[0]\nprint(round(predict_one(1.0, 0.0), 2))",
        after:
          "def predict_one(a, b):\n    return model.predict(pd.DataFrame([{'b': b, 'a': a}]).to_numpy())[0]\nprint(round(predict_one(1.0, 0.0), 2))",
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const owner = callee?.node.firstChild;
      const [data] = argsOf(context, call);
      if (
        callee?.node.name !== 'MemberExpression' ||
        !FITTED_METHODS.includes(callee.name) ||
        !owner ||
        !PLAIN.test(textOf(context, owner)) ||
        !data ||
        data.name ||
        data.star
      ) {
        return [];
      }
      const text = context.source.slice(data.valueFrom, data.valueTo);
      if (!PLAIN.test(text) && !Private.madeFrame(context, data.value)) {
        return [];
      }
      const expression = inScopeOf(
        context,
        call,
        `(lambda m, X: type(X).__name__ == 'DataFrame' and hasattr(m, 'feature_names_in_') and list(X.columns) != list(m.feature_names_in_))(${textOf(context, owner)}, ${text})`
      );
      return expression
        ? [
            askedMatch(
              'sklearn.feature-names-differ',
              data.value,
              expression,
              values(context, data)
            )
          ]
        : [];
    })
);

namespace Private {
  /** Whether a node is in a function's (or lambda's) body, run once per call. */
  export function inFunction(node: SyntaxNode): boolean {
    for (let at = node.parent; at; at = at.parent) {
      if (at.name === 'FunctionDefinition' || at.name === 'LambdaExpression') {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a value is a frame built from plain values (`pd.DataFrame(input)`,
   * `pd.DataFrame([row], columns=cols)`): the kernel may build it again to look at it.
   */
  export function madeFrame(context: IRuleContext, node: SyntaxNode): boolean {
    return (
      node.name === 'CallExpression' &&
      callsTo(context, node, ['pandas.DataFrame']) &&
      argsOf(context, node).every(
        arg =>
          !arg.star &&
          !/[()]/.test(context.source.slice(arg.valueFrom, arg.valueTo))
      )
    );
  }
}

/**
 * The argument as its values. At the top of a cell the kernel's answer was about the one
 * value the name holds: `X.to_numpy()`. In a function the name is a parameter or a local
 * that another call may give an array (`predict_proba(X)` for frames and arrays alike):
 * `np.asarray(X)`, which gives a frame's values and leaves an array as it is.
 */
function values(context: IRuleContext, arg: IArgument): ITextEdit[] {
  const made = /^\w[\w.]*\(/.test(
    context.source.slice(arg.valueFrom, arg.valueTo)
  );
  if (made || !Private.inFunction(arg.value)) {
    return [{ from: arg.valueTo, to: arg.valueTo, insert: '.to_numpy()' }];
  }
  const asarray = spellName(context, {
    module: 'numpy',
    name: 'asarray',
    alias: 'np'
  });
  return wrapIn({ from: arg.valueFrom, to: arg.valueTo }, asarray);
}

/**
 * The data arguments of estimators' methods and scikit-learn's functions that the kernel
 * can evaluate where they are passed (names, attributes, plain subscripts), each with a
 * match asking `test` of it; its `decide` is the rule's own.
 */
function dataArguments(
  context: IRuleContext,
  ruleId: string,
  test: (text: string) => string,
  rewrite: (arg: IArgument, text: string) => ITextEdit[]
): IRuleMatch[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call);
    const dotted = callee ? dottedName(context, callee.node) : null;
    const method =
      callee?.node.name === 'MemberExpression' &&
      ESTIMATOR_METHODS.includes(callee.name);
    const ofSklearn =
      dotted !== null && resolve(context, dotted).startsWith('sklearn.');
    if (!method && !ofSklearn) {
      return [];
    }
    return argsOf(context, call).flatMap(arg => {
      const text = context.source.slice(arg.valueFrom, arg.valueTo);
      if ((arg.name && !DATA_KEYWORDS.has(arg.name)) || arg.star) {
        return [];
      }
      const expression = PLAIN.test(text)
        ? inScopeOf(context, arg.value, test(text))
        : null;
      if (!expression) {
        return [];
      }
      return [
        askedMatch(ruleId, arg.value, expression, () => rewrite(arg, text))
      ];
    });
  });
}

/** Inputs scikit-learn's functions no longer take in their old shape. */
export const sklearnInputRules: IRule[] = [
  binarize1d,
  matrixInput,
  duplicateColumns,
  mixedColumnNames,
  featureNamesDiffer
];
