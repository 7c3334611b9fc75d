import type { SyntaxNode } from '@lezer/common';
import {
  anyOf,
  askedMatch,
  callsOf,
  defineRule,
  keywordReplaced,
  matchAt,
  valueRenamed,
  type IRuleInfo
} from './builders';
import { otherCells } from './engine';
import { argsOf, calleeOf, callsOneOf, stringValue, textOf } from './syntax';
import { sklearnParamLiteralRules } from './sklearn-param-literals';
import type { IRule, IRuleContext, IRuleMatch } from './types';
import {
  sklearnCallee,
  sklearnInfo as info,
  invalidParameter as invalid,
  takenOnlyAs,
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
          askedMatch(
            'sklearn.integral-float',
            arg,
            takenOnlyAs(path, arg.name ?? position, value, 'int'),
            [edit]
          )
        ];
      });
    });
  }
);

const CLASSIFIERS = [
  'RandomForestClassifier',
  'ExtraTreesClassifier',
  'DecisionTreeClassifier',
  'ExtraTreeClassifier',
  'GradientBoostingClassifier'
];
const TREE_REGRESSORS = [
  'DecisionTreeRegressor',
  'ExtraTreeRegressor',
  'GradientBoostingRegressor'
];
const FOREST_REGRESSORS = ['RandomForestRegressor', 'ExtraTreesRegressor'];
const SEARCHES = [
  'GridSearchCV',
  'RandomizedSearchCV',
  'HalvingGridSearchCV',
  'HalvingRandomSearchCV'
];
const auto = (to: string) => (value: string) =>
  /^['"]auto['"]$/.test(value) ? `max_features=${to}` : null;

/** A search's argument: the keyword `names`, else the positional one at `position`. */
function searchArg(
  context: IRuleContext,
  call: SyntaxNode,
  names: readonly string[],
  position: number
): SyntaxNode | null {
  const args = argsOf(context, call);
  const keyword = args.find(arg => arg.name && names.includes(arg.name));
  const positional = args.filter(arg => !arg.name && !arg.star)[position];
  return (keyword ?? positional)?.value ?? null;
}

/** The class a constructor call names: scikit-learn's, or not imported from elsewhere. */
function constructorOf(cell: IRuleContext, call: SyntaxNode): string | null {
  const callee = calleeOf(cell, call);
  return callee && callsOneOf(cell, call, [callee.name], 'sklearn')
    ? callee.name
    : null;
}

/**
 * The scikit-learn estimators a search's estimator can be: the class a constructor call
 * names, or for a variable each class the notebook assigns it in any cell; null where
 * one is anything else (a function's result, a pipeline, an unassigned name).
 */
function estimatorsOf(
  cell: IRuleContext,
  value: SyntaxNode,
  cells: readonly IRuleContext[]
): string[] | null {
  if (value.name === 'CallExpression') {
    const name = constructorOf(cell, value);
    return name === null ? null : [name];
  }
  if (value.name !== 'VariableName') {
    return null;
  }
  const name = textOf(cell, value);
  // A call's each time; a fitted search's `best_estimator_` and the like say nothing.
  const found = cells.flatMap(other =>
    other
      .nodes('AssignStatement')
      .filter(
        assign =>
          assign.firstChild?.name === 'VariableName' &&
          assign.firstChild.nextSibling?.name === 'AssignOp' &&
          textOf(other, assign.firstChild) === name &&
          assign.lastChild?.name === 'CallExpression'
      )
      .map(assign => constructorOf(other, assign.lastChild!))
  );
  return found.length > 0 && found.every((n): n is string => n !== null)
    ? found
    : null;
}

/**
 * The estimators of the searches a parameter grid is given to, in any cell: the grid
 * written in the call (alone or in a list of grids), or assigned to a name the call
 * passes. Null where it goes to no search, or to one whose estimator is not known.
 */
function gridEstimators(
  context: IRuleContext,
  dict: SyntaxNode
): string[] | null {
  const grid = dict.parent?.name === 'ArrayExpression' ? dict.parent : dict;
  const holder = grid.parent;
  const variable =
    holder?.name === 'AssignStatement' &&
    holder.lastChild?.from === grid.from &&
    holder.firstChild?.name === 'VariableName' &&
    holder.firstChild.nextSibling?.name === 'AssignOp'
      ? textOf(context, holder.firstChild)
      : null;
  const cells = [context, ...otherCells(context)];
  const estimators: string[] = [];
  let searches = 0;
  for (const cell of cells) {
    for (const call of cell.nodes('CallExpression')) {
      if (!callsOneOf(cell, call, SEARCHES, 'sklearn')) {
        continue;
      }
      const given = searchArg(
        cell,
        call,
        ['param_grid', 'param_distributions'],
        1
      );
      const passes =
        given !== null &&
        (variable === null
          ? cell === context && given.from === grid.from
          : given.name === 'VariableName' && textOf(cell, given) === variable);
      if (!passes) {
        continue;
      }
      const estimator = searchArg(cell, call, ['estimator'], 0);
      const names = estimator && estimatorsOf(cell, estimator, cells);
      if (!names) {
        return null;
      }
      estimators.push(...names);
      searches++;
    }
  }
  return searches > 0 ? estimators : null;
}

/**
 * `'auto'` among the `max_features` values of a parameter grid searched over one of
 * `callees` (see gridEstimators): each becomes what it meant for them. The grid keeps
 * its size: for a classifier, `['auto', 'sqrt']` searches 'sqrt' twice, as it did.
 */
function gridAuto(
  rule: IRuleInfo,
  callees: readonly string[],
  to: (literal: string) => string
): IRule {
  return defineRule(
    rule,
    context =>
      context.nodes('DictionaryExpression').flatMap(dict => {
        const autos = dict
          .getChildren('String')
          .filter(
            key =>
              stringValue(textOf(context, key)) === 'max_features' &&
              key.nextSibling?.name === ':'
          )
          .flatMap(key => {
            const values = key.nextSibling!.nextSibling;
            return values?.name === 'ArrayExpression' ||
              values?.name === 'TupleExpression'
              ? values
                  .getChildren('String')
                  .filter(v => stringValue(textOf(context, v)) === 'auto')
              : [];
          });
        const estimators =
          autos.length > 0 ? gridEstimators(context, dict) : null;
        if (!estimators?.every(name => callees.includes(name))) {
          return [];
        }
        return autos.map(value =>
          matchAt(rule.id, value, [
            {
              from: value.from,
              to: value.to,
              insert: to(textOf(context, value))
            }
          ])
        );
      }),
    ['max_features']
  );
}

/**
 * A `max_features='auto'` rule: the keyword of a constructor call, and the value in the
 * parameter grid of a search over the same estimators, which fails the same way.
 */
function maxFeaturesAuto(
  keyword: IRule,
  callees: readonly string[],
  to: (literal: string) => string,
  grid: { setup: string; before: string; after: string }
): IRule {
  // The keyword rule's description, its detector replaced by anyOf's.
  const rule: IRuleInfo = {
    ...keyword,
    needs: ['max_features'],
    raises: {
      // A search whose every fit failed says so in a ValueError, with the fits' error.
      ename: ['InvalidParameterError', 'ValueError'],
      message: invalid('max_features').message
    },
    examples: [...keyword.examples, grid]
  };
  return anyOf(rule, [keyword, gridAuto(rule, callees, to)]);
}

/**
 * `'auto'` in a list or tuple of values that reaches `max_features` by a way no rule reads
 * (`mf_grid = ['auto']` zipped with the other grids' values into the keywords of a loop's
 * estimators): on the failure that names one of `callees` and the value, each such `'auto'`
 * of the failing cell becomes what it meant for them. Only where one list of the cell holds
 * `'auto'`, and not as another keyword's value or another key's: a cell that also lists
 * `'auto'` for another parameter (SVC's gamma) is not guessed at.
 */
function listedAuto(
  id: string,
  callees: readonly string[],
  to: string,
  summary: string,
  example: { setup: string; before: string; after: string }
): IRule {
  const described = info(id, '1.3', summary);
  return defineRule(
    {
      ...described,
      onFailureOnly: true,
      needs: ['max_features'],
      raises: {
        ename: ['InvalidParameterError', 'ValueError'],
        message: new RegExp(
          `The 'max_features' parameter of (${callees.join('|')}) must be[\\s\\S]*Got 'auto' instead`
        )
      },
      examples: [example]
    },
    context => {
      const lists = context
        .nodes('String')
        .filter(node => stringValue(textOf(context, node)) === 'auto')
        .map(node => node.parent)
        .filter(
          (list): list is SyntaxNode =>
            !!list &&
            (list.name === 'ArrayExpression' ||
              list.name === 'TupleExpression') &&
            !valueOfAnother(context, list)
        );
      const distinct = new Set(lists.map(list => list.from));
      if (distinct.size !== 1) {
        return [];
      }
      return lists[0]
        .getChildren('String')
        .filter(node => stringValue(textOf(context, node)) === 'auto')
        .map(node =>
          matchAt(described.id, node, [
            { from: node.from, to: node.to, insert: to }
          ])
        );
    }
  );
}

/** Whether a node is the value of a keyword argument, or of a dict key, other than max_features. */
function valueOfAnother(context: IRuleContext, node: SyntaxNode): boolean {
  const before = node.prevSibling;
  const name = before?.prevSibling;
  if (!name) {
    return false;
  }
  if (node.parent?.name === 'ArgList' && before.name === 'AssignOp') {
    return textOf(context, name) !== 'max_features';
  }
  if (node.parent?.name === 'DictionaryExpression' && before.name === ':') {
    return stringValue(textOf(context, name)) !== 'max_features';
  }
  return false;
}

/** Old parameter values with an exact equivalent today. */
/**
 * `ngram_range=[1, 2]`: a list was read as the pair it holds until scikit-learn validated
 * parameters (1.2), which wants a tuple. The keyword of a vectorizer and the values of a
 * parameter grid's `ngram_range` (`'vect__ngram_range': [[1, 1], [1, 2]]`) become tuples.
 */
const ngramRangeTuple = defineRule(
  {
    ...info(
      'ngram-range-tuple',
      '1.2',
      "`ngram_range` must be a tuple since scikit-learn 1.2's parameter validation: `[1, 2]` is `(1, 2)`."
    ),
    needs: ['ngram_range'],
    raises: {
      ename: ['InvalidParameterError', 'ValueError'],
      message: /'ngram_range' parameter of \w+ must be an instance of 'tuple'/
    },
    examples: [
      {
        setup:
          "from sklearn.feature_extraction.text import CountVectorizer\ndocs = ['the cat sat', 'the dog sat']",
        before:
          'print(len(CountVectorizer(ngram_range=[1, 2]).fit(docs).vocabulary_))',
        after:
          'print(len(CountVectorizer(ngram_range=(1, 2)).fit(docs).vocabulary_))'
      },
      {
        setup:
          "from sklearn.feature_extraction.text import CountVectorizer\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.naive_bayes import MultinomialNB\nfrom sklearn.pipeline import Pipeline\ndocs = ['red cat', 'blue dog', 'red dog', 'blue cat'] * 3\nlabels = [0, 1, 0, 1] * 3",
        before:
          "gs = GridSearchCV(Pipeline([('vect', CountVectorizer()), ('nb', MultinomialNB())]), {'vect__ngram_range': [[1, 1], [1, 2]]}, cv=2).fit(docs, labels)\nprint(gs.best_params_)",
        after:
          "gs = GridSearchCV(Pipeline([('vect', CountVectorizer()), ('nb', MultinomialNB())]), {'vect__ngram_range': [(1, 1), (1, 2)]}, cv=2).fit(docs, labels)\nprint(gs.best_params_)"
      }
    ]
  },
  context => {
    const keywords = context.nodes('CallExpression').flatMap(call =>
      sklearnCallee(context, call) === null
        ? []
        : argsOf(context, call)
            .filter(arg => arg.name === 'ngram_range')
            .map(arg => arg.value)
    );
    const grids = context.nodes('DictionaryExpression').flatMap(dict =>
      dict
        .getChildren('String')
        .filter(
          key =>
            /(^|__)ngram_range$/.test(
              stringValue(textOf(context, key)) ?? ''
            ) && key.nextSibling?.name === ':'
        )
        .flatMap(key => {
          const values = key.nextSibling!.nextSibling;
          return values?.name === 'ArrayExpression' ||
            values?.name === 'TupleExpression'
            ? values.getChildren('ArrayExpression')
            : [];
        })
    );
    return [...keywords, ...grids].flatMap(list => {
      const items = list
        .getChildren('Number')
        .concat(list.getChildren('VariableName'));
      if (list.name !== 'ArrayExpression' || items.length !== 2) {
        return [];
      }
      return [
        matchAt('sklearn.ngram-range-tuple', list, [
          { from: list.from, to: list.from + 1, insert: '(' },
          { from: list.to - 1, to: list.to, insert: ')' }
        ])
      ];
    });
  }
);

export const sklearnParamValueRules: IRule[] = [
  integralFloat,
  ngramRangeTuple,
  maxFeaturesAuto(
    valueRenamed({
      ...info(
        'max-features-auto',
        '1.3',
        "`max_features='auto'` was removed in 1.3: it meant 'sqrt' for classifiers (in a search's parameter grid too)."
      ),
      raises: invalid('max_features'),
      callees: CLASSIFIERS,
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
    CLASSIFIERS,
    literal => literal.replace('auto', 'sqrt'),
    {
      setup: `${IRIS}\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.ensemble import RandomForestClassifier`,
      before:
        "param_grid = {'max_features': ['auto'], 'max_depth': [2, 4]}\nsearch = GridSearchCV(RandomForestClassifier(n_estimators=5, random_state=0), param_grid, cv=3).fit(X, y)\nprint(search.best_params_['max_depth'], round(search.best_score_, 3))",
      after:
        "param_grid = {'max_features': ['sqrt'], 'max_depth': [2, 4]}\nsearch = GridSearchCV(RandomForestClassifier(n_estimators=5, random_state=0), param_grid, cv=3).fit(X, y)\nprint(search.best_params_['max_depth'], round(search.best_score_, 3))"
    }
  ),
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
  maxFeaturesAuto(
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
    FOREST_REGRESSORS,
    () => '1.0',
    {
      setup: `${IRIS}\nfrom sklearn.model_selection import RandomizedSearchCV\nfrom sklearn.ensemble import ExtraTreesRegressor`,
      before:
        "forest = ExtraTreesRegressor(n_estimators=5, random_state=0)\ngrids = [{'max_features': ['auto'], 'min_samples_leaf': [1, 5]}]\nsearch = RandomizedSearchCV(forest, grids, n_iter=2, cv=3, random_state=0).fit(X, y)\nprint(search.best_params_['min_samples_leaf'], round(search.best_score_, 3))",
      after:
        "forest = ExtraTreesRegressor(n_estimators=5, random_state=0)\ngrids = [{'max_features': [1.0], 'min_samples_leaf': [1, 5]}]\nsearch = RandomizedSearchCV(forest, grids, n_iter=2, cv=3, random_state=0).fit(X, y)\nprint(search.best_params_['min_samples_leaf'], round(search.best_score_, 3))"
    }
  ),
  maxFeaturesAuto(
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
    TREE_REGRESSORS,
    () => 'None',
    {
      setup: `${IRIS}\nfrom sklearn import ensemble, model_selection`,
      before:
        "search = model_selection.GridSearchCV(estimator=ensemble.GradientBoostingRegressor(n_estimators=5, random_state=0), param_grid={'max_features': ('auto',), 'max_depth': [1, 2]}, cv=3)\nsearch.fit(X, y)\nprint(search.best_params_['max_depth'], round(search.best_score_, 3))",
      after:
        "search = model_selection.GridSearchCV(estimator=ensemble.GradientBoostingRegressor(n_estimators=5, random_state=0), param_grid={'max_features': (None,), 'max_depth': [1, 2]}, cv=3)\nsearch.fit(X, y)\nprint(search.best_params_['max_depth'], round(search.best_score_, 3))"
    }
  ),
  listedAuto(
    'max-features-auto-listed',
    CLASSIFIERS,
    "'sqrt'",
    "`max_features='auto'` was removed in 1.3: in a list of values a loop hands a classifier (`mf_grid = ['auto']`), it is 'sqrt', what it meant.",
    {
      setup: `${IRIS}\nimport itertools\nfrom sklearn.ensemble import RandomForestClassifier`,
      before:
        "keys = ['max_features', 'max_depth']\nsettings = [dict(zip(keys, values)) for values in itertools.product(['auto'], [2, 4])]\nfor s in settings:\n    clf = RandomForestClassifier(n_estimators=5, random_state=0, max_features=s['max_features'], max_depth=s['max_depth'])\n    print(s['max_depth'], round(clf.fit(X, y).score(X, y), 3))",
      after:
        "keys = ['max_features', 'max_depth']\nsettings = [dict(zip(keys, values)) for values in itertools.product(['sqrt'], [2, 4])]\nfor s in settings:\n    clf = RandomForestClassifier(n_estimators=5, random_state=0, max_features=s['max_features'], max_depth=s['max_depth'])\n    print(s['max_depth'], round(clf.fit(X, y).score(X, y), 3))"
    }
  ),
  listedAuto(
    'max-features-auto-listed-forest',
    FOREST_REGRESSORS,
    '1.0',
    "`max_features='auto'` was removed in 1.3: in a list of values a loop hands a forest regressor, it is every feature (`1.0`).",
    {
      setup: `${IRIS}\nfrom sklearn.ensemble import ExtraTreesRegressor`,
      before:
        "features = ('auto', 'sqrt')\nfor f in features:\n    print(f, round(ExtraTreesRegressor(n_estimators=3, max_features=f, random_state=0).fit(X, y).score(X, y), 3))",
      after:
        "features = (1.0, 'sqrt')\nfor f in features:\n    print(f, round(ExtraTreesRegressor(n_estimators=3, max_features=f, random_state=0).fit(X, y).score(X, y), 3))"
    }
  ),
  listedAuto(
    'max-features-auto-listed-tree',
    TREE_REGRESSORS,
    'None',
    "`max_features='auto'` was removed in 1.3: in a list of values a loop hands a regression tree or gradient boosting, it is every feature (`None`).",
    {
      setup: `${IRIS}\nfrom sklearn.tree import DecisionTreeRegressor`,
      before:
        "for f in ['auto', 2]:\n    print(f, round(DecisionTreeRegressor(max_features=f, random_state=0).fit(X, y).score(X, y), 3))",
      after:
        'for f in [None, 2]:\n    print(f, round(DecisionTreeRegressor(max_features=f, random_state=0).fit(X, y).score(X, y), 3))'
    }
  ),
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
  ...(
    [
      ['LinearSVC', { l1: 'hinge', l2: 'squared_hinge' }],
      [
        'LinearSVR',
        { l1: 'epsilon_insensitive', l2: 'squared_epsilon_insensitive' }
      ]
    ] as const
  ).map(([estimator, values]) =>
    lossThroughName(estimator, values as Record<string, string>)
  ),
  ...sklearnParamLiteralRules
];

/**
 * `LinearSVC(loss=loss)`, the loss a name holds (a loop over `['l1', 'l2']`, a function's
 * parameter): once the old name has been refused, the value is renamed where it is given,
 * through the same table as a literal's, and any other value passes as it is.
 */
function lossThroughName(
  estimator: string,
  values: Record<string, string>
): IRule {
  const id = `sklearn.${estimator.toLowerCase()}-loss-name`;
  const table = `{${Object.entries(values)
    .map(([old, renamed]) => `'${old}': '${renamed}'`)
    .join(', ')}}`;
  return defineRule(
    {
      ...info(
        id.slice('sklearn.'.length),
        '0.23',
        `${estimator}'s loss given by a name is renamed where it is given: ${Object.entries(
          values
        )
          .map(([old, renamed]) => `'${old}' is '${renamed}'`)
          .join(', ')}.`
      ),
      raises: {
        ename: 'InvalidParameterError',
        message: new RegExp(
          `The 'loss' parameter of ${estimator} must be .* Got '(${Object.keys(values).join('|')})' instead`
        )
      },
      onFailureOnly: true,
      examples: [
        {
          setup: IRIS,
          before: `from sklearn.svm import ${estimator}\nfor loss in ['l1', 'l2']:\n    print(${estimator}(loss=loss, dual=True, max_iter=5000, random_state=0).fit(X, y).loss)`,
          after: `from sklearn.svm import ${estimator}\nfor loss in ['l1', 'l2']:\n    print(${estimator}(loss=${table}.get(loss, loss), dual=True, max_iter=5000, random_state=0).fit(X, y).loss)`
        }
      ]
    },
    context =>
      callsOf(context, { callees: [estimator], module: 'sklearn' }).flatMap(
        call => {
          const loss = argsOf(context, call).find(arg => arg.name === 'loss');
          return loss?.value.name === 'VariableName'
            ? [
                matchAt(id, loss, [
                  {
                    from: loss.value.from,
                    to: loss.value.to,
                    insert: `${table}.get(${textOf(context, loss.value)}, ${textOf(context, loss.value)})`
                  }
                ])
              ]
            : [];
        }
      ),
    ['loss']
  );
}
