import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibCallRules } from '../../../../src/core/rules/matplotlib-calls';
import { answered, askingScan, testExamples, TODAY } from './helpers';

testExamples(matplotlibCallRules);

const IMPORTS =
  'import matplotlib as mpl\nimport matplotlib.pyplot as plt\nfrom matplotlib import patches\nimport numpy as np';

/** A cell rewritten by these rules below IMPORTS, kernel questions answered with `answer`. */
function rewrite(cell: string, answer?: string): string {
  const prepared = [IMPORTS, cell].map(prepareSource);
  const matches = scanSource(cell, matplotlibCallRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
  const bound = new Set(['mpl', 'plt', 'patches', 'np']);
  return (
    proposeRewrite(cell, answered(matches, answer), { bound })?.source ?? cell
  );
}

describe('hold= on plotting calls', () => {
  it('drops it from pyplot functions at once, wherever it sits', () => {
    assert.equal(
      rewrite('def show(xs, ys):\n    plt.plot(xs, ys, hold=True)'),
      'def show(xs, ys):\n    plt.plot(xs, ys)'
    );
    assert.equal(
      rewrite('plt.scatter(x, y, hold=True, c=z)'),
      'plt.scatter(x, y, c=z)'
    );
  });

  it('drops it from a method only when the kernel says the receiver is Axes', () => {
    assert.equal(
      rewrite('axes[0].bar(x, h, hold=True)', 'True'),
      'axes[0].bar(x, h)'
    );
    assert.equal(
      rewrite('plotter.bar(x, h, hold=True)', 'False'),
      'plotter.bar(x, h, hold=True)'
    );
  });

  it('clears the axes first where hold=False did, on a line of its own only', () => {
    assert.equal(
      rewrite('if fresh:\n    ax.plot(x, y, hold=False)', 'True'),
      'if fresh:\n    ax.cla()\n    ax.plot(x, y)'
    );
    for (const cell of [
      'plt.figure(); plt.plot(x, y, hold=False)',
      'plt.plot(x, y, hold=overlay)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });

  it("drops it from a bare plot() once the kernel says it is pyplot's", () => {
    assert.equal(rewrite('plot(x, y, hold=True)', 'True'), 'plot(x, y)');
    assert.equal(
      rewrite('plot(x, y, hold=True)', 'False'),
      'plot(x, y, hold=True)'
    );
    const own = 'def plot(*a, **k):\n    pass\nplot(x, hold=True)';
    assert.equal(rewrite(own, 'True'), own);
  });

  it('leaves other modules and objects the kernel says are no Axes', () => {
    for (const cell of ['np.stack(a, hold=True)', 'worker.join(hold=True)']) {
      assert.equal(rewrite(cell, 'False'), cell);
    }
  });

  it('turns plt.hold(True) into pass, keeping a block a block', () => {
    assert.equal(
      rewrite('if overlay:\n    plt.hold(True)\nplt.plot(x)'),
      'if overlay:\n    pass\nplt.plot(x)'
    );
    assert.equal(rewrite('plt.hold(False)'), 'plt.hold(False)');
  });

  it("drops hold('on') and hold('off'), which both held: any string was true", () => {
    assert.equal(
      rewrite("plt.plot(x)\nplt.hold('on')\nplt.plot(y)\nplt.hold('off')"),
      'plt.plot(x)\npass\nplt.plot(y)\npass'
    );
    assert.equal(
      rewrite("fig, ax = plt.subplots()\nax.hold('on')", 'True'),
      'fig, ax = plt.subplots()\npass'
    );
    assert.equal(rewrite("plt.hold('')"), "plt.hold('')");
    assert.equal(rewrite('plt.hold(state)'), 'plt.hold(state)');
  });
});

describe('plt.figsize', () => {
  it("sets rcParams['figure.figsize'] through the notebook's own pyplot name", () => {
    assert.equal(
      rewrite('plt.figsize(14, 10)\nplt.plot(x)'),
      "plt.rcParams['figure.figsize'] = (14, 10)\nplt.plot(x)"
    );
    assert.equal(
      rewrite('plt.figsize(sizey=3)'),
      "plt.rcParams['figure.figsize'] = (8, 3)"
    );
  });

  it('leaves a figsize that is not a statement or not pyplot', () => {
    for (const cell of [
      'size = plt.figsize(4, 3)',
      'fig.figsize(4, 3)',
      'plt.figure(figsize=(4, 3))'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('keywords contour ignored', () => {
  it('drops c= and marker keywords, keeping colors= and the rest', () => {
    assert.equal(
      rewrite("ax.contour(X, Y, Z, c='k', levels=[0], colors='r')", 'True'),
      "ax.contour(X, Y, Z, levels=[0], colors='r')"
    );
    assert.equal(rewrite("plt.contourf(c='k', s=2, Z=z)"), 'plt.contourf(Z=z)');
    assert.equal(
      rewrite("plt.contour(Z, c='k', marker='o')"),
      'plt.contour(Z)'
    );
  });

  it('leaves contour calls that pass only what they take', () => {
    const cell = "plt.contour(X, Y, Z, colors='k', linewidths=2)";
    assert.equal(rewrite(cell), cell);
  });
});

describe("scatter's empty colour", () => {
  it("draws hollow markers with facecolors='none', keeping the rest", () => {
    assert.equal(
      rewrite(
        "plt.scatter(X_test[:, 0], X_test[:, 1], c='', edgecolor='black', alpha=1.0, s=100, label='test set')"
      ),
      "plt.scatter(X_test[:, 0], X_test[:, 1], facecolors='none', edgecolor='black', alpha=1.0, s=100, label='test set')"
    );
    assert.equal(
      rewrite('ax.scatter(x, y, c="", marker="o")', 'True'),
      'ax.scatter(x, y, facecolors=\'none\', marker="o")'
    );
  });

  it('leaves colours that are not empty, and calls that set the face already', () => {
    for (const cell of [
      "plt.scatter(x, y, c='r')",
      'plt.scatter(x, y, c=labels)',
      "plt.scatter(x, y, c='', facecolors='none')",
      "plt.scatter(x, y, c='', **style)"
    ]) {
      assert.equal(rewrite(cell, 'True'), cell);
    }
  });

  it('asks the kernel whether an unknown owner is an Axes', () => {
    const cell = "g.scatter(x, y, c='')";
    assert.equal(rewrite(cell, 'False'), cell);
  });
});

describe('a histogram of booleans', () => {
  const { asked, rewritten } = askingScan(
    matplotlibCallRules.filter(r => r.id === 'numpy.histogram-booleans'),
    'import numpy as np\nimport matplotlib.pyplot as plt'
  );

  it('counts them as integers, where the kernel says they are booleans', () => {
    const cell = 'y = y1 <= 5\nplt.hist(y1)\nax.hist(y, bins=2)';
    assert.deepEqual(asked(cell), ['y1', 'y']);
    assert.match(
      rewritten('ax.hist(y, bins=2)', 'True'),
      /^(import numpy as np\n)?ax\.hist\(np\.asarray\(y, dtype=int\), bins=2\)$/
    );
    assert.equal(rewritten('plt.hist(y1)', 'False'), 'plt.hist(y1)');
  });

  it('asks nothing of values it would have to compute by a call', () => {
    assert.deepEqual(asked('plt.hist(load(y))\nnp.histogram(*data)'), []);
  });

  it('counts the data given as x= as integers', () => {
    assert.match(
      rewritten('plt.hist(x=mask, bins=2, color="r")', 'True'),
      /^(import numpy as np\n)?plt\.hist\(x=np\.asarray\(mask, dtype=int\), bins=2, color="r"\)$/
    );
  });

  it("casts a Series' own booleans before its hist, keeping its arguments", () => {
    const cell = "df['Churn'].hist(bins=2, figsize=(4, 3))";
    assert.deepEqual(asked(cell), ["df['Churn']"]);
    assert.equal(
      rewritten(cell, 'True'),
      "df['Churn'].astype(int).hist(bins=2, figsize=(4, 3))"
    );
    assert.equal(rewritten('s.hist()', 'True'), 's.astype(int).hist()');
    assert.equal(rewritten('s.hist()', 'False'), 's.hist()');
  });

  it('leaves pyplot, modules, computed receivers and pandas plot accessors alone', () => {
    assert.deepEqual(
      asked(
        'plt.hist(bins=3)\nnp.hist()\nload(s).hist()\ns.plot.hist()\ns.hist(**style)\ns.plot(kind="hist")'
      ),
      []
    );
  });

  it("asks whether a hist's owner is a pandas object before casting its first argument", () => {
    const { scan } = askingScan(
      matplotlibCallRules.filter(r => r.id === 'numpy.histogram-booleans'),
      'import matplotlib.pyplot as plt'
    );
    const [match] = scan('s.hist(groups)');
    assert.match(match.question!.expression, /startswith\('pandas'\)/);
    const [pyplot] = scan('plt.hist(groups)');
    assert.doesNotMatch(pyplot.question!.expression, /pandas/);
  });
});

describe('more tick labels than ticks', () => {
  const rule = matplotlibCallRules.find(
    r => r.id === 'matplotlib.tick-labels-count'
  )!;
  const rewritten = (source: string) =>
    proposeRewrite(
      source,
      answered(
        scanSource(source, [rule], {
          versions: TODAY,
          imports: importTable([
            prepareSource('import matplotlib.pyplot as plt')
          ])
        }),
        'True'
      )
    )?.source ?? source;

  it("are cut to the ticks, on pyplot's xticks and yticks", () => {
    assert.equal(
      rewritten("plt.xticks(np.arange(6), grid['C']); plt.xlabel('C')"),
      "plt.xticks(np.arange(6), grid['C'][:len(np.arange(6))]); plt.xlabel('C')"
    );
    assert.equal(
      rewritten("plt.yticks(range(3), ['a', 'b', 'c', 'd'], rotation=90)"),
      "plt.yticks(range(3), ['a', 'b', 'c', 'd'][:len(range(3))], rotation=90)"
    );
  });

  it('leaves ticks without labels and labels by keyword', () => {
    for (const source of [
      'plt.xticks(np.arange(6))',
      'plt.xticks(ticks=t, labels=names)'
    ]) {
      assert.equal(rewritten(source), source);
    }
  });
});
