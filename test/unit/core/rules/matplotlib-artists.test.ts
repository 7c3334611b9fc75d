import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibArtistRules } from '../../../../src/core/rules/matplotlib-artists';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibArtistRules);

const IMPORTS = 'import matplotlib.pyplot as plt\nimport numpy as np';

/** A cell rewritten by these rules below IMPORTS (failure-only rules included). */
function rewrite(cell: string): string {
  const prepared = [IMPORTS, cell].map(prepareSource);
  const matches = scanSource(cell, matplotlibArtistRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
  return (
    proposeRewrite(cell, matches, { bound: new Set(['plt', 'np']) })?.source ??
    cell
  );
}

describe('a custom marker given as (verts, 0)', () => {
  it('becomes the vertices themselves, on any call that takes a marker', () => {
    const cell =
      "df.plot.scatter(0, 1, c='label', marker=(xy1, 0), ax=axes)\naxes.scatter(x, y, marker=([(0, 0), (1, 0), (0, 1)], 0))";
    assert.equal(
      rewrite(cell),
      "df.plot.scatter(0, 1, c='label', marker=xy1, ax=axes)\naxes.scatter(x, y, marker=[(0, 0), (1, 0), (0, 1)])"
    );
  });

  it('is left alone as a number of sides, with a style other than 0, or with an angle', () => {
    for (const cell of [
      'plt.scatter(x, y, marker=(5, 0))',
      'plt.scatter(x, y, marker=(verts, 1))',
      'plt.scatter(x, y, marker=(6, 0, 45))',
      "plt.plot(x, y, marker='o')"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe("a mesh's array iterated with its cells", () => {
  it("is flattened as pcolor's was: without its masked values", () => {
    const cell =
      'def heatmap(values, ax):\n    img = ax.pcolor(values)\n    for p, color, value in zip(img.get_paths(), img.get_facecolors(), img.get_array()):\n        ax.text(*p.vertices[:-2].mean(0), "%.2f" % value)\n    return img';
    assert.equal(
      rewrite(cell),
      cell.replace('img.get_array())', 'img.get_array().compressed())')
    );
  });

  it("is flattened whole as pcolormesh's was, as a for loop's iterable too", () => {
    const cell =
      "mesh = plt.pcolormesh(scores)\nfor value in mesh.get_array():\n    print('%.2f' % value)";
    assert.equal(
      rewrite(cell),
      cell.replace('mesh.get_array()', 'mesh.get_array().ravel()')
    );
  });

  it('is left alone when not iterated, flattened already, or the mesh is not known to be one', () => {
    for (const cell of [
      // Read whole: its shape is what the cell wants.
      'img = plt.pcolor(values)\nprint(img.get_array().shape)',
      'img = plt.pcolor(values)\nfor v in zip(img.get_paths(), img.get_array().ravel()):\n    print(v)',
      // A parameter: made by some call elsewhere.
      'def show_values(pc):\n    for p, v in zip(pc.get_paths(), pc.get_array()):\n        print(v)',
      // Bound twice in its scope: which one is iterated is not known.
      'img = plt.pcolor(a)\nimg = plt.imshow(b)\nfor v in zip(img.get_paths(), img.get_array()):\n    print(v)',
      // Another call's array.
      'img = plt.imshow(values)\nfor v in zip(img.get_paths(), img.get_array()):\n    print(v)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});
