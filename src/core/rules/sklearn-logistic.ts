import type { SyntaxNode } from '@lezer/common';
import { callsOf, datedBefore, defineRule, matchAt } from './builders';
import { spellName } from './bindings';
import {
  appendArgument,
  argsOf,
  calleeOf,
  removeArgument,
  stringValue,
  textOf,
  wrapIn,
  type IArgument
} from './syntax';
import { IRIS } from './sklearn-info';
import { sklearnNotes } from './sklearn-modules';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const NOTE_OVR =
  "One-vs-rest is OneVsRestClassifier(LogisticRegression(...)) now: it predicts as before; each class's coef_ is in estimators_[i].coef_.";
const NOTE_L1_OVR =
  "On more than two classes it is OneVsRestClassifier(LogisticRegression(..., solver='liblinear')): the same one-vs-rest models, so the same predictions; coef_ and intercept_ are its estimators_'.";
const NOTE_MULTINOMIAL =
  "The multinomial loss is today's only multiclass behaviour (a binary problem is fit as one logistic regression).";

/** How many classes the labels named in the notebook hold; 0 when the name is not bound yet. */
function classesOf(labels: string): string {
  return `(lambda ns: __import__('numpy').unique(ns['${labels}']).size if '${labels}' in ns else 0)(globals())`;
}

/**
 * `LogisticRegression(multi_class=...)`, removed in 1.8. 'multinomial' and 'auto' are
 * today's behaviour and go. 'ovr' (and 'auto' with liblinear, which meant it) becomes
 * `OneVsRestClassifier(LogisticRegression(...))` on a multiclass problem; on a binary one
 * the argument just goes, keeping coef_ where later code reads it. Where the cell fits
 * the estimator on labels it names, the kernel is asked how many classes they hold.
 */
const multiClass = defineRule(
  {
    id: 'sklearn.logistic-multi-class',
    distribution: 'scikit-learn',
    since: '1.8',
    summary:
      '`LogisticRegression(multi_class=...)` was removed in scikit-learn 1.8: multinomial is the only behaviour; one-vs-rest is OneVsRestClassifier.',
    link: sklearnNotes('1.8'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'multi_class'/
    },
    targets: ['sklearn.multiclass.OneVsRestClassifier'],
    needs: ['multi_class'],
    examples: [
      {
        setup:
          'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)',
        before:
          "from sklearn.linear_model import LogisticRegression\nclf = LogisticRegression(multi_class='ovr', solver='liblinear')\nclf.fit(X, y)\nprint(clf.score(X, y))",
        after:
          "from sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nclf = OneVsRestClassifier(LogisticRegression(solver='liblinear'))\nclf.fit(X, y)\nprint(clf.score(X, y))",
        answer: '3'
      },
      {
        setup:
          'from sklearn.datasets import load_breast_cancer\nX, y = load_breast_cancer(return_X_y=True)',
        before:
          "from sklearn.linear_model import LogisticRegression\nclf = LogisticRegression(multi_class='ovr', solver='liblinear').fit(X, y)\nprint(clf.coef_.shape)",
        after:
          "from sklearn.linear_model import LogisticRegression\nclf = LogisticRegression(solver='liblinear').fit(X, y)\nprint(clf.coef_.shape)",
        answer: '2'
      },
      {
        setup:
          'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)',
        before:
          "from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(multi_class='multinomial', max_iter=500).fit(X, y).score(X, y))",
        after:
          'from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(max_iter=500).fit(X, y).score(X, y))'
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: ['LogisticRegression'],
      module: 'sklearn'
    }).flatMap(call => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'multi_class');
      if (index < 0) {
        return [];
      }
      const arg = args[index];
      const value = stringValue(textOf(context, arg.value));
      const solver = args.find(a => a.name === 'solver');
      const liblinear =
        solver !== undefined &&
        stringValue(textOf(context, solver.value)) === 'liblinear';
      const drop = removeArgument(context, call, index);
      if (value === 'multinomial' || (value === 'auto' && !liblinear)) {
        return [matchAt(multiClass.id, arg, [drop], NOTE_MULTINOMIAL)];
      }
      if (value !== 'ovr' && value !== 'auto') {
        return [matchAt(multiClass.id, arg, [], NOTE_OVR)];
      }
      const wrap = [drop, ...Private.wrap(context, call)];
      const labels = Private.labelsFitOn(context, call);
      if (!labels) {
        return [matchAt(multiClass.id, arg, wrap, NOTE_OVR)];
      }
      const match: IRuleMatch = matchAt(multiClass.id, arg, [], NOTE_OVR);
      match.question = {
        expression: classesOf(labels),
        decide: answer => {
          const classes = Number(answer);
          return classes === 1 || classes === 2 ? [drop] : wrap;
        }
      };
      return [match];
    })
);

/**
 * `LogisticRegression(penalty='l1')` leaving the solver out: the default was liblinear
 * until 0.22, which took l1; lbfgs, today's, does not. liblinear is pinned where the
 * problem is binary (or the cell fits nothing). On more classes liblinear was one-vs-rest,
 * which it no longer does itself: the pinned estimator goes in a OneVsRestClassifier,
 * which fits the same binary models (saga's multinomial fit would give other scores).
 */
const l1Solver = defineRule(
  {
    id: 'sklearn.logistic-l1-solver',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      "`LogisticRegression(penalty='l1')` relied on the old default solver, liblinear (lbfgs since 0.22 takes no l1 penalty): it is pinned, in a OneVsRestClassifier on more than two classes.",
    link: sklearnNotes('0.22'),
    raises: {
      ename: 'ValueError',
      message:
        /Solver lbfgs supports only 'l2' or None penalties, got l1 penalty/
    },
    targets: ['sklearn.multiclass.OneVsRestClassifier'],
    examples: [
      {
        setup:
          'from sklearn.datasets import load_breast_cancer\nX, y = load_breast_cancer(return_X_y=True)',
        before:
          "from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=0.1)\nlr.fit(X, y)\nprint((lr.coef_ != 0).sum() < X.shape[1])",
        after:
          "from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')\nlr.fit(X, y)\nprint((lr.coef_ != 0).sum() < X.shape[1])",
        answer: '2'
      },
      {
        setup:
          'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)',
        before:
          "from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(penalty='l1', C=0.5)\nlr.fit(X, y)\nprint(round(lr.score(X, y), 2))",
        after:
          "from sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(penalty='l1', C=0.5, solver='liblinear'))\nlr.fit(X, y)\nprint(round(lr.score(X, y), 2))",
        answer: '3'
      }
    ]
  },
  context =>
    Private.penalized(context, 'l1').map(({ call, penalty }) =>
      Private.liblinear(context, call, l1Solver.id, penalty)
    ),
  ['l1']
);

/**
 * The same, with the penalty given as a value (`penalty=penalty`, a grid of settings):
 * only once the fit failed saying the penalty was l1. liblinear, the old default, took
 * both penalties.
 */
const l1SolverValue = defineRule(
  {
    id: 'sklearn.logistic-l1-solver-value',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      "`LogisticRegression(penalty=p)` was given `'l1'` and relied on the old default solver, liblinear, which took both penalties (lbfgs since 0.22 takes no l1): it is pinned.",
    link: sklearnNotes('0.22'),
    raises: l1Solver.raises,
    onFailureOnly: true,
    examples: [
      {
        setup:
          'from sklearn.datasets import load_breast_cancer\nfrom sklearn.linear_model import LogisticRegression\nX, y = load_breast_cancer(return_X_y=True)',
        before:
          "def make(penalty):\n    return LogisticRegression(C=0.1, penalty=penalty)\nprint([(make(p).fit(X, y).coef_ != 0).sum() < X.shape[1] for p in ('l1', 'l2')])",
        after:
          "def make(penalty):\n    return LogisticRegression(C=0.1, penalty=penalty, solver='liblinear')\nprint([(make(p).fit(X, y).coef_ != 0).sum() < X.shape[1] for p in ('l1', 'l2')])"
      }
    ]
  },
  context =>
    Private.penalized(context, null).map(({ call, penalty }) =>
      Private.liblinear(context, call, l1SolverValue.id, penalty)
    ),
  ['penalty']
);

/**
 * The default solver became lbfgs in 0.22 (and multiclass fits multinomial): in a notebook
 * dated before, liblinear is pinned, which was one-vs-rest on more than two classes and
 * no longer is itself, so there it goes in a OneVsRestClassifier; the kernel is asked how
 * many classes the labels the cell fits on hold.
 */
const defaultSolver = defineRule(
  {
    id: 'sklearn.logistic-solver',
    kind: 'score-calibration',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      "LogisticRegression's solver is 'lbfgs' since 0.22, not 'liblinear' (one-vs-rest on more than two classes).",
    link: sklearnNotes('0.22'),
    targets: ['sklearn.multiclass.OneVsRestClassifier'],
    examples: [
      {
        setup: IRIS,
        before:
          'from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression().fit(X, y == 2).coef_[0].round(2))',
        after:
          "from sklearn.linear_model import LogisticRegression\nprint(LogisticRegression(solver='liblinear').fit(X, y == 2).coef_[0].round(2))",
        writtenWith: '3.6.8'
      },
      {
        setup: IRIS,
        before:
          'from sklearn.linear_model import LogisticRegression\nlr = LogisticRegression(random_state=7).fit(X, y)\nprint(round(lr.score(X, y), 3))',
        after:
          "from sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(random_state=7, solver='liblinear')).fit(X, y)\nprint(round(lr.score(X, y), 3))",
        writtenWith: '3.6.8',
        answer: '3'
      }
    ]
  },
  context => {
    if (!datedBefore(context, defaultSolver)) {
      return [];
    }
    return callsOf(context, {
      callees: ['LogisticRegression'],
      module: 'sklearn.linear_model'
    }).flatMap(call =>
      argsOf(context, call).some(
        arg => arg.star || arg.name === 'solver' || arg.name === 'multi_class'
      )
        ? []
        : [Private.liblinear(context, call, defaultSolver.id, call)]
    );
  },
  ['LogisticRegression']
);

/**
 * `LogisticRegression(solver='liblinear')` fit one-vs-rest models on more than two classes
 * until 1.8, which refuses such labels. Once a fit has failed so, the estimator goes in a
 * OneVsRestClassifier, which fits the same binary models: where the cell fits it on labels
 * it names, the kernel says how many classes they hold; else only the cell's one such call.
 */
const liblinearMulticlass = defineRule(
  {
    id: 'sklearn.liblinear-multiclass',
    onFailureOnly: true,
    distribution: 'scikit-learn',
    since: '1.8',
    summary:
      "The 'liblinear' solver no longer fits one-vs-rest models on more than two classes itself (scikit-learn 1.8): OneVsRestClassifier(LogisticRegression(..., solver='liblinear')) does.",
    link: sklearnNotes('1.8'),
    raises: {
      ename: 'ValueError',
      message: /The 'liblinear' solver does not support multiclass/
    },
    targets: ['sklearn.multiclass.OneVsRestClassifier'],
    examples: [
      {
        setup: IRIS,
        before:
          "from sklearn.linear_model import LogisticRegression\nlr1 = LogisticRegression(solver = 'liblinear', penalty = 'l1', C = .1)\nlr1.fit(X, y)\nprint(round(lr1.score(X, y), 2))",
        after:
          "from sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nlr1 = OneVsRestClassifier(LogisticRegression(solver = 'liblinear', penalty = 'l1', C = .1))\nlr1.fit(X, y)\nprint(round(lr1.score(X, y), 2))",
        answer: '3'
      }
    ]
  },
  context => {
    const calls = callsOf(context, {
      callees: ['LogisticRegression'],
      module: 'sklearn'
    }).filter(call => {
      const args = argsOf(context, call);
      const solver = args.find(arg => arg.name === 'solver');
      return (
        solver !== undefined &&
        stringValue(textOf(context, solver.value)) === 'liblinear' &&
        !args.some(arg => arg.star || arg.name === 'multi_class') &&
        !Private.wrapped(context, call)
      );
    });
    return calls.flatMap((call): IRuleMatch[] => {
      const wrap = Private.wrap(context, call);
      const labels = Private.labelsFitOn(context, call);
      if (!labels) {
        return calls.length === 1
          ? [matchAt(liblinearMulticlass.id, call, wrap, NOTE_L1_OVR)]
          : [];
      }
      const match = matchAt(liblinearMulticlass.id, call, [], NOTE_L1_OVR);
      match.question = {
        expression: classesOf(labels),
        decide: answer => (Number(answer) > 2 ? wrap : null)
      };
      return [match];
    });
  },
  ['liblinear']
);

/** LogisticRegression's removed parameters and changed defaults. */
export const sklearnLogisticRules: IRule[] = [
  multiClass,
  l1Solver,
  l1SolverValue,
  defaultSolver,
  liblinearMulticlass
];

namespace Private {
  /**
   * `solver='liblinear'` pinned on a LogisticRegression call, matched at `at`: where the
   * cell fits it on labels it names, the kernel says how many classes they hold, and on
   * more than two the estimator goes in a OneVsRestClassifier.
   */
  /**
   * The LogisticRegression calls that pass `penalty=` and no solver, every argument by
   * name, whose penalty is the string `written` (null: a value, not a string written out).
   */
  export function penalized(
    context: IRuleContext,
    written: string | null
  ): { call: SyntaxNode; penalty: IArgument }[] {
    return callsOf(context, {
      callees: ['LogisticRegression'],
      module: 'sklearn'
    }).flatMap(call => {
      const args = argsOf(context, call);
      const penalty = args.find(arg => arg.name === 'penalty');
      return penalty &&
        stringValue(textOf(context, penalty.value)) === written &&
        !args.some(arg => arg.name === 'solver' || arg.star || !arg.name)
        ? [{ call, penalty }]
        : [];
    });
  }

  export function liblinear(
    context: IRuleContext,
    call: SyntaxNode,
    id: string,
    at: { from: number; to: number }
  ): IRuleMatch {
    const pin = [appendArgument(context, call, "solver='liblinear'")];
    const labels = labelsFitOn(context, call);
    if (!labels) {
      return matchAt(id, at, pin);
    }
    const match: IRuleMatch = matchAt(id, at, [], NOTE_L1_OVR);
    match.question = {
      expression: classesOf(labels),
      decide: answer =>
        Number(answer) <= 2 ? pin : [...pin, ...wrap(context, call)]
    };
    return match;
  }

  /** Whether a call is already the estimator of a `OneVsRestClassifier(...)`. */
  export function wrapped(context: IRuleContext, call: SyntaxNode): boolean {
    const outer = call.parent?.name === 'ArgList' ? call.parent.parent : null;
    const callee = outer && calleeOf(context, outer);
    return !!callee && callee.name === 'OneVsRestClassifier';
  }

  /** Edits putting a call inside `OneVsRestClassifier(...)`, its import bound. */
  export function wrap(context: IRuleContext, call: SyntaxNode): ITextEdit[] {
    const ovr = spellName(context, {
      module: 'sklearn.multiclass',
      name: 'OneVsRestClassifier'
    });
    return wrapIn(call, ovr);
  }

  /**
   * The plain name of the labels the cell fits the estimator on: `Est(...).fit(X, y)`, or
   * `clf = Est(...)` followed by `clf.fit(X, y)`; null when the cell does not say.
   */
  export function labelsFitOn(
    context: IRuleContext,
    call: SyntaxNode
  ): string | null {
    const member = call.parent;
    if (
      member?.name === 'MemberExpression' &&
      member.lastChild &&
      textOf(context, member.lastChild) === 'fit' &&
      member.parent?.name === 'CallExpression'
    ) {
      return labelOf(context, member.parent);
    }
    const assign = call.parent;
    const target = assign?.firstChild;
    if (
      assign?.name !== 'AssignStatement' ||
      target?.name !== 'VariableName' ||
      target.nextSibling?.name !== 'AssignOp' ||
      target.nextSibling.nextSibling?.from !== call.from
    ) {
      return null;
    }
    const name = textOf(context, target);
    const fit = context
      .nodes('CallExpression')
      .find(
        other =>
          other.from > call.to &&
          context.source.slice(other.from, other.to).startsWith(`${name}.fit(`)
      );
    return fit ? labelOf(context, fit) : null;
  }

  /** The second argument of a fit call when it is a plain name. */
  function labelOf(context: IRuleContext, fit: SyntaxNode): string | null {
    const args = argsOf(context, fit);
    const labels =
      args.filter(arg => !arg.name && !arg.star)[1] ??
      args.find(arg => arg.name === 'y');
    return labels && labels.value.name === 'VariableName'
      ? textOf(context, labels.value)
      : null;
  }
}
