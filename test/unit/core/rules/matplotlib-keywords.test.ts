import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibKeywordRules } from '../../../../src/core/rules/matplotlib-keywords';
import { answered, testExamples, TODAY } from './helpers';

testExamples(matplotlibKeywordRules);

const IMPORTS = 'import matplotlib.pyplot as plt\nimport pandas as pd';

/** A cell rewritten by these rules below IMPORTS, kernel questions answered with `answer`. */
function rewrite(cell: string, answer?: string): string {
  const prepared = [IMPORTS, cell].map(prepareSource);
  const matches = scanSource(cell, matplotlibKeywordRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
  const bound = new Set(['plt', 'pd']);
  return (
    proposeRewrite(cell, answered(matches, answer), { bound })?.source ?? cell
  );
}

describe('the position keywords of bar and barh', () => {
  it('renames bottom= of barh to y= and left= of bar to x=, keeping the others', () => {
    assert.equal(
      rewrite('plt.barh(bottom=ys, width=ws, left=1, height=0.6)'),
      'plt.barh(y=ys, width=ws, left=1, height=0.6)'
    );
    assert.equal(
      rewrite(
        'def draw(axes):\n    axes.bar(left=xs, height=hs, bottom=0)',
        'True'
      ),
      'def draw(axes):\n    axes.bar(x=xs, height=hs, bottom=0)'
    );
  });

  it('leaves bar offsets of pandas, which the kernel says are no Axes', () => {
    const cell = 'df.plot.barh(bottom=5, width=0.5)';
    assert.equal(rewrite(cell, 'False'), cell);
  });

  it('leaves calls whose position is positional, or given both ways', () => {
    for (const cell of [
      'plt.barh(ys, ws, left=starts)',
      'plt.bar(xs, hs, bottom=base)',
      'plt.barh(y=ys, bottom=ys, width=ws)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('keywords clabel ignored', () => {
  it('drops axes= and keeps what clabel takes', () => {
    assert.equal(
      rewrite("plt.clabel(cs, fmt='%1.1f', colors='k', fontsize=14, axes=ax)"),
      "plt.clabel(cs, fmt='%1.1f', colors='k', fontsize=14)"
    );
    assert.equal(
      rewrite('ax.clabel(cs, axes=ax, inline=1)', 'True'),
      'ax.clabel(cs, inline=1)'
    );
  });

  it('leaves a clabel of another kind of object', () => {
    const cell = 'chart.clabel(cs, axes=ax)';
    assert.equal(rewrite(cell, 'False'), cell);
  });

  it('leaves a clabel that passes only what it takes', () => {
    const cell = 'plt.clabel(cs, inline=True, fontsize=10, zorder=3)';
    assert.equal(rewrite(cell), cell);
  });
});

describe('tick labels of another count than the fixed ticks', () => {
  it('are fitted to the ticks the same source set, as matplotlib before 3.3 used them', () => {
    const cell =
      'def plot(n):\n    axes = plt.gca()\n    axes.set_yticks(np.arange(n) + .3)\n    axes.set_yticklabels(["Split %d" % x for x in range(1, n + 1)] + ["labels"])';
    assert.equal(
      rewrite(cell),
      cell.replace(
        'axes.set_yticklabels(["Split %d" % x for x in range(1, n + 1)] + ["labels"])',
        'axes.set_yticklabels((list(["Split %d" % x for x in range(1, n + 1)] + ["labels"]) + [\'\'] * len(axes.get_yticks()))[:len(axes.get_yticks())])'
      )
    );
  });

  it('are left where no set_ticks of that axis came before, or the minor ticks are labelled', () => {
    for (const cell of [
      "fig, ax = plt.subplots()\nax.set_xticklabels([''] + names)",
      'fig, ax = plt.subplots()\nax.set_yticks(ys)\nax.set_xticklabels(names)',
      'fig, ax = plt.subplots()\nax.set_xticks(xs, minor=True)\nax.set_xticklabels(names, minor=True)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe("the log scale's keywords named with their axis", () => {
  it('are the axis-free keywords of the one axis each function sets', () => {
    assert.equal(
      rewrite(
        "fig, ax = plt.subplots()\nax.set_xscale('log', basex = 2, subsx=[2, 5])\nax.set_yscale('log', nonposy='clip')"
      ),
      "fig, ax = plt.subplots()\nax.set_xscale('log', base = 2, subs=[2, 5])\nax.set_yscale('log', nonpositive='clip')"
    );
    assert.equal(
      rewrite(
        "plt.semilogy(s, 'bx', basey=2, label='s')\nplt.xscale('log', basex=10)"
      ),
      "plt.semilogy(s, 'bx', base=2, label='s')\nplt.xscale('log', base=10)"
    );
    assert.equal(
      rewrite('def draw(axes):\n    axes.semilogx(t, y, basex=2)', 'True'),
      'def draw(axes):\n    axes.semilogx(t, y, base=2)'
    );
  });

  it('gives loglog one keyword where both axes had the same, and leaves it where they differ', () => {
    assert.equal(
      rewrite(
        "plt.loglog(n, t, basey=2, basex=2, nonposx='mask', nonposy='mask')"
      ),
      "plt.loglog(n, t, base=2, nonpositive='mask')"
    );
    for (const cell of [
      'plt.loglog(n, t, basex=2)',
      'plt.loglog(n, t, basex=2, basey=10)',
      'plt.semilogx(t, y, basey=2)',
      'df.plot(logx=True, basex=2)'
    ]) {
      assert.equal(rewrite(cell), cell, cell);
    }
  });

  it('leaves objects the kernel says are no Axes', () => {
    const cell = "scale.set_xscale('log', basex=2)";
    assert.equal(rewrite(cell, 'False'), cell);
  });
});
