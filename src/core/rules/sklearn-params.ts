import {
  callsOf,
  defineRule,
  keywordRenamed,
  keywordReplaced,
  matchAt,
  valueRenamed
} from './builders';
import { argsOf, removeArgument } from './syntax';
import { sklearnParamValueRules } from './sklearn-param-values';
import { sklearnTextRules } from './sklearn-text';
import type { IRule, IRuleContext } from './types';
import {
  sklearnInfo as info,
  invalidParameter as invalid,
  valueTable as table,
  IRIS,
  unknownParameter,
  unexpected
} from './sklearn-info';

const SGD = [
  'SGDClassifier',
  'SGDRegressor',
  'Perceptron',
  'PassiveAggressiveClassifier',
  'PassiveAggressiveRegressor'
];
const ENSEMBLES = [
  'BaggingClassifier',
  'BaggingRegressor',
  'AdaBoostClassifier',
  'AdaBoostRegressor',
  'CalibratedClassifierCV'
];
const TREES = [
  'DecisionTreeRegressor',
  'ExtraTreeRegressor',
  'RandomForestRegressor',
  'ExtraTreesRegressor'
];
// The linear models that chose alpha along a path of n_alphas values.
const CV_PATHS = [
  'LassoCV',
  'ElasticNetCV',
  'MultiTaskLassoCV',
  'MultiTaskElasticNetCV'
];
/** Data for the CV models' examples. */
const PATH_DATA =
  'import numpy as np\nX = np.random.RandomState(0).rand(30, 3)\ny = X @ [1.0, 2.0, 0.0]';

/** Whether a call's argument is `alphas=None`: the grid the data gives. */
function alphasNone(
  context: IRuleContext,
  arg: { name?: string; valueFrom: number; valueTo: number }
): boolean {
  return (
    arg.name === 'alphas' &&
    context.source.slice(arg.valueFrom, arg.valueTo) === 'None'
  );
}

/**
 * `LassoCV(n_alphas=20)`: the number of alphas is `alphas=20` since 1.9; where the call
 * also lists its alphas, n_alphas was ignored and goes.
 */
const nAlphas = defineRule(
  {
    ...info(
      'n-alphas',
      '1.9',
      '`n_alphas` was removed in 1.9: the number of alphas is `alphas=n`.'
    ),
    needs: ['n_alphas'],
    raises: unexpected('n_alphas'),
    targets: CV_PATHS.map(name => `sklearn.linear_model.${name}(alphas=)`),
    examples: [
      {
        setup: PATH_DATA,
        before:
          'from sklearn.linear_model import LassoCV\nprint(len(LassoCV(n_alphas=20, cv=3).fit(X, y).alphas_))',
        after:
          'from sklearn.linear_model import LassoCV\nprint(len(LassoCV(alphas=20, cv=3).fit(X, y).alphas_))'
      }
    ]
  },
  context =>
    callsOf(context, { callees: CV_PATHS, module: 'sklearn' }).flatMap(call => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'n_alphas');
      if (index < 0) {
        return [];
      }
      const arg = args[index];
      // `alphas=None` asked for the grid of n_alphas (its own rule drops it).
      const listed = args.some(
        a => (a.name === 'alphas' && !alphasNone(context, a)) || a.star === '**'
      );
      const edits = listed
        ? [removeArgument(context, call, index)]
        : [
            {
              from: arg.from,
              to: arg.from + 'n_alphas'.length,
              insert: 'alphas'
            }
          ];
      return [matchAt('sklearn.n-alphas', arg, edits)];
    })
);

/**
 * `LassoCV(alphas=None)`: None, the grid of `n_alphas` alphas the data gives, is no
 * alpha list in 1.9, where that grid is `alphas=100`, the default: the argument goes.
 */
const dropAlphasNone = defineRule(
  {
    ...info(
      'alphas-none',
      '1.9',
      '`alphas=None` (the grid the data gives) is refused in 1.9, where that grid is the default `alphas=100`: the argument goes.'
    ),
    needs: ['alphas'],
    raises: {
      ename: 'InvalidParameterError',
      message: /'alphas' parameter of \w+ must be .*Got None/
    },
    examples: [
      {
        setup: PATH_DATA,
        before:
          'from sklearn.linear_model import LassoCV\nprint(len(LassoCV(alphas=None, cv=3).fit(X, y).alphas_))',
        after:
          'from sklearn.linear_model import LassoCV\nprint(len(LassoCV(cv=3).fit(X, y).alphas_))'
      },
      {
        setup: PATH_DATA,
        before:
          'from sklearn import linear_model\nm = linear_model.ElasticNetCV(l1_ratio=0.5, alphas=None, cv=3)\nprint(len(m.fit(X, y).alphas_))',
        after:
          'from sklearn import linear_model\nm = linear_model.ElasticNetCV(l1_ratio=0.5, cv=3)\nprint(len(m.fit(X, y).alphas_))'
      }
    ]
  },
  context =>
    callsOf(context, { callees: CV_PATHS, module: 'sklearn' }).flatMap(call => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => alphasNone(context, arg));
      return index < 0
        ? []
        : [
            matchAt('sklearn.alphas-none', args[index], [
              removeArgument(context, call, index)
            ])
          ];
    })
);

/** Estimator parameters scikit-learn renamed or removed. */
export const sklearnParamRules: IRule[] = [
  keywordRenamed({
    ...info(
      'sgd-n-iter',
      '0.21',
      '`n_iter` is `max_iter` in SGD estimators since 0.21.'
    ),
    raises: unknownParameter('n_iter'),
    callees: SGD,
    keyword: 'n_iter',
    parameterKeys: true,
    to: 'max_iter',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.linear_model import SGDClassifier\nprint(SGDClassifier(n_iter=5, tol=None, random_state=0).fit(X, y).n_iter_)',
        after:
          'from sklearn.linear_model import SGDClassifier\nprint(SGDClassifier(max_iter=5, tol=None, random_state=0).fit(X, y).n_iter_)'
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'gmm-n-iter',
      '0.20',
      '`GMM(n_iter=)` is `GaussianMixture(max_iter=)` since 0.20.'
    ),
    raises: unexpected('n_iter'),
    callees: ['GaussianMixture', 'GMM'],
    keyword: 'n_iter',
    to: 'max_iter',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.mixture import GaussianMixture\nprint(GaussianMixture(2, n_iter=50, random_state=0).fit(X).max_iter)',
        after:
          'from sklearn.mixture import GaussianMixture\nprint(GaussianMixture(2, max_iter=50, random_state=0).fit(X).max_iter)'
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'ridge-cv-store',
      '1.7',
      '`RidgeCV(store_cv_values=)` is `store_cv_results=` since 1.5 (the old name was removed in 1.7), and its `cv_values_` is `cv_results_`.'
    ),
    raises: unexpected('store_cv_values'),
    callees: ['RidgeCV', 'RidgeClassifierCV'],
    keyword: 'store_cv_values',
    to: 'store_cv_results',
    examples: [
      {
        setup:
          'from sklearn.datasets import load_diabetes\nX, y = load_diabetes(return_X_y=True)',
        before:
          'from sklearn.linear_model import RidgeCV\nridge = RidgeCV(alphas=[0.1, 1.0, 10.0], store_cv_values=True).fit(X, y)\nprint(ridge.alpha_)',
        after:
          'from sklearn.linear_model import RidgeCV\nridge = RidgeCV(alphas=[0.1, 1.0, 10.0], store_cv_results=True).fit(X, y)\nprint(ridge.alpha_)'
      }
    ]
  }),
  keywordRenamed({
    ...info('tsne-n-iter', '1.7', '`TSNE(n_iter=)` is `max_iter=` since 1.7.'),
    raises: unexpected('n_iter'),
    callees: ['TSNE'],
    keyword: 'n_iter',
    to: 'max_iter',
    examples: [
      {
        before:
          'from sklearn.manifold import TSNE\nprint(TSNE(n_iter=300).max_iter)',
        after:
          'from sklearn.manifold import TSNE\nprint(TSNE(max_iter=300).max_iter)'
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'n-folds',
      '0.20',
      '`n_folds` is `n_splits` in KFold and StratifiedKFold since 0.20.'
    ),
    raises: unexpected('n_folds'),
    callees: ['KFold', 'StratifiedKFold', 'GroupKFold'],
    keyword: 'n_folds',
    to: 'n_splits',
    examples: [
      {
        before:
          'from sklearn.model_selection import KFold\nprint(KFold(n_folds=4).get_n_splits())',
        after:
          'from sklearn.model_selection import KFold\nprint(KFold(n_splits=4).get_n_splits())'
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'splitter-n-iter',
      '0.20',
      '`n_iter` is `n_splits` in ShuffleSplit, StratifiedShuffleSplit and GroupShuffleSplit since 0.20.'
    ),
    raises: unexpected('n_iter'),
    callees: ['ShuffleSplit', 'StratifiedShuffleSplit', 'GroupShuffleSplit'],
    module: 'sklearn',
    keyword: 'n_iter',
    to: 'n_splits',
    examples: [
      {
        before:
          'from sklearn.model_selection import ShuffleSplit\nprint(ShuffleSplit(test_size=0.5, n_iter=4).get_n_splits())',
        after:
          'from sklearn.model_selection import ShuffleSplit\nprint(ShuffleSplit(test_size=0.5, n_splits=4).get_n_splits())'
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'base-estimator',
      '1.4',
      '`base_estimator` is `estimator` in ensembles since 1.4.'
    ),
    raises: unknownParameter('base_estimator'),
    callees: ENSEMBLES,
    keyword: 'base_estimator',
    parameterKeys: true,
    to: 'estimator',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.ensemble import BaggingClassifier\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(BaggingClassifier(base_estimator=DecisionTreeClassifier(), n_estimators=3).fit(X, y).estimators_))',
        after:
          'from sklearn.ensemble import BaggingClassifier\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(BaggingClassifier(estimator=DecisionTreeClassifier(), n_estimators=3).fit(X, y).estimators_))'
      },
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import BaggingClassifier\nfrom sklearn.neighbors import KNeighborsClassifier\nfrom sklearn.model_selection import GridSearchCV\ngrid = {'base_estimator__n_neighbors': [3, 5]}\nsearch = GridSearchCV(BaggingClassifier(KNeighborsClassifier(), n_estimators=3, random_state=0), grid, cv=3)\nprint(search.fit(X, y).best_score_ > 0.8)\nbag = BaggingClassifier(**{'base_estimator': KNeighborsClassifier(), 'n_estimators': 3})\nprint(len(bag.fit(X, y).estimators_))",
        after:
          "from sklearn.ensemble import BaggingClassifier\nfrom sklearn.neighbors import KNeighborsClassifier\nfrom sklearn.model_selection import GridSearchCV\ngrid = {'estimator__n_neighbors': [3, 5]}\nsearch = GridSearchCV(BaggingClassifier(KNeighborsClassifier(), n_estimators=3, random_state=0), grid, cv=3)\nprint(search.fit(X, y).best_score_ > 0.8)\nbag = BaggingClassifier(**{'estimator': KNeighborsClassifier(), 'n_estimators': 3})\nprint(len(bag.fit(X, y).estimators_))"
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'affinity',
      '1.4',
      '`affinity` is `metric` in AgglomerativeClustering since 1.4.'
    ),
    raises: unknownParameter('affinity'),
    callees: ['AgglomerativeClustering', 'FeatureAgglomeration'],
    keyword: 'affinity',
    parameterKeys: true,
    to: 'metric',
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.cluster import AgglomerativeClustering\nprint(AgglomerativeClustering(n_clusters=3, affinity='manhattan', linkage='average').fit(X).n_clusters_)",
        after:
          "from sklearn.cluster import AgglomerativeClustering\nprint(AgglomerativeClustering(n_clusters=3, metric='manhattan', linkage='average').fit(X).n_clusters_)"
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'one-hot-sparse',
      '1.4',
      '`OneHotEncoder(sparse=)` is `sparse_output=` since 1.4.'
    ),
    raises: unexpected('sparse'),
    callees: ['OneHotEncoder'],
    keyword: 'sparse',
    to: 'sparse_output',
    examples: [
      {
        before:
          "from sklearn.preprocessing import OneHotEncoder\nprint(OneHotEncoder(sparse=False).fit_transform([['a'], ['b']]).shape)",
        after:
          "from sklearn.preprocessing import OneHotEncoder\nprint(OneHotEncoder(sparse_output=False).fit_transform([['a'], ['b']]).shape)"
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'fit-params',
      '1.6',
      '`cross_val_score(fit_params=)` is `params=` since 1.6.'
    ),
    raises: unexpected('fit_params'),
    callees: ['cross_val_score', 'cross_validate', 'cross_val_predict'],
    keyword: 'fit_params',
    to: 'params',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.model_selection import cross_val_score\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=3, fit_params={})))',
        after:
          'from sklearn.model_selection import cross_val_score\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=3, params={})))'
      }
    ]
  }),
  valueRenamed({
    ...info(
      'criterion-mse',
      '1.2',
      "Regression criteria 'mse' and 'mae' are 'squared_error' and 'absolute_error' since 1.2."
    ),
    raises: invalid('criterion'),
    callees: TREES,
    keyword: 'criterion',
    rename: table({ mse: 'squared_error', mae: 'absolute_error' }),
    grids: true,
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.tree import DecisionTreeRegressor\nprint(DecisionTreeRegressor(criterion='mse', max_depth=2).fit(X, y).get_depth())",
        after:
          "from sklearn.tree import DecisionTreeRegressor\nprint(DecisionTreeRegressor(criterion='squared_error', max_depth=2).fit(X, y).get_depth())"
      },
      {
        setup: `${IRIS}\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeRegressor`,
        before:
          "models = {'tree': {'model': DecisionTreeRegressor(max_depth=2, random_state=0), 'grid': {'criterion': ['mse', 'mae']}}}\nsearch = GridSearchCV(models['tree']['model'], models['tree']['grid'], cv=3).fit(X, y)\nprint(search.best_params_)",
        after:
          "models = {'tree': {'model': DecisionTreeRegressor(max_depth=2, random_state=0), 'grid': {'criterion': ['squared_error', 'absolute_error']}}}\nsearch = GridSearchCV(models['tree']['model'], models['tree']['grid'], cv=3).fit(X, y)\nprint(search.best_params_)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'scoring-names',
      '0.20',
      "Error scorers are negated: 'mean_squared_error' is 'neg_mean_squared_error' since 0.20."
    ),
    raises: invalid('scoring'),
    keyword: 'scoring',
    rename: value =>
      /^(mean_squared_error|mean_absolute_error|median_absolute_error|log_loss|mean_squared_log_error|root_mean_squared_error)$/.test(
        value
      )
        ? `neg_${value}`
        : null,
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.model_selection import cross_val_score\nfrom sklearn.linear_model import LinearRegression\nprint(cross_val_score(LinearRegression(), X, y, cv=3, scoring='mean_squared_error').round(3))",
        after:
          "from sklearn.model_selection import cross_val_score\nfrom sklearn.linear_model import LinearRegression\nprint(cross_val_score(LinearRegression(), X, y, cv=3, scoring='neg_mean_squared_error').round(3))"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'sgd-log-loss',
      '1.3',
      "`SGDClassifier(loss='log')` is `loss='log_loss'` since 1.3."
    ),
    raises: invalid('loss'),
    callees: ['SGDClassifier'],
    keyword: 'loss',
    rename: table({ log: 'log_loss' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.linear_model import SGDClassifier\nprint(SGDClassifier(loss='log', random_state=0).fit(X, y).loss)",
        after:
          "from sklearn.linear_model import SGDClassifier\nprint(SGDClassifier(loss='log_loss', random_state=0).fit(X, y).loss)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'penalty-case',
      '0.16',
      "Penalties are spelled in lower case: `penalty='L1'` is `penalty='l1'` (liblinear once took either)."
    ),
    raises: invalid('penalty'),
    callees: ['LogisticRegression', 'LinearSVC'],
    keyword: 'penalty',
    rename: table({ L1: 'l1', L2: 'l2' }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(penalty='L1', solver='liblinear').fit(X[y < 2], y[y < 2]).penalty)",
        after:
          "from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(penalty='l1', solver='liblinear').fit(X[y < 2], y[y < 2]).penalty)"
      }
    ]
  }),
  valueRenamed({
    ...info(
      'gradient-boosting-loss',
      '1.3',
      "Gradient boosting losses 'ls', 'lad', 'deviance' are 'squared_error', 'absolute_error', 'log_loss'."
    ),
    raises: invalid('loss'),
    callees: ['GradientBoostingRegressor', 'GradientBoostingClassifier'],
    keyword: 'loss',
    rename: table({
      ls: 'squared_error',
      lad: 'absolute_error',
      deviance: 'log_loss'
    }),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.ensemble import GradientBoostingRegressor\nprint(GradientBoostingRegressor(loss='ls', n_estimators=5, random_state=0).fit(X, y).n_estimators_)",
        after:
          "from sklearn.ensemble import GradientBoostingRegressor\nprint(GradientBoostingRegressor(loss='squared_error', n_estimators=5, random_state=0).fit(X, y).n_estimators_)"
      }
    ]
  }),
  keywordReplaced({
    ...info(
      'penalty-none',
      '1.4',
      "`penalty='none'` is `penalty=None` since 1.4."
    ),
    raises: invalid('penalty'),
    callees: ['LogisticRegression', 'SGDClassifier', 'Perceptron'],
    keyword: 'penalty',
    replace: value => (/^['"]none['"]$/.test(value) ? 'penalty=None' : null),
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(penalty='none', max_iter=50).fit(X, y).penalty)",
        after:
          'from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(penalty=None, max_iter=50).fit(X, y).penalty)'
      }
    ]
  }),
  nAlphas,
  dropAlphasNone,
  ...sklearnParamValueRules,
  ...sklearnTextRules
];
