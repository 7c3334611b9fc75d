import { defineRule, keywordRemoved, matchAt } from './builders';
import type { SyntaxNode } from '@lezer/common';
import {
  argsOf,
  calleeOf,
  callsOneOf,
  dottedName,
  removeArgument,
  resolve,
  textOf
} from './syntax';
import { sklearnNotes } from './sklearn-modules';
import { inScopeOf, readsOnly } from './receivers';
import { spellName } from './bindings';
import { sklearnImputerRules } from './sklearn-imputer';
import { ESTIMATOR_METHODS, sklearnInputRules } from './sklearn-inputs';
import { sklearnLogisticRules } from './sklearn-logistic';
import { sklearnResidueRules } from './sklearn-residues';
import { sklearnNormalizeRules } from './sklearn-normalize';
import { sklearnMixinOrderRules } from './sklearn-mixin-order';
import { sklearnOneHotRules } from './sklearn-one-hot';
import { sklearnTrainScoreRules } from './sklearn-train-scores';
import { sklearnRootMetricRules } from './sklearn-root-metrics';
import type { IRule, IRuleContext, IRuleExample } from './types';
import { IRIS, unexpected, unknownParameter } from './sklearn-info';

/**
 * Parameters removed with nothing to rename them to: `[id, since, callees, keyword, note,
 * module, example value]`. Dropping them keeps today's behaviour where SAFE_TO_DROP says so.
 */
const REMOVED: readonly (readonly [
  string,
  string,
  string[],
  string,
  string,
  string,
  string
])[] = [
  [
    'adaboost-algorithm',
    '1.8',
    ['AdaBoostClassifier'],
    'algorithm',
    'AdaBoost always uses SAMME now; SAMME.R scores differ slightly.',
    'sklearn.ensemble',
    "'SAMME.R'"
  ],
  [
    'linear-regression-normalize',
    '1.2',
    ['LinearRegression'],
    'normalize',
    'Least squares predictions do not depend on the features’ scale: dropping it changes no result.',
    'sklearn.linear_model',
    'True'
  ],
  [
    'tree-presort',
    '0.24',
    [
      'DecisionTreeClassifier',
      'DecisionTreeRegressor',
      'GradientBoostingClassifier',
      'GradientBoostingRegressor'
    ],
    'presort',
    'It only affected speed.',
    'sklearn.tree',
    'True'
  ],
  [
    'min-impurity-split',
    '1.0',
    [
      'DecisionTreeClassifier',
      'DecisionTreeRegressor',
      'RandomForestClassifier',
      'RandomForestRegressor'
    ],
    'min_impurity_split',
    'Use min_impurity_decrease.',
    'sklearn.tree',
    'None'
  ],
  [
    'isolation-forest-behaviour',
    '0.24',
    ['IsolationForest'],
    'behaviour',
    "Only the 'new' behaviour remains.",
    'sklearn.ensemble',
    "'new'"
  ],
  [
    'kmeans-n-jobs',
    '1.0',
    ['KMeans'],
    'n_jobs',
    'KMeans uses threads now.',
    'sklearn.cluster',
    '1'
  ],
  [
    'kmeans-precompute-distances',
    '1.0',
    ['KMeans'],
    'precompute_distances',
    'It only affected speed.',
    'sklearn.cluster',
    'True'
  ]
];
// A search over a removed parameter's values, which fails as the keyword did.
const GRID_EXAMPLES: Record<string, IRuleExample> = {
  'adaboost-algorithm': {
    setup: IRIS,
    before:
      "from sklearn.ensemble import AdaBoostClassifier\nfrom sklearn.model_selection import GridSearchCV\ngrid = {'n_estimators': [5, 10], 'algorithm': ['SAMME', 'SAMME.R']}\nsearch = GridSearchCV(AdaBoostClassifier(random_state=0), grid, cv=3).fit(X, y)\nprint(search.best_params_)",
    after:
      "from sklearn.ensemble import AdaBoostClassifier\nfrom sklearn.model_selection import GridSearchCV\ngrid = {'n_estimators': [5, 10]}\nsearch = GridSearchCV(AdaBoostClassifier(random_state=0), grid, cv=3).fit(X, y)\nprint(search.best_params_)"
  }
};
const SAFE_TO_DROP: Record<string, (value: string) => boolean> = {
  'linear-regression-normalize': () => true,
  algorithm: value => /SAMME/.test(value),
  min_impurity_split: value => value === 'None'
};

/**
 * Parameters that became keyword-only (scikit-learn 1.0), in their old order, and how many
 * leading ones may still be passed by position.
 */
const SIGNATURES: Record<
  string,
  {
    module: string;
    params: string[];
    positional: number;
    /** Where the notebook took the function from an older module, that one's order. */
    older?: { module: string; params: string[] };
  }
> = {
  SVC: {
    module: 'sklearn.svm',
    params: ['C', 'kernel', 'degree', 'gamma', 'coef0'],
    positional: 0
  },
  SVR: {
    module: 'sklearn.svm',
    params: ['kernel', 'degree', 'gamma', 'coef0', 'tol', 'C'],
    positional: 0
  },
  DecisionTreeClassifier: {
    module: 'sklearn.tree',
    params: ['criterion', 'splitter', 'max_depth'],
    positional: 0
  },
  DecisionTreeRegressor: {
    module: 'sklearn.tree',
    params: ['criterion', 'splitter', 'max_depth'],
    positional: 0
  },
  RandomForestClassifier: {
    module: 'sklearn.ensemble',
    params: ['n_estimators', 'criterion', 'max_depth'],
    positional: 1
  },
  RandomForestRegressor: {
    module: 'sklearn.ensemble',
    params: ['n_estimators', 'criterion', 'max_depth'],
    positional: 1
  },
  LogisticRegression: {
    module: 'sklearn.linear_model',
    params: ['penalty', 'dual', 'tol', 'C'],
    positional: 1
  },
  KMeans: {
    module: 'sklearn.cluster',
    params: ['n_clusters', 'init', 'n_init', 'max_iter'],
    positional: 1
  },
  KNeighborsClassifier: {
    module: 'sklearn.neighbors',
    params: ['n_neighbors', 'weights', 'algorithm'],
    positional: 1
  },
  PCA: {
    module: 'sklearn.decomposition',
    params: ['n_components', 'copy', 'whiten'],
    positional: 1
  },
  binarize: {
    module: 'sklearn.preprocessing',
    params: ['X', 'threshold', 'copy'],
    positional: 1
  },
  Binarizer: {
    module: 'sklearn.preprocessing',
    params: ['threshold', 'copy'],
    positional: 0
  },
  DummyClassifier: {
    module: 'sklearn.dummy',
    params: ['strategy', 'random_state', 'constant'],
    positional: 0
  },
  DummyRegressor: {
    module: 'sklearn.dummy',
    params: ['strategy', 'constant', 'quantile'],
    positional: 0
  },
  Isomap: {
    module: 'sklearn.manifold',
    params: ['n_neighbors', 'n_components', 'eigen_solver'],
    positional: 0
  },
  LocallyLinearEmbedding: {
    module: 'sklearn.manifold',
    params: ['n_neighbors', 'n_components', 'reg', 'eigen_solver'],
    positional: 0
  },
  SpectralEmbedding: {
    module: 'sklearn.manifold',
    params: ['n_components', 'affinity', 'gamma'],
    positional: 0
  },
  MDS: {
    module: 'sklearn.manifold',
    params: ['n_components'],
    positional: 0
  },
  TSNE: {
    module: 'sklearn.manifold',
    params: ['n_components', 'perplexity', 'early_exaggeration'],
    positional: 0
  },
  validation_curve: {
    module: 'sklearn.model_selection',
    params: ['estimator', 'X', 'y', 'param_name', 'param_range'],
    positional: 3
  },
  // sklearn.cross_validation's took the scoring, or the folds, where these take groups.
  cross_val_score: {
    module: 'sklearn.model_selection',
    params: ['estimator', 'X', 'y', 'groups', 'scoring', 'cv'],
    positional: 3,
    older: {
      module: 'sklearn.cross_validation',
      params: ['estimator', 'X', 'y', 'scoring', 'cv']
    }
  },
  cross_val_predict: {
    module: 'sklearn.model_selection',
    params: ['estimator', 'X', 'y', 'groups', 'cv'],
    positional: 3,
    older: {
      module: 'sklearn.cross_validation',
      params: ['estimator', 'X', 'y', 'cv']
    }
  },
  make_blobs: {
    module: 'sklearn.datasets',
    params: ['n_samples', 'n_features', 'centers', 'cluster_std'],
    positional: 2
  },
  make_classification: {
    module: 'sklearn.datasets',
    params: ['n_samples', 'n_features', 'n_informative', 'n_redundant'],
    positional: 2
  },
  make_regression: {
    module: 'sklearn.datasets',
    params: ['n_samples', 'n_features', 'n_informative', 'n_targets'],
    positional: 2
  },
  make_moons: {
    module: 'sklearn.datasets',
    params: ['n_samples', 'shuffle', 'noise', 'random_state'],
    positional: 1
  },
  make_circles: {
    module: 'sklearn.datasets',
    params: ['n_samples', 'shuffle', 'noise', 'random_state', 'factor'],
    positional: 1
  }
};

/** Positional arguments where scikit-learn wants keywords. */
const keywordOnlyArgs = defineRule(
  {
    id: 'sklearn.keyword-only-args',
    needs: Object.keys(SIGNATURES),
    // Each keyword the rewrite may write, checked against today's signatures.
    targets: Object.entries(SIGNATURES).flatMap(([name, { module, params }]) =>
      params.map(param => `${module}.${name}(${param}=)`)
    ),
    distribution: 'scikit-learn',
    since: '1.0',
    summary:
      'Estimator parameters are keyword-only since scikit-learn 1.0: `SVC(C=1.0, kernel=...)`.',
    link: sklearnNotes('1.0'),
    raises: { ename: 'TypeError', message: /positional argument/ },
    examples: [
      {
        before:
          "from sklearn.svm import SVC\nprint(SVC(10.0, 'linear').kernel)",
        after:
          "from sklearn.svm import SVC\nprint(SVC(C=10.0, kernel='linear').kernel)"
      },
      {
        setup:
          'import numpy as np\nfrom sklearn.model_selection import validation_curve\nfrom sklearn.svm import SVC\nX = np.arange(40.0).reshape(20, 2)\ny = np.arange(20) % 2',
        before:
          "train, test = validation_curve(SVC(), X, y, 'C', [0.1, 1.0], cv=2)\nprint(train.shape)",
        after:
          "train, test = validation_curve(SVC(), X, y, param_name='C', param_range=[0.1, 1.0], cv=2)\nprint(train.shape)"
      },
      {
        setup:
          'import numpy as np\nfrom sklearn.model_selection import GroupKFold, cross_val_score\nfrom sklearn.tree import DecisionTreeClassifier\nX = np.arange(24.0).reshape(12, 2)\ny = np.array([0, 1] * 6)\ngroups = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]',
        before:
          'print(len(cross_val_score(DecisionTreeClassifier(), X, y, groups, cv=GroupKFold(n_splits=3))))',
        after:
          'print(len(cross_val_score(DecisionTreeClassifier(), X, y, groups=groups, cv=GroupKFold(n_splits=3))))'
      },
      {
        before:
          "from sklearn.dummy import DummyClassifier\nprint(DummyClassifier('most_frequent').fit([[0], [1], [2]], [1, 1, 0]).predict([[5]]))",
        after:
          "from sklearn.dummy import DummyClassifier\nprint(DummyClassifier(strategy='most_frequent').fit([[0], [1], [2]], [1, 1, 0]).predict([[5]]))"
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const name = Object.keys(SIGNATURES).find(n =>
        callsOneOf(context, call, [n], 'sklearn')
      );
      const found = name ? SIGNATURES[name] : undefined;
      const signature =
        found?.older && Private.importedFrom(context, call, found.older.module)
          ? { ...found, params: found.older.params }
          : found;
      const positional = argsOf(context, call).filter(
        arg => !arg.name && !arg.star
      );
      if (
        !signature ||
        positional.length <= signature.positional ||
        positional.length > signature.params.length
      ) {
        return [];
      }
      const edits = positional.slice(signature.positional).map((arg, i) => ({
        from: arg.from,
        to: arg.from,
        insert: `${signature.params[signature.positional + i]}=`
      }));
      return [matchAt('sklearn.keyword-only-args', call, edits)];
    })
);

/**
 * The same change for any other scikit-learn callable, asked of the kernel after the error:
 * its signature kept the old order when its later parameters became keyword-only, so the
 * positional arguments past those it still takes by position are named after the
 * keyword-only ones, in order (`fit(X, y, w)` → `fit(X, y, sample_weight=w)`).
 */
const keywordOnlyAsked = defineRule(
  {
    id: 'sklearn.keyword-only-asked',
    distribution: 'scikit-learn',
    since: '1.0',
    summary:
      "Arguments past the first few are keyword-only in scikit-learn's functions and methods since 1.0: the kernel's signature names them, in their old order.",
    link: sklearnNotes('1.0'),
    raises: {
      ename: 'TypeError',
      message:
        /too many positional arguments|takes (from \d+ to )?\d+ positional arguments? but \d+ (positional arguments? )?(\(and \d+ keyword-only arguments?\) )?(were|was) given/
    },
    // Any call may be the one: only the failure says a signature was overrun.
    onFailureOnly: true,
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.metrics import brier_score_loss\ny = np.array([0, 1, 1, 0])\np = np.array([0.1, 0.9, 0.8, 0.3])\nw = np.array([1.0, 2.0, 1.0, 1.0])',
        before: 'print(round(brier_score_loss(y, p, w), 4))',
        after: 'print(round(brier_score_loss(y, p, sample_weight=w), 4))',
        answer: 'sklearn.metrics._classification|2|sample_weight,pos_label'
      },
      {
        setup:
          'from sklearn.metrics import confusion_matrix\ny = [0, 1, 1, 0]\np = [0, 1, 0, 0]',
        before: 'print(confusion_matrix(y, p, [1, 0]).tolist())',
        after: 'print(confusion_matrix(y, p, labels=[1, 0]).tolist())',
        answer:
          'sklearn.metrics._classification|2|labels,sample_weight,normalize'
      }
    ]
  },
  context => {
    if (![...context.imports.values()].some(t => t.startsWith('sklearn'))) {
      return [];
    }
    return context.nodes('CallExpression').flatMap(call => {
      const callee = call.firstChild!;
      const positional = argsOf(context, call).filter(
        arg => !arg.name && !arg.star
      );
      const args = argsOf(context, call);
      const method = calleeOf(context, call);
      const dotted = dottedName(context, callee);
      const ofSklearn =
        (dotted !== null && resolve(context, dotted).startsWith('sklearn.')) ||
        (callee.name === 'MemberExpression' &&
          ESTIMATOR_METHODS.includes(method?.name ?? ''));
      if (
        positional.length === 0 ||
        !ofSklearn ||
        args.some(arg => arg.star) ||
        !readsOnly(callee) ||
        Object.keys(SIGNATURES).some(n =>
          callsOneOf(context, call, [n], 'sklearn')
        )
      ) {
        return [];
      }
      // Where it comes from, how many it takes by position, then its keyword-only names.
      const question = inScopeOf(
        context,
        call,
        `(lambda f, s: '%s|%d|%s' % (getattr(f, '__module__', None) or type(f).__module__, ` +
          `__import__('builtins').sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in s.values()) + 1000 * __import__('builtins').any(p.kind == p.VAR_POSITIONAL for p in s.values()), ` +
          `','.join(n for n, p in s.items() if p.kind == p.KEYWORD_ONLY)))` +
          `(${textOf(context, callee)}, __import__('inspect').signature(${textOf(context, callee)}).parameters)`
      );
      if (question === null) {
        return [];
      }
      const match = matchAt(
        'sklearn.keyword-only-asked',
        call,
        [],
        "Asks the kernel for the callable's signature."
      );
      match.question = {
        expression: question,
        decide: answer => {
          const [module, taken, names] = answer.split('|');
          const keywords = names ? names.split(',') : [];
          const past = positional.slice(Number(taken));
          if (
            !/^sklearn[._]/.test(module ?? '') ||
            past.length === 0 ||
            past.length > keywords.length
          ) {
            return null;
          }
          return past.map((arg, i) => ({
            from: arg.from,
            to: arg.from,
            insert: `${keywords[i]}=`
          }));
        }
      };
      return [match];
    });
  }
);

/**
 * `CalibratedClassifierCV(clf, cv='prefit')` calibrated a model fitted already; since 1.8
 * the model is wrapped in `FrozenEstimator`, which the calibration does not fit again.
 */
const calibrationPrefit = defineRule(
  {
    id: 'sklearn.calibration-prefit',
    needs: ['prefit'],
    targets: ['sklearn.frozen.FrozenEstimator'],
    distribution: 'scikit-learn',
    since: '1.8',
    summary:
      "`CalibratedClassifierCV(cv='prefit')` was removed in scikit-learn 1.8: the fitted model is wrapped in `FrozenEstimator`.",
    link: sklearnNotes('1.8'),
    raises: {
      ename: 'InvalidParameterError',
      message: /'cv' parameter of CalibratedClassifierCV .* Got 'prefit'/
    },
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.calibration import CalibratedClassifierCV\nfrom sklearn.naive_bayes import GaussianNB\nX = np.arange(40.0).reshape(20, 2)\ny = np.arange(20) % 2\nclf = GaussianNB().fit(X, y)',
        before:
          "sig = CalibratedClassifierCV(clf, cv='prefit', method='sigmoid').fit(X, y)\nprint(sig.predict_proba(X[:2]).round(3).tolist())",
        after:
          "from sklearn.frozen import FrozenEstimator\nsig = CalibratedClassifierCV(FrozenEstimator(clf), method='sigmoid').fit(X, y)\nprint(sig.predict_proba(X[:2]).round(3).tolist())"
      }
    ]
  },
  context =>
    context
      .nodes('CallExpression')
      .filter(call =>
        callsOneOf(context, call, ['CalibratedClassifierCV'], 'sklearn')
      )
      .flatMap(call => {
        const args = argsOf(context, call);
        const cv = args.findIndex(
          arg =>
            arg.name === 'cv' &&
            /^['"]prefit['"]$/.test(textOf(context, arg.value))
        );
        const model =
          args.find(arg => arg.name === 'estimator') ??
          (args[0] && !args[0].name && !args[0].star ? args[0] : undefined);
        if (cv < 0 || !model) {
          return [];
        }
        const frozen = spellName(context, {
          module: 'sklearn.frozen',
          name: 'FrozenEstimator'
        });
        return [
          matchAt('sklearn.calibration-prefit', call, [
            {
              from: model.valueFrom,
              to: model.valueTo,
              insert: `${frozen.text}(${textOf(context, model.value)})`,
              needs: frozen.needs
            },
            removeArgument(context, call, cv)
          ])
        ];
      })
);

/**
 * `cross_validation.KFold(n, n_folds=5)` took the number of samples first; today's KFold
 * takes only the number of splits. The sample count goes, and the old default of 3
 * folds is kept where the call relied on it.
 */
const kfoldSampleCount = defineRule(
  {
    id: 'sklearn.kfold-sample-count',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "KFold no longer takes the number of samples (sklearn.cross_validation's first argument, gone in 0.20).",
    link: sklearnNotes('0.20'),
    raises: {
      ename: 'TypeError',
      message: /multiple values for argument 'n_splits'/
    },
    examples: [
      {
        setup: 'from sklearn.model_selection import KFold',
        before:
          'print(KFold(150, n_splits=5, shuffle=True, random_state=0).get_n_splits())',
        after:
          'print(KFold(n_splits=5, shuffle=True, random_state=0).get_n_splits())'
      }
    ]
  },
  context =>
    context
      .nodes('CallExpression')
      .filter(call => callsOneOf(context, call, ['KFold'], 'sklearn'))
      .flatMap(call => {
        const args = argsOf(context, call);
        const positional = args.filter(arg => !arg.name && !arg.star);
        const folds = args.some(
          arg => arg.name === 'n_folds' || arg.name === 'n_splits'
        );
        const old =
          context.imports.get('KFold') === 'sklearn.cross_validation.KFold';
        if (
          positional.length === 0 ||
          args[0] !== positional[0] ||
          !(folds || old)
        ) {
          return [];
        }
        // `KFold(n)` relied on the old default of 3 folds.
        const edits =
          !folds && positional.length === 1
            ? [{ from: args[0].from, to: args[0].to, insert: 'n_splits=3' }]
            : [removeArgument(context, call, 0)];
        return [matchAt('sklearn.kfold-sample-count', call, edits)];
      }),
  ['KFold']
);

/**
 * Estimator parameters scikit-learn removed with nothing to rename them to, and the removed
 * fitted attributes that can be recomputed.
 */
export const sklearnRemovedParamRules: IRule[] = [
  ...REMOVED.map(([id, since, callees, keyword, note, module, value]) => {
    const [callee] = callees;
    const imports = `from ${module} import ${callee}`;
    return keywordRemoved({
      id: `sklearn.${id}`,
      distribution: 'scikit-learn',
      since,
      summary: `\`${callee}(${keyword}=...)\` was removed in scikit-learn ${since}.`,
      link: sklearnNotes(since),
      raises: unknownParameter(keyword),
      callees,
      keyword,
      note,
      safe: SAFE_TO_DROP[id] ?? SAFE_TO_DROP[keyword],
      examples: [
        {
          before: `${imports}\nprint(type(${callee}(${keyword}=${value})).__name__)`,
          after: `${imports}\nprint(type(${callee}()).__name__)`
        },
        ...(GRID_EXAMPLES[id] ? [GRID_EXAMPLES[id]] : [])
      ]
    });
  }),
  keywordRemoved({
    id: 'sklearn.search-iid',
    distribution: 'scikit-learn',
    since: '0.24',
    summary: '`GridSearchCV(iid=...)` was removed in scikit-learn 0.24.',
    link: sklearnNotes('0.24'),
    raises: unexpected('iid'),
    callees: ['GridSearchCV', 'RandomizedSearchCV'],
    keyword: 'iid',
    // iid=True weighted each fold's score by its size: with KFold's folds, which differ
    // by one sample at most, the means barely differ, and the run's score check judges it.
    note: "Today's search averages the fold scores unweighted, as iid=False did; iid=True weighted them by fold size, which matters only where the folds' sizes differ: the scores are compared after the run.",
    examples: [
      {
        before:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC\nprint(GridSearchCV(SVC(), {'C': [1]}, iid=False).cv)",
        after:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC\nprint(GridSearchCV(SVC(), {'C': [1]}).cv)"
      },
      {
        setup:
          'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)',
        before:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC\nsearch = GridSearchCV(SVC(), {'C': [0.1, 1, 10]}, cv=5, iid=True).fit(X, y)\nprint(search.best_params_, round(search.best_score_, 3))",
        after:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.svm import SVC\nsearch = GridSearchCV(SVC(), {'C': [0.1, 1, 10]}, cv=5).fit(X, y)\nprint(search.best_params_, round(search.best_score_, 3))"
      }
    ]
  }),
  keywordOnlyArgs,
  keywordOnlyAsked,
  calibrationPrefit,
  ...sklearnInputRules,
  kfoldSampleCount,
  ...sklearnImputerRules,
  ...sklearnLogisticRules,
  ...sklearnResidueRules,
  ...sklearnTrainScoreRules,
  ...sklearnRootMetricRules,
  ...sklearnNormalizeRules,
  ...sklearnOneHotRules,
  ...sklearnMixinOrderRules
];

namespace Private {
  /**
   * Whether a call's function came from `module`, as the notebook imports it now or as it
   * was written (`sklearn.cross_validation` before its import was moved).
   */
  export function importedFrom(
    context: IRuleContext,
    call: SyntaxNode,
    module: string
  ): boolean {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    if (!dotted) {
      return false;
    }
    const head = dotted.split('.')[0];
    return [
      context.imports.get(head),
      context.evidence.imports?.get(head)
    ].some(bound => bound === module || bound?.startsWith(`${module}.`));
  }
}
