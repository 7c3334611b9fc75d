import { defineRule, matchAt } from './builders';
import { sklearnInfo as info } from './sklearn-info';
import { dottedName, resolve } from './syntax';
import type { IRule, IRuleMatch } from './types';

const BASE = 'sklearn.base.BaseEstimator';
const MIXIN = /^sklearn\.base\.\w+Mixin$/;

/**
 * `class Vote(BaseEstimator, ClassifierMixin)`: since 1.6 an estimator's kind (classifier,
 * regressor...) comes from its tags, which BaseEstimator sets without asking the classes
 * after it, so a mixin to its right no longer makes the class a classifier: scorers then
 * take its probabilities for a regressor's predictions (NaN scores), and cross-validation
 * stops stratifying. Putting BaseEstimator after the mixins gives the old meaning.
 */
const mixinOrder = defineRule(
  {
    ...info(
      'mixin-order',
      '1.6',
      "An estimator's mixins (ClassifierMixin, RegressorMixin, TransformerMixin...) must come before BaseEstimator among its bases since 1.6, or the class is no longer taken for a classifier or regressor (NaN scores, unstratified folds)."
    ),
    kind: 'score-calibration',
    examples: [
      {
        before:
          'from sklearn.base import BaseEstimator, ClassifierMixin, is_classifier\nclass Vote(BaseEstimator, ClassifierMixin):\n    pass\nprint(is_classifier(Vote()))',
        after:
          'from sklearn.base import BaseEstimator, ClassifierMixin, is_classifier\nclass Vote(ClassifierMixin, BaseEstimator):\n    pass\nprint(is_classifier(Vote()))'
      }
    ]
  },
  context =>
    context.nodes('ClassDefinition').flatMap((node): IRuleMatch[] => {
      const list = node.getChild('ArgList');
      const bases = list
        ? list
            .getChildren('VariableName')
            .concat(list.getChildren('MemberExpression'))
        : [];
      // Only plain bases (no keywords, no calls): their text can be put in another order.
      const commas = list ? list.getChildren(',').length : 0;
      if (!list || bases.length < 2 || bases.length !== commas + 1) {
        return [];
      }
      bases.sort((a, b) => a.from - b.from);
      const targets = bases.map(base => {
        const dotted = dottedName(context, base);
        return dotted ? resolve(context, dotted) : '';
      });
      const at = targets.indexOf(BASE);
      const last = targets.reduce(
        (found, target, i) => (MIXIN.test(target) ? i : found),
        -1
      );
      if (at < 0 || last < at) {
        return [];
      }
      const texts = bases.map(base => context.source.slice(base.from, base.to));
      const order = [
        ...texts.slice(0, at),
        ...texts.slice(at + 1, last + 1),
        texts[at],
        ...texts.slice(last + 1)
      ];
      return [
        matchAt('sklearn.mixin-order', list, [
          {
            from: bases[0].from,
            to: bases[bases.length - 1].to,
            insert: order.join(', ')
          }
        ])
      ];
    }),
  ['BaseEstimator']
);

/** Estimator class definitions. */
export const sklearnMixinOrderRules: IRule[] = [mixinOrder];
