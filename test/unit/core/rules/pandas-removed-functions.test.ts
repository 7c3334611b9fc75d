import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanNotebook, allRules } from '../../../../src/core/rules';
import { pandasRemovedFunctionRules } from '../../../../src/core/rules/pandas-removed-functions';
import { rewriteAfter, testExamples, TODAY } from './helpers';

testExamples(pandasRemovedFunctionRules);

const rewrite = (id: string, cell: string, earlier?: string, answer?: string) =>
  rewriteAfter(pandasRemovedFunctionRules, id, cell, earlier, answer);

describe('the module function pd.groupby', () => {
  const id = 'pandas.module-groupby';

  it('is the first argument’s own groupby under every spelling of pandas', () => {
    assert.equal(
      rewrite(
        id,
        'def f(x, y):\n    grouped = pd.groupby(x, y)\n    return grouped'
      ),
      'def f(x, y):\n    grouped = x.groupby(y)\n    return grouped'
    );
    assert.equal(
      rewrite(id, "g = pandas.groupby(df, 'a', sort=False)", 'import pandas'),
      "g = df.groupby('a', sort=False)"
    );
    assert.equal(
      rewrite(id, "g = pds.groupby(df, ['a', 'b'])", 'import pandas as pds'),
      "g = df.groupby(['a', 'b'])"
    );
    assert.equal(
      rewrite(id, "g = gb(df, by='a')", 'from pandas import groupby as gb'),
      "g = df.groupby(by='a')"
    );
  });

  it('keeps a name, attribute, subscript or call as written and parenthesizes the rest', () => {
    const cell = [
      "a = pd.groupby(data.frame, 'k')",
      "b = pd.groupby(df[df.v > 1][['k', 'v']], 'k')",
      "c = pd.groupby(load(path).dropna(), 'k')",
      'd = pd.groupby(df.v * 10, df.k)',
      "e = pd.groupby(df if full else df.head(), 'k')",
      "f = pd.groupby(-s, 'k')",
      'g = pd.groupby(lambda_frame, key, level=0)',
      "h = pd.groupby(obj=df, by='k')",
      "i = pd.groupby(by='k', obj=df)"
    ].join('\n');
    assert.equal(
      rewrite(id, cell),
      [
        "a = data.frame.groupby('k')",
        "b = df[df.v > 1][['k', 'v']].groupby('k')",
        "c = load(path).dropna().groupby('k')",
        'd = (df.v * 10).groupby(df.k)',
        "e = (df if full else df.head()).groupby('k')",
        "f = (-s).groupby('k')",
        'g = lambda_frame.groupby(key, level=0)',
        "h = df.groupby(by='k')",
        "i = df.groupby(by='k')"
      ].join('\n')
    );
  });

  it('parenthesizes a first argument that spans lines', () => {
    assert.equal(
      rewrite(id, "g = pd.groupby(df\n               .dropna(), 'k')"),
      "g = (df\n               .dropna()).groupby('k')"
    );
  });

  it('leaves other groupby functions alone', () => {
    const cells: [string, string][] = [
      [
        'for key, rows in groupby(pairs, key=first):\n    print(key)',
        'from itertools import groupby'
      ],
      [
        'g = itertools.groupby(pairs, first)',
        'import itertools\nimport pandas as pd'
      ],
      [
        "g = groupby(df, 'a')",
        'import pandas as pd\ndef groupby(frame, key):\n    return frame.groupby(key)'
      ],
      ["g = groupby(df, 'a')", 'import pandas as pd'],
      [
        "g = df.groupby('a')\nh = pd.DataFrame.groupby(df, 'a')",
        'import pandas as pd'
      ],
      ["g = tools.groupby(df, 'a')", 'import pandas as pd\nimport tools'],
      ['g = pd.groupby(*args)', 'import pandas as pd'],
      ["g = pd.groupby(by='a')", 'import pandas as pd']
    ];
    for (const [cell, earlier] of cells) {
      assert.equal(rewrite(id, cell, earlier), cell, cell);
    }
  });

  it('leaves a pd the notebook binds itself', () => {
    const cell = "def f(pd):\n    return pd.groupby(df, 'a')";
    assert.equal(rewrite(id, cell, 'import pandas as pd'), cell);
  });

  it('takes groupby out of a pandas import whose uses are all rewritten', () => {
    assert.equal(
      rewrite(
        id,
        "from pandas import DataFrame, groupby, concat\ng = groupby(df, 'k')",
        ''
      ),
      "from pandas import DataFrame, concat\ng = df.groupby('k')"
    );
    assert.equal(
      rewrite(id, "from pandas import groupby\ng = groupby(x + y, 'k')\n", ''),
      "g = (x + y).groupby('k')\n"
    );
  });

  it('keeps the import where a use would be left unbound', () => {
    const cell =
      "from pandas import groupby\ng = groupby(df, 'k')\nf = groupby";
    assert.equal(
      rewrite(id, cell, ''),
      "from pandas import groupby\ng = df.groupby('k')\nf = groupby"
    );
    const nested =
      "if True:\n    from pandas import groupby\ng = groupby(df, 'k')";
    assert.equal(
      rewrite(id, nested, ''),
      "if True:\n    from pandas import groupby\ng = df.groupby('k')"
    );
  });

  it('looks at the uses in every cell of the notebook', () => {
    const cells = [
      { id: 'a', source: 'from pandas import groupby' },
      { id: 'b', source: "g = groupby(df, 'k')" },
      { id: 'c', source: 'h = groupby(*parts)' }
    ];
    const found = scanNotebook(
      cells,
      pandasRemovedFunctionRules.filter(rule => rule.id === id),
      { versions: TODAY }
    );
    assert.deepEqual(
      found.findings.map(f => [f.cellId, f.text, f.offline]),
      [['b', "groupby(df, 'k')", true]]
    );
    const rewritable = scanNotebook(
      cells.slice(0, 2),
      pandasRemovedFunctionRules.filter(rule => rule.id === id),
      { versions: TODAY }
    );
    assert.deepEqual(
      rewritable.findings.map(f => [f.cellId, f.text]),
      [
        ['a', 'from pandas import groupby'],
        ['b', "groupby(df, 'k')"]
      ]
    );
  });
});

describe('the dtype counts and ftypes', () => {
  const id = 'pandas.dtype-counts';

  it('count the dtypes of a frame the kernel names, and of a made frame', () => {
    const cell = 'a = df.get_dtype_counts()\nb = data[cols].get_ftype_counts()';
    assert.equal(
      rewrite(id, cell, 'import pandas as pd', 'DataFrame'),
      'a = df.dtypes.value_counts()\nb = data[cols].dtypes.value_counts()'
    );
    assert.equal(rewrite(id, cell, 'import pandas as pd', 'Series'), cell);
    assert.equal(
      rewrite(
        id,
        "n = pd.read_csv(path).get_dtype_counts()\nm = df.select_dtypes('number').get_ftype_counts()"
      ),
      "n = pd.read_csv(path).dtypes.value_counts()\nm = df.select_dtypes('number').dtypes.value_counts()"
    );
  });

  it('spell ftypes as dtypes on any receiver of a pandas notebook', () => {
    assert.equal(
      rewrite(
        id,
        "print(df.ftypes)\nt = df['a'].ftypes\nu = load().ftypes",
        'import pandas'
      ),
      "print(df.dtypes)\nt = df['a'].dtypes\nu = load().dtypes"
    );
    assert.equal(
      rewrite(id, 'print(df.ftypes)', 'from pandas import DataFrame'),
      'print(df.dtypes)'
    );
  });

  it('ask the kernel outside a pandas notebook, and leave objects of its own', () => {
    assert.equal(
      rewrite(id, 'print(df.ftypes)', 'import numpy as np'),
      'print(df.ftypes)'
    );
    assert.equal(
      rewrite(id, 'print(df.ftypes)', 'import numpy as np', 'DataFrame'),
      'print(df.dtypes)'
    );
    const cell = [
      'self.ftypes = {}',
      'obj.ftypes += 1',
      'del obj.ftypes',
      'x = ftypes',
      'y = pd.ftypes',
      'z = report.get_dtype_counts(df)',
      'w = get_dtype_counts(df)',
      'v = load().get_dtype_counts()'
    ].join('\n');
    assert.equal(rewrite(id, cell, 'import numpy as np', 'DataFrame'), cell);
  });

  it('leave a method the notebook defines to the kernel', () => {
    const earlier =
      'import pandas as pd\nclass Report:\n    def get_dtype_counts(self):\n        return {}';
    assert.equal(
      rewrite(id, 'c = Report().get_dtype_counts()', earlier),
      'c = Report().get_dtype_counts()'
    );
    assert.equal(
      rewrite(id, 'c = report.get_dtype_counts()', earlier, 'Report'),
      'c = report.get_dtype_counts()'
    );
  });
});

describe('the module function pd.value_counts', () => {
  const id = 'pandas.value-counts-function';

  it('is the values made a Series, counted, under every spelling of pandas', () => {
    assert.equal(
      rewrite(id, "counts = pd.value_counts(df['a'])"),
      "counts = pd.Series(df['a']).value_counts()"
    );
    assert.equal(
      rewrite(
        id,
        'c = pandas.value_counts(labels, sort=False)',
        'import pandas'
      ),
      'c = pandas.Series(labels).value_counts(sort=False)'
    );
    assert.equal(
      rewrite(id, 'c = pds.value_counts(labels)', 'import pandas as pds'),
      'c = pds.Series(labels).value_counts()'
    );
  });

  it('keeps the keywords the method shares, and the values as written', () => {
    assert.equal(
      rewrite(
        id,
        'c = pd.value_counts(df.a + df.b, ascending=True, normalize=True, bins=3, dropna=False)'
      ),
      'c = pd.Series(df.a + df.b).value_counts(ascending=True, normalize=True, bins=3, dropna=False)'
    );
    assert.equal(
      rewrite(id, 'c = pd.value_counts(y_train,)'),
      'c = pd.Series(y_train).value_counts()'
    );
    assert.equal(
      rewrite(id, 'c = pd.value_counts(\n    y,\n    normalize=True\n)'),
      'c = pd.Series(\n    y).value_counts(normalize=True\n)'
    );
  });

  it('reaches Series as the notebook imports pandas’ names', () => {
    assert.equal(
      rewrite(id, 'c = vc(y)', 'from pandas import value_counts as vc'),
      'from pandas import Series\nc = Series(y).value_counts()'
    );
    assert.equal(
      rewrite(
        id,
        'c = value_counts(y)',
        'from pandas import Series, value_counts'
      ),
      'c = Series(y).value_counts()'
    );
    assert.equal(
      rewrite(
        id,
        'c = value_counts(y)\nd = df.apply(value_counts)',
        'import pandas as pd\nfrom pandas import value_counts'
      ),
      'c = pd.Series(y).value_counts()\nd = df.apply(pd.Series.value_counts)'
    );
  });

  it('is the method where apply or agg calls it on each column or group', () => {
    const cell = [
      'a = df.apply(pd.value_counts)',
      'b = df.iloc[:, 1:].apply(pd.value_counts).fillna(0)',
      'c = df.agg(pd.value_counts)',
      'd = df.aggregate(func=pd.value_counts)',
      "e = df.groupby('k')['v'].agg(pd.value_counts)",
      'f = df.apply(pd.value_counts, axis=1)'
    ].join('\n');
    assert.equal(
      rewrite(id, cell),
      [
        'a = df.apply(pd.Series.value_counts)',
        'b = df.iloc[:, 1:].apply(pd.Series.value_counts).fillna(0)',
        'c = df.agg(pd.Series.value_counts)',
        'd = df.aggregate(func=pd.Series.value_counts)',
        "e = df.groupby('k')['v'].agg(pd.Series.value_counts)",
        'f = df.apply(pd.Series.value_counts, axis=1)'
      ].join('\n')
    );
    assert.equal(
      rewrite(id, 'a = df.apply(pandas.value_counts)', 'import pandas'),
      'a = df.apply(pandas.Series.value_counts)'
    );
  });

  it('leaves arguments in the old order, unpacked ones, and other uses', () => {
    const cells = [
      'c = pd.value_counts(y, False)',
      'c = pd.value_counts(y, True, False, True)',
      'c = pd.value_counts(y, sort=False, normalize=True, limit=3)',
      'c = pd.value_counts(*columns)',
      'c = pd.value_counts(y, **options)',
      'c = pd.value_counts(values=y)',
      'c = pd.value_counts()',
      'count = pd.value_counts',
      'fs = [pd.value_counts, len]',
      "d = df.agg([pd.value_counts, 'sum'])",
      'd = df.apply(np.sum, pd.value_counts)',
      'd = df.map(pd.value_counts)',
      'd = apply(pd.value_counts, [y])',
      'd = df.apply(lambda col: col.value_counts())',
      'c = y.value_counts()\nd = pd.Series.value_counts(y)',
      'def f(pd):\n    return pd.value_counts(y)'
    ];
    for (const cell of cells) {
      assert.equal(rewrite(id, cell), cell, cell);
    }
    assert.equal(
      rewrite(
        id,
        'c = value_counts(y)',
        'import pandas as pd\ndef value_counts(y):\n    return {}'
      ),
      'c = value_counts(y)'
    );
    assert.equal(
      rewrite(id, 'c = value_counts(y)', 'from collections import Counter'),
      'c = value_counts(y)'
    );
  });

  it('takes value_counts out of a pandas import whose uses are all rewritten', () => {
    assert.equal(
      rewrite(
        id,
        'from pandas import DataFrame, value_counts\nc = value_counts(y)',
        ''
      ),
      'from pandas import DataFrame\nfrom pandas import Series\nc = Series(y).value_counts()'
    );
    assert.equal(
      rewrite(
        id,
        'import pandas as pd\nfrom pandas import value_counts\nd = df.apply(value_counts)',
        ''
      ),
      'import pandas as pd\nd = df.apply(pd.Series.value_counts)'
    );
  });

  it('keeps the import where a use would be left unbound', () => {
    assert.equal(
      rewrite(
        id,
        'from pandas import value_counts\nc = value_counts(y)\nf = value_counts',
        ''
      ),
      'from pandas import value_counts\nfrom pandas import Series\nc = Series(y).value_counts()\nf = value_counts'
    );
  });
});

describe('the removed pandas functions among all rules', () => {
  it('are registered', () => {
    const ids = allRules.map(rule => rule.id);
    assert.ok(ids.includes('pandas.module-groupby'));
    assert.ok(ids.includes('pandas.dtype-counts'));
    assert.ok(ids.includes('pandas.value-counts-function'));
  });
});
