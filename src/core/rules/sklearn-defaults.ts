import type { SyntaxNode } from '@lezer/common';
import {
  callsOf,
  datedBefore,
  defaultChanged,
  defineRule,
  matchAt
} from './builders';
import { spellName } from './bindings';
import {
  appendArgument,
  argsOf,
  calleeOf,
  dottedName,
  resolve
} from './syntax';
import type { IRule, IRuleContext } from './types';
import { IRIS, sklearnInfo as info } from './sklearn-info';

const LINEAR_REGRESSION = 'sklearn.linear_model.LinearRegression';

/**
 * LinearRegression's `tol` (1e-6) is the cutoff of its dense least-squares solve since
 * 1.9: singular values below it, relative to the largest, are dropped, where the solve
 * cut at machine precision before. A well-conditioned fit is the same; an ill-conditioned
 * one (a polynomial of high degree) finds another model. The old cutoff is pinned, also
 * where the call passes `**kwargs` (no notebook of that time set a tol LinearRegression
 * did not have) and in a subclass's `LinearRegression.__init__(self, **kwargs)`.
 */
const linearRegressionTol = defineRule(
  {
    ...info(
      'linear-regression-tol',
      '1.9',
      'LinearRegression cuts its least-squares solve at its tol (1e-6) since 1.9, not at machine precision: an ill-conditioned fit (a polynomial of high degree) finds another model.'
    ),
    kind: 'score-calibration',
    examples: [
      {
        setup:
          'import numpy as np\nrng = np.random.RandomState(1)\nX = rng.random_sample(40)[:, np.newaxis]\ny = 10 - 1. / (X.ravel() + 0.1) + rng.normal(0, 1, 40)',
        before:
          'from sklearn.linear_model import LinearRegression\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\n\ndef PolynomialRegression(degree, **kwargs):\n    return make_pipeline(PolynomialFeatures(degree), LinearRegression(**kwargs))\n\nmodel = PolynomialRegression(30).fit(X, y)\nprint(round(((model.predict(X) - y) ** 2).mean(), 3))',
        after:
          'from sklearn.linear_model import LinearRegression\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\n\ndef PolynomialRegression(degree, **kwargs):\n    return make_pipeline(PolynomialFeatures(degree), LinearRegression(**kwargs, tol=np.finfo(float).eps))\n\nmodel = PolynomialRegression(30).fit(X, y)\nprint(round(((model.predict(X) - y) ** 2).mean(), 3))',
        writtenWith: '3.6.8'
      },
      {
        setup:
          'import numpy as np\nrng = np.random.RandomState(1)\nX = rng.random_sample(40)[:, np.newaxis]\ny = 10 - 1. / (X.ravel() + 0.1) + rng.normal(0, 1, 40)',
        before:
          'from sklearn.linear_model import LinearRegression\n\nclass PolynomialRegression(LinearRegression):\n    def __init__(self, degree=1, **kwargs):\n        self.degree = degree\n        LinearRegression.__init__(self, **kwargs)\n\n    def fit(self, X, y):\n        return LinearRegression.fit(self, X ** (1 + np.arange(self.degree)), y)\n\nmodel = PolynomialRegression(degree=30).fit(X, y)\nprint(round(((model.predict(X ** (1 + np.arange(30))) - y) ** 2).mean(), 3))',
        after:
          'from sklearn.linear_model import LinearRegression\n\nclass PolynomialRegression(LinearRegression):\n    def __init__(self, degree=1, **kwargs):\n        self.degree = degree\n        LinearRegression.__init__(self, **kwargs, tol=np.finfo(float).eps)\n\n    def fit(self, X, y):\n        return LinearRegression.fit(self, X ** (1 + np.arange(self.degree)), y)\n\nmodel = PolynomialRegression(degree=30).fit(X, y)\nprint(round(((model.predict(X ** (1 + np.arange(30))) - y) ** 2).mean(), 3))',
        writtenWith: '3.6.8'
      }
    ]
  },
  context => {
    if (!datedBefore(context, { distribution: 'scikit-learn', since: '1.9' })) {
      return [];
    }
    const calls = [
      ...callsOf(context, {
        callees: ['LinearRegression'],
        module: 'sklearn.linear_model'
      }),
      ...context
        .nodes('CallExpression')
        .filter(call => Private.initOfLinearRegression(context, call))
    ];
    return calls.flatMap(call => {
      if (argsOf(context, call).some(arg => arg.name === 'tol')) {
        return [];
      }
      const finfo = spellName(context, {
        module: 'numpy',
        name: 'finfo',
        alias: 'np'
      });
      const edit = appendArgument(
        context,
        call,
        `tol=${finfo.text}(float).eps`
      );
      return [
        matchAt('sklearn.linear-regression-tol', call, [
          { ...edit, needs: finfo.needs }
        ])
      ];
    });
  },
  ['LinearRegression']
);

/**
 * Defaults scikit-learn changed: the code still runs and prints other numbers. Each rule
 * pins the old default only in notebooks dated before the change (see evidenceOf).
 */
export const sklearnDefaultRules: IRule[] = [
  defaultChanged({
    ...info(
      'forest-n-estimators',
      '0.22',
      'Random forests and extra trees grow 100 trees by default since 0.22, not 10.'
    ),
    callees: [
      'RandomForestClassifier',
      'RandomForestRegressor',
      'ExtraTreesClassifier',
      'ExtraTreesRegressor'
    ],
    module: 'sklearn.ensemble',
    param: 'n_estimators',
    old: '10',
    position: 0,
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.ensemble import RandomForestClassifier\nprint(len(RandomForestClassifier(random_state=0).fit(X, y).estimators_))',
        after:
          'from sklearn.ensemble import RandomForestClassifier\nprint(len(RandomForestClassifier(random_state=0, n_estimators=10).fit(X, y).estimators_))',
        writtenWith: '3.6.8'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'svc-gamma',
      '0.22',
      "SVMs use gamma='scale' by default since 0.22, not 'auto'."
    ),
    callees: ['SVC', 'SVR', 'NuSVC', 'NuSVR', 'OneClassSVM'],
    module: 'sklearn.svm',
    param: 'gamma',
    old: "'auto'",
    // gamma shapes only the rbf, poly and sigmoid kernels.
    unusedWith: { param: 'kernel', values: ['linear', 'precomputed'] },
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.svm import SVC\nprint(SVC().fit(X, y).decision_function(X[:1]).round(3))',
        after:
          "from sklearn.svm import SVC\nprint(SVC(gamma='auto').fit(X, y).decision_function(X[:1]).round(3))",
        writtenWith: '3.6.8'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'calibrated-cv-folds',
      '0.22',
      'CalibratedClassifierCV uses 5 folds by default since 0.22, not 3.'
    ),
    callees: ['CalibratedClassifierCV'],
    module: 'sklearn.calibration',
    param: 'cv',
    old: '3',
    position: 2,
    examples: [
      {
        setup: `${IRIS}\ny = y == 0`,
        before:
          'from sklearn.calibration import CalibratedClassifierCV\nfrom sklearn.naive_bayes import GaussianNB\nprint(len(CalibratedClassifierCV(GaussianNB(), method="sigmoid").fit(X, y).calibrated_classifiers_))',
        after:
          'from sklearn.calibration import CalibratedClassifierCV\nfrom sklearn.naive_bayes import GaussianNB\nprint(len(CalibratedClassifierCV(GaussianNB(), method="sigmoid", cv=3).fit(X, y).calibrated_classifiers_))',
        writtenWith: '3.6.8'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'cv-folds',
      '0.22',
      'Cross-validation uses 5 folds by default since 0.22, not 3.'
    ),
    callees: [
      'cross_val_score',
      'cross_validate',
      'cross_val_predict',
      'GridSearchCV',
      'RandomizedSearchCV',
      'learning_curve',
      // The estimators that search their own folds, which took the same default.
      'LassoCV',
      'ElasticNetCV',
      'LarsCV',
      'LassoLarsCV',
      'OrthogonalMatchingPursuitCV',
      'MultiTaskLassoCV',
      'MultiTaskElasticNetCV',
      'LogisticRegressionCV',
      'RFECV'
    ],
    module: [
      'sklearn.model_selection',
      'sklearn.linear_model',
      'sklearn.feature_selection'
    ],
    param: 'cv',
    old: '3',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.model_selection import cross_val_score\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(cross_val_score(DecisionTreeClassifier(), X, y)))',
        after:
          'from sklearn.model_selection import cross_val_score\nfrom sklearn.tree import DecisionTreeClassifier\nprint(len(cross_val_score(DecisionTreeClassifier(), X, y, cv=3)))',
        writtenWith: '3.6.8'
      },
      {
        setup: IRIS,
        before:
          'from sklearn.linear_model import LassoCV\nprint(LassoCV().fit(X, y).mse_path_.shape)',
        after:
          'from sklearn.linear_model import LassoCV\nprint(LassoCV(cv=3).fit(X, y).mse_path_.shape)',
        writtenWith: '3.6.8'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'kfold-n-splits',
      '0.22',
      'K-fold splitters make 5 folds by default since 0.22, not 3.'
    ),
    callees: ['KFold', 'StratifiedKFold', 'GroupKFold'],
    module: 'sklearn.model_selection',
    param: 'n_splits',
    old: '3',
    position: 0,
    olderWith: ['n_folds', 'n', 'y', 'labels'],
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.model_selection import KFold\nprint([len(test) for _, test in KFold(shuffle=True, random_state=0).split(X)])',
        after:
          'from sklearn.model_selection import KFold\nprint([len(test) for _, test in KFold(shuffle=True, random_state=0, n_splits=3).split(X)])',
        writtenWith: '3.6.8'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'kmeans-n-init',
      '1.4',
      "KMeans runs once by default since 1.4 (n_init='auto'), not 10 times."
    ),
    callees: ['KMeans', 'MiniBatchKMeans'],
    module: 'sklearn.cluster',
    param: 'n_init',
    old: '10',
    examples: [
      {
        setup: 'import numpy as np\nX = np.random.RandomState(0).rand(300, 2)',
        before:
          'from sklearn.cluster import KMeans\nprint(round(KMeans(n_clusters=9, random_state=1).fit(X).inertia_, 4))',
        after:
          'from sklearn.cluster import KMeans\nprint(round(KMeans(n_clusters=9, random_state=1, n_init=10).fit(X).inertia_, 4))',
        writtenWith: '3.9.7'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'linear-svc-dual',
      '1.5',
      "LinearSVC's dual is 'auto' since 1.5, not True."
    ),
    callees: ['LinearSVC', 'LinearSVR'],
    module: 'sklearn.svm',
    param: 'dual',
    old: 'True',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.svm import LinearSVC\nprint(LinearSVC(random_state=0, max_iter=20).fit(X, y).n_iter_)',
        after:
          'from sklearn.svm import LinearSVC\nprint(LinearSVC(random_state=0, max_iter=20, dual=True).fit(X, y).n_iter_)',
        writtenWith: '3.10.4'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'tsne-init',
      '1.2',
      "TSNE starts from PCA by default since 1.2 (init='pca'), not 'random'."
    ),
    callees: ['TSNE'],
    module: 'sklearn.manifold',
    param: 'init',
    old: "'random'",
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.manifold import TSNE\nprint(TSNE(random_state=0, perplexity=5, max_iter=250).fit_transform(X[:30])[0].round(1))',
        after:
          "from sklearn.manifold import TSNE\nprint(TSNE(random_state=0, perplexity=5, max_iter=250, init='random').fit_transform(X[:30])[0].round(1))",
        writtenWith: '3.8.10'
      }
    ]
  }),
  defaultChanged({
    ...info(
      'tsne-learning-rate',
      '1.2',
      "TSNE's learning_rate is 'auto' since 1.2, not 200."
    ),
    callees: ['TSNE'],
    module: 'sklearn.manifold',
    param: 'learning_rate',
    old: '200.0',
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.manifold import TSNE\nprint(TSNE(random_state=0, perplexity=5, max_iter=250, init='random').fit_transform(X[:30])[0].round(1))",
        after:
          "from sklearn.manifold import TSNE\nprint(TSNE(random_state=0, perplexity=5, max_iter=250, init='random', learning_rate=200.0).fit_transform(X[:30])[0].round(1))",
        writtenWith: '3.8.10'
      }
    ]
  }),
  linearRegressionTol
];

namespace Private {
  /** `LinearRegression.__init__(self, ...)`: a subclass's call of its base's constructor. */
  export function initOfLinearRegression(
    context: IRuleContext,
    call: SyntaxNode
  ): boolean {
    const callee = calleeOf(context, call);
    const owner = callee?.node.firstChild;
    const dotted =
      callee?.name === '__init__' && owner ? dottedName(context, owner) : null;
    return !!dotted && resolve(context, dotted) === LINEAR_REGRESSION;
  }
}
