import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnRootMetricRule } from '../../../../src/core/rules/sklearn-root-metrics';
import { boundBy, matchesIn } from './helpers';

/** The cell as the rule rewrites it after an earlier cell `imports`. */
function rewrite(cell: string, imports: string): string {
  const matches = matchesIn(sklearnRootMetricRule, cell, { setup: imports });
  const bound = boundBy({ setup: imports });
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('squared=False', () => {
  it('calls the root metric as the notebook names the metrics', () => {
    assert.equal(
      rewrite(
        'a = metrics.mean_squared_error(y, p, squared=False)\nb = metrics.mean_squared_log_error(y, p, squared=False)',
        'from sklearn import metrics'
      ),
      'a = metrics.root_mean_squared_error(y, p)\nb = metrics.root_mean_squared_log_error(y, p)'
    );
    assert.equal(
      rewrite(
        'rmse = mse(y_test, y_pred, squared=False)',
        'from sklearn.metrics import mean_squared_error as mse'
      ),
      'from sklearn.metrics import root_mean_squared_error\nrmse = root_mean_squared_error(y_test, y_pred)'
    );
  });

  it('drops squared=True, and only points at a value it cannot read', () => {
    const imports = 'from sklearn.metrics import mean_squared_error';
    assert.equal(
      rewrite('e = mean_squared_error(y, p, squared=True)', imports),
      'e = mean_squared_error(y, p)'
    );
    const cell = 'e = mean_squared_error(y, p, squared=root)';
    assert.equal(rewrite(cell, imports), cell);
    assert.equal(
      matchesIn(sklearnRootMetricRule, cell, { setup: imports }).length,
      1
    );
  });

  it("leaves other libraries' squared alone", () => {
    const cell = 'e = mean_squared_error(y, p, squared=False)';
    assert.equal(rewrite(cell, 'from mylib import mean_squared_error'), cell);
  });
});
