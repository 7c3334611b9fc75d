import { spellName } from './bindings';
import { defineRule, matchAt } from './builders';
import { sklearnInfo as info, unexpected } from './sklearn-info';
import {
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve
} from './syntax';
import type { IRule, IRuleMatch, ITextEdit } from './types';

/** The metrics that took `squared=`, and the root metric `squared=False` is today. */
const ROOTS = new Map([
  ['mean_squared_error', 'root_mean_squared_error'],
  ['mean_squared_log_error', 'root_mean_squared_log_error']
]);

/**
 * `mean_squared_error(y, p, squared=False)`: the root of the error is its own function
 * since 1.4, and `squared` was removed in 1.6. `squared=False` calls the root metric,
 * named as the notebook names scikit-learn's metrics; `squared=True` was the default and
 * goes. A value that is not a literal is only pointed at. The metric passed to
 * `make_scorer` with `squared=False` is the root metric too.
 */
export const sklearnRootMetricRule: IRule = defineRule(
  {
    ...info(
      'squared-metric',
      '1.6',
      '`squared=False` was removed in 1.6: the root of the error is `root_mean_squared_error` (since 1.4).'
    ),
    needs: ['squared'],
    raises: unexpected('squared'),
    targets: [
      'sklearn.metrics.root_mean_squared_error',
      'sklearn.metrics.root_mean_squared_log_error'
    ],
    examples: [
      {
        setup:
          'from sklearn.metrics import mean_squared_error\ny, p = [3.0, 5.0, 2.0], [2.0, 5.0, 4.0]',
        before:
          'print(round(mean_squared_error(y, p, squared=False), 4), mean_squared_error(y, p, squared=True))',
        after:
          'from sklearn.metrics import root_mean_squared_error\nprint(round(root_mean_squared_error(y, p), 4), mean_squared_error(y, p))'
      },
      {
        setup:
          'import numpy as np\nfrom sklearn import metrics\nfrom sklearn.linear_model import LinearRegression\nX = np.arange(12.0).reshape(-1, 1)\ny = X.ravel() ** 1.5',
        before:
          'rmse = metrics.make_scorer(metrics.mean_squared_error, greater_is_better=False, squared=False)\nprint(round(rmse(LinearRegression().fit(X, y), X, y), 3))',
        after:
          'rmse = metrics.make_scorer(metrics.root_mean_squared_error, greater_is_better=False)\nprint(round(rmse(LinearRegression().fit(X, y), X, y), 3))'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap((call): IRuleMatch[] => {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'squared');
      const dotted = callee && dottedName(context, callee.node);
      const target = dotted && resolve(context, dotted);
      if (index < 0 || !target?.startsWith('sklearn.')) {
        return [];
      }
      // The metric is the callee, or the first argument of make_scorer.
      const scorer = callee!.name === 'make_scorer';
      const metric = scorer ? args[0]?.value : callee!.node;
      const name = metric && dottedName(context, metric);
      const resolved = name ? resolve(context, name) : '';
      const root = ROOTS.get(resolved.slice(resolved.lastIndexOf('.') + 1));
      if (
        !metric ||
        !root ||
        !resolved.startsWith('sklearn.') ||
        (scorer && args[0].name) ||
        args.some(arg => arg.star)
      ) {
        return [];
      }
      const value = context.source.slice(
        args[index].valueFrom,
        args[index].valueTo
      );
      const drop = removeArgument(context, call, index);
      if (value === 'True') {
        return [matchAt('sklearn.squared-metric', args[index], [drop])];
      }
      if (value !== 'False') {
        return [matchAt('sklearn.squared-metric', args[index], [])];
      }
      const spelled = spellName(context, {
        module: 'sklearn.metrics',
        name: root
      });
      const rename: ITextEdit = {
        from: metric.from,
        to: metric.to,
        insert: spelled.text,
        needs: spelled.needs
      };
      return [matchAt('sklearn.squared-metric', call, [rename, drop])];
    })
);

/** scikit-learn's squared-error metrics. */
export const sklearnRootMetricRules: IRule[] = [sklearnRootMetricRule];
