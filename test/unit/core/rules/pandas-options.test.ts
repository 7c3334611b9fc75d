import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { pandasOptionRules } from '../../../../src/core/rules/pandas-options';
import { testExamples, TODAY } from './helpers';

/** The cell as the option rules rewrite it after `earlier` cells. */
function rewrite(cell: string, earlier = 'import pandas as pd'): string {
  const imports = importTable([earlier, cell].map(prepareSource));
  const matches = scanSource(cell, pandasOptionRules, {
    versions: TODAY,
    imports
  });
  return proposeRewrite(cell, matches)?.source ?? cell;
}

testExamples(pandasOptionRules);

describe('option names', () => {
  it('spells short and removed names in full in every option call, quotes kept', () => {
    assert.equal(
      rewrite(
        [
          "pd.set_option('max_rows', 10, 'display.width', 100, 'max_columns', None)",
          'pd.reset_option("Precision")',
          "print(pd.get_option(pat=r'line_width'), pd.describe_option('height'))"
        ].join('\n')
      ),
      [
        "pd.set_option('display.max_rows', 10, 'display.width', 100, 'display.max_columns', None)",
        'pd.reset_option("display.precision")',
        "print(pd.get_option(pat=r'display.width'), pd.describe_option('display.max_rows'))"
      ].join('\n')
    );
  });

  it('follows imports of the option functions', () => {
    assert.equal(
      rewrite("set_option('precision', 3)", 'from pandas import set_option'),
      "set_option('display.precision', 3)"
    );
  });

  it('leaves values, full names, other libraries and names it cannot read alone', () => {
    for (const cell of [
      "pd.set_option('display.max_colwidth', 'precision')",
      "pd.set_option('display.precision', 3)",
      "np.set_printoptions(precision=3)\nstyler.set_option('precision', 3)",
      'pd.set_option(name, 3)',
      "pd.set_option(*pair, 'precision', 3)",
      "pd.get_option('constructor')\npd.toString('precision')",
      "pd.set_option(f'{prefix}precision', 3)"
    ]) {
      assert.equal(
        rewrite(cell, 'import numpy as np\nimport pandas as pd'),
        cell
      );
    }
  });
});

describe('a negative column width', () => {
  it('is no limit, None, in every spelling of the option', () => {
    assert.equal(
      rewrite(
        [
          "pd.set_option('display.max_colwidth', -1)",
          "pd.set_option('max_colwidth', - 1, 'display.width', -5)",
          "with pd.option_context('display.max_rows', 5, 'display.max_colwidth', -1):",
          '    pass',
          'pd.options.display.max_colwidth = -1'
        ].join('\n')
      ),
      [
        "pd.set_option('display.max_colwidth', None)",
        "pd.set_option('max_colwidth', None, 'display.width', -5)",
        "with pd.option_context('display.max_rows', 5, 'display.max_colwidth', None):",
        '    pass',
        'pd.options.display.max_colwidth = None'
      ].join('\n')
    );
  });

  it('leaves widths, and options of other libraries, alone', () => {
    const cell = [
      "pd.set_option('display.max_colwidth', 100)",
      "other.set_option('display.max_colwidth', -1)",
      'options.display.max_colwidth = -1'
    ].join('\n');
    assert.equal(rewrite(cell, 'import pandas as pd\nimport other'), cell);
  });
});

describe('the removed plot style option', () => {
  it('goes with its statement: the line, or pass where a block holds nothing else', () => {
    assert.equal(
      rewrite(
        [
          "pd.set_option('display.mpl_style', 'default')",
          'if style:',
          "    pd.options.display.mpl_style = 'default'",
          'def show(df):',
          '    pd.options.display.mpl_style = "default"',
          '    return df.plot()',
          "pd.set_option('mpl_style', 'default')  # nicer plots",
          'print(1)'
        ].join('\n')
      ),
      [
        'if style:',
        '    pass',
        'def show(df):',
        '    return df.plot()',
        'pass  # nicer plots',
        'print(1)'
      ].join('\n')
    );
  });

  it('leaves the other options a call sets, through any import of set_option', () => {
    assert.equal(
      rewrite(
        [
          "pd.set_option('display.mpl_style', 'default', 'display.width', 100)",
          "set_option('display.max_rows', 10, 'display.mpl_style', 'default')"
        ].join('\n'),
        'import pandas as pd\nfrom pandas import set_option'
      ),
      [
        "pd.set_option('display.width', 100)",
        "set_option('display.max_rows', 10)"
      ].join('\n')
    );
  });

  it('leaves reads, a context with nothing else to set and lookalikes alone', () => {
    const cell = [
      "print(pd.get_option('display.mpl_style'))",
      "with pd.option_context('display.mpl_style', 'default'):",
      '    df.plot()',
      "plt.style.use('ggplot')",
      "other.set_option('display.mpl_style', 'default')",
      "options.display.mpl_style = 'default'",
      "mpl_style = 'default'"
    ].join('\n');
    assert.equal(rewrite(cell, 'import pandas as pd\nimport other'), cell);
  });
});
