import { defaultChanged } from './builders';
import type { IRule } from './types';
import { IRIS, sklearnInfo as info } from './sklearn-info';

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
      'learning_curve'
    ],
    module: 'sklearn.model_selection',
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
  })
];
