import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibToolkitRules } from '../../../../src/core/rules/matplotlib-axes-grid';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibToolkitRules);

/** A cell's matches and its rewrite by these rules. */
function scan(cell: string) {
  const matches = scanSource(cell, matplotlibToolkitRules, {
    versions: TODAY,
    imports: importTable([prepareSource(cell)])
  });
  return {
    matches,
    source: proposeRewrite(cell, matches, { bound: new Set() })?.source ?? cell
  };
}

describe('mpl_toolkits.axes_grid', () => {
  it('imports from the module that has the names today', () => {
    for (const [before, after] of [
      [
        'from mpl_toolkits.axes_grid.axislines import SubplotZero, Subplot',
        'from mpl_toolkits.axisartist.axislines import SubplotZero, Subplot'
      ],
      [
        'from mpl_toolkits.axes_grid import ImageGrid',
        'from mpl_toolkits.axes_grid1 import ImageGrid'
      ],
      [
        'from mpl_toolkits.axes_grid import axislines, floating_axes',
        'from mpl_toolkits.axisartist import axislines, floating_axes'
      ],
      [
        'from mpl_toolkits.axes_grid.inset_locator import inset_axes as inset',
        'from mpl_toolkits.axes_grid1.inset_locator import inset_axes as inset'
      ],
      [
        'from mpl_toolkits.axes_grid.axislines import *',
        'from mpl_toolkits.axisartist.axislines import *'
      ],
      [
        'if True:\n    from mpl_toolkits.axes_grid import make_axes_locatable, axislines as al',
        'if True:\n    from mpl_toolkits.axes_grid1 import make_axes_locatable\n    from mpl_toolkits.axisartist import axislines as al'
      ],
      [
        'from mpl_toolkits.axes_grid.parasite_axes import SubplotHost',
        'from mpl_toolkits.axisartist.parasite_axes import SubplotHost'
      ]
    ]) {
      assert.equal(scan(before).source, after);
    }
  });

  it('rewrites module imports and the dotted uses they bind', () => {
    assert.equal(
      scan(
        'import mpl_toolkits.axes_grid.axislines\nax = mpl_toolkits.axes_grid.axislines.Subplot(fig, 111)'
      ).source,
      'import mpl_toolkits.axisartist.axislines\nax = mpl_toolkits.axisartist.axislines.Subplot(fig, 111)'
    );
    assert.equal(
      scan(
        'import mpl_toolkits.axes_grid as ag\nimport mpl_toolkits.axes_grid\nd = mpl_toolkits.axes_grid.make_axes_locatable(ax)'
      ).source,
      'import mpl_toolkits.axes_grid1 as ag\nimport mpl_toolkits.axes_grid1\nd = mpl_toolkits.axes_grid1.make_axes_locatable(ax)'
    );
  });

  it('says a name is gone where no module has it today, and rewrites nothing', () => {
    for (const cell of [
      'from mpl_toolkits.axes_grid import LocatableAxes',
      'from mpl_toolkits.axes_grid import ImageGrid, LocatableAxes',
      'from mpl_toolkits.axes_grid.colorbar import colorbar',
      'from mpl_toolkits.axes_grid.axes_grid import *',
      'import mpl_toolkits.axes_grid.clip_path'
    ]) {
      const { matches, source } = scan(cell);
      assert.equal(source, cell);
      assert.equal(matches.length, 1);
      assert.match(
        matches[0].note ?? '',
        /removed with `mpl_toolkits.axes_grid`.*installing a package will not/
      );
    }
  });

  it('leaves axes_grid1 and axisartist as they are', () => {
    const cell =
      'from mpl_toolkits.axes_grid1 import make_axes_locatable\nimport mpl_toolkits.axisartist as AA';
    assert.deepEqual(scan(cell).matches, []);
  });
});
