import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnOneHotRules } from '../../../../src/core/rules/sklearn-one-hot';
import { boundBy, matchesIn, testExamples } from './helpers';

testExamples(sklearnOneHotRules);

const [rule] = sklearnOneHotRules;
const rewritten = (source: string, setup = '') =>
  proposeRewrite(source, matchesIn(rule, source, { setup }), {
    bound: boundBy({ setup })
  })?.source ?? source;

describe('OneHotEncoder(categorical_features=)', () => {
  it("drops 'all', the old default", () => {
    assert.equal(
      rewritten(
        "from sklearn.preprocessing import OneHotEncoder\ne = OneHotEncoder(categorical_features='all', handle_unknown='ignore')"
      ),
      "from sklearn.preprocessing import OneHotEncoder\ne = OneHotEncoder(handle_unknown='ignore')"
    );
  });

  it('keeps the other arguments on the encoder and follows a sparse flag held in a name', () => {
    assert.equal(
      rewritten(
        'e = OneHotEncoder(categorical_features=cols, dtype=int, sparse=dense)',
        'from sklearn.preprocessing import OneHotEncoder\nimport sklearn.compose as sc'
      ),
      "e = sc.ColumnTransformer([('onehot', OneHotEncoder(dtype=int, sparse_output=dense), cols)], remainder='passthrough', sparse_threshold=1 if dense else 0)"
    );
  });

  it('only points at a call by position, and leaves other encoders', () => {
    const positional = matchesIn(
      rule,
      'from sklearn.preprocessing import OneHotEncoder\ne = OneHotEncoder(None, categorical_features=[0])'
    );
    assert.equal(positional.length, 1);
    assert.deepEqual(positional[0].edits, []);
    assert.deepEqual(
      matchesIn(
        rule,
        'from category_encoders import OneHotEncoder\ne = OneHotEncoder(categorical_features=[0])'
      ),
      []
    );
  });
});
