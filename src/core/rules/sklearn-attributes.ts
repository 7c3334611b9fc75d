import { defineRule } from './builders';
import { onReceiver } from './receivers';
import { sklearnNotes } from './sklearn-modules';
import { textOf } from './syntax';
import type { IRule } from './types';

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
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      if (textOf(context, property) !== 'covars_') {
        return [];
      }
      return onReceiver(context, 'sklearn.gmm-covars', {
        node: member,
        owner: member.firstChild!,
        types: ['GaussianMixture'],
        edits: [
          { from: property.from, to: property.to, insert: 'covariances_' }
        ]
      });
    })
);

/** Attributes of scikit-learn estimators that were removed or renamed. */
export const sklearnAttributeRules: IRule[] = [normalizeAttribute, covars];
