import type { SyntaxNode } from '@lezer/common';
import { defineRule, keywordReplaced, matchAt, valueRenamed } from './builders';
import { argsOf, calleeOf, dottedName, resolve, textOf } from './syntax';
import { sklearnParamLiteralRules } from './sklearn-param-literals';
import type { IRule, IRuleContext, IRuleMatch } from './types';
import {
  sklearnInfo as info,
  invalidParameter as invalid,
  valueTable as table,
  IRIS
} from './sklearn-info';

// A float literal (`1e7`, `100.0`, `10.`), not an int, hex or complex one.
const FLOAT =
  /^(?:\d[\d_]*\.[\d_]*|\.\d[\d_]*|\d[\d_]*(?:\.[\d_]*)?[eE][+-]?\d+)$/;

/**
 * The integral float literal an argument passes (`1e7`, `-1.0`) as an int literal
 * (`10000000`, `-1`); null for anything else.
 */
function integralLiteral(
  context: IRuleContext,
  value: SyntaxNode
): { node: SyntaxNode; int: string } | null {
  const negative =
    value.name === 'UnaryExpression' &&
    textOf(context, value.firstChild!) === '-';
  const node = negative ? value.lastChild! : value;
  const text = textOf(context, node);
  if (node.name !== 'Number' || !FLOAT.test(text)) {
    return null;
  }
  const number = Number(text.replace(/_/g, ''));
  if (!Number.isFinite(number) || !Number.isInteger(number)) {
    return null;
  }
  return { node, int: BigInt(number).toString() };
}

/**
 * A question whose answer is True when scikit-learn's validation of `callable` takes an
 * int for the parameter (a name, or a position read from its signature) and no float:
 * the rule under which it rejects `1e7` where `10000000` was meant.
 */
function requiresInt(
  path: string,
  param: string | number,
  literal: string
): string {
  const dot = path.lastIndexOf('.');
  const callable = `__import__('importlib').import_module('${path.slice(0, dot)}').${path.slice(dot + 1)}`;
  const name =
    typeof param === 'string'
      ? `'${param}'`
      : `list(__import__('inspect').signature(f).parameters)[${param}]`;
  return (
    '(lambda pv, f, v: (lambda cs: isinstance(cs, list)' +
    ' and not any(pv.make_constraint(c).is_satisfied_by(v) for c in cs)' +
    ' and any(pv.make_constraint(c).is_satisfied_by(int(v)) for c in cs)' +
    ' and not any(isinstance(pv.make_constraint(c), pv.Interval)' +
    " and pv.make_constraint(c).type is not __import__('numbers').Integral for c in cs))" +
    "({**getattr(f, '_skl_parameter_constraints', {}), **getattr(f, '_parameter_constraints', {})}" +
    `.get(${name})))` +
    `(__import__('sklearn.utils._param_validation', fromlist=['Interval']), ${callable}, ${literal})`
  );
}

/** The scikit-learn callable a call names through the notebook's imports, if it does. */
function sklearnCallee(context: IRuleContext, call: SyntaxNode): string | null {
  const callee = calleeOf(context, call);
  const dotted = callee && dottedName(context, callee.node);
  if (!dotted) {
    return null;
  }
  const resolved = resolve(context, dotted);
  const imported = resolved !== dotted || context.imports.has(dotted);
  return imported && resolved.startsWith('sklearn.') ? resolved : null;
}

/**
 * `LogisticRegression(max_iter=1e7)`: scikit-learn's parameter validation (1.2) rejects an
 * integral float where it wants an int, which old versions took as that int. Which
 * parameters want an int is the installed version's own rule, so the kernel is asked.
 */
const integralFloat = defineRule(
  {
    ...info(
      'integral-float',
      '1.2',
      'Parameters that take an int reject an integral float (`max_iter=1e7`) since 1.2: it is written as the int.'
    ),
    raises: {
      ename: 'InvalidParameterError',
      message:
        /parameter of \w+ must be (?:an int in the range|an instance of 'int')[^]*Got -?[\d.]+(?:e[+-]?\d+)? instead/
    },
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(max_iter=1e4).fit(X, y).max_iter)',
        after:
          'from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(max_iter=10000).fit(X, y).max_iter)',
        answer: 'True'
      },
      {
        setup: IRIS,
        before:
          'from sklearn.cluster import KMeans\nprint(KMeans(3.0, n_init=1, random_state=0).fit(X).n_clusters)',
        after:
          'from sklearn.cluster import KMeans\nprint(KMeans(3, n_init=1, random_state=0).fit(X).n_clusters)',
        answer: 'True'
      }
    ]
  },
  context => {
    if (![...context.imports.values()].some(v => v.startsWith('sklearn'))) {
      return [];
    }
    return context.nodes('CallExpression').flatMap(call => {
      const path = sklearnCallee(context, call);
      if (!path) {
        return [];
      }
      return argsOf(context, call).flatMap((arg, position): IRuleMatch[] => {
        const literal = !arg.star && integralLiteral(context, arg.value);
        if (!literal) {
          return [];
        }
        const edit = {
          from: literal.node.from,
          to: literal.node.to,
          insert: literal.int
        };
        const value = textOf(context, literal.node);
        return [
          {
            ...matchAt('sklearn.integral-float', arg, []),
            question: {
              expression: requiresInt(path, arg.name ?? position, value),
              decide: answer => (answer === 'True' ? [edit] : null)
            }
          }
        ];
      });
    });
  }
);

const TREE_REGRESSORS = [
  'DecisionTreeRegressor',
  'ExtraTreeRegressor',
  'GradientBoostingRegressor'
];
const FOREST_REGRESSORS = ['RandomForestRegressor', 'ExtraTreesRegressor'];
const auto = (to: string) => (value: string) =>
  /^['"]auto['"]$/.test(value) ? `max_features=${to}` : null;

/** Old parameter values with an exact equivalent today. */
export const sklearnParamValueRules: IRule[] = [
  integralFloat,
  valueRenamed({
    ...info(
      'max-features-auto',
      '1.3',
      "`max_features='auto'` was removed in 1.3: it meant 'sqrt' for classifiers."
    ),
    raises: invalid('max_features'),
    callees: [
      'RandomForestClassifier',
      'ExtraTreesClassifier',
      'DecisionTreeClassifier',
      'ExtraTreeClassifier',
      'GradientBoostingClassifier'
    ],
    keyword: 'max_features',
    rename: table({ auto: 'sqrt' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import RandomForestClassifier\nprint(RandomForestClassifier(max_features='auto', n_estimators=3, random_state=0).fit(X, y).score(X, y))",
        after:
          "from sklearn.ensemble import RandomForestClassifier\nprint(RandomForestClassifier(max_features='sqrt', n_estimators=3, random_state=0).fit(X, y).score(X, y))"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'kmeans-algorithm-full',
      '1.3',
      "`KMeans(algorithm='full')` and `'auto'` are `algorithm='lloyd'` since 1.3 (elkan, which 'auto' once chose, finds the same clusters)."
    ),
    raises: invalid('algorithm'),
    callees: ['KMeans'],
    keyword: 'algorithm',
    rename: table({ full: 'lloyd', auto: 'lloyd' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.cluster import KMeans\nprint(KMeans(3, algorithm='full', n_init=1, random_state=0).fit(X).algorithm)",
        after:
          "from sklearn.cluster import KMeans\nprint(KMeans(3, algorithm='lloyd', n_init=1, random_state=0).fit(X).algorithm)"
      }
    ]
  }),
  keywordReplaced({
    ...info(
      'max-features-auto-regressor',
      '1.3',
      "`max_features='auto'` was removed in 1.3: for regressors it meant every feature (`1.0`, `None` for a tree)."
    ),
    raises: invalid('max_features'),
    callees: FOREST_REGRESSORS,
    module: 'sklearn',
    keyword: 'max_features',
    replace: auto('1.0'),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import RandomForestRegressor\nprint(RandomForestRegressor(max_features='auto', n_estimators=3, random_state=0).fit(X, y).score(X, y))",
        after:
          'from sklearn.ensemble import RandomForestRegressor\nprint(RandomForestRegressor(max_features=1.0, n_estimators=3, random_state=0).fit(X, y).score(X, y))'
      }
    ]
  }),
  keywordReplaced({
    ...info(
      'max-features-auto-tree',
      '1.3',
      "`max_features='auto'` was removed in 1.3: for a regression tree or gradient boosting it meant every feature (`None`)."
    ),
    raises: invalid('max_features'),
    callees: TREE_REGRESSORS,
    module: 'sklearn',
    keyword: 'max_features',
    replace: auto('None'),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.tree import DecisionTreeRegressor\nprint(DecisionTreeRegressor(max_features='auto', random_state=0).fit(X, y).score(X, y))",
        after:
          'from sklearn.tree import DecisionTreeRegressor\nprint(DecisionTreeRegressor(max_features=None, random_state=0).fit(X, y).score(X, y))'
      }
    ]
  }),
  valueRenamed({
    ...info(
      'gradient-boosting-criterion-mse',
      '1.2',
      "Gradient boosting's `criterion='mse'` is `criterion='squared_error'` since 1.2."
    ),
    raises: invalid('criterion'),
    callees: ['GradientBoostingRegressor', 'GradientBoostingClassifier'],
    module: 'sklearn',
    keyword: 'criterion',
    rename: table({ mse: 'squared_error' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import GradientBoostingClassifier\nprint(GradientBoostingClassifier(criterion='mse', n_estimators=3, random_state=0).fit(X, y).score(X, y))",
        after:
          "from sklearn.ensemble import GradientBoostingClassifier\nprint(GradientBoostingClassifier(criterion='squared_error', n_estimators=3, random_state=0).fit(X, y).score(X, y))"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'sgd-squared-loss',
      '1.2',
      "`loss='squared_loss'` is `loss='squared_error'` in SGD estimators since 1.2."
    ),
    raises: invalid('loss'),
    callees: ['SGDRegressor', 'SGDClassifier'],
    module: 'sklearn',
    keyword: 'loss',
    rename: table({ squared_loss: 'squared_error' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.linear_model import SGDRegressor\nprint(SGDRegressor(loss='squared_loss', random_state=0).fit(X, y).loss)",
        after:
          "from sklearn.linear_model import SGDRegressor\nprint(SGDRegressor(loss='squared_error', random_state=0).fit(X, y).loss)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'hist-gradient-boosting-loss',
      '1.3',
      "HistGradientBoosting losses 'least_squares', 'least_absolute_deviation' and the crossentropies are 'squared_error', 'absolute_error' and 'log_loss'."
    ),
    raises: invalid('loss'),
    callees: [
      'HistGradientBoostingRegressor',
      'HistGradientBoostingClassifier'
    ],
    module: 'sklearn',
    keyword: 'loss',
    rename: table({
      least_squares: 'squared_error',
      least_absolute_deviation: 'absolute_error',
      binary_crossentropy: 'log_loss',
      categorical_crossentropy: 'log_loss',
      auto: 'log_loss'
    }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import HistGradientBoostingClassifier\nprint(HistGradientBoostingClassifier(loss='categorical_crossentropy', max_iter=3).fit(X, y).loss)",
        after:
          "from sklearn.ensemble import HistGradientBoostingClassifier\nprint(HistGradientBoostingClassifier(loss='log_loss', max_iter=3).fit(X, y).loss)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'linear-svm-loss',
      '0.23',
      "LinearSVC's loss 'l1' and 'l2' are 'hinge' and 'squared_hinge' (LinearSVR's: the epsilon-insensitive ones)."
    ),
    raises: invalid('loss'),
    callees: ['LinearSVC'],
    module: 'sklearn',
    keyword: 'loss',
    rename: value =>
      table({ l1: 'hinge', l2: 'squared_hinge' })(value.toLowerCase()),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.svm import LinearSVC\nprint(LinearSVC(loss='l2', random_state=0).fit(X, y).loss)",
        after:
          "from sklearn.svm import LinearSVC\nprint(LinearSVC(loss='squared_hinge', random_state=0).fit(X, y).loss)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'linear-svr-loss',
      '0.23',
      "LinearSVR's loss 'l1' and 'l2' are 'epsilon_insensitive' and 'squared_epsilon_insensitive'."
    ),
    raises: invalid('loss'),
    callees: ['LinearSVR'],
    module: 'sklearn',
    keyword: 'loss',
    rename: value =>
      table({
        l1: 'epsilon_insensitive',
        l2: 'squared_epsilon_insensitive'
      })(value.toLowerCase()),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.svm import LinearSVR\nprint(LinearSVR(loss='l1', random_state=0).fit(X, y).loss)",
        after:
          "from sklearn.svm import LinearSVR\nprint(LinearSVR(loss='epsilon_insensitive', random_state=0).fit(X, y).loss)"
      }
    ]
  }),
  ...sklearnParamLiteralRules
];
