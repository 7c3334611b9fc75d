import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesBound,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibRcParamRules } from '../../../../src/core/rules/matplotlib-rcparams';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibRcParamRules);

/** A cell rewritten below an imports cell (the notebook's first). */
function rewrite(imports: string, cell: string): string {
  const sources = [imports, cell].map(prepareSource);
  const matches = scanSource(cell, matplotlibRcParamRules, {
    versions: TODAY,
    imports: importTable(sources)
  });
  return (
    proposeRewrite(cell, matches, { bound: namesBound(sources[0]) })?.source ??
    cell
  );
}

describe("'axes.color_cycle' in every form it is set", () => {
  it('an item of rcParams, through any import of it', () => {
    assert.equal(
      rewrite(
        'import matplotlib.pyplot as plt',
        "plt.rcParams['axes.color_cycle'] = colors"
      ),
      "from cycler import cycler\nplt.rcParams['axes.prop_cycle'] = cycler(color=colors)"
    );
    assert.equal(
      rewrite(
        'from matplotlib import rcParams\nimport matplotlib as mpl',
        'rcParams["axes.color_cycle"] = ["r", "k"]'
      ),
      'rcParams["axes.prop_cycle"] = mpl.cycler(color=["r", "k"])'
    );
  });

  it("rc('axes', color_cycle=) on matplotlib and pyplot", () => {
    assert.equal(
      rewrite(
        'import matplotlib as mpl',
        "mpl.rc('axes', color_cycle=['r', 'g'], labelsize=12)"
      ),
      "mpl.rc('axes', prop_cycle=mpl.cycler(color=['r', 'g']), labelsize=12)"
    );
    assert.equal(
      rewrite(
        'from cycler import cycler\nfrom matplotlib import rc',
        "rc('axes', color_cycle=palette)"
      ),
      "rc('axes', prop_cycle=cycler(color=palette))"
    );
  });

  it('an entry of a dictionary of settings, wherever it is given', () => {
    assert.equal(
      rewrite(
        'import matplotlib',
        "style = {'axes.color_cycle': ['#348ABD', '#A60628'], 'axes.grid': True}\nmatplotlib.rcParams.update(style)"
      ),
      "style = {'axes.prop_cycle': matplotlib.cycler(color=['#348ABD', '#A60628']), 'axes.grid': True}\nmatplotlib.rcParams.update(style)"
    );
  });

  it('leaves other settings, other objects and today’s spelling alone', () => {
    for (const [imports, cell] of [
      ['import matplotlib.pyplot as plt', "plt.rc('lines', color_cycle=x)"],
      ['', "config['axes.color_cycle'] = colors"],
      [
        'import matplotlib.pyplot as plt\nfrom cycler import cycler',
        "plt.rcParams['axes.prop_cycle'] = cycler(color=colors)"
      ],
      ['', "print('axes.color_cycle')"]
    ]) {
      assert.equal(rewrite(imports, cell), cell);
    }
  });
});
