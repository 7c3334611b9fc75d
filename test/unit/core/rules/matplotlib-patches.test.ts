import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibPatchRules } from '../../../../src/core/rules/matplotlib-patches';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibPatchRules);

const IMPORTS =
  'import matplotlib as mpl\nimport matplotlib.pyplot as plt\nfrom matplotlib import patches\nimport numpy as np';

/** A cell rewritten by these rules below IMPORTS. */
function rewrite(cell: string): string {
  const prepared = [IMPORTS, cell].map(prepareSource);
  const matches = scanSource(cell, matplotlibPatchRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
  const bound = new Set(['mpl', 'plt', 'patches', 'np']);
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('patch parameters that became keyword-only', () => {
  it('names the old positional parameters, by any spelling of the class', () => {
    assert.equal(
      rewrite('e = mpl.patches.Ellipse(mu, v[0], v[1], 180 + angle, color=c)'),
      'e = mpl.patches.Ellipse(mu, v[0], v[1], angle=180 + angle, color=c)'
    );
    assert.equal(
      rewrite('patches.Arc((0, 0), 2, 2, 0, 0, 90)'),
      'patches.Arc((0, 0), 2, 2, angle=0, theta1=0, theta2=90)'
    );
    assert.equal(
      rewrite('plt.Polygon(points, True, fill=False)'),
      'plt.Polygon(points, closed=True, fill=False)'
    );
  });

  it("explains Python 3.11's message, with or without keywords passed too", () => {
    const message = matplotlibPatchRules[0].raises!.message as RegExp;
    assert.match(
      'Ellipse.__init__() takes 4 positional arguments but 5 were given',
      message
    );
    assert.match(
      'Ellipse.__init__() takes 4 positional arguments but 5 positional arguments (and 1 keyword-only argument) were given',
      message
    );
  });

  it('leaves calls that already fit, unpack arguments, or are not patches', () => {
    for (const cell of [
      'patches.Ellipse(xy, 2, 1, angle=30)',
      'patches.Ellipse(*spec)',
      'Ellipse(xy, 2, 1, 30)',
      'shapes.Rectangle(xy, 2, 1, 30)'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});
