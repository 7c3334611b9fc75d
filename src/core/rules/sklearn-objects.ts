import {
  aliasReplaced,
  anyOf,
  attributeRenamed,
  defineRule,
  matchAt
} from './builders';
import { spellName } from './bindings';
import { onReceiver } from './receivers';
import { argsOf, spellModule, textOf, wrapIn } from './syntax';
import { nameMoved, nameRemoved } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import type { IRule } from './types';
import { IRIS, cannotImport } from './sklearn-info';

const noAttribute = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});

/** A metrics plotting function replaced by a Display class method (scikit-learn 1.2). */
function displayMethod(name: string, display: string): IRule {
  const info = {
    id: `sklearn.${name.replace(/_/g, '-')}`,
    distribution: 'scikit-learn',
    since: '1.2',
    summary: `\`${name}\` was removed in scikit-learn 1.2: use \`${display}.from_estimator\`.`,
    link: sklearnNotes('1.2'),
    raises: cannotImport(name),
    examples: [
      {
        setup: `${IRIS}\nfrom sklearn.linear_model import LogisticRegression\nmodel = LogisticRegression(max_iter=500).fit(X, y == 1)`,
        before: `from sklearn.metrics import ${name}\nprint(type(${name}(model, X, y == 1)).__name__)`,
        after: `from sklearn.metrics import ${display}\nprint(type(${display}.from_estimator(model, X, y == 1)).__name__)`
      }
    ]
  };
  return anyOf(info, [
    nameMoved({
      ...info,
      module: 'sklearn.metrics',
      name,
      to: 'sklearn.metrics',
      toName: display,
      useAs: `${display}.from_estimator`
    }),
    aliasReplaced({
      ...info,
      module: 'sklearn.metrics',
      name,
      to: `$.${display}.from_estimator`
    })
  ]);
}

/**
 * `search.grid_scores_` (a list of `(parameters, mean score, fold scores)`) rebuilt from
 * `cv_results_`, so that `for params, mean, scores in search.grid_scores_:` and `len()` of
 * it still work.
 */
const gridScores = defineRule(
  {
    id: 'sklearn.grid-scores',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      '`grid_scores_` was removed in 0.20: the same tuples come from `cv_results_`.',
    link: sklearnNotes('0.20'),
    raises: noAttribute('grid_scores_'),
    examples: [
      {
        setup: `${IRIS}\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3).fit(X, y)`,
        before:
          'for params, mean, scores in search.grid_scores_:\n    print(params, round(mean, 3), len(scores))',
        after:
          "import numpy as np\nfor params, mean, scores in zip(search.cv_results_['params'], search.cv_results_['mean_test_score'], np.column_stack([search.cv_results_[f'split{k}_test_score'] for k in range(search.n_splits_)])):\n    print(params, round(mean, 3), len(scores))"
      },
      {
        setup: `${IRIS}\nimport numpy as np\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3).fit(X, y)`,
        before:
          'best = sorted(search.grid_scores_, key=lambda s: s.mean_validation_score)[-1]\nprint(best.parameters, round(best[1], 3))',
        after:
          "from collections import namedtuple\nbest = sorted([namedtuple('CVScoreTuple', 'parameters mean_validation_score cv_validation_scores')(*t) for t in zip(search.cv_results_['params'], search.cv_results_['mean_test_score'], np.column_stack([search.cv_results_[f'split{k}_test_score'] for k in range(search.n_splits_)]))], key=lambda s: s.mean_validation_score)[-1]\nprint(best.parameters, round(best[1], 3))"
      }
    ]
  },
  context =>
    context
      .nodes('PropertyName')
      .filter(property => textOf(context, property) === 'grid_scores_')
      .map(property => {
        const member = property.parent!;
        const search = textOf(context, member.firstChild!);
        const np = spellModule(context, 'numpy', 'np');
        const results = `${search}.cv_results_`;
        const folds = `${np.name}.column_stack([${results}[f'split{k}_test_score'] for k in range(${search}.n_splits_)])`;
        const tuples = `zip(${results}['params'], ${results}['mean_test_score'], ${folds})`;
        // A loop that unpacks each tuple only needs the zip; any other use (len, indexing,
        // `.mean_validation_score`, a helper given the list) gets the old named tuples.
        const loop = member.parent;
        const unpacked =
          loop?.name === 'ForStatement' &&
          (loop.getChild('in')?.to ?? Infinity) <= member.from &&
          loop.firstChild?.nextSibling?.nextSibling?.name === ',';
        const named = spellName(context, {
          module: 'collections',
          name: 'namedtuple'
        });
        const insert = unpacked
          ? tuples
          : `[${named.text}('CVScoreTuple', 'parameters mean_validation_score cv_validation_scores')(*t) for t in ${tuples}]`;
        return matchAt('sklearn.grid-scores', member, [
          ...np.edits,
          {
            from: member.from,
            to: member.to,
            insert,
            needs: unpacked ? [] : named.needs
          }
        ]);
      }),
  ['grid_scores_']
);

/**
 * `vars(score)` of one of grid_scores_' tuples: old Python's named tuples had a `__dict__`,
 * today's have `_asdict()`. Only on the tuples the grid_scores_ rewrite makes (the kernel
 * is asked the object's type).
 */
const scoreTupleVars = defineRule(
  {
    id: 'sklearn.grid-scores-vars',
    needs: ['vars('],
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "A grid_scores_ tuple's fields are `._asdict()` (named tuples lost `__dict__`).",
    link: sklearnNotes('0.20'),
    raises: {
      ename: 'TypeError',
      message: /vars\(\) argument must have __dict__ attribute/
    },
    examples: [
      {
        setup:
          "from collections import namedtuple\nscore = namedtuple('CVScoreTuple', 'parameters mean_validation_score cv_validation_scores')({'C': 1}, 0.9, [0.9])",
        before: "print(dict(vars(score))['parameters'])",
        after: "print(dict(score._asdict())['parameters'])",
        answer: 'CVScoreTuple'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = call.firstChild;
      const args = argsOf(context, call);
      if (
        callee?.name !== 'VariableName' ||
        textOf(context, callee) !== 'vars' ||
        args.length !== 1 ||
        args[0].name ||
        args[0].star
      ) {
        return [];
      }
      const owner = args[0].value;
      return onReceiver(context, 'sklearn.grid-scores-vars', {
        node: call,
        owner,
        types: ['CVScoreTuple'],
        edits: [
          {
            from: call.from,
            to: call.to,
            insert: `${textOf(context, owner)}._asdict()`
          }
        ]
      });
    })
);

/** `SCORERS` (a dict of scorers by name) became `get_scorer_names()`, in both forms. */
function scorers(): IRule {
  const info = {
    id: 'sklearn.scorers',
    distribution: 'scikit-learn',
    since: '1.3',
    summary:
      '`sklearn.metrics.SCORERS` was removed in 1.3: use `get_scorer_names()`.',
    link: sklearnNotes('1.3'),
    raises: noAttribute('SCORERS'),
    examples: [
      {
        before:
          "from sklearn import metrics\nprint('accuracy' in metrics.SCORERS)",
        after:
          "from sklearn import metrics\nprint('accuracy' in metrics.get_scorer_names())"
      }
    ]
  };
  return anyOf(info, [
    aliasReplaced({
      ...info,
      module: 'sklearn.metrics',
      name: 'SCORERS',
      to: '$.get_scorer_names()'
    }),
    nameMoved({
      ...info,
      module: 'sklearn.metrics',
      name: 'SCORERS',
      to: 'sklearn.metrics',
      toName: 'get_scorer_names',
      useAs: 'get_scorer_names()'
    })
  ]);
}

/** Removed scikit-learn estimators, functions, datasets and attributes. */
export const sklearnObjectRules: IRule[] = [
  nameMoved({
    id: 'sklearn.imputer',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      '`sklearn.preprocessing.Imputer` was removed in 0.22: use `sklearn.impute.SimpleImputer`.',
    link: sklearnNotes('0.22'),
    raises: cannotImport('Imputer'),
    module: 'sklearn.preprocessing',
    name: 'Imputer',
    to: 'sklearn.impute',
    toName: 'SimpleImputer',
    note: 'SimpleImputer has no axis= (it imputes columns) and takes missing_values=np.nan.',
    examples: [
      {
        before:
          "from sklearn.preprocessing import Imputer\nprint(Imputer(strategy='mean').fit_transform([[1.0], [float('nan')], [3.0]]).ravel())",
        after:
          "from sklearn.impute import SimpleImputer\nprint(SimpleImputer(strategy='mean').fit_transform([[1.0], [float('nan')], [3.0]]).ravel())"
      }
    ]
  }),
  nameMoved({
    id: 'sklearn.gmm',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      '`sklearn.mixture.GMM` was removed in 0.20: use `GaussianMixture`.',
    link: sklearnNotes('0.20'),
    raises: cannotImport('GMM'),
    module: 'sklearn.mixture',
    name: 'GMM',
    to: 'sklearn.mixture',
    toName: 'GaussianMixture',
    note: 'GaussianMixture names n_iter max_iter and covariance_type values are the same.',
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.mixture import GMM\nprint(GMM(n_components=2, random_state=0).fit(X).means_.shape)',
        after:
          'from sklearn.mixture import GaussianMixture\nprint(GaussianMixture(n_components=2, random_state=0).fit(X).means_.shape)'
      }
    ]
  }),
  nameMoved({
    id: 'sklearn.randomized-pca',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "`RandomizedPCA` was removed in 0.20: use `PCA(svd_solver='randomized')`.",
    link: sklearnNotes('0.20'),
    raises: cannotImport('RandomizedPCA'),
    module: 'sklearn.decomposition',
    name: 'RandomizedPCA',
    to: 'sklearn.decomposition',
    toName: 'PCA',
    args: "svd_solver='randomized'",
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.decomposition import RandomizedPCA\nprint(RandomizedPCA(n_components=2, random_state=0).fit_transform(X).shape)',
        after:
          "from sklearn.decomposition import PCA\nprint(PCA(n_components=2, random_state=0, svd_solver='randomized').fit_transform(X).shape)"
      }
    ]
  }),
  nameRemoved({
    id: 'sklearn.load-boston',
    distribution: 'scikit-learn',
    since: '1.2',
    summary:
      '`load_boston` was removed in scikit-learn 1.2; there is no drop-in replacement.',
    link: sklearnNotes('1.2'),
    raises: { ename: 'ImportError', message: /load_boston/ },
    module: 'sklearn.datasets',
    name: 'load_boston',
    note: 'No rewrite: the data set is gone. Use a copy of the data shipped beside the notebook, or another data set such as fetch_california_housing, and expect different scores.',
    examples: [
      {
        before:
          'from sklearn.datasets import load_boston\nprint(load_boston().data.shape)',
        after:
          'from sklearn.datasets import load_boston\nprint(load_boston().data.shape)'
      },
      {
        // A helper module that uses it in one of its functions still imports.
        before:
          'from sklearn.datasets import load_boston, load_iris\n\ndef boston():\n    return load_boston()\n\nprint(load_iris().data.shape)',
        after:
          'from sklearn.datasets import load_iris\ntry:\n    from sklearn.datasets import load_boston\nexcept ImportError as removed:  # only the code that calls load_boston() fails\n    def load_boston(*args, _removed=removed, **kwargs):\n        raise _removed\n\ndef boston():\n    return load_boston()\n\nprint(load_iris().data.shape)'
      }
    ]
  }),
  ...(['RandomizedLasso', 'RandomizedLogisticRegression'] as const).map(name =>
    nameRemoved({
      id: `sklearn.${name === 'RandomizedLasso' ? 'randomized-lasso' : 'randomized-logistic-regression'}`,
      distribution: 'scikit-learn',
      since: '0.21',
      summary: `\`${name}\` (stability selection) was removed in scikit-learn 0.21; there is no replacement in scikit-learn.`,
      link: sklearnNotes('0.21'),
      raises: cannotImport(name),
      module: 'sklearn.linear_model',
      name,
      note: 'No rewrite: stability selection left scikit-learn. Where the notebook never calls it, its import is guarded and the rest runs.',
      examples: [
        {
          before: `from sklearn.linear_model import ${name}, LinearRegression\n\ndef stable(X, y):\n    return ${name}().fit(X, y)\n\nprint(LinearRegression().fit([[0], [1]], [0, 1]).coef_.round(2))`,
          after: `from sklearn.linear_model import LinearRegression\ntry:\n    from sklearn.linear_model import ${name}\nexcept ImportError as removed:  # only the code that calls ${name}() fails\n    def ${name}(*args, _removed=removed, **kwargs):\n        raise _removed\n\ndef stable(X, y):\n    return ${name}().fit(X, y)\n\nprint(LinearRegression().fit([[0], [1]], [0, 1]).coef_.round(2))`
        }
      ]
    })
  ),
  nameRemoved({
    id: 'sklearn.fetch-mldata',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      '`fetch_mldata` was removed in 0.22 (mldata.org is gone); `fetch_openml` is the closest.',
    link: sklearnNotes('0.22'),
    raises: cannotImport('fetch_mldata'),
    module: 'sklearn.datasets',
    name: 'fetch_mldata',
    note: "No rewrite: fetch_openml names data sets differently (e.g. 'mnist_784') and downloads them.",
    examples: [
      {
        before:
          "from sklearn.datasets import fetch_mldata\nprint(fetch_mldata('MNIST original').data.shape)",
        after:
          "from sklearn.datasets import fetch_mldata\nprint(fetch_mldata('MNIST original').data.shape)"
      }
    ]
  }),
  scorers(),
  displayMethod('plot_confusion_matrix', 'ConfusionMatrixDisplay'),
  displayMethod('plot_roc_curve', 'RocCurveDisplay'),
  displayMethod('plot_precision_recall_curve', 'PrecisionRecallDisplay'),
  nameMoved({
    id: 'sklearn.jaccard-similarity-score',
    distribution: 'scikit-learn',
    since: '0.23',
    summary:
      '`jaccard_similarity_score` was removed in 0.23: use `jaccard_score`.',
    link: sklearnNotes('0.23'),
    raises: cannotImport('jaccard_similarity_score'),
    module: 'sklearn.metrics',
    name: 'jaccard_similarity_score',
    to: 'sklearn.metrics',
    toName: 'jaccard_score',
    note: 'For multiclass labels jaccard_score needs average=; the old function averaged over samples.',
    examples: [
      {
        before:
          'from sklearn.metrics import jaccard_similarity_score\nprint(jaccard_similarity_score([0, 1, 1], [0, 1, 0]))',
        after:
          'from sklearn.metrics import jaccard_score\nprint(jaccard_score([0, 1, 1], [0, 1, 0]))'
      }
    ]
  }),
  defineRule(
    {
      id: 'sklearn.get-feature-names',
      needs: ['get_feature_names'],
      distribution: 'scikit-learn',
      since: '1.2',
      summary:
        '`get_feature_names()` was removed in 1.2: use `get_feature_names_out()`.',
      link: sklearnNotes('1.2'),
      raises: noAttribute('get_feature_names'),
      targets: [
        'sklearn.feature_extraction.text.CountVectorizer.get_feature_names_out'
      ],
      examples: [
        {
          setup:
            "from sklearn.feature_extraction.text import CountVectorizer\nvec = CountVectorizer().fit(['red apple', 'green apple'])",
          before: 'print(list(vec.get_feature_names()))',
          after: 'print(list(vec.get_feature_names_out()))'
        },
        {
          setup:
            "from sklearn.feature_extraction.text import CountVectorizer\nvec = CountVectorizer().fit(['red apple', 'green apple'])",
          before:
            "names = vec.get_feature_names()\nprint(names.index('red'), names + ['other'])",
          after:
            "names = list(vec.get_feature_names_out())\nprint(names.index('red'), names + ['other'])"
        },
        {
          setup:
            'import numpy as np\nfrom sklearn.preprocessing import PolynomialFeatures\npoly = PolynomialFeatures(2).fit(np.ones((3, 2)))',
          before: "print(poly.get_feature_names(['a', 'b']))",
          after: "print(list(poly.get_feature_names_out(['a', 'b'])))"
        }
      ]
    },
    // The old method returned a list, the new one an array: `list(...)` keeps `.index`,
    // `+` and the printed form working, unless the call is already in a list().
    context =>
      context.nodes('PropertyName').flatMap(property => {
        const member = property.parent!;
        const call = member.parent;
        const args =
          call?.name === 'CallExpression' ? argsOf(context, call) : [];
        // No argument, or the input features' names (PolynomialFeatures, OneHotEncoder).
        if (
          textOf(context, property) !== 'get_feature_names' ||
          call?.name !== 'CallExpression' ||
          call.firstChild?.to !== member.to ||
          args.length > 1 ||
          args.some(
            arg => arg.star || (arg.name && arg.name !== 'input_features')
          )
        ) {
          return [];
        }
        const rename = {
          from: property.from,
          to: property.to,
          insert: 'get_feature_names_out'
        };
        const outer = call.parent?.parent;
        const listed =
          outer?.name === 'CallExpression' &&
          textOf(context, outer.firstChild!) === 'list';
        return [
          matchAt(
            'sklearn.get-feature-names',
            call,
            listed ? [rename] : [...wrapIn(call, 'list'), rename]
          )
        ];
      })
  ),
  gridScores,
  scoreTupleVars,
  attributeRenamed({
    id: 'sklearn.n-features',
    distribution: 'scikit-learn',
    since: '1.2',
    summary: '`n_features_` was removed in 1.2: use `n_features_in_`.',
    link: sklearnNotes('1.2'),
    raises: noAttribute('n_features_'),
    attribute: 'n_features_',
    to: 'n_features_in_',
    examples: [
      {
        setup: `${IRIS}\nfrom sklearn.tree import DecisionTreeClassifier\ntree = DecisionTreeClassifier().fit(X, y)`,
        before: 'print(tree.n_features_)',
        after: 'print(tree.n_features_in_)'
      }
    ]
  }),
  attributeRenamed({
    id: 'sklearn.calibrators',
    distribution: 'scikit-learn',
    since: '0.24',
    summary:
      "A calibrated classifier's `calibrators_` (one per class) are its `calibrators` since 0.24.",
    link: sklearnNotes('0.24'),
    raises: noAttribute('calibrators_'),
    attribute: 'calibrators_',
    to: 'calibrators',
    examples: [
      {
        setup: `${IRIS}\nfrom sklearn.calibration import CalibratedClassifierCV\nfrom sklearn.naive_bayes import GaussianNB\nclf = CalibratedClassifierCV(GaussianNB(), cv=3).fit(X, y)`,
        before: 'print(len(clf.calibrated_classifiers_[0].calibrators_))',
        after: 'print(len(clf.calibrated_classifiers_[0].calibrators))'
      }
    ]
  })
];
