import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matplotlibContourRules } from '../../../../src/core/rules/matplotlib-contours';
import { askingScan, testExamples } from './helpers';

testExamples(matplotlibContourRules);

describe('the collections of a contour set', () => {
  const { asked, rewritten } = askingScan(
    matplotlibContourRules,
    'import numpy as np\nimport matplotlib.pyplot as plt'
  );

  it('calls a setter given to every level on the contour set', () => {
    assert.equal(
      rewritten(
        'for c in cs.collections: c.set_rasterized(True)\nplt.show()',
        'True'
      ),
      'cs.set_rasterized(True)\nplt.show()'
    );
    assert.equal(
      rewritten(
        "def draw(ax):\n    cf = ax.contourf(Z)\n    for coll in cf.collections:\n        coll.set_edgecolor('face')\n        coll.set_clip_path(patch)\n    return cf",
        'True'
      ),
      "def draw(ax):\n    cf = ax.contourf(Z)\n    cf.set_edgecolor('face')\n    cf.set_clip_path(patch)\n    return cf"
    );
  });

  it("asks the kernel whether the loop's owner is a contour set", () => {
    const cell = 'for c in cs.collections:\n    c.set_zorder(3)';
    assert.deepEqual(asked(cell), [cell]);
    assert.equal(rewritten(cell, 'False'), cell);
  });

  it('gives setp the contour set for properties of every level', () => {
    assert.equal(
      rewritten('plt.setp(CS.collections, linewidth=2, zorder=4)', 'True'),
      'plt.setp(CS, linewidth=2, zorder=4)'
    );
  });

  it('leaves what is not one value for every level', () => {
    for (const cell of [
      // One level's colour, a legend label, removal, colour and alpha (they differ on a set).
      "plt.setp(CS.collections[2], color='black')",
      "cs.collections[0].set_label('boundary')",
      'for c in cs.collections:\n    c.remove()',
      "for c in cs.collections:\n    c.set_color('k')",
      'for c in cs.collections:\n    c.set_alpha(0.5)',
      "plt.setp(CS.collections, color='k')",
      "plt.setp(CS.collections, 'linewidth', 2)",
      // The loop's name read in the call, after the loop, or in an else.
      'for c in cs.collections:\n    c.set_zorder(c.get_zorder() + 1)',
      'for c in cs.collections:\n    c.set_zorder(3)\nprint(c)',
      'for c in cs.collections:\n    c.set_zorder(3)\nelse:\n    pass',
      // Other work in the body, comments that would be lost, other loops.
      'for c in cs.collections:\n    c.set_zorder(3)\n    n += 1',
      'for c in cs.collections:\n    # behind\n    c.set_zorder(3)',
      'for i, c in enumerate(cs.collections):\n    c.set_zorder(i)',
      'for c in make().collections:\n    c.set_zorder(3)',
      'for c in cs.levels:\n    c.set_zorder(3)',
      // Not pyplot's setp.
      'helpers.setp(CS.collections, linewidth=2)'
    ]) {
      assert.equal(rewritten(cell, 'True'), cell, cell);
    }
  });
});
