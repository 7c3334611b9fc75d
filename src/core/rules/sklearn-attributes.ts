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

/** Attributes of scikit-learn estimators that were removed or renamed. */
export const sklearnAttributeRules: IRule[] = [normalizeAttribute];
