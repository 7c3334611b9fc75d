import type { SyntaxNode } from '@lezer/common';
import { defineRule } from './builders';
import { onReceiver } from './receivers';
import { sklearnNotes } from './sklearn-modules';
import { spellModule, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/**
 * The detector of an attribute renamed on some estimators only: `obj.old` becomes
 * `obj.renamed` where the kernel says `obj` is one of `types`.
 */
function renamedOn(
  ruleId: string,
  old: string,
  renamed: string,
  types: string[]
): (context: IRuleContext) => IRuleMatch[] {
  return context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      if (textOf(context, property) !== old) {
        return [];
      }
      return onReceiver(context, ruleId, {
        node: member,
        owner: member.firstChild!,
        types,
        edits: [{ from: property.from, to: property.to, insert: renamed }]
      });
    });
}

// The linear models whose `normalize` parameter (default False) was removed in 1.2.
const NORMALIZED = ['LinearRegression', 'Ridge', 'Lasso', 'ElasticNet', 'Lars'];

/**
 * Reading an estimator's removed parameter: `model.normalize` was always False unless
 * the notebook set it, so reading it keeps working as `getattr(model, 'normalize', False)`.
 * Only on the estimators that had it: the kernel is asked what the object is.
 */
const normalizeAttribute = defineRule(
  {
    id: 'sklearn.normalize-attribute',
    needs: ['.normalize'],
    distribution: 'scikit-learn',
    since: '1.2',
    summary:
      "Linear models lost their `normalize` parameter in scikit-learn 1.2: read as `getattr(model, 'normalize', False)`.",
    link: sklearnNotes('1.2'),
    raises: {
      ename: 'AttributeError',
      message: /object has no attribute 'normalize'/
    },
    examples: [
      {
        setup:
          'from sklearn.linear_model import LinearRegression\nmodel = LinearRegression()',
        before: 'print(model.normalize)',
        after: "print(getattr(model, 'normalize', False))",
        answer: 'LinearRegression'
      }
    ]
  },
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      const owner = member.firstChild!;
      const parent = member.parent;
      const called =
        parent?.name === 'CallExpression' &&
        parent.firstChild?.to === member.to;
      const assigned =
        parent?.name === 'AssignStatement' &&
        parent.firstChild?.to === member.to;
      if (textOf(context, property) !== 'normalize' || called || assigned) {
        return [];
      }
      return onReceiver(context, 'sklearn.normalize-attribute', {
        node: member,
        owner,
        types: NORMALIZED,
        edits: [
          {
            from: member.from,
            to: member.to,
            insert: `getattr(${textOf(context, owner)}, 'normalize', False)`
          }
        ]
      });
    })
);

/**
 * `gmm.covars_` is `covariances_` on GaussianMixture (GMM's replacement, 0.20), same
 * shape for each covariance type. hmmlearn's models still have `covars_`: only a
 * GaussianMixture is renamed, the kernel says which it is.
 */
const covars = defineRule(
  {
    id: 'sklearn.gmm-covars',
    needs: ['.covars_'],
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "GMM's `covars_` is GaussianMixture's `covariances_` (scikit-learn 0.20).",
    link: sklearnNotes('0.20'),
    raises: {
      ename: 'AttributeError',
      message: /'GaussianMixture' object has no attribute 'covars_'/
    },
    targets: ['sklearn.mixture.GaussianMixture'],
    examples: [
      {
        setup:
          "import numpy as np\nfrom sklearn.mixture import GaussianMixture\ngmm = GaussianMixture(2, covariance_type='diag', random_state=0).fit(np.random.RandomState(0).rand(20, 2))",
        before: 'print(gmm.covars_.shape)',
        after: 'print(gmm.covariances_.shape)',
        answer: 'GaussianMixture'
      }
    ]
  },
  renamedOn('sklearn.gmm-covars', 'covars_', 'covariances_', [
    'GaussianMixture'
  ])
);

/**
 * `ridge.cv_values_` is `cv_results_` (renamed in 1.5 with `store_cv_values`, removed in
 * 1.7), the same array. Only on RidgeCV and RidgeClassifierCV, which the kernel is asked.
 */
const ridgeCvValues = defineRule(
  {
    id: 'sklearn.ridge-cv-values',
    needs: ['.cv_values_'],
    distribution: 'scikit-learn',
    since: '1.7',
    summary:
      "RidgeCV's `cv_values_` is `cv_results_` since scikit-learn 1.5 (the old name was removed in 1.7).",
    link: sklearnNotes('1.7'),
    raises: {
      ename: 'AttributeError',
      message: /'Ridge(Classifier)?CV' object has no attribute 'cv_values_'/
    },
    examples: [
      {
        setup:
          'from sklearn.datasets import load_diabetes\nfrom sklearn.linear_model import RidgeCV\nX, y = load_diabetes(return_X_y=True)\nridge = RidgeCV(alphas=[0.1, 1.0, 10.0], store_cv_results=True).fit(X, y)',
        before: 'print(ridge.cv_values_.mean(axis=0).argmin())',
        after: 'print(ridge.cv_results_.mean(axis=0).argmin())',
        answer: 'RidgeCV'
      }
    ]
  },
  renamedOn('sklearn.ridge-cv-values', 'cv_values_', 'cv_results_', [
    'RidgeCV',
    'RidgeClassifierCV'
  ])
);

// How OneVsRestClassifier's coef_ and intercept_ (removed in 1.1) read its estimators.
const OVR_STACKS: Record<string, (np: string, e: string) => string> = {
  coef_: (np, e) => `${np}.vstack([e.coef_ for e in ${e}.estimators_])`,
  intercept_: (np, e) =>
    `${np}.concatenate([e.intercept_ for e in ${e}.estimators_])`
};

/**
 * `ovr.coef_` and `ovr.intercept_` of a OneVsRestClassifier, removed in 1.1: they stacked
 * its binary estimators' (a row of coefficients and an intercept per class). Most such
 * objects replace a one-vs-rest LogisticRegression (multi_class='ovr', liblinear), so the
 * intercepts are one vector as that estimator's were (OneVsRestClassifier's own was a
 * column). Only on a OneVsRestClassifier, which the kernel is asked.
 */
const ovrCoef = defineRule(
  {
    id: 'sklearn.ovr-coef',
    needs: ['coef_', 'intercept_'],
    distribution: 'scikit-learn',
    since: '1.1',
    summary:
      "OneVsRestClassifier's `coef_` and `intercept_` were removed in 1.1: they are stacked from its `estimators_`.",
    link: sklearnNotes('1.1'),
    raises: {
      ename: 'AttributeError',
      message:
        /'OneVsRestClassifier' object has no attribute '(coef_|intercept_)'/
    },
    examples: [
      {
        setup:
          "from sklearn.datasets import load_iris\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.multiclass import OneVsRestClassifier\nX, y = load_iris(return_X_y=True)\novr = OneVsRestClassifier(LogisticRegression(solver='liblinear')).fit(X, y)",
        before: 'print(ovr.coef_.shape, ovr.intercept_.shape)',
        after:
          'import numpy as np\nprint(np.vstack([e.coef_ for e in ovr.estimators_]).shape, np.concatenate([e.intercept_ for e in ovr.estimators_]).shape)',
        answer: 'OneVsRestClassifier'
      }
    ]
  },
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      const owner = member.firstChild!;
      const stack = OVR_STACKS[textOf(context, property)];
      const parent = member.parent;
      const assigned =
        parent?.name === 'AssignStatement' &&
        parent.firstChild?.to === member.to;
      if (!stack || assigned || Private.comprehensionVariable(context, owner)) {
        return [];
      }
      const np = spellModule(context, 'numpy', 'np');
      return onReceiver(context, 'sklearn.ovr-coef', {
        node: member,
        owner,
        types: ['OneVsRestClassifier'],
        edits: [
          ...np.edits,
          {
            from: member.from,
            to: member.to,
            insert: stack(np.name, textOf(context, owner))
          }
        ]
      });
    })
);

/** Attributes of scikit-learn estimators that were removed or renamed. */
export const sklearnAttributeRules: IRule[] = [
  normalizeAttribute,
  covars,
  ovrCoef,
  ridgeCvValues
];

namespace Private {
  /** Whether a name is the variable of a comprehension around it (`e` of `for e in ...`). */
  export function comprehensionVariable(
    context: IRuleContext,
    node: SyntaxNode
  ): boolean {
    if (node.name !== 'VariableName') {
      return false;
    }
    const bound = new RegExp(`\\bfor\\s+${textOf(context, node)}\\s+in\\b`);
    for (let up = node.parent; up; up = up.parent) {
      if (
        up.name.endsWith('ComprehensionExpression') &&
        bound.test(textOf(context, up))
      ) {
        return true;
      }
    }
    return false;
  }
}
