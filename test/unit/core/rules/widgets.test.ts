import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { widgetRules } from '../../../../src/core/rules/widgets';
import { answered, matchesIn, testExamples, versionsFor } from './helpers';

testExamples(widgetRules);

const [rule] = widgetRules;

/** The rule's rewrite of a source, with the kernel's answer to "is ipywidgets installed?". */
function rewritten(source: string, installed = 'False', setup = ''): string {
  const matches = answered(matchesIn(rule, source, { setup }), installed);
  return proposeRewrite(source, matches)?.source ?? source;
}

/** The rewrite of one cell of a notebook without ipywidgets, seeing all its cells. */
function rewrittenCell(cells: string[], index: number): string {
  const prepared = cells.map(prepareSource);
  const matches = scanSource(cells[index], [rule], {
    versions: versionsFor(rule),
    imports: importTable(prepared),
    cells: prepared
  });
  const source = cells[index];
  return proposeRewrite(source, answered(matches, 'False'))?.source ?? source;
}

describe('interactive controls without ipywidgets', () => {
  it('passes no control for a parameter the function does not have, as interact did', () => {
    const source = [
      'from IPython.html.widgets import interact',
      'def plot_digits(n_components, *, cmap):',
      '    print(n_components)',
      'interact(plot_digits, n_components=[1, 64], nside=[1, 8], cmap=["a"])'
    ].join('\n');
    assert.match(
      rewritten(source),
      /\nplot_digits\(n_components=1, cmap="a"\)$/
    );
    const open = source.replace(', *, cmap', ', **options');
    assert.match(
      rewritten(open),
      /\nplot_digits\(n_components=1, nside=1, cmap="a"\)$/
    );
  });

  it('keeps the controls where ipywidgets is installed', () => {
    const source = 'from ipywidgets import interact\ninteract(show, n=(0, 10))';
    assert.equal(rewritten(source, 'True'), source);
  });

  it('calls a function an earlier cell wrapped through the module alias', () => {
    assert.equal(
      rewritten(
        'widgets.interact(plot_tree, depth=widgets.IntSlider(min=1, max=8, value=3), criterion=widgets.fixed("gini"))',
        'False',
        'import ipywidgets as widgets'
      ),
      'plot_tree(depth=3, criterion="gini")'
    );
  });

  it('starts a range with a step on the step below its middle', () => {
    assert.equal(
      rewritten(
        'from ipywidgets import interact\ninteract(f, k=(1, 20, 2), alpha=(-1.0, 1.0, 0.1), on=True)'
      ),
      '# from ipywidgets import interact  (ipywidgets is not installed)\nf(k=9, alpha=0.0, on=True)'
    );
  });

  it('keeps a default the function gives and reads a dict as its first value', () => {
    const source =
      "from ipywidgets import interact\n@interact(n=(0, 50), kind={'linear': 1, 'square': 2})\ndef draw(kind, n=10):\n    print(n, kind)\n";
    assert.equal(
      rewritten(source),
      '# from ipywidgets import interact  (ipywidgets is not installed)\ndef draw(kind, n=10):\n    print(n, kind)\ndraw(kind=1)\n'
    );
  });

  it('calls the function of an interactive widget once and drops the widget', () => {
    const source =
      "from ipywidgets import interactive\nimport ipywidgets as widgets\n\ndef show_fit(degree=2):\n    print(degree)\n\npanel = interactive(show_fit, degree=(1, 30))\nbox = panel.children[-1]\nbox.layout.height = '300px'\nprint('ready')\npanel";
    assert.equal(
      rewritten(source),
      "# from ipywidgets import interactive  (ipywidgets is not installed)\n# import ipywidgets as widgets  (ipywidgets is not installed)\n\ndef show_fit(degree=2):\n    print(degree)\n\nshow_fit()\n# box = panel.children[-1]\n# box.layout.height = '300px'\nprint('ready')\n# panel"
    );
  });

  it('calls the function a helper module returned the control of', () => {
    const source =
      'def plot_depths(X, y):\n    def show(depth=1, kind="gini"):\n        print(depth, kind)\n    from IPython.html.widgets import interact\n    return interact(show, depth=[1, 5], kind=["gini", "entropy"])';
    assert.equal(
      rewritten(source),
      'def plot_depths(X, y):\n    def show(depth=1, kind="gini"):\n        print(depth, kind)\n    # from IPython.html.widgets import interact  (ipywidgets is not installed)\n    return show()'
    );
  });

  it('leaves a control whose starting value it cannot read', () => {
    const source = 'interact(show, n=slider)';
    assert.equal(
      rewritten(source, 'False', 'from ipywidgets import interact'),
      source
    );
  });

  it('does not touch a function of the same name from elsewhere', () => {
    const source = 'interact(show, n=(0, 10))';
    assert.deepEqual(
      matchesIn(rule, source, { setup: 'from mytools import interact' }),
      []
    );
  });

  it('leaves a pass where the import was alone in its block', () => {
    const source =
      'try:\n    from ipywidgets import interact\nexcept ImportError:\n    pass';
    assert.equal(
      rewritten(source),
      'try:\n    pass\n    # from ipywidgets import interact  (ipywidgets is not installed)\nexcept ImportError:\n    pass'
    );
  });

  it('keeps an import whose name the cell uses outside a control', () => {
    const source =
      "import ipywidgets as widgets\nfrom ipywidgets import interact\nprint('widgets', widgets.__version__)\ninteract(show, n=(0, 10))";
    assert.equal(
      rewritten(source),
      "import ipywidgets as widgets\n# from ipywidgets import interact  (ipywidgets is not installed)\nprint('widgets', widgets.__version__)\nshow(n=5)"
    );
  });

  it('keeps an import whose name a later cell uses outside a control', () => {
    const cells = [
      'from ipywidgets import interact, IntSlider',
      'interact(show, n=(0, 10))',
      'slider = IntSlider(max=5)'
    ];
    assert.equal(rewrittenCell(cells, 0), cells[0]);
    assert.equal(rewrittenCell(cells, 1), 'show(n=5)');
  });

  it('comments out an import whose names only the controls of later cells use', () => {
    const cells = [
      'import ipywidgets as widgets\nfrom ipywidgets import interact',
      'interact(show, n=widgets.IntSlider(value=3))'
    ];
    assert.equal(
      rewrittenCell(cells, 0),
      '# import ipywidgets as widgets  (ipywidgets is not installed)\n# from ipywidgets import interact  (ipywidgets is not installed)'
    );
    assert.equal(rewrittenCell(cells, 1), 'show(n=3)');
  });

  it('keeps an interactive widget another cell shows', () => {
    const cells = [
      'from ipywidgets import interactive\npanel = interactive(show, n=(0, 10))',
      'display(panel)'
    ];
    assert.equal(rewrittenCell(cells, 0), cells[0]);
  });
});
