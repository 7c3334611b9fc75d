import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibRules } from '../../../../src/core/rules/matplotlib';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibRules);

/** A cell rewritten by the matplotlib rules, below `import matplotlib.pyplot as plt`. */
function rewrite(cell: string): string {
  const imports = importTable(
    [
      'import matplotlib\nimport matplotlib.pyplot as plt\nfrom matplotlib import cm',
      cell
    ].map(prepareSource)
  );
  const matches = scanSource(cell, matplotlibRules, {
    versions: TODAY,
    imports
  });
  const bound = new Set(['matplotlib', 'plt', 'cm']);
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('colormap names', () => {
  it('rewrites to a colormap that exists today, never to a removed name', () => {
    assert.equal(
      rewrite("cmap = cm.get_cmap('spectral', 5)"),
      "cmap = matplotlib.colormaps['nipy_spectral'].resampled(5)"
    );
    assert.equal(
      rewrite("colors = plt.get_cmap('Vega20_r')(range(3))"),
      "colors = plt.get_cmap('tab20_r')(range(3))"
    );
    assert.equal(
      rewrite('plt.scatter(x, y, c=labels, cmap=plt.cm.spectral)'),
      'plt.scatter(x, y, c=labels, cmap=plt.cm.nipy_spectral)'
    );
  });

  it("leaves names that still exist and other objects' attributes", () => {
    const cells = [
      "plt.imshow(img, cmap='Spectral')",
      'power = signal.spectral',
      "cmap = plt.get_cmap('viridis')"
    ];
    for (const cell of cells) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('hist(normed=) on every receiver that draws a histogram', () => {
  it('renames it on pyplot, axes, frames and columns, and only on hist', () => {
    assert.equal(
      rewrite(
        "ax.hist(x, bins=20, normed=1)\ndf.hist(column='age', normed=True)\ndf['age'].hist(normed=True)"
      ),
      "ax.hist(x, bins=20, density=1)\ndf.hist(column='age', density=True)\ndf['age'].hist(density=True)"
    );
    const histogram = 'counts, edges = np.histogram(x, bins=10, density=True)';
    assert.equal(rewrite(histogram), histogram);
  });
});
