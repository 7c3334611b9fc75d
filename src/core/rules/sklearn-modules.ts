import { aliasReplaced, anyOf } from './builders';
import { moduleMoved, nameMoved } from './builders-imports';
import { SKLEARN_NAMES } from './sklearn-names';
import type { IRule } from './types';

/** scikit-learn's release notes for a minor version, e.g. `0.20`. */
export const sklearnNotes = (minor: string) =>
  `https://scikit-learn.org/stable/whats_new/v${minor}.html`;

/**
 * Modules scikit-learn removed: `[module, new module, since, kind of change, example use]`.
 * The use is what the example imports from the module and prints.
 */
const MOVED: readonly (readonly [string, string, string, string, string])[] = [
  [
    'sklearn.cross_validation',
    'sklearn.model_selection',
    '0.20',
    'removed',
    'train_test_split'
  ],
  [
    'sklearn.grid_search',
    'sklearn.model_selection',
    '0.20',
    'removed',
    'GridSearchCV'
  ],
  [
    'sklearn.learning_curve',
    'sklearn.model_selection',
    '0.20',
    'removed',
    'learning_curve'
  ],
  // Its name in the development versions before 0.22 (permutation_importance).
  [
    'sklearn.model_inspection',
    'sklearn.inspection',
    '0.22',
    'removed',
    'permutation_importance'
  ],
  [
    'sklearn.datasets.samples_generator',
    'sklearn.datasets',
    '0.24',
    'private',
    'make_blobs'
  ],
  [
    'sklearn.metrics.scorer',
    'sklearn.metrics',
    '0.24',
    'private',
    'make_scorer'
  ],
  [
    'sklearn.neighbors.kde',
    'sklearn.neighbors',
    '0.24',
    'private',
    'KernelDensity'
  ],
  [
    'sklearn.ensemble.forest',
    'sklearn.ensemble',
    '0.24',
    'private',
    'RandomForestClassifier'
  ],
  [
    'sklearn.tree.tree',
    'sklearn.tree',
    '0.24',
    'private',
    'DecisionTreeClassifier'
  ],
  [
    'sklearn.linear_model.logistic',
    'sklearn.linear_model',
    '0.24',
    'private',
    'LogisticRegression'
  ],
  [
    'sklearn.linear_model.base',
    'sklearn.linear_model',
    '0.24',
    'private',
    'LinearRegression'
  ],
  [
    'sklearn.preprocessing.data',
    'sklearn.preprocessing',
    '0.24',
    'private',
    'StandardScaler'
  ],
  [
    'sklearn.preprocessing.label',
    'sklearn.preprocessing',
    '0.24',
    'private',
    'LabelEncoder'
  ],
  [
    'sklearn.metrics.classification',
    'sklearn.metrics',
    '0.24',
    'private',
    'accuracy_score'
  ],
  ['sklearn.svm.classes', 'sklearn.svm', '0.24', 'private', 'SVC'],
  ['sklearn.cluster.k_means_', 'sklearn.cluster', '0.24', 'private', 'KMeans'],
  [
    'sklearn.decomposition.pca',
    'sklearn.decomposition',
    '0.24',
    'private',
    'PCA'
  ],
  // sklearn.externals.six: see sklearn-six.ts (its names are in the standard library).
  ['sklearn.externals.joblib', 'joblib', '0.23', 'vendored', 'dump'],
  ...privateModules()
];

/**
 * The other modules 0.22 made private (`sklearn.metrics.regression` is
 * `sklearn.metrics._regression`, its names imported from `sklearn.metrics`), removed in
 * 0.24: `package: [[old module, a name it had], ...]`. Internals (Cython helpers, base
 * classes) are left out: nothing imports them from a public package.
 */
function privateModules(): [string, string, string, string, string][] {
  const packages: Record<string, [string, string][]> = {
    'sklearn.ensemble': [
      ['bagging', 'BaggingClassifier'],
      ['gradient_boosting', 'GradientBoostingClassifier'],
      ['iforest', 'IsolationForest'],
      ['voting', 'VotingClassifier'],
      ['weight_boosting', 'AdaBoostClassifier']
    ],
    'sklearn.tree': [['export', 'export_graphviz']],
    'sklearn.neural_network': [
      ['rbm', 'BernoulliRBM'],
      ['multilayer_perceptron', 'MLPClassifier']
    ],
    'sklearn.cluster': [
      ['affinity_propagation_', 'AffinityPropagation'],
      ['bicluster', 'SpectralBiclustering'],
      ['birch', 'Birch'],
      ['dbscan_', 'DBSCAN'],
      ['hierarchical', 'AgglomerativeClustering'],
      ['mean_shift_', 'MeanShift'],
      ['optics_', 'OPTICS'],
      ['spectral', 'SpectralClustering']
    ],
    'sklearn.mixture': [
      ['gaussian_mixture', 'GaussianMixture'],
      ['bayesian_mixture', 'BayesianGaussianMixture']
    ],
    'sklearn.covariance': [
      ['empirical_covariance_', 'EmpiricalCovariance'],
      ['shrunk_covariance_', 'LedoitWolf'],
      ['robust_covariance', 'MinCovDet'],
      ['graph_lasso_', 'GraphicalLasso'],
      ['elliptic_envelope', 'EllipticEnvelope']
    ],
    'sklearn.cross_decomposition': [
      ['cca_', 'CCA'],
      ['pls_', 'PLSRegression']
    ],
    'sklearn.svm': [['bounds', 'l1_min_c']],
    'sklearn.decomposition': [
      ['dict_learning', 'DictionaryLearning'],
      ['factor_analysis', 'FactorAnalysis'],
      ['fastica_', 'FastICA'],
      ['incremental_pca', 'IncrementalPCA'],
      ['kernel_pca', 'KernelPCA'],
      ['nmf', 'NMF'],
      ['online_lda', 'LatentDirichletAllocation'],
      ['sparse_pca', 'SparsePCA'],
      ['truncated_svd', 'TruncatedSVD']
    ],
    'sklearn.gaussian_process': [
      ['gpr', 'GaussianProcessRegressor'],
      ['gpc', 'GaussianProcessClassifier']
    ],
    'sklearn.datasets': [
      ['base', 'load_iris'],
      ['california_housing', 'fetch_california_housing'],
      ['covtype', 'fetch_covtype'],
      ['kddcup99', 'fetch_kddcup99'],
      ['lfw', 'fetch_lfw_people'],
      ['olivetti_faces', 'fetch_olivetti_faces'],
      ['openml', 'fetch_openml'],
      ['rcv1', 'fetch_rcv1'],
      ['species_distributions', 'fetch_species_distributions'],
      ['svmlight_format', 'load_svmlight_file'],
      ['twenty_newsgroups', 'fetch_20newsgroups']
    ],
    'sklearn.feature_extraction': [
      ['dict_vectorizer', 'DictVectorizer'],
      ['hashing', 'FeatureHasher']
    ],
    'sklearn.feature_extraction.text': [['stop_words', 'ENGLISH_STOP_WORDS']],
    'sklearn.linear_model': [
      ['bayes', 'BayesianRidge'],
      ['coordinate_descent', 'Lasso'],
      ['huber', 'HuberRegressor'],
      ['least_angle', 'LassoLarsCV'],
      ['omp', 'OrthogonalMatchingPursuit'],
      ['passive_aggressive', 'PassiveAggressiveClassifier'],
      ['perceptron', 'Perceptron'],
      ['ransac', 'RANSACRegressor'],
      ['ridge', 'Ridge'],
      ['stochastic_gradient', 'SGDClassifier'],
      ['theil_sen', 'TheilSenRegressor']
    ],
    // The cluster metrics are imported from sklearn.metrics (sklearn.metrics.cluster
    // lists only a few of them as its own).
    'sklearn.metrics': [
      ['regression', 'mean_squared_error'],
      ['ranking', 'roc_curve'],
      ['cluster.bicluster', 'consensus_score'],
      ['cluster.supervised', 'adjusted_rand_score'],
      ['cluster.unsupervised', 'silhouette_score']
    ],
    'sklearn.neighbors': [
      ['ball_tree', 'BallTree'],
      ['classification', 'KNeighborsClassifier'],
      ['graph', 'kneighbors_graph'],
      ['kd_tree', 'KDTree'],
      ['lof', 'LocalOutlierFactor'],
      ['nca', 'NeighborhoodComponentsAnalysis'],
      ['nearest_centroid', 'NearestCentroid'],
      ['regression', 'KNeighborsRegressor'],
      ['unsupervised', 'NearestNeighbors']
    ],
    'sklearn.manifold': [
      ['isomap', 'Isomap'],
      ['locally_linear', 'LocallyLinearEmbedding'],
      ['mds', 'MDS'],
      ['spectral_embedding_', 'SpectralEmbedding'],
      ['t_sne', 'TSNE']
    ],
    'sklearn.semi_supervised': [['label_propagation', 'LabelPropagation']],
    'sklearn.feature_selection': [
      ['from_model', 'SelectFromModel'],
      ['mutual_info', 'mutual_info_regression'],
      ['rfe', 'RFE'],
      ['univariate_selection', 'SelectKBest'],
      ['variance_threshold', 'VarianceThreshold']
    ]
  };
  // A stop-word list lives in the text module, beside the vectorizers that use it.
  const parentOf = (to: string) =>
    to === 'sklearn.feature_extraction.text'
      ? 'sklearn.feature_extraction'
      : to;
  return Object.entries(packages).flatMap(([to, modules]) =>
    modules.map(([leaf, name]): [string, string, string, string, string] => [
      `${parentOf(to)}.${leaf}`,
      to,
      '0.24',
      'private',
      name
    ])
  );
}

/**
 * Functions scikit-learn renamed, the old name then removed: `[modules that had it, old
 * name, new name, since, example call]`. The example call is what the example prints
 * (of the toy `X`, `labels` its setup makes).
 */
const RENAMED: readonly (readonly [
  readonly string[],
  string,
  string,
  string,
  string
])[] = [
  // A misspelling of Calinski-Harabasz, renamed in 0.20 and removed in 0.23.
  [
    ['sklearn.metrics', 'sklearn.metrics.cluster'],
    'calinski_harabaz_score',
    'calinski_harabasz_score',
    '0.23',
    '(X, labels)'
  ]
];

/** A toy clustering for the examples: two blobs of points and their labels. */
const BLOBS =
  'X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [5.0, 5.0], [5.0, 6.0], [6.0, 5.0]]\nlabels = [0, 0, 0, 1, 1, 1]';

/**
 * A renamed function in every form: imported by name (its uses renamed too), and an
 * attribute of its module however the notebook names it (`metrics.x`, `sklearn.metrics.x`).
 */
function renamed(
  modules: readonly string[],
  name: string,
  to: string,
  since: string,
  call: string
): IRule {
  const [module] = modules;
  const dot = module.lastIndexOf('.');
  // The module imported by name (`from sklearn import metrics`), used through it.
  const [parent, last] = [module.slice(0, dot), module.slice(dot + 1)];
  const printed = (code: string) => `print(round(${code}${call}, 3))`;
  const info = {
    id: `sklearn.${name.replace(/_/g, '-')}`,
    distribution: 'scikit-learn',
    since,
    summary: `\`${name}\` was removed in scikit-learn ${since}: it is \`${to}\`.`,
    link: sklearnNotes(since),
    targets: modules.map(from => `${from}.${to}`),
    raises: {
      ename: ['ImportError', 'AttributeError'],
      message: new RegExp(
        `cannot import name '${name}'|has no attribute '${name}'`
      )
    },
    examples: [
      {
        setup: BLOBS,
        before: `from ${module} import ${name}\n${printed(name)}`,
        after: `from ${module} import ${to}\n${printed(to)}`
      },
      {
        setup: BLOBS,
        before: `from ${parent} import ${last}\n${printed(`${last}.${name}`)}`,
        after: `from ${parent} import ${last}\n${printed(`${last}.${to}`)}`
      }
    ]
  };
  // The module stays: a use through it keeps the module as the cell spells it.
  return anyOf(info, [
    ...modules.map(from =>
      aliasReplaced({ ...info, module: from, name, to: `$.${to}` })
    ),
    ...modules.map(from =>
      nameMoved({ ...info, module: from, name, to: from, toName: to })
    )
  ]);
}

const WHY: Record<string, string> = {
  removed: 'was removed',
  private: 'became private',
  vendored: 'vendored copy was removed'
};

namespace Private {
  const taken = new Set<string>();

  /** The names a public module has, or undefined when the list does not know it. */
  export function exportedBy(
    module: string
  ): ((name: string) => boolean) | undefined {
    const names = SKLEARN_NAMES[module];
    if (names === undefined) {
      return undefined;
    }
    const known = new Set(names.split(' '));
    return name => known.has(name);
  }

  /**
   * `sklearn.<module>-module` (`sklearn.forest-module`); a name two packages share
   * (`metrics.regression`, `neighbors.regression`) is the whole path for the second
   * (`sklearn.neighbors-regression-module`).
   */
  export function ruleId(module: string): string {
    const parts = module
      .split('.')
      .map(part => part.replace(/_+$/, '').replace(/_/g, '-'));
    let id = `sklearn.${parts[parts.length - 1]}-module`;
    if (taken.has(id)) {
      id = `sklearn.${parts.slice(1).join('-')}-module`;
    }
    taken.add(id);
    return id;
  }
}

/** Module rules: removed, private and vendored module paths, and renamed functions. */
export const sklearnModuleRules: IRule[] = [
  ...MOVED.map(([module, to, since, kind, name]) => {
    const [parent, last] = [
      module.slice(0, module.lastIndexOf('.')),
      module.slice(module.lastIndexOf('.') + 1)
    ];
    // A constant has no __name__ to print: its length will do.
    const shown = /^[A-Z]+(_[A-Z]+)+$/.test(name)
      ? `len(${name})`
      : `${name}.__name__`;
    const examples =
      kind === 'vendored'
        ? [
            {
              before: `from ${parent} import ${last}\nprint(callable(${last}.${name}) or ${last}.${name})`,
              after: `import ${to}\nprint(callable(${last}.${name}) or ${last}.${name})`
            }
          ]
        : [
            {
              before: `from ${module} import ${name}\nprint(${shown})`,
              after: `from ${to} import ${name}\nprint(${shown})`
            }
          ];
    return moduleMoved({
      id: Private.ruleId(module),
      distribution: 'scikit-learn',
      since,
      summary: `\`${module}\` ${WHY[kind]} in scikit-learn ${since}: import from \`${to}\`.`,
      link: sklearnNotes(since),
      raises:
        kind === 'vendored'
          ? {
              // `from sklearn.externals import joblib`, `from sklearn.externals.joblib import dump`
              ename: ['ImportError', 'ModuleNotFoundError'],
              message: new RegExp(
                `cannot import name '${last}'|No module named '${module.replace(/\./g, '\\.')}'`
              )
            }
          : {
              ename: 'ModuleNotFoundError',
              message: new RegExp(`No module named '${module}'`)
            },
      module,
      to,
      exports: kind === 'private' ? Private.exportedBy(to) : undefined,
      note:
        module === 'sklearn.cross_validation'
          ? 'KFold and StratifiedKFold changed signature: they take n_splits and split(X, y).'
          : undefined,
      examples
    });
  }),
  ...RENAMED.map(([modules, name, to, since, call]) =>
    renamed(modules, name, to, since, call)
  )
];
