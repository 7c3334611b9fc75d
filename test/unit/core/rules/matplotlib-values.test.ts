import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, type IRule } from '../../../../src/core/rules';
import { matplotlibValueRules } from '../../../../src/core/rules/matplotlib-values';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(matplotlibValueRules);

const SETUP = 'import numpy as np\nimport matplotlib.pyplot as plt';
const rule = (id: string): IRule =>
  matplotlibValueRules.find(r => r.id === id)!;

/** A rule's rewrite, its question (if any) given `answer`. */
function rewritten(id: string, source: string, answer?: string): string {
  const matches = answered(
    matchesIn(rule(id), source, { setup: SETUP }),
    answer
  );
  return (
    proposeRewrite(source, matches, { bound: new Set(['np', 'plt']) })
      ?.source ?? source
  );
}

describe('numbers written as strings', () => {
  it('makes the number of a width or size on any drawing call and in its props', () => {
    assert.equal(
      rewritten(
        'matplotlib.number-as-string',
        "plt.scatter(sv[:, 0], sv[:, 1], c='k', marker='|', s=100, linewidths='1')"
      ),
      "plt.scatter(sv[:, 0], sv[:, 1], c='k', marker='|', s=100, linewidths=1)"
    );
    assert.equal(
      rewritten(
        'matplotlib.number-as-string',
        'ax.errorbar(x, y, yerr=e, elinewidth=\'0.5\', capsize="3")'
      ),
      'ax.errorbar(x, y, yerr=e, elinewidth=0.5, capsize=3)'
    );
    assert.equal(
      rewritten(
        'matplotlib.number-as-string',
        "ax.annotate('', xy=(0, 1), arrowprops=dict(arrowstyle='-', lw='1.5'))"
      ),
      "ax.annotate('', xy=(0, 1), arrowprops=dict(arrowstyle='-', lw=1.5))"
    );
    assert.equal(
      rewritten('matplotlib.number-as-string', "plt.scatter(x, y, s='20')"),
      'plt.scatter(x, y, s=20)'
    );
  });

  it("makes the number of a subplot's three digits, on pyplot and figures", () => {
    assert.equal(
      rewritten(
        'matplotlib.number-as-string',
        "plt.subplot('131')\nax = fig.add_subplot(\"212\", facecolor='w')"
      ),
      "plt.subplot(131)\nax = fig.add_subplot(212, facecolor='w')"
    );
    for (const cell of [
      'plt.subplot(1, 3, 1)',
      "plt.subplot(2, 2, '1')",
      "plt.subplot('12')",
      "fig.add_subplot(gs[0], title='111')"
    ]) {
      assert.equal(rewritten('matplotlib.number-as-string', cell), cell);
    }
  });

  it('leaves words, numbers, other keywords and other libraries alone', () => {
    for (const cell of [
      "plt.plot(x, y, linewidth=2, linestyle='--')",
      "plt.contour(X, Y, Z, linewidths='auto')",
      "model = Ridge(alpha='1.0')",
      "plt.text(0, 0, '1', fontsize='12')",
      "f(s='100')",
      "plt.plot(x, y, lw=width + '1')"
    ]) {
      assert.equal(rewritten('matplotlib.number-as-string', cell), cell);
    }
  });
});

describe('coordinates that are arrays of one value', () => {
  it('asks about each coordinate of an annotation and takes only the arrays of one value', () => {
    const cell =
      "plt.annotate('', xytext=(0 - h, f0 - h * df0), xy=(0 + h, f0 + h * df0))";
    const [match] = matchesIn(rule('matplotlib.size-one-coordinate'), cell, {
      setup: SETUP
    });
    assert.match(
      match.question!.expression,
      /\(0 \+ h, f0 \+ h \* df0, 0 - h, f0 - h \* df0\)$/
    );
    assert.equal(
      rewritten(
        'matplotlib.size-one-coordinate',
        cell,
        '0,1,1 2,1,1 0,1,1 2,1,1'
      ),
      "plt.annotate('', xytext=(0 - h, (f0 - h * df0).item()), xy=(0 + h, (f0 + h * df0).item()))"
    );
    // The points as the old numpy drew them: an array of several values is no scalar.
    assert.equal(
      rewritten(
        'matplotlib.size-one-coordinate',
        cell,
        '0,1,1 1,3,1 0,1,1 1,3,1'
      ),
      cell
    );
  });

  it("reads text's x and y by position or keyword, and annotate's xy by position", () => {
    assert.equal(
      rewritten(
        'matplotlib.size-one-coordinate',
        "ax.text(x=pos, y=best, s='top')",
        '0,1,0 1,1,1'
      ),
      "ax.text(x=pos, y=best.item(), s='top')"
    );
    assert.equal(
      rewritten(
        'matplotlib.size-one-coordinate',
        "ax.annotate('peak', (x_max, y[i]))",
        '0,1,0 1,1,1'
      ),
      "ax.annotate('peak', (x_max, y[i].item()))"
    );
  });

  it('asks nothing about literals, calls, names in functions or a text of another kind', () => {
    for (const cell of [
      "plt.annotate('a', xy=(0, 1), xytext=(2, 3))",
      "plt.text(-0.5, 1.5, 'k=2', fontsize=14)",
      "plt.text(0.5, best(y), 'top')",
      "def mark(ax, y):\n    ax.text(0, y, 'top')",
      'label = soup.text(strip)'
    ]) {
      assert.deepEqual(
        matchesIn(rule('matplotlib.size-one-coordinate'), cell, {
          setup: SETUP
        }),
        [],
        cell
      );
    }
  });
});

describe("a subplot's computed grid", () => {
  const id = 'matplotlib.subplot-float-grid';

  it('takes int() of each computed value, as matplotlib did', () => {
    assert.equal(
      rewritten(id, 'ax = plt.subplot(np.sqrt(N), np.sqrt(N), i+1)'),
      'ax = plt.subplot(int(np.sqrt(N)), int(np.sqrt(N)), int(i+1))'
    );
    assert.equal(
      rewritten(id, 'ax = fig.add_subplot(rows / 2, 2, len(axes) + 1)'),
      'ax = fig.add_subplot(int(rows / 2), 2, int(len(axes) + 1))'
    );
  });

  it('leaves integers as written, and calls it does not read', () => {
    for (const source of [
      'plt.subplot(2, 2, 1)',
      'plt.subplot(221)',
      'plt.subplot(int(n / 2), len(cols), 3)',
      'plt.subplot(*grid)',
      'plt.subplot(nrows=n / 2, ncols=2, index=1)'
    ]) {
      assert.deepEqual(
        matchesIn(rule(id), source, { setup: SETUP }),
        [],
        source
      );
    }
  });
});

describe("a plot's label given as values", () => {
  const id = 'matplotlib.plot-label-sequence';

  it('is the text of the values, as the line took it', () => {
    assert.equal(
      rewritten(
        id,
        'ax.plot(params, weights[:, c], label=iris.target, color=k)'
      ),
      'ax.plot(params, weights[:, c], label=str(iris.target), color=k)'
    );
  });

  it('leaves labels written as text, and other calls', () => {
    for (const source of [
      "plt.plot(x, y, label='train')",
      "plt.plot(x, y, label=f'fold {i}')",
      'plt.scatter(x, y, label=names)'
    ]) {
      assert.deepEqual(
        matchesIn(rule(id), source, { setup: SETUP }),
        [],
        source
      );
    }
  });
});
