import type { SyntaxNode } from '@lezer/common';
import { askedMatch, callsOf, defineRule, matchAt } from './builders';
import {
  sklearnCallee,
  sklearnInfo as info,
  invalidParameter as invalid,
  takenOnlyAs,
  IRIS
} from './sklearn-info';
import { argsOf, dottedName, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const ZERO = /^(?:0+\.?0*|\.0+)$/;
const TREES = [
  'DecisionTreeClassifier',
  'DecisionTreeRegressor',
  'ExtraTreeClassifier',
  'ExtraTreeRegressor',
  'RandomForestClassifier',
  'RandomForestRegressor',
  'ExtraTreesClassifier',
  'ExtraTreesRegressor',
  'GradientBoostingClassifier',
  'GradientBoostingRegressor'
];

/** An old value of one keyword and the value that means exactly what it meant. */
interface IOldValue {
  id: string;
  since: string;
  summary: string;
  callees: string[];
  keyword: string;
  /** The new text for the argument's value node, null to leave it. */
  replace: (context: IRuleContext, value: SyntaxNode) => string | null;
  /**
   * For a value that is a name (`shrink_threshold=t`): a Python test of the name's value
   * as the failed cell left it, and the new text when the kernel says True.
   */
  named?: { test: (name: string) => string; insert: (name: string) => string };
  example: [string, string];
  /** The example's setup after the data: what the failed cell left (`t = 0`). */
  left?: string;
}

/** `[a, b]` → `(a, b)`: a two-item list literal where a tuple is wanted. */
function listAsTuple(context: IRuleContext, value: SyntaxNode): string | null {
  const text = textOf(context, value);
  const items = value.getChildren(',').length + 1;
  return value.name === 'ArrayExpression' && items === 2
    ? `(${text.slice(1, -1)})`
    : null;
}

const literal =
  (map: Record<string, string>) => (context: IRuleContext, value: SyntaxNode) =>
    map[textOf(context, value)] ?? null;

/** Values validation rejects since 1.2 whose old meaning has an exact spelling today. */
const OLD_VALUES: IOldValue[] = [
  {
    id: 'nearest-centroid-shrink-zero',
    since: '1.2',
    summary:
      '`NearestCentroid(shrink_threshold=0)` is `shrink_threshold=None`: 0 never shrank, and only positive thresholds are taken now.',
    callees: ['NearestCentroid'],
    keyword: 'shrink_threshold',
    replace: (context, value) =>
      ZERO.test(textOf(context, value)) ? 'None' : null,
    named: {
      test: name =>
        `not isinstance(${name}, bool) and isinstance(${name}, (int, float)) and ${name} == 0`,
      insert: name => `${name} or None`
    },
    left: 't = 0',
    example: [
      'from sklearn.neighbors import NearestCentroid\nfor t in [0, 0.2]:\n    print(NearestCentroid(shrink_threshold=t).fit(X, y).score(X, y) > 0.5)',
      'from sklearn.neighbors import NearestCentroid\nfor t in [0, 0.2]:\n    print(NearestCentroid(shrink_threshold=t or None).fit(X, y).score(X, y) > 0.5)'
    ]
  },
  {
    id: 'min-samples-split-one',
    since: '1.2',
    summary:
      '`min_samples_split=1` is `2`: a node of one sample was never split, and ints below 2 are rejected now.',
    callees: TREES,
    keyword: 'min_samples_split',
    replace: literal({ '1': '2' }),
    example: [
      'from sklearn.tree import DecisionTreeClassifier\nprint(DecisionTreeClassifier(min_samples_split=1, random_state=0).fit(X, y).get_depth())',
      'from sklearn.tree import DecisionTreeClassifier\nprint(DecisionTreeClassifier(min_samples_split=2, random_state=0).fit(X, y).get_depth())'
    ]
  },
  {
    id: 'ngram-range-list',
    since: '1.2',
    summary:
      "A vectorizer's `ngram_range` must be a tuple since 1.2: `[1, 2]` is `(1, 2)`.",
    callees: ['CountVectorizer', 'TfidfVectorizer', 'HashingVectorizer'],
    keyword: 'ngram_range',
    replace: listAsTuple,
    example: [
      "from sklearn.feature_extraction.text import CountVectorizer\nprint(len(CountVectorizer(ngram_range=[1, 2]).fit(['red green blue', 'green blue sky']).vocabulary_))",
      "from sklearn.feature_extraction.text import CountVectorizer\nprint(len(CountVectorizer(ngram_range=(1, 2)).fit(['red green blue', 'green blue sky']).vocabulary_))"
    ]
  },
  {
    id: 'feature-range-list',
    since: '1.2',
    summary:
      "MinMaxScaler's `feature_range` must be a tuple since 1.2: `[0, 1]` is `(0, 1)`.",
    callees: ['MinMaxScaler', 'minmax_scale'],
    keyword: 'feature_range',
    replace: listAsTuple,
    example: [
      'from sklearn.preprocessing import MinMaxScaler\nprint(MinMaxScaler(feature_range=[-1, 1]).fit_transform(X).min())',
      'from sklearn.preprocessing import MinMaxScaler\nprint(MinMaxScaler(feature_range=(-1, 1)).fit_transform(X).min())'
    ]
  },
  {
    id: 'svc-decision-function-shape-none',
    since: '1.2',
    summary:
      "`decision_function_shape=None` meant one-vs-one ('ovo'); None is rejected since 1.2.",
    callees: ['SVC', 'NuSVC'],
    keyword: 'decision_function_shape',
    replace: literal({ None: "'ovo'" }),
    example: [
      'from sklearn.svm import SVC\nprint(SVC(decision_function_shape=None).fit(X, y).decision_function(X[:1]).shape)',
      "from sklearn.svm import SVC\nprint(SVC(decision_function_shape='ovo').fit(X, y).decision_function(X[:1]).shape)"
    ]
  },
  {
    id: 'isolation-forest-contamination-legacy',
    since: '0.22',
    summary:
      "IsolationForest's `contamination='legacy'` meant 0.1: it is `contamination=0.1`.",
    callees: ['IsolationForest'],
    keyword: 'contamination',
    replace: literal({ "'legacy'": '0.1', '"legacy"': '0.1' }),
    example: [
      "from sklearn.ensemble import IsolationForest\nprint((IsolationForest(contamination='legacy', random_state=0).fit(X).predict(X) < 0).sum())",
      'from sklearn.ensemble import IsolationForest\nprint((IsolationForest(contamination=0.1, random_state=0).fit(X).predict(X) < 0).sum())'
    ]
  },
  {
    id: 'lda-learning-method-none',
    since: '1.2',
    summary:
      "LatentDirichletAllocation's `learning_method=None` meant 'online' (0.18–0.19); None is rejected now.",
    callees: ['LatentDirichletAllocation'],
    keyword: 'learning_method',
    replace: literal({ None: "'online'" }),
    example: [
      'from sklearn.decomposition import LatentDirichletAllocation\nprint(LatentDirichletAllocation(2, learning_method=None, max_iter=2, random_state=0).fit(X).components_.shape)',
      "from sklearn.decomposition import LatentDirichletAllocation\nprint(LatentDirichletAllocation(2, learning_method='online', max_iter=2, random_state=0).fit(X).components_.shape)"
    ]
  }
];

/** One old value's rule: the literal rewritten offline, a name once the kernel agrees. */
function oldValue(spec: IOldValue): IRule {
  const id = `sklearn.${spec.id}`;
  return defineRule(
    {
      ...info(spec.id, spec.since, spec.summary),
      raises: invalid(spec.keyword),
      examples: [
        {
          setup: spec.left ? `${IRIS}\n${spec.left}` : IRIS,
          before: spec.example[0],
          after: spec.example[1],
          ...(spec.named ? { answer: 'True' } : {})
        }
      ]
    },
    context =>
      callsOf(context, { callees: spec.callees, module: 'sklearn' }).flatMap(
        (call): IRuleMatch[] =>
          argsOf(context, call)
            .filter(arg => arg.name === spec.keyword && !arg.star)
            .flatMap((arg): IRuleMatch[] => {
              const value = arg.value;
              const at = { from: value.from, to: value.to };
              const insert = spec.replace(context, value);
              if (insert !== null) {
                return [matchAt(id, arg, [{ ...at, insert }])];
              }
              const name = spec.named && dottedName(context, value);
              if (!spec.named || !name) {
                return [];
              }
              const edit: ITextEdit = {
                ...at,
                insert: spec.named.insert(name)
              };
              return [askedMatch(id, arg, spec.named.test(name), [edit])];
            })
      ),
    [spec.keyword]
  );
}

const BOOL_ID = 'sklearn.bool-parameter-int';

/**
 * `StandardScaler(with_mean=0)`: scikit-learn 1.2 checks every parameter's type, and a
 * flag given as the integer 0 or 1 is refused where it once was read as false or true.
 * The kernel is asked whether the estimator's own validation refuses the integer and takes
 * the boolean, so `verbose=1` and `n_jobs=1` stay as they are.
 */
const boolParameterInt = defineRule(
  {
    ...info(
      'bool-parameter-int',
      '1.2',
      'Parameters are type-checked since scikit-learn 1.2: a flag given as 0 or 1 must be False or True.'
    ),
    onFailureOnly: true,
    raises: {
      ename: ['InvalidParameterError', 'ValueError'],
      message: /must be an instance of 'bool'.*Got [01] instead/
    },
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.preprocessing import StandardScaler\nprint(StandardScaler(with_mean=0, with_std=1).fit_transform(X).mean().round(2))',
        after:
          'from sklearn.preprocessing import StandardScaler\nprint(StandardScaler(with_mean=False, with_std=True).fit_transform(X).mean().round(2))',
        answer: 'True'
      },
      {
        // `%pylab` put numpy's `any` and `all` in the notebook's namespace.
        setup: `${IRIS}\nfrom pylab import *`,
        before:
          'from sklearn import preprocessing\nprint(preprocessing.StandardScaler(copy=1, with_mean=0).fit_transform(X).mean().round(2))',
        after:
          'from sklearn import preprocessing\nprint(preprocessing.StandardScaler(copy=True, with_mean=False).fit_transform(X).mean().round(2))',
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const path = sklearnCallee(context, call);
      // A class: its parameters are flags; a function's 0 may be a count.
      if (!path || !/^[A-Z]/.test(path.slice(path.lastIndexOf('.') + 1))) {
        return [];
      }
      return argsOf(context, call)
        .filter(
          arg =>
            arg.name && !arg.star && /^[01]$/.test(textOf(context, arg.value))
        )
        .map(arg => {
          const value = textOf(context, arg.value);
          return askedMatch(
            BOOL_ID,
            arg,
            takenOnlyAs(path, arg.name!, value, 'bool'),
            [
              {
                from: arg.value.from,
                to: arg.value.to,
                insert: value === '1' ? 'True' : 'False'
              }
            ],
            'The kernel is asked whether the parameter takes only a boolean.'
          );
        });
    })
);

/** Old parameter values with an exact spelling today, as data. */
export const sklearnParamLiteralRules: IRule[] = [
  ...OLD_VALUES.map(oldValue),
  boolParameterInt
];
