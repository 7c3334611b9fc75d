import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, type IRule } from '../../../../src/core/rules';
import { numpyShapeRules } from '../../../../src/core/rules/numpy-shapes';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(numpyShapeRules);

const rule = (id: string): IRule => numpyShapeRules.find(r => r.id === id)!;

/** A rule's rewrite given the kernel's answer to its question. */
function rewritten(id: string, source: string, answer: string, setup = '') {
  const matches = answered(matchesIn(rule(id), source, { setup }), answer);
  // The setup stands for the cells above: what it binds is bound.
  const bound = new Set(setup.match(/(?<=as )\w+/g) ?? []);
  return proposeRewrite(source, matches, { bound })?.source ?? source;
}

describe('array shapes', () => {
  it('asks nothing about an expression it would have to call again', () => {
    for (const [id, source] of [
      ['numpy.ragged-array', 'a = np.array(load_rows())'],
      ['numpy.size-one-array-scalar', 'n = int(len(rows) * 0.8)'],
      ['sklearn.single-sample-2d', 'y = model.predict(load(x))'],
      ['sklearn.single-sample-2d', 'y = make_model().predict(x)'],
      ['numpy.size-one-array-scalar', 'f = lambda w: float(w.sum)'],
      ['numpy.size-one-array-scalar', 'folds = float(n_folds)'],
      ['numpy.size-one-array-scalar', "df['total'] = df.a + df.b"],
      ['numpy.ragged-array', 'a = np.array([[0.5, 3], [4, 2]])']
    ]) {
      assert.deepEqual(
        matchesIn(rule(id), source, { setup: 'import numpy as np' }),
        [],
        source
      );
    }
  });

  it('leaves values the kernel says are fine', () => {
    const setup = 'import numpy as np';
    assert.equal(
      rewritten('numpy.ragged-array', 'a = np.array(rows)', 'False', setup),
      'a = np.array(rows)'
    );
    assert.equal(
      rewritten('numpy.size-one-array-scalar', 'x = float(w[0])', '0 1 True'),
      'x = float(w[0])'
    );
    assert.equal(
      rewritten('sklearn.single-sample-2d', 'model.predict(X)', '2 40 4'),
      'model.predict(X)'
    );
  });

  it('says dtype=object for a ragged literal without asking', () => {
    assert.equal(
      rewritten(
        'numpy.ragged-array',
        'a = np.array([[1, 2], [3]])',
        'x',
        'import numpy as np'
      ),
      'a = np.array([[1, 2], [3]], dtype=object)'
    );
  });

  it('takes the element of an expression, in parentheses', () => {
    assert.equal(
      rewritten(
        'numpy.size-one-array-scalar',
        'print(int(idx[0] + 1))',
        '1 1 True'
      ),
      'print(int((idx[0] + 1).item()))'
    );
  });

  it('makes a column of a single feature, binding numpy as the notebook does', () => {
    assert.equal(
      rewritten(
        'sklearn.single-sample-2d',
        'print(reg.predict(df.sqft))',
        '1 30 1',
        'import numpy as numpy_'
      ),
      'print(reg.predict(numpy_.reshape(df.sqft, (-1, 1))))'
    );
    assert.equal(
      rewritten('sklearn.single-sample-2d', 'print(reg.predict(x))', '1 3 3'),
      'import numpy as np\nprint(reg.predict(np.reshape(x, (1, -1))))'
    );
    // A transformer fitted on two features, refitted on one sample of them.
    assert.equal(
      rewritten(
        'sklearn.single-sample-2d',
        'X_test_ = poly.fit_transform(X_test)',
        '1 2 2'
      ),
      'import numpy as np\nX_test_ = poly.fit_transform(np.reshape(X_test, (1, -1)))'
    );
  });

  it('leaves a 1-D input that is neither one sample nor one feature', () => {
    assert.equal(
      rewritten('sklearn.single-sample-2d', 'reg.predict(x)', '1 7 3'),
      'reg.predict(x)'
    );
    assert.equal(
      rewritten('sklearn.single-sample-2d', 'net.predict(x)', '1 3 None'),
      'net.predict(x)'
    );
  });
});

describe("a scaler's 1-D data", () => {
  const id = 'sklearn.single-sample-2d';

  it('is one feature on its first fit, and comes back 1-D', () => {
    assert.equal(
      rewritten(
        id,
        'sc = StandardScaler().fit(pe)',
        '1 30 None True',
        'import numpy as np\nfrom sklearn.preprocessing import StandardScaler'
      ),
      'sc = StandardScaler().fit(np.reshape(pe, (-1, 1)))'
    );
    // Fitted before on three features, three values are still one feature to fit.
    assert.equal(
      rewritten(id, 'sc.fit(x)', '1 3 3 True', 'import numpy as np'),
      'sc.fit(np.reshape(x, (-1, 1)))'
    );
    // Fitted on three features, three values are one sample, 1-D again after.
    assert.equal(
      rewritten(id, 'z = sc.transform(x)', '1 3 3 True', 'import numpy as np'),
      'z = sc.transform(np.reshape(x, (1, -1))).ravel()'
    );
  });

  it("leaves any other estimator's fit, and a constructor that is no scaler", () => {
    assert.equal(
      rewritten(id, 'km.fit(x)', '1 30 None False', 'import numpy as np'),
      'km.fit(x)'
    );
    assert.equal(
      rewritten(id, 'lr.inverse_transform(x)', '1 3 1 False'),
      'lr.inverse_transform(x)'
    );
    assert.deepEqual(
      matchesIn(rule(id), 'm = LinearRegression().fit(x)', {
        setup: 'from sklearn.linear_model import LinearRegression'
      }),
      []
    );
    assert.deepEqual(
      matchesIn(rule(id), 'z = StandardScaler().transform(x)', {
        setup: 'from sklearn.preprocessing import StandardScaler'
      }),
      []
    );
  });
});

describe('a ragged list made an array in a function', () => {
  const id = 'numpy.ragged-array';
  const source =
    'def read_all(parts):\n    X = []\n    for part in parts:\n        X.extend(read(part))\n    return np.array(X)';
  const setup = 'import numpy as np';

  it("asks about the function's local list in the frame of its failure", () => {
    const [match] = matchesIn(rule(id), source, { setup });
    assert.match(match.question!.expression, /last_traceback/);
    assert.match(match.question!.expression, /co_name == 'read_all'/);
    assert.equal(
      rewritten(id, source, 'True', setup),
      source.replace('np.array(X)', 'np.array(X, dtype=object)')
    );
    assert.equal(rewritten(id, source, 'False', setup), source);
  });

  it('asks nothing in a lambda, where no frame can be found', () => {
    assert.deepEqual(
      matchesIn(rule(id), 'f = lambda rows: np.array(rows)', { setup }),
      []
    );
  });
});

describe('an array with one element converted in a function', () => {
  const id = 'numpy.size-one-array-scalar';
  const source =
    'def compute_cost(weights, x):\n    cost = 0.5 * np.dot(weights.T, weights) + x\n    return float(cost)';

  it("asks about any value, in the frame of the function's failure", () => {
    const [match] = matchesIn(rule(id), source);
    assert.match(match.question!.expression, /last_traceback/);
    assert.match(match.question!.expression, /compute_cost/);
    assert.equal(
      rewritten(id, source, '2 1 True'),
      source.replace('float(cost)', 'float(cost.item())')
    );
    assert.equal(rewritten(id, source, '0 1 False'), source);
  });

  it('asks about the parts it can evaluate again of a value set into an element', () => {
    const gradient =
      'def gradient(theta, X, error, rate):\n    grad = np.zeros(theta.shape[1])\n    for i in range(len(grad)):\n        grad[i] = (np.sum(error) / len(X)) + ((rate / len(X)) * theta[:,i])\n    return grad';
    assert.deepEqual(
      matchesIn(rule(id), gradient).map(m => gradient.slice(m.from, m.to)),
      ['theta[:,i]']
    );
    assert.equal(
      rewritten(id, gradient, '2 1 True'),
      gradient.replace('theta[:,i])', 'theta[:,i].item())')
    );
  });

  it("asks about a plain name in a comprehension at the top level, in the comprehension's frame", () => {
    const means =
      'y_mean = y_train.mean()\nfor_test = [float(y_mean) for x in range(len(y_test))]';
    const [match] = matchesIn(rule(id), means);
    assert.equal(means.slice(match.from, match.to), 'float(y_mean)');
    assert.match(match.question!.expression, /<listcomp>/);
    assert.equal(
      rewritten(id, means, '1 1 True'),
      means.replace('float(y_mean)', 'float(y_mean.item())')
    );
    assert.deepEqual(matchesIn(rule(id), 'y = float(y_mean)'), []);
  });

  it("asks about a value in a comprehension in the comprehension's own frame", () => {
    const f1 =
      'def computeF1(predVec, trueVec):\n    R = np.sum([int(predVec[x]) for x in range(trueVec.shape[0])\n                if trueVec[x]])\n    return R';
    const [match] = matchesIn(rule(id), f1);
    assert.equal(f1.slice(match.from, match.to), 'int(predVec[x])');
    assert.match(
      match.question!.expression,
      /co_name == '<listcomp>' and f\.f_code\.co_firstlineno in \(2,\)/
    );
    assert.equal(
      rewritten(id, f1, '1 1 True'),
      f1.replace('int(predVec[x])', 'int(predVec[x].item())')
    );
  });

  it('asks about the whole value when no part of it reads an attribute or an item', () => {
    const loop =
      'for step in range(steps):\n    p = model.predict(x.reshape(1, -1))\n    predictions[step, sim] = p + r\n    total[step] = p\n    flags[step] = step > 2';
    assert.deepEqual(
      matchesIn(rule(id), loop).map(m => loop.slice(m.from, m.to)),
      ['p + r', 'p', 'step > 2']
    );
    assert.equal(
      rewritten(id, 'predictions[step, sim] = p + r', '1 1 True'),
      'predictions[step, sim] = (p + r).item()'
    );
    // A call is not made again: the element it sets is asked about.
    const [call] = matchesIn(rule(id), 'out[i] = f(p)');
    assert.match(call.question!.expression, /\(out\[i\]\)$/);
    assert.equal(
      rewritten(id, 'out[i] = f(p)', 'True', 'import numpy as np'),
      'out[i] = np.asarray(f(p)).item()'
    );
    assert.equal(rewritten(id, 'out[i] = f(p)', 'False'), 'out[i] = f(p)');
  });
});

describe('an array with one element in a %-format', () => {
  const id = 'numpy.size-one-array-scalar';
  const asked = (source: string) =>
    matchesIn(rule(id), source).map(m => source.slice(m.from, m.to));

  it('asks about the values number conversions format, by place', () => {
    assert.deepEqual(
      asked(
        "print('%s: %.5f, %d%% %s' % (name, model.coef_, res[0], model.coef_))"
      ),
      ['model.coef_', 'res[0]']
    );
    assert.deepEqual(asked("s = 'b=%.3f' % lr.intercept_"), ['lr.intercept_']);
  });

  it('leaves named and starred formats, and other counts of values, alone', () => {
    for (const source of [
      "s = '%(a).2f' % {'a': m.coef_}",
      "s = '%*.2f' % (8, m.coef_)",
      "s = '%.2f %.2f' % m.coef_"
    ]) {
      assert.deepEqual(asked(source), []);
    }
  });

  it('takes the element of a one-element array', () => {
    assert.equal(
      rewritten(id, "t = 'w=%.2f' % (lr.coef_,)", '1 1 True'),
      "t = 'w=%.2f' % (lr.coef_.item(),)"
    );
    assert.equal(
      rewritten(id, "t = 'w=%.2f' % lr.coef_", '1 3 True'),
      "t = 'w=%.2f' % lr.coef_"
    );
  });
});

describe("a single sample given to a neighbours model's kneighbors", () => {
  it("is one row once the function's frame says the model takes that many features", () => {
    const source =
      'def nearest(x, X):\n    neigh = NearestNeighbors(n_neighbors=5)\n    neigh.fit(X)\n    distance, indexes = neigh.kneighbors(x)\n    return indexes';
    const [match] = matchesIn(rule('sklearn.single-sample-2d'), source, {
      setup: 'import numpy as np'
    });
    assert.match(match.question!.expression, /co_name == 'nearest'/);
    assert.equal(
      rewritten(
        'sklearn.single-sample-2d',
        source,
        '1 3 3',
        'import numpy as np'
      ),
      source.replace('kneighbors(x)', 'kneighbors(np.reshape(x, (1, -1)))')
    );
  });
});

describe('a single sample in a function', () => {
  it('is one row for a model the function builds from scikit-learn, and is left on any other', () => {
    const source =
      'from sklearn.linear_model import SGDClassifier\nimport numpy as np\ndef plot(X, Y, grid):\n    clf = SGDClassifier(loss="hinge").fit(X, Y)\n    for x1, x2 in grid:\n        p = clf.decision_function([x1, x2])';
    assert.equal(
      rewritten('sklearn.single-sample-2d', source, ''),
      source.replace('([x1, x2])', '(np.atleast_2d([x1, x2]))')
    );
    // Any model's decision_function, its value stored into one element.
    assert.equal(
      rewritten(
        'sklearn.single-sample-2d',
        'from sklearn.svm import SVC\nimport numpy as np\ndef plot(clf, xs, ys, P):\n    for i, xi in enumerate(xs):\n        for j, yj in enumerate(ys):\n            P[i, j] = clf.decision_function([xi, yj])',
        ''
      ),
      'from sklearn.svm import SVC\nimport numpy as np\ndef plot(clf, xs, ys, P):\n    for i, xi in enumerate(xs):\n        for j, yj in enumerate(ys):\n            P[i, j] = clf.decision_function(np.atleast_2d([xi, yj]))[0]'
    );
    // Any other model is asked about, in the frame of the function's failure: one
    // that does not say how many features it takes is left alone.
    for (const other of [
      'def plot(net, x1, x2):\n    return net.predict([x1, x2])',
      'def plot(net, x1, x2):\n    return net.decision_function([x1, x2])',
      'from keras.models import Model\ndef plot(x1, x2):\n    net = Model(inputs, outputs)\n    return net.predict([x1, x2])'
    ]) {
      const [match] = matchesIn(rule('sklearn.single-sample-2d'), other);
      assert.match(match.question!.expression, /co_name == 'plot'/, other);
      assert.equal(
        rewritten('sklearn.single-sample-2d', other, '1 2 None'),
        other
      );
    }
  });

  it("is a row when the function's failing frame says the model takes that many features", () => {
    const source =
      'import numpy as np\ndef boundary(svm, xs, ys, z):\n    for i in range(len(xs)):\n        for j in range(len(ys)):\n            z[i][j] = float(svm.predict(np.array([xs[i], ys[j]])))';
    const [match] = matchesIn(rule('sklearn.single-sample-2d'), source);
    assert.match(match.question!.expression, /co_name == 'boundary'/);
    assert.equal(
      rewritten(
        'sklearn.single-sample-2d',
        source,
        '1 2 2',
        'import numpy as np'
      ),
      source.replace(
        'svm.predict(np.array([xs[i], ys[j]]))',
        'svm.predict(np.reshape(np.array([xs[i], ys[j]]), (1, -1)))'
      )
    );
  });
});

describe("np.arange's bounds from arrays of one element", () => {
  const id = 'numpy.size-one-array-scalar';

  it('takes the element of either a one-element array or a number, where the kernel finds an array', () => {
    const source =
      'def plot_fit(min_x, max_x):\n    x = np.arange(min_x - 15, max_x + 25, 0.05)';
    assert.equal(
      rewritten(id, source, '1 1 True', 'import numpy as np'),
      'def plot_fit(min_x, max_x):\n    x = np.arange(np.asarray(min_x - 15).item(), np.asarray(max_x + 25).item(), 0.05)'
    );
    assert.equal(
      rewritten(id, source, '0 1 True', 'import numpy as np'),
      source
    );
  });

  it("asks about positional bounds of numpy's arange and linspace only", () => {
    const setup = 'import numpy as np';
    const asked = (source: string) =>
      matchesIn(rule(id), source, { setup }).map(m =>
        source.slice(m.from, m.to)
      );
    assert.deepEqual(
      asked('def f(a, b, k):\n    return np.linspace(a, b, num=k)'),
      ['a', 'b']
    );
    assert.deepEqual(asked('def f(a, b):\n    return arange(a, b)'), []);
  });
});
