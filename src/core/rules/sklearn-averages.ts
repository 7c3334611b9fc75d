import { askedMatch, callsOf, defineRule } from './builders';
import { evaluableAgain } from './numpy-shapes';
import { inScopeOf } from './receivers';
import { sklearnNotes } from './sklearn-modules';
import { appendArgument, argsOf, textOf } from './syntax';
import type { IRule } from './types';

// The scores whose default `average='binary'` once fell back to 'weighted' on more classes.
const SCORES = ['f1_score', 'precision_score', 'recall_score', 'fbeta_score'];

/**
 * `f1_score(y_test, y_pred)` on more than two classes averaged the classes' scores weighted
 * by their support until 0.18 (with a warning); since then the default 'binary' refuses
 * such labels. Once a score has failed so, each such call of the cell whose true labels
 * the kernel says are multiclass gets `average='weighted'`; calls on two classes, or that
 * name a positive label, keep the binary score they always had.
 */
export const sklearnAverageRules: IRule[] = [
  defineRule(
    {
      id: 'sklearn.multiclass-average',
      onFailureOnly: true,
      distribution: 'scikit-learn',
      since: '0.18',
      summary:
        "`f1_score`, `precision_score`, `recall_score` and `fbeta_score` of more than two classes averaged them weighted by support until 0.18: `average='weighted'` says so.",
      link: sklearnNotes('0.18'),
      raises: {
        ename: 'ValueError',
        message: /^Target is multiclass but average='binary'/
      },
      examples: [
        {
          setup:
            'from sklearn.datasets import load_iris\nfrom sklearn.tree import DecisionTreeClassifier\nX, y = load_iris(return_X_y=True)\npred = DecisionTreeClassifier(max_depth=1).fit(X, y).predict(X)',
          before:
            'from sklearn.metrics import f1_score\nprint(round(f1_score(y, pred), 3))',
          after:
            "from sklearn.metrics import f1_score\nprint(round(f1_score(y, pred, average='weighted'), 3))",
          answer: 'multiclass'
        }
      ]
    },
    context =>
      callsOf(context, { callees: SCORES, module: 'sklearn' }).flatMap(call => {
        const args = argsOf(context, call);
        const truth = args.find(arg => arg.name === 'y_true') ?? args[0];
        if (
          !truth ||
          (truth.name !== undefined && truth.name !== 'y_true') ||
          args.some(
            arg =>
              arg.star || arg.name === 'average' || arg.name === 'pos_label'
          ) ||
          args.filter(arg => !arg.name).length > 2 ||
          !evaluableAgain(truth.value)
        ) {
          return [];
        }
        const question = inScopeOf(
          context,
          call,
          `__import__('sklearn.utils.multiclass', fromlist=['type_of_target']).type_of_target(${textOf(context, truth.value)})`
        );
        return question === null
          ? []
          : [
              askedMatch(
                'sklearn.multiclass-average',
                call,
                question,
                [appendArgument(context, call, "average='weighted'")],
                undefined,
                'multiclass'
              )
            ];
      }),
    SCORES
  )
];
