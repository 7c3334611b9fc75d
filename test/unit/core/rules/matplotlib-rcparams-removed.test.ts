import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesBound,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { matplotlibRemovedRcParamRules } from '../../../../src/core/rules/matplotlib-rcparams-removed';
import { testExamples, TODAY } from './helpers';

testExamples(matplotlibRemovedRcParamRules);

/** A source rewritten with its own imports on top (a module, or a cell below them). */
function rewrite(imports: string, body: string): string {
  const source = `${imports}\n${body}`;
  const matches = scanSource(source, matplotlibRemovedRcParamRules, {
    versions: TODAY,
    imports: importTable([prepareSource(source)])
  });
  const bound = namesBound(prepareSource(imports));
  const out = proposeRewrite(source, matches, { bound })?.source ?? source;
  return out.slice(imports.length + 1);
}

describe('settings matplotlib removed', () => {
  it('drops them from a dictionary of settings, wherever they sit in it', () => {
    assert.equal(
      rewrite(
        'import matplotlib.pyplot as plt',
        "plt.rcParams.update({'examples.directory': '', 'axes.grid': True})"
      ),
      "plt.rcParams.update({'axes.grid': True})"
    );
    assert.equal(
      rewrite(
        '',
        "params = {\n    'axes.grid': True,\n    'text.latex.unicode': True,\n    'font.size': 12,\n}"
      ),
      "params = {\n    'axes.grid': True,\n    'font.size': 12,\n}"
    );
  });

  it('drops a line setting one, but not the only line of a block', () => {
    assert.equal(
      rewrite(
        'from matplotlib import rcParams',
        "rcParams['verbose.level'] = 'silent'\nrcParams['font.size'] = 10"
      ),
      "rcParams['font.size'] = 10"
    );
    const block = "if latex:\n    rcParams['text.latex.unicode'] = True";
    assert.equal(rewrite('from matplotlib import rcParams', block), block);
  });

  it('translates settings a helper reads from a file before it applies them', () => {
    const body = [
      'def load_style(plot_style=True):',
      '    if plot_style:',
      "        with open('plot.json') as f:",
      '            s = json.load(f)',
      '        matplotlib.rcParams.update(s)'
    ].join('\n');
    assert.equal(
      rewrite('import json\nimport matplotlib', body),
      [
        'def load_style(plot_style=True):',
        '    if plot_style:',
        "        with open('plot.json') as f:",
        '            s = json.load(f)',
        "        if 'axes.color_cycle' in s:",
        "            s['axes.prop_cycle'] = matplotlib.cycler(color=s.pop('axes.color_cycle'))",
        '        s = {k: v for k, v in s.items() if k in matplotlib.rcParams}',
        '        matplotlib.rcParams.update(s)'
      ].join('\n')
    );
  });

  it("leaves settings the source writes itself, other dictionaries' keys and other updates", () => {
    for (const [imports, body] of [
      [
        'import matplotlib as mpl',
        "style = {'axes.grid': True}\nmpl.rcParams.update(style)"
      ],
      ['import json', 'cfg = json.load(f)\nsettings.update(cfg)'],
      ['', "paths = {'datapath': '/data', 'examples': 3}"],
      [
        'import json\nimport matplotlib',
        'def apply(s):\n    matplotlib.rcParams.update(s)\ns = json.load(f)'
      ]
    ]) {
      assert.equal(rewrite(imports, body), body, body);
    }
  });
});
