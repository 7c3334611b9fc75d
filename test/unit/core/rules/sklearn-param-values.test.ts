import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import { TODAY } from './helpers';

/** The matches of one rule in a cell, the notebook's imports read from `imports` and the cell. */
function matches(ruleId: string, cell: string, imports = ''): IRuleMatch[] {
  return scanSource(cell, allRules, {
    versions: TODAY,
    imports: importTable([imports, cell].map(prepareSource))
  }).filter(match => match.ruleId === ruleId);
}

/** The cell rewritten with every question of one rule answered `answer`. */
function rewritten(
  ruleId: string,
  cell: string,
  answer: string,
  imports = ''
): string {
  const found = matches(ruleId, cell, imports).map(match =>
    match.question
      ? { ...match, edits: match.question.decide(answer) ?? [] }
      : match
  );
  return proposeRewrite(cell, found, { bound: new Set() })?.source ?? cell;
}

const LINEAR = 'from sklearn.linear_model import LogisticRegression';

describe('an integral float where scikit-learn wants an int', () => {
  it('asks the installed scikit-learn about each integral float argument, by keyword or position', () => {
    const cell =
      'from sklearn import cluster\nkm = cluster.KMeans(8.0, max_iter=3e2, tol=1e-4, n_init=10)';
    const found = matches('sklearn.integral-float', cell);
    assert.equal(found.length, 2);
    assert.match(
      found[0].question!.expression,
      /import_module\('sklearn\.cluster'\)\.KMeans/
    );
    assert.match(
      found[0].question!.expression,
      /signature\(f\)\.parameters\)\[0\]/
    );
    assert.match(found[1].question!.expression, /\.get\('max_iter'\)/);
    assert.equal(
      rewritten('sklearn.integral-float', cell, 'True'),
      'from sklearn import cluster\nkm = cluster.KMeans(8, max_iter=300, tol=1e-4, n_init=10)'
    );
  });
  it('keeps the literal where the kernel says a float is taken', () => {
    const cell = `${LINEAR}\nclf = LogisticRegression(C=1e3)`;
    assert.equal(rewritten('sklearn.integral-float', cell, 'False'), cell);
  });
  it('writes negative and underscored literals as ints', () => {
    const cell = `${LINEAR}\nclf = LogisticRegression(n_jobs=-1.0, max_iter=1_000.0)`;
    assert.equal(
      rewritten('sklearn.integral-float', cell, 'True'),
      `${LINEAR}\nclf = LogisticRegression(n_jobs=-1, max_iter=1000)`
    );
  });
  it('leaves ints, fractions, other libraries and methods of objects alone', () => {
    const cells = [
      `${LINEAR}\nclf = LogisticRegression(max_iter=100, C=0.5)`,
      'import numpy as np\nxs = np.linspace(0, 10.0, num=5)',
      `${LINEAR}\nclf.set_params(max_iter=1e3)`,
      'clf = LogisticRegression(max_iter=1e3)'
    ];
    for (const cell of cells) {
      assert.deepEqual(matches('sklearn.integral-float', cell), [], cell);
    }
  });
});

describe('old values with an exact equivalent', () => {
  it('min_df=0 keeps every term as min_df=1 does; other values stay', () => {
    const imports =
      'from sklearn.feature_extraction.text import CountVectorizer';
    assert.equal(
      rewritten(
        'sklearn.vectorizer-min-df-zero',
        'cv = CountVectorizer(min_df=0, max_df=0.9)',
        '',
        imports
      ),
      'cv = CountVectorizer(min_df=1, max_df=0.9)'
    );
    for (const cell of [
      'cv = CountVectorizer(min_df=2)',
      'cv = CountVectorizer(min_df=0.0)'
    ]) {
      assert.deepEqual(
        matches('sklearn.vectorizer-min-df-zero', cell, imports),
        []
      );
    }
  });
  it('shrink_threshold=0 and 0.0 never shrank: None', () => {
    const imports = 'from sklearn.neighbors import NearestCentroid';
    for (const zero of ['0', '0.0', '0.']) {
      assert.equal(
        rewritten(
          'sklearn.nearest-centroid-shrink-zero',
          `nc = NearestCentroid(shrink_threshold=${zero})`,
          '',
          imports
        ),
        'nc = NearestCentroid(shrink_threshold=None)'
      );
    }
    assert.deepEqual(
      matches(
        'sklearn.nearest-centroid-shrink-zero',
        'nc = NearestCentroid(shrink_threshold=0.2)',
        imports
      ),
      []
    );
  });
  it("gradient boosting's 'mae' criterion has no equivalent and is left alone", () => {
    const cell =
      "from sklearn.ensemble import GradientBoostingRegressor\ngb = GradientBoostingRegressor(criterion='mae')";
    assert.deepEqual(matches('sklearn.criterion-mse', cell), []);
    assert.deepEqual(
      matches('sklearn.gradient-boosting-criterion-mse', cell),
      []
    );
  });
  it('load_files and the vectorizers take encoding= and decode_error=', () => {
    const cell =
      "from sklearn.datasets import load_files\ndata = load_files('news/', charset='latin-1', charset_error='ignore')";
    const rules = ['sklearn.text-charset', 'sklearn.text-charset-error'];
    const found = rules.flatMap(id => matches(id, cell));
    assert.equal(
      proposeRewrite(cell, found)?.source,
      "from sklearn.datasets import load_files\ndata = load_files('news/', encoding='latin-1', decode_error='ignore')"
    );
  });
});

describe('a LinearSVC loss given by a name', () => {
  const rewrite = (cell: string) =>
    proposeRewrite(
      cell,
      matches(
        'sklearn.linearsvc-loss-name',
        cell,
        'from sklearn.svm import LinearSVC'
      )
    )?.source ?? cell;

  it('is renamed where it is given, other values passing as they are', () => {
    assert.equal(
      rewrite(
        'def make(c, loss):\n    return LinearSVC(C=c, loss=loss, dual=False)'
      ),
      "def make(c, loss):\n    return LinearSVC(C=c, loss={'l1': 'hinge', 'l2': 'squared_hinge'}.get(loss, loss), dual=False)"
    );
  });

  it('leaves a literal (the literal rule renames it) and an expression alone', () => {
    for (const cell of [
      "m = LinearSVC(loss='l2')",
      'm = LinearSVC(loss=params["loss"])',
      'm = LinearSVC(C=loss)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('renamed values in a search grid', () => {
  const TREE = 'from sklearn.tree import DecisionTreeRegressor';
  const SEARCH = 'from sklearn.model_selection import GridSearchCV';

  it('renames the values a grid lists for the parameter in a cell that searches', () => {
    const cell = [
      "models = {'tree': {'model': DecisionTreeRegressor(),",
      "                   'parameters': {'criterion': ['mse', \"friedman_mse\", 'mae'], 'splitter': ['best']}}}",
      "search = GridSearchCV(models['tree']['model'], models['tree']['parameters'], cv=5)"
    ].join('\n');
    assert.equal(
      rewritten('sklearn.criterion-mse', cell, '', `${TREE}\n${SEARCH}`),
      cell.replace(
        "['mse', \"friedman_mse\", 'mae']",
        "['squared_error', \"friedman_mse\", 'absolute_error']"
      )
    );
    const piped =
      "grid = {'tree__criterion': ('mse',)}\nGridSearchCV(pipe, grid)";
    assert.equal(
      rewritten('sklearn.criterion-mse', piped, '', `${TREE}\n${SEARCH}`),
      "grid = {'tree__criterion': ('squared_error',)}\nGridSearchCV(pipe, grid)"
    );
  });

  it('leaves a dict in a cell that searches nothing, or over estimators the notebook lacks', () => {
    const cell = "errors = {'criterion': ['mse', 'mae']}";
    assert.deepEqual(matches('sklearn.criterion-mse', cell, TREE), []);
    const searched = `${cell}\nGridSearchCV(model, errors)`;
    assert.deepEqual(matches('sklearn.criterion-mse', searched, SEARCH), []);
  });
});
