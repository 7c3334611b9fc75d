import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRules, scanSource } from '../../../../src/core/rules';
import { TODAY } from './helpers';

/** The rule ids matched in a cell that follows the notebook's `imports` cell. */
// As the preflight scan does: a rule matched only to explain its own error never sees a
// cell that runs.
const SCANNED = allRules.filter(rule => !rule.onFailureOnly);

function ruleIds(source: string, imports = ''): string[] {
  const cell = imports ? `${imports}\n${source}` : source;
  return scanSource(cell, SCANNED, { versions: TODAY })
    .filter(match => match.from >= (imports ? imports.length + 1 : 0))
    .map(match => match.ruleId);
}

describe('look-alikes of eroded code are left alone', () => {
  it("a list's append and sort", () => {
    assert.deepEqual(
      ruleIds('rows = []\nrows.append(1)\nrows.sort(reverse=True)'),
      []
    );
  });
  it('names the cell defines itself', () => {
    assert.deepEqual(
      ruleIds('def xrange(n):\n    return range(n)\nprint(list(xrange(3)))'),
      []
    );
    assert.deepEqual(ruleIds('long = 3\nprint(long + 1)'), []);
  });
  it("numpy's matrix products, which meet frames only where one refuses", () => {
    assert.deepEqual(
      ruleIds('Q = np.matmul(A, np.matmul(B, C))', 'import numpy as np'),
      []
    );
  });
  it('print calls, including with a space before the parenthesis', () => {
    assert.deepEqual(ruleIds('print("a")\nprint ("b")\nprint(1, end="")'), []);
  });
  it('a class of its own with a removed name', () => {
    const cell =
      'class RandomForestClassifier:\n    pass\nclf = RandomForestClassifier()';
    assert.deepEqual(
      ruleIds(cell, 'from mylib import RandomForestClassifier'),
      []
    );
  });
  it('frequencies that are still valid, and period frequencies', () => {
    const cell =
      "pd.date_range('2020', periods=3, freq='D')\npd.period_range('2020', periods=3, freq='M')";
    assert.deepEqual(ruleIds(cell, 'import pandas as pd'), []);
  });
  it('modern spellings of moved names', () => {
    const cell =
      'from sklearn.impute import SimpleImputer\nfrom sklearn.decomposition import PCA\nimport joblib';
    assert.deepEqual(ruleIds(cell), []);
  });
  it('seaborn styles already renamed and other styles', () => {
    assert.deepEqual(
      ruleIds(
        "plt.style.use('seaborn-v0_8')\nplt.style.use('ggplot')",
        'import matplotlib.pyplot as plt'
      ),
      []
    );
  });
  it('keyword arguments named like removed ones on other functions', () => {
    assert.deepEqual(
      ruleIds(
        'json.dumps(obj, sort_keys=True)\nf(normed=True)\nrun(n_iter=3)',
        'import json'
      ),
      []
    );
  });
  it('comparisons with None kept elementwise, and Python 3 literals and calls', () => {
    assert.deepEqual(
      ruleIds(
        "missing = values == None\nprint(a != None)\nexec(code, ns)\nL = 10\ns = r'x' + br'y'\nf = lambda x, y=(1, 2): x"
      ),
      []
    );
  });
  it('a title that is a valid expression, and a comment of prose', () => {
    assert.deepEqual(ruleIds('Results\n# Fitting the model\nx = 1'), []);
  });
});

describe('look-alikes the kernel decides', () => {
  it('`.A` and integer keys only ask, they never rewrite unasked', () => {
    const matches = scanSource("x = frame.A\ny = df['col'][0]", allRules, {
      versions: TODAY
    });
    assert.deepEqual(
      matches.map(m => [m.ruleId, m.edits.length, m.question !== undefined]),
      [
        ['scipy.sparse-a', 0, true],
        ['pandas.series-integer-key', 0, true]
      ]
    );
    assert.equal(matches[0].question!.decide('False'), null);
    assert.equal(matches[1].question!.decide('Series|integer'), null);
  });
});

describe('scikit-learn calls valid today', () => {
  it('arguments modern code passes are left alone', () => {
    const cell = [
      "grid = GridSearchCV(SVC(), {'C': [1]}, cv=5, return_train_score=True)",
      'model = make_pipeline(StandardScaler(), LassoCV(cv=5))',
      "enc = OneHotEncoder(handle_unknown='ignore', sparse_output=False)",
      'nc = NearestCentroid(shrink_threshold=0.5)',
      'cv = CountVectorizer(ngram_range=(1, 2))',
      'tree = DecisionTreeClassifier(min_samples_split=0.5)',
      'gm = mixture.GaussianMixture(2)'
    ].join('\n');
    const imports = [
      'from sklearn import mixture',
      'from sklearn.model_selection import GridSearchCV',
      'from sklearn.svm import SVC',
      'from sklearn.pipeline import make_pipeline',
      'from sklearn.preprocessing import StandardScaler, OneHotEncoder',
      'from sklearn.linear_model import LassoCV',
      'from sklearn.neighbors import NearestCentroid',
      'from sklearn.feature_extraction.text import CountVectorizer',
      'from sklearn.tree import DecisionTreeClassifier'
    ].join('\n');
    assert.deepEqual(ruleIds(cell, imports), []);
  });
});

describe('matplotlib and scipy calls valid today', () => {
  it('keyword-only patch parameters, contour colours, figure sizes and image readers', () => {
    const cell = [
      "e = patches.Ellipse((0, 0), 2, 1, angle=30, color='k')",
      'r = plt.Rectangle((0, 0), 1, 1, fill=False)',
      "plt.contour(X, Y, Z, colors='k', levels=[0])",
      "plt.rcParams['figure.figsize'] = (8, 6)",
      'fig = plt.figure(figsize=(8, 6))',
      'img = plt.imread(path)',
      'plt.scatter(x, y, c=labels, s=5)'
    ].join('\n');
    const imports = [
      'import matplotlib.pyplot as plt',
      'from matplotlib import patches'
    ].join('\n');
    assert.deepEqual(ruleIds(cell, imports), []);
  });

  it('hold= on a method of an object the kernel says is no Axes', () => {
    const matches = scanSource('worker.start(hold=True)', allRules, {
      versions: TODAY
    }).filter(match => match.ruleId === 'matplotlib.hold-keyword');
    assert.equal(matches.length, 1);
    assert.deepEqual(matches[0].edits, []);
    assert.equal(matches[0].question!.decide('False'), null);
  });
});
