import {
  appendKeywordIfMissing,
  askedMatch,
  callsOf,
  defineRule
} from './builders';
import { sklearnInfo as info, IRIS } from './sklearn-info';
import { assignedTarget, dottedName } from './syntax';
import type { IRule, IRuleMatch } from './types';

const SEARCHES = [
  'GridSearchCV',
  'RandomizedSearchCV',
  'HalvingGridSearchCV',
  'HalvingRandomSearchCV'
];

/**
 * A search's `cv_results_` (and `cross_validate`'s result) held the training scores by
 * default until 0.21; a notebook that reads them fails with a KeyError where it reads
 * them (an AttributeError where it reads a frame of them by attribute:
 * `pd.DataFrame(grid.cv_results_).mean_train_score`), often cells below the call (the
 * loop tries earlier cells with rules that explain the failure). A call assigned to a name is asked for them again once the kernel says
 * what that name holds now is such a result without them, so a search that is fine is
 * never touched.
 */
const trainScores = defineRule(
  {
    ...info(
      'return-train-score',
      '0.21',
      "Training scores are left out of `cv_results_` and `cross_validate`'s result unless `return_train_score=True` (the default was True until 0.21)."
    ),
    raises: {
      ename: ['KeyError', 'AttributeError'],
      message:
        /^(?:'DataFrame' object has no attribute )?'(?:(?:mean|std|rank|split\d+)_)?train_\w+'$/
    },
    examples: [
      {
        // The search ran once already, in the cell whose reading failed.
        setup: `${IRIS}\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(), {'max_depth': [1]}, cv=3).fit(X, y)`,
        answer: 'True',
        before:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3).fit(X, y)\nprint(search.cv_results_['mean_train_score'].round(2))",
        after:
          "from sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3, return_train_score=True).fit(X, y)\nprint(search.cv_results_['mean_train_score'].round(2))"
      },
      {
        setup: `${IRIS}\nimport pandas as pd\nfrom sklearn.model_selection import GridSearchCV\nfrom sklearn.tree import DecisionTreeClassifier\nsearch = GridSearchCV(DecisionTreeClassifier(), {'max_depth': [1]}, cv=3).fit(X, y)`,
        answer: 'True',
        before:
          "search = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3)\nsearch.fit(X, y)\nprint(pd.DataFrame(search.cv_results_).mean_train_score.round(2).tolist())",
        after:
          "search = GridSearchCV(DecisionTreeClassifier(random_state=0), {'max_depth': [1, 2]}, cv=3, return_train_score=True)\nsearch.fit(X, y)\nprint(pd.DataFrame(search.cv_results_).mean_train_score.round(2).tolist())"
      },
      {
        setup: `${IRIS}\nfrom sklearn.model_selection import cross_validate\nfrom sklearn.tree import DecisionTreeClassifier\nresult = cross_validate(DecisionTreeClassifier(), X, y, cv=3)`,
        answer: 'True',
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
    }).flatMap((call): IRuleMatch[] => {
      const edits = appendKeywordIfMissing(
        context,
        call,
        'return_train_score',
        'True'
      );
      const assigned = assignedTarget(context, call);
      const target = assigned && dottedName(context, assigned);
      if (!edits.length || !target) {
        return [];
      }
      return [
        askedMatch(
          'sklearn.return-train-score',
          call,
          Private.lacksTrainScores(target),
          edits
        )
      ];
    }),
  [...SEARCHES, 'cross_validate']
);

namespace Private {
  /** Whether the name holds a search's results or cross_validate's, without training scores. */
  export function lacksTrainScores(name: string): string {
    return (
      `(lambda r: isinstance(r, dict) and __import__('builtins').any(k.endswith('test_score') or k.startswith('test_') for k in r)` +
      ` and not __import__('builtins').any('train_' in k for k in r))` +
      `(getattr(${name}, 'cv_results_', ${name}) if hasattr(${name}, 'cv_results_') or isinstance(${name}, dict) else None)`
    );
  }
}

/** Results that held more by default. */
export const sklearnTrainScoreRules: IRule[] = [trainScores];
