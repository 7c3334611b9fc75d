import {
  appendKeywordIfMissing,
  callsOf,
  defineRule,
  matchAt
} from './builders';
import { sklearnInfo as info } from './sklearn-info';
import type { IRule } from './types';

const IRIS =
  'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)';
const SEARCHES = [
  'GridSearchCV',
  'RandomizedSearchCV',
  'HalvingGridSearchCV',
  'HalvingRandomSearchCV'
];

/**
 * A search's `cv_results_` (and `cross_validate`'s result) held the training scores by
 * default until 0.21; a notebook that reads them fails with a KeyError where it reads
 * them, so every search or cross_validate call of the cell asks for them again. The
 * failure can be cells below the call: the loop tries earlier cells with rules that
 * explain it.
 */
const trainScores = defineRule(
  {
    ...info(
      'return-train-score',
      '0.21',
      "Training scores are left out of `cv_results_` and `cross_validate`'s result unless `return_train_score=True` (the default was True until 0.21)."
    ),
    raises: {
      ename: 'KeyError',
      message: /^'(?:(?:mean|std|rank|split\d+)_)?train_\w+'$/
    },
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3).fit(X, y)\nprint(search.cv_results_['mean_train_score'].round(2))",
        after:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3, return_train_score=True).fit(X, y)\nprint(search.cv_results_['mean_train_score'].round(2))"
      },
      {
        setup: IRIS,
        before:
          "from sklearn.model_selection import cross_validate\nfrom sklearn.tree import DecisionTreeClassifier\nresult = cross_validate(DecisionTreeClassifier(max_depth=2, random_state=0), X, y, cv=3)\nprint(result['train_score'].round(2))",
        after:
          "from sklearn.model_selection import cross_validate\nfrom sklearn.tree import DecisionTreeClassifier\nresult = cross_validate(DecisionTreeClassifier(max_depth=2, random_state=0), X, y, cv=3, return_train_score=True)\nprint(result['train_score'].round(2))"
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: [...SEARCHES, 'cross_validate'],
      module: 'sklearn'
    }).flatMap(call => {
      const edits = appendKeywordIfMissing(
        context,
        call,
        'return_train_score',
        'True'
      );
      return edits.length
        ? [matchAt('sklearn.return-train-score', call, edits)]
        : [];
    }),
  [...SEARCHES, 'cross_validate']
);

/** Results that held more by default. */
export const sklearnTrainScoreRules: IRule[] = [trainScores];
