import { moduleMoved } from './builders-imports';
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
  ['sklearn.externals.joblib', 'joblib', '0.23', 'vendored', 'dump']
];

const WHY: Record<string, string> = {
  removed: 'was removed',
  private: 'became private',
  vendored: 'vendored copy was removed'
};

/** Module rules: removed, private and vendored module paths. */
export const sklearnModuleRules: IRule[] = MOVED.map(
  ([module, to, since, kind, name]) => {
    const [parent, last] = [
      module.slice(0, module.lastIndexOf('.')),
      module.slice(module.lastIndexOf('.') + 1)
    ];
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
              before: `from ${module} import ${name}\nprint(${name}.__name__)`,
              after: `from ${to} import ${name}\nprint(${name}.__name__)`
            }
          ];
    return moduleMoved({
      id: `sklearn.${last.replace(/_+$/, '').replace(/_/g, '-')}-module`,
      distribution: 'scikit-learn',
      since,
      summary: `\`${module}\` ${WHY[kind]} in scikit-learn ${since}: import from \`${to}\`.`,
      link: sklearnNotes(since),
      raises:
        kind === 'vendored'
          ? {
              ename: 'ImportError',
              message: new RegExp(`cannot import name '${last}'`)
            }
          : {
              ename: 'ModuleNotFoundError',
              message: new RegExp(`No module named '${module}'`)
            },
      module,
      to,
      note:
        module === 'sklearn.cross_validation'
          ? 'KFold and StratifiedKFold changed signature: they take n_splits and split(X, y).'
          : undefined,
      examples
    });
  }
);
