import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesBoundBefore,
  prepareSource,
  proposeRewrite,
  raisedBy,
  scanSource
} from '../../../../src/core/rules';
import { sklearnParamValueRules } from '../../../../src/core/rules/sklearn-param-values';
import { TODAY } from './helpers';

const SEARCH = 'from sklearn.model_selection import GridSearchCV';

/**
 * Cell `index` of a notebook as the max_features rules rewrite it, every cell seen, before
 * any failure (the rules that explain only their own failure are left out).
 */
function rewrite(cells: string[], index = cells.length - 1): string {
  const prepared = cells.map(prepareSource);
  const rules = sklearnParamValueRules.filter(rule => !rule.onFailureOnly);
  const matches = scanSource(cells[index], rules, {
    versions: TODAY,
    imports: importTable(prepared),
    cells: prepared
  }).filter(match => match.ruleId.startsWith('sklearn.max-features-auto'));
  const bound = namesBoundBefore(prepared.slice(0, index));
  return (
    proposeRewrite(cells[index], matches, { bound })?.source ?? cells[index]
  );
}

describe("max_features='auto' in a search's parameter grid", () => {
  it('means sqrt for a classifier assigned in another cell, the grid keeping its size', () => {
    const cells = [
      `${SEARCH}\nfrom sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier(random_state=0)`,
      "param_grid = {'n_estimators': [10, 50], 'max_features': ['auto', \"sqrt\", 'log2']}",
      'grid = GridSearchCV(rf, param_grid, cv=5)\ngrid.fit(X, y)'
    ];
    assert.equal(
      rewrite(cells, 1),
      "param_grid = {'n_estimators': [10, 50], 'max_features': ['sqrt', \"sqrt\", 'log2']}"
    );
    assert.equal(rewrite(cells, 2), cells[2]);
  });

  it('is rewritten in a list of grids written in the call, by keyword or position', () => {
    assert.equal(
      rewrite([
        `${SEARCH}\nfrom sklearn.tree import DecisionTreeClassifier\ngs = GridSearchCV(estimator=DecisionTreeClassifier(), param_grid=[{"max_features": ["auto"]}, {'max_depth': [2]}])`
      ]),
      `${SEARCH}\nfrom sklearn.tree import DecisionTreeClassifier\ngs = GridSearchCV(estimator=DecisionTreeClassifier(), param_grid=[{"max_features": ["sqrt"]}, {'max_depth': [2]}])`
    );
  });

  it('means every feature for a regressor: 1.0 for a forest, None for a tree or boosting', () => {
    assert.equal(
      rewrite([
        "from sklearn import ensemble, model_selection\nreg = ensemble.RandomForestRegressor()\nparams = {'max_features': ['auto', 'sqrt']}\ns = model_selection.RandomizedSearchCV(reg, param_distributions=params, n_iter=5)"
      ]),
      "from sklearn import ensemble, model_selection\nreg = ensemble.RandomForestRegressor()\nparams = {'max_features': [1.0, 'sqrt']}\ns = model_selection.RandomizedSearchCV(reg, param_distributions=params, n_iter=5)"
    );
    assert.equal(
      rewrite([
        `${SEARCH}\nfrom sklearn.ensemble import GradientBoostingRegressor\ns = GridSearchCV(GradientBoostingRegressor(), {'max_features': ('auto', 'log2')})`
      ]),
      `${SEARCH}\nfrom sklearn.ensemble import GradientBoostingRegressor\ns = GridSearchCV(GradientBoostingRegressor(), {'max_features': (None, 'log2')})`
    );
  });

  it('is left where the estimator is not known', () => {
    const notebooks = [
      // A pipeline, a function's result, a name never assigned.
      [
        `${SEARCH}\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.ensemble import RandomForestClassifier\npipe = make_pipeline(RandomForestClassifier())\ngs = GridSearchCV(pipe, {'max_features': ['auto']})`
      ],
      [
        `${SEARCH}\nmodel = build_model()\ngs = GridSearchCV(model, {'max_features': ['auto']})`
      ],
      [`${SEARCH}\ngs = GridSearchCV(model, {'max_features': ['auto']})`],
      // One grid searched over a classifier and a regressor.
      [
        `${SEARCH}\nfrom sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\ngrid = {'max_features': ['auto']}`,
        'a = GridSearchCV(RandomForestClassifier(), grid)',
        'b = GridSearchCV(RandomForestRegressor(), grid)'
      ],
      // A name the notebook gives two estimators.
      [
        `${SEARCH}\nfrom sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\nm = RandomForestClassifier()`,
        'm = RandomForestRegressor()',
        "gs = GridSearchCV(m, {'max_features': ['auto']})"
      ]
    ];
    for (const cells of notebooks) {
      cells.forEach((cell, i) =>
        assert.equal(rewrite(cells, i), cell, cells.join('\n---\n'))
      );
    }
  });

  it("leaves grids of other searches, other keys and other estimators' auto alone", () => {
    const cells = [
      // A prefixed key names a pipeline step, whose estimator is not looked for.
      `${SEARCH}\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.ensemble import RandomForestClassifier\npipe = Pipeline([('rf', RandomForestClassifier())])\ngs = GridSearchCV(pipe, {'rf__max_features': ['auto']})`,
      "from mylib import GridSearchCV\nfrom sklearn.ensemble import RandomForestClassifier\ngs = GridSearchCV(RandomForestClassifier(), {'max_features': ['auto']})",
      `${SEARCH}\nfrom sklearn.svm import SVC\ngs = GridSearchCV(SVC(), {'gamma': ['auto', 'scale']})`,
      `${SEARCH}\nfrom sklearn.ensemble import BaggingClassifier\ngs = GridSearchCV(BaggingClassifier(), {'max_features': ['auto']})`,
      "config = {'max_features': ['auto']}\nprint(config)"
    ];
    for (const cell of cells) {
      assert.equal(rewrite([cell]), cell);
    }
  });
});

describe("max_features='auto' in a list of values a loop hands the estimator", () => {
  const listed = (id: string) =>
    sklearnParamValueRules.find(rule => rule.id === id)!;
  const classifier = listed('sklearn.max-features-auto-listed');
  const rewritten = (cell: string) => {
    const prepared = [prepareSource(cell)];
    const matches = scanSource(cell, [classifier], {
      versions: TODAY,
      imports: importTable(prepared),
      cells: prepared
    });
    return proposeRewrite(cell, matches)?.source ?? cell;
  };
  const message = (estimator: string) =>
    `The 'max_features' parameter of ${estimator} must be an int in the range [1, inf), a float in the range (0.0, 1.0], a str among {'log2', 'sqrt'} or None. Got 'auto' instead.`;

  it("explains only the failure that names the rule's estimators", () => {
    const failure = (estimator: string) => ({
      ename: 'InvalidParameterError',
      evalue: message(estimator)
    });
    assert.ok(raisedBy(classifier, failure('RandomForestClassifier')));
    assert.ok(!raisedBy(classifier, failure('RandomForestRegressor')));
    assert.ok(
      raisedBy(
        listed('sklearn.max-features-auto-listed-forest'),
        failure('RandomForestRegressor')
      )
    );
    assert.ok(
      !raisedBy(classifier, {
        ename: 'InvalidParameterError',
        evalue: message('RandomForestClassifier').replace("'auto'", "'log'")
      })
    );
    assert.ok(classifier.onFailureOnly);
  });

  it('means sqrt for a classifier, in the one list that holds it', () => {
    assert.equal(
      rewritten(
        "mf_grid = ['auto']\nmd_grid = [10]\nkeys = ['max_features', 'max_depth']\ngrid = [dict(zip(keys, v)) for v in itertools.product(mf_grid, md_grid)]"
      ),
      "mf_grid = ['sqrt']\nmd_grid = [10]\nkeys = ['max_features', 'max_depth']\ngrid = [dict(zip(keys, v)) for v in itertools.product(mf_grid, md_grid)]"
    );
  });

  it("leaves two lists with 'auto', and another parameter's", () => {
    for (const cell of [
      "features = ['auto', 'log2']\ngammas = ['auto', 0.1]\nfor f in features:\n    RandomForestClassifier(max_features=f)",
      "search = GridSearchCV(SVC(), {'gamma': ['auto', 0.1]})\nforest = RandomForestClassifier(max_features=mf)",
      "svc = SVC(gamma=('auto',))[0]\nforest = RandomForestClassifier(max_features=mf)"
    ]) {
      assert.equal(rewritten(cell), cell);
    }
  });
});
