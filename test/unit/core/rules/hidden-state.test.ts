import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { hiddenStateRules } from '../../../../src/core/rules/hidden-state';
import { answered, matchesIn, testExamples, TODAY } from './helpers';

testExamples(hiddenStateRules);

const [rule, deferred] = hiddenStateRules;

/** The rewrite when the kernel says the names are not defined. */
function rewritten(source: string, setup = '', answer = 'False'): string {
  const matches = answered(matchesIn(rule, source, { setup }), answer);
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('hidden state', () => {
  it('imports a name once, before the statement that first needs it', () => {
    assert.equal(
      rewritten(
        'def fit(model):\n    model.fit(X_train, y_train)\n    return accuracy_score(y_test, model.predict(X_test))\nprint(fit(m), accuracy_score(a, b))'
      ),
      'from sklearn.metrics import accuracy_score\ndef fit(model):\n    model.fit(X_train, y_train)\n    return accuracy_score(y_test, model.predict(X_test))\nprint(fit(m), accuracy_score(a, b))'
    );
  });

  it("imports a scikit-learn module read for one of its public names, never a variable's", () => {
    assert.equal(
      rewritten(
        'import sklearn.metrics\nscore = metrics.accuracy_score(actual, expected)'
      ),
      'import sklearn.metrics\nfrom sklearn import metrics\nscore = metrics.accuracy_score(actual, expected)'
    );
    for (const source of [
      'tree.fit(X, y)',
      'print(metrics.accuracy)',
      'metrics = {}\nmetrics.accuracy_score = 1'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });

  it('leaves names the notebook imports in a cell above, or the kernel has', () => {
    const source = "df = pd.read_csv('train.csv')";
    assert.equal(rewritten(source, 'import pandas as pd'), source);
    assert.equal(rewritten(source, '', 'True'), source);
  });

  it('imports a name that the notebook imports only in a cell below', () => {
    // A rewrite in the cell below added its import: this cell runs first.
    const source = 'X = np.arange(10).reshape((5, 2))';
    const below = 'import numpy as np\ncv = KFold(3).split(np.zeros(10))';
    const scan = (cells: string[]) =>
      answered(
        scanSource(source, [rule], {
          versions: TODAY,
          imports: importTable(cells.map(prepareSource)),
          cells: cells.map(prepareSource)
        }),
        'False'
      );
    assert.equal(
      proposeRewrite(source, scan([source, below]))?.source,
      `import numpy as np\n${source}`
    );
    assert.deepEqual(scan([below, source]), []);
    // Below, the notebook's own meaning of the name: not numpy's.
    assert.deepEqual(scan([source, 'import autograd.numpy as np']), []);
  });

  it("asks whether a module's library is installed before importing it", () => {
    const [match] = matchesIn(rule, 'sns.set()\nplt.plot(x)');
    assert.match(match.question!.expression, /find_spec\('seaborn'\) is None$/);
    const [name] = matchesIn(rule, 'print(accuracy_score(y, p))');
    assert.doesNotMatch(name.question!.expression, /find_spec/);
  });

  it('leaves a name the notebook gives another meaning', () => {
    for (const source of [
      'for os in systems:\n    print(os.name)',
      'def score(np):\n    return np.sum()',
      'f = lambda pd: pd.x',
      'Counter = 3\nprint(Counter)',
      'plot(x, color=sns)',
      'time = 3.5\nprint(time * 2)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });

  it('leaves a name another cell defines', () => {
    const source = 'print(accuracy_score(y, p))';
    assert.deepEqual(
      scanSource(source, [rule], {
        versions: TODAY,
        defined: new Set(['accuracy_score'])
      }),
      []
    );
  });

  it('does not take a name imported from elsewhere for the library one', () => {
    const source = 'print(accuracy_score(y, p))';
    assert.equal(
      rewritten(source, 'from mymetrics import accuracy_score'),
      source
    );
  });
});

describe('an import that did not run', () => {
  // The notebook's first cell imports the names; it raised before reaching them.
  const setup =
    'import numpy as np\nimport matplotlib.pyplot as plt\nfrom sklearn.neural_network import Gone\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn import metrics';

  /** The rewrite when the kernel says whether the names are bound. */
  function fixed(source: string, answer = 'False'): string {
    const matches = answered(matchesIn(deferred, source, { setup }), answer);
    // The cells above bind the names as far as their text goes.
    const bound = new Set(['np', 'plt', 'LogisticRegression', 'metrics']);
    return proposeRewrite(source, matches, { bound })?.source ?? source;
  }

  it('imports the name, as the notebook does, in the cell of the function that uses it', () => {
    assert.equal(
      fixed(
        'x = 1\nif x:\n    def model(**p):\n        return LogisticRegression(**p)\nscore = lambda y, p: metrics.f1_score(y, p)'
      ),
      'x = 1\nfrom sklearn.linear_model import LogisticRegression\nif x:\n    def model(**p):\n        return LogisticRegression(**p)\nfrom sklearn import metrics\nscore = lambda y, p: metrics.f1_score(y, p)'
    );
  });

  it('leaves names the kernel has, module aliases, top-level uses and the cell’s own imports', () => {
    const source = 'def f():\n    return LogisticRegression()';
    assert.equal(fixed(source, 'True'), source);
    for (const code of [
      'def draw(x):\n    plt.plot(np.sqrt(x))',
      'model = LogisticRegression()',
      'from sklearn.linear_model import LogisticRegression\ndef f():\n    return LogisticRegression()',
      'def f(LogisticRegression):\n    return LogisticRegression()'
    ]) {
      assert.deepEqual(matchesIn(deferred, code, { setup }), [], code);
    }
  });
});

describe("scikit-learn's public names", () => {
  it('imports any of them from the module that exports it', () => {
    assert.equal(
      rewritten(
        "ct = ColumnTransformer([('s', StandardScaler(), [0])])\nm = CalibratedClassifierCV(KernelRidge())"
      ),
      "from sklearn.compose import ColumnTransformer\nfrom sklearn.preprocessing import StandardScaler\nct = ColumnTransformer([('s', StandardScaler(), [0])])\nfrom sklearn.calibration import CalibratedClassifierCV\nfrom sklearn.kernel_ridge import KernelRidge\nm = CalibratedClassifierCV(KernelRidge())"
    );
  });

  it('imports an everyday word only where it is called, and nothing defines it', () => {
    assert.equal(
      rewritten('df2 = pd.DataFrame(scale(df1))', 'import pandas as pd'),
      'from sklearn.preprocessing import scale\ndf2 = pd.DataFrame(scale(df1))'
    );
    for (const source of [
      'x = y * scale',
      'print(scale)',
      'scale()',
      'def scale(v, k):\n    return v * k\nprint(scale(x, 2))',
      'normalize = lambda v: v / v.sum()\nz = normalize(x)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });

  it('leaves its everyday words and private names', () => {
    for (const source of [
      'X = shuffle(X)',
      'y = resample(y)',
      'm = clone(model)',
      'z = _safe_indexing(X, 0)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });
});

describe('pylab mode', () => {
  const pylab = hiddenStateRules.find(r => r.id === 'python.pylab-mode')!;

  it('asks about every bare call nothing in the notebook binds, once, and imports those pylab has', () => {
    const source =
      'import numpy as np\nx = linspace(0, 1, 5)\nplot(x, np.sin(x))\nfigure()';
    const matches = matchesIn(pylab, source);
    assert.equal(matches.length, 1);
    assert.match(
      matches[0].question!.expression,
      /\["linspace","plot","figure"\]/
    );
    assert.equal(
      proposeRewrite(source, answered(matches, 'pylab: linspace, plot, figure'))
        ?.source,
      `from pylab import linspace, plot, figure\n${source}`
    );
    // Some unbound name is not pylab's: nothing to import.
    assert.equal(matches[0].question!.decide(''), null);
    assert.equal(matches[0].question!.decide('ndarray'), null);
  });

  it('leaves cells whose calls are all imported, defined or methods', () => {
    for (const source of [
      'from numpy import linspace\nx = linspace(0, 1)',
      'def plot(v):\n    return v\nplot(2)',
      'df.plot(x)',
      'print(len(x))'
    ]) {
      const calls = matchesIn(pylab, source).map(
        m => m.question!.expression.match(/\[[^\]]*\]/)![0]
      );
      assert.ok(
        calls.every(list => !/linspace|plot/.test(list)),
        `${source}: ${calls}`
      );
    }
  });
});
