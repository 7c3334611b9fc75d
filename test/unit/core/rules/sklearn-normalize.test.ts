import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesBound,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { sklearnNormalizeRules } from '../../../../src/core/rules/sklearn-normalize';
import { TODAY, matchesIn, testExamples } from './helpers';

testExamples(sklearnNormalizeRules);

const [rule, refit] = sklearnNormalizeRules;
const rewritten = (source: string) =>
  proposeRewrite(source, matchesIn(rule, source))?.source ?? source;

describe('normalize=True on linear models', () => {
  it('puts the scaler in the notebook own pipeline, in its alias style', () => {
    assert.equal(
      rewritten(
        'from sklearn import linear_model as lm, preprocessing as pp\nfrom sklearn.pipeline import make_pipeline\nm = make_pipeline(pp.PolynomialFeatures(3), lm.LarsCV(normalize=True, cv=5))'
      ),
      'from sklearn import linear_model as lm, preprocessing as pp\nfrom sklearn.pipeline import make_pipeline\nm = make_pipeline(make_pipeline(pp.PolynomialFeatures(3), pp.StandardScaler(with_mean=False)), lm.LarsCV(cv=5))'
    );
  });

  it('keeps the model at its place among the steps, or only points at it', () => {
    const IMPORTS =
      'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\n';
    assert.equal(
      rewritten(
        `${IMPORTS}m = make_pipeline(A(), B(), LassoCV(normalize=True), memory=None)\nm.fit(X, y)\nprint(m.steps[2][1].alpha_)`
      ),
      `${IMPORTS}m = make_pipeline(A(), make_pipeline(B(), StandardScaler(with_mean=False)), LassoCV(), memory=None)\nm.fit(X, y)\nprint(m.steps[2][1].alpha_)`
    );
    assert.equal(
      rewritten(
        `from sklearn.pipeline import Pipeline\n${IMPORTS}m = Pipeline(steps=[('poly', P()), ('lasso', LassoCV(normalize=True))])`
      ),
      `from sklearn.pipeline import Pipeline\n${IMPORTS}m = Pipeline(steps=[('poly', make_pipeline(P(), StandardScaler(with_mean=False))), ('lasso', LassoCV())])`
    );
    // A model that is the first step takes the scaler in its own step.
    assert.equal(
      rewritten(`${IMPORTS}m = make_pipeline(LassoCV(normalize=True))`),
      `${IMPORTS}m = make_pipeline(make_pipeline(StandardScaler(with_mean=False), LassoCV()))`
    );
  });

  it('changes no step another cell reads by name or place', () => {
    const IMPORTS =
      'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline, Pipeline\nfrom sklearn.preprocessing import PolynomialFeatures, StandardScaler\n';
    const inNotebook = (cell: string, ...others: string[]) => {
      const cells = [IMPORTS, cell, ...others].map(prepareSource);
      const matches = scanSource(cell, [rule], {
        versions: TODAY,
        imports: importTable(cells),
        cells
      });
      return proposeRewrite(cell, matches, { bound: namesBound(cells[0]) })
        ?.source;
    };
    const made =
      'm = make_pipeline(PolynomialFeatures(3), LassoCV(normalize=True))';
    // The degree in a grid names the first step: the model's own step takes the scaler.
    assert.equal(
      inNotebook(made, "grid = {'polynomialfeatures__degree': [1, 2, 3]}"),
      'm = make_pipeline(PolynomialFeatures(3), make_pipeline(StandardScaler(with_mean=False), LassoCV()))'
    );
    assert.equal(
      inNotebook(made, 'print(m.steps[-1][1].alpha_)'),
      'm = make_pipeline(make_pipeline(PolynomialFeatures(3), StandardScaler(with_mean=False)), LassoCV())'
    );
    const named =
      "m = Pipeline([('poly', PolynomialFeatures(3)), ('lasso', LassoCV(normalize=True))]).fit(X, y)";
    assert.equal(
      inNotebook(named, "print(m.named_steps['lasso'].alpha_)"),
      "m = Pipeline([('poly', make_pipeline(PolynomialFeatures(3), StandardScaler(with_mean=False))), ('lasso', LassoCV())]).fit(X, y)"
    );
    for (const [cell, ...others] of [
      [made, 'print(m.steps[1][1].alpha_, m.steps[0][1].powers_)'],
      [
        made,
        'print(m.named_steps.lassocv.alpha_)',
        "g = {'polynomialfeatures__degree': [2]}"
      ],
      [named, 'for name, step in m.steps:\n    print(name)'],
      [named, 'print(m[0].powers_, m[1].alpha_)'],
      [
        named,
        "search.set_params(estimator__poly__degree=2)\nprint(m.named_steps['lasso'])"
      ]
    ]) {
      assert.equal(inNotebook(cell, ...others), undefined, others.join('\n'));
    }
  });

  it('makes a model a pipeline only where no cell reads more of it than a pipeline has', () => {
    const IMPORTS = 'from sklearn.linear_model import BayesianRidge\n';
    const model = 'model = BayesianRidge(normalize=True).fit(X, y)';
    const inNotebook = (other: string) => {
      const cells = [IMPORTS, model, other].map(prepareSource);
      return scanSource(model, [rule], {
        versions: TODAY,
        imports: importTable(cells),
        cells
      })[0].edits.length;
    };
    assert.ok(
      inNotebook('print(model.score(X, y), cross_val_score(model, X, y))') > 0
    );
    assert.equal(inNotebook('print(model.coef_)'), 0);
    assert.equal(inNotebook('plot_model(model)'), 0);
  });

  it('drops normalize=False, and normalize where fit_intercept=False ignored it', () => {
    assert.equal(
      rewritten(
        'from sklearn.linear_model import Ridge, OrthogonalMatchingPursuit\na = Ridge(alpha=2, normalize=False)\nb = OrthogonalMatchingPursuit(fit_intercept=False, normalize=True)'
      ),
      'from sklearn.linear_model import Ridge, OrthogonalMatchingPursuit\na = Ridge(alpha=2)\nb = OrthogonalMatchingPursuit(fit_intercept=False)'
    );
  });

  it('only points at a positional call', () => {
    const source =
      'from sklearn.linear_model import LassoCV\nm = LassoCV(0.001, 50, normalize=True)';
    const matches = matchesIn(rule, source);
    assert.equal(matches.length, 1);
    assert.deepEqual(matches[0].edits, []);
  });

  it('fits a fixed penalty again with a subclass, defined once before it is first needed', () => {
    const cells = [
      'import numpy as np\nfrom sklearn.linear_model import Ridge, RidgeCV, Lasso, LassoCV\ngrid = 10 ** np.linspace(3, -2, 100)',
      'ridge = Ridge(normalize=True)\nfor a in grid:\n    ridge.set_params(alpha=a)\n    ridge.fit(X, y)\nbest = RidgeCV(alphas=grid, normalize=True).fit(X, y)',
      'ridge2 = Ridge(alpha=4, normalize=True)\nprint(ridge2.fit(X, y).coef_)',
      'lasso = Lasso(max_iter=10000, normalize=True)\nsearch = LassoCV(alphas=grid, cv=10, normalize=True)'
    ];
    const prepared = cells.map(prepareSource);
    const environment = {
      versions: TODAY,
      imports: importTable(prepared),
      cells: prepared
    };
    const rewrite = (i: number) =>
      proposeRewrite(cells[i], scanSource(cells[i], [refit], environment), {
        bound: namesBound(prepared[i - 1])
      })?.source;
    const second = rewrite(1)!;
    // Each subclass just before the statement that first needs it.
    const [ridge, ridgeCV] = second.split(/^(?=class )/m);
    assert.match(ridge, /^class NormalizedRidge\(Ridge\):\n/);
    assert.ok(
      ridge.endsWith(
        '\nridge = NormalizedRidge()\nfor a in grid:\n    ridge.set_params(alpha=a)\n    ridge.fit(X, y)\n'
      ),
      ridge
    );
    assert.match(ridgeCV, /^class NormalizedRidgeCV\(RidgeCV\):\n/);
    assert.ok(
      ridgeCV.endsWith('\nbest = NormalizedRidgeCV(alphas=grid).fit(X, y)'),
      ridgeCV
    );
    // The subclass is the notebook's once an earlier cell defines it.
    const third = proposeRewrite(
      cells[2],
      scanSource(cells[2], [refit], environment),
      { bound: new Set(['NormalizedRidge']) }
    )?.source;
    assert.equal(
      third,
      'ridge2 = NormalizedRidge(alpha=4)\nprint(ridge2.fit(X, y).coef_)'
    );
    const fourth = rewrite(3)!;
    assert.match(fourth, /\nlasso = NormalizedLasso\(max_iter=10000\)\n/);
    assert.match(fourth, /\nclass NormalizedLassoCV\(LassoCV\):\n/);
    assert.match(fourth, /\nsearch = NormalizedLassoCV\(alphas=grid, cv=10\)$/);
    // The pipeline rule leaves them to this one.
    for (const cell of cells) {
      assert.deepEqual(matchesIn(rule, cell, { setup: cells[0] }), []);
    }
  });

  it("searches RidgeCV's own folds with a Ridge that normalizes each one's part", () => {
    const source =
      'from sklearn import linear_model\nsearch = linear_model.RidgeCV(alphas=grid, cv=5, normalize=True)';
    assert.deepEqual(matchesIn(rule, source), []);
    const fixed = proposeRewrite(source, matchesIn(refit, source))?.source;
    assert.match(
      fixed ?? '',
      /^from sklearn import linear_model\nclass NormalizedRidgeCV\(linear_model\.RidgeCV\):\n/
    );
    assert.match(fixed ?? '', /\n {8}class NormalizedRidge\(Ridge\):\n/);
    assert.match(
      fixed ?? '',
      /\nsearch = NormalizedRidgeCV\(alphas=grid, cv=5\)$/
    );
  });

  it("fits a pipeline's LassoCV with its own grid of alphas with the subclass", () => {
    const source =
      "from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.preprocessing import StandardScaler\nm = Pipeline([('sc', StandardScaler()), ('lasso', LassoCV(alphas=grid, normalize=True))])";
    // The grid is on the normalized scale: a scaler before the model would not keep it.
    assert.deepEqual(matchesIn(rule, source), []);
    const fixed = proposeRewrite(source, matchesIn(refit, source))?.source;
    assert.match(fixed ?? '', /\nclass NormalizedLassoCV\(LassoCV\):\n/);
    assert.match(
      fixed ?? '',
      /\('lasso', NormalizedLassoCV\(alphas=grid\)\)\]\)$/
    );
  });

  it('leaves the subclass out where it would not fit as the model did', () => {
    for (const source of [
      'from sklearn.linear_model import Ridge\nm = Ridge(alpha=2, normalize=flag)',
      'from sklearn.linear_model import Ridge\nm = Ridge(2, True, normalize=True)',
      'from sklearn.linear_model import Ridge\nm = Ridge(**params, normalize=True)',
      'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline\nm = make_pipeline(LassoCV(normalize=True))',
      'from mylib import Ridge\nm = Ridge(normalize=True)'
    ]) {
      assert.deepEqual(matchesIn(refit, source), [], source);
    }
  });

  it('leaves models of other libraries alone', () => {
    assert.equal(
      matchesIn(rule, 'from mylib import LassoCV\nm = LassoCV(normalize=True)')
        .length,
      0
    );
  });
});
