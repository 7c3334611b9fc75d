import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  answerQuestions,
  applyEdits,
  blankMagics,
  compareVersions,
  evidenceOf,
  prepareSource,
  proposeRewrite,
  ruleApplies,
  rulesExplaining,
  scanNotebook,
  scanSource,
  type IRule
} from '../../../../src/core/rules';
import { TODAY } from './helpers';

const rule = (id: string): IRule => allRules.find(r => r.id === id)!;

// Code written for today's stack: no rule may flag any of it.
const MODERN = [
  'import numpy as np\nimport pandas as pd\nimport matplotlib.pyplot as plt\nimport seaborn as sns',
  "df = pd.read_csv('data/train.csv')\ndf = pd.concat([df, df], ignore_index=True)\nitems = []\nitems.append(3)",
  "x = df.loc[0:2, 'a']\ny = df.iloc[0]\nm = df.select_dtypes('number').mean()\nvalues = df.to_numpy()",
  'from sklearn.model_selection import train_test_split, KFold\nfrom sklearn.ensemble import RandomForestClassifier\nclf = RandomForestClassifier(n_estimators=100, random_state=0)\nkf = KFold(n_splits=5)',
  "for k, v in {'a': 1}.items():\n    print(k, v)\nprint(np.nan, np.inf, float(3), int('4'))\nnames = sorted(['b', 'a'])\nnames.sort()",
  "plt.hist([1, 2], density=True)\nplt.grid(visible=True)\nplt.style.use('ggplot')\nsns.catplot(x='a', y='b', data=df, height=3)",
  "from scipy.special import comb\nprint(comb(5, 2))\ndf['b'] = df['b'].fillna(0)\nseries = df['b']\nprint(series.iloc[0])"
];

describe('compareVersions', () => {
  it('compares release segments as numbers', () => {
    assert.equal(compareVersions('1.10', '1.9'), 1);
    assert.equal(compareVersions('1.4', '1.4.0'), 0);
    assert.equal(compareVersions('0.22', '0.22.1'), -1);
  });
  it('puts pre-releases before their release', () => {
    assert.equal(compareVersions('2.0.0rc1', '2.0.0'), -1);
    assert.equal(compareVersions('1.4.dev0', '1.4'), -1);
    assert.equal(compareVersions('2.0.0.post1', '2.0.0'), 0);
  });
});

describe('version gating', () => {
  const cell = 'from sklearn.cross_validation import KFold';
  const moved = rule('sklearn.cross-validation-module');
  it('applies a rule at or past its version', () => {
    assert.ok(ruleApplies(moved, new Map([['scikit-learn', '0.20.0']])));
    assert.equal(scanSource(cell, [moved], { versions: TODAY }).length, 1);
  });
  it('does not apply before its version, nor to a pre-release of it', () => {
    assert.ok(!ruleApplies(moved, new Map([['scikit-learn', '0.19.2']])));
    assert.ok(!ruleApplies(moved, new Map([['scikit-learn', '0.20rc1']])));
  });
  it('does not apply when the installed version is unknown', () => {
    assert.deepEqual(scanSource(cell, [moved], { versions: new Map() }), []);
  });
  it('uses the kernel Python for standard-library rules', () => {
    const distutils = rule('python.distutils-looseversion');
    const source = 'from distutils.version import LooseVersion';
    assert.equal(
      scanSource(source, [distutils], { versions: TODAY }).length,
      0
    );
    const py312 = new Map([...TODAY, ['python', '3.12.1']]);
    assert.equal(
      scanSource(source, [distutils], { versions: py312 }).length,
      1
    );
  });
});

describe('changed defaults and the notebook evidence', () => {
  const forest = rule('sklearn.forest-n-estimators');
  const cell =
    'from sklearn.ensemble import RandomForestClassifier\nclf = RandomForestClassifier(max_depth=3)';
  const scan = (metadata: object, sources: string[]) =>
    scanSource(cell, [forest], {
      versions: TODAY,
      evidence: evidenceOf(metadata, sources, allRules)
    });

  it('pins the old default, keeping the arguments, for a notebook saved with Python 3.6', () => {
    const matches = scan({ language_info: { version: '3.6.3' } }, [cell]);
    assert.equal(
      proposeRewrite(cell, matches)?.source,
      'from sklearn.ensemble import RandomForestClassifier\nclf = RandomForestClassifier(max_depth=3, n_estimators=10)'
    );
  });
  it('pins it when the notebook uses an API removed before the change', () => {
    const old = 'from sklearn.cross_validation import train_test_split';
    assert.equal(
      scan({ language_info: { version: '3.11.4' } }, [old, cell]).length,
      1
    );
  });
  it('leaves modern and undated notebooks alone', () => {
    assert.deepEqual(
      scan({ language_info: { version: '3.11.4' } }, [cell]),
      []
    );
    assert.deepEqual(scan({}, [cell]), []);
  });
  it('takes no age from code a rule rewrites only on its error', () => {
    // Any scikit-learn submodule import may be a private one's: only a failure tells.
    const kmeans = rule('sklearn.kmeans-n-init');
    const clustering =
      'from sklearn.cluster import KMeans\nkm = KMeans(n_clusters=3)';
    const modern = [
      'from sklearn.feature_extraction.text import CountVectorizer',
      clustering
    ];
    const evidence = evidenceOf(
      { language_info: { version: '3.11.4' } },
      modern,
      allRules
    );
    assert.equal(evidence.predates.get('scikit-learn'), undefined);
    assert.deepEqual(
      scanSource(clustering, [kmeans], { versions: TODAY, evidence }),
      []
    );
  });
  it('leaves calls that set the parameter or unpack keywords alone', () => {
    const evidence = evidenceOf(
      { language_info: { version: '3.6.3' } },
      [],
      allRules
    );
    for (const call of [
      'RandomForestClassifier(n_estimators=50)',
      'RandomForestClassifier(**params)',
      'RandomForestClassifier(50)'
    ]) {
      assert.deepEqual(
        scanSource(call, [forest], { versions: TODAY, evidence }),
        [],
        call
      );
    }
  });
  it('dates a notebook by the removed APIs it uses', () => {
    const evidence = evidenceOf(
      {},
      ['df.ix[0]\nfrom sklearn.grid_search import GridSearchCV'],
      allRules
    );
    assert.equal(evidence.predates.get('scikit-learn'), '0.20');
    assert.equal(evidence.predates.get('pandas'), '1.0.0');
  });
  it('does not date a notebook by a fallback import for old versions', () => {
    const guarded = [
      'try:\n    from sklearn.model_selection import GridSearchCV\nexcept ImportError:\n    from sklearn.grid_search import GridSearchCV',
      "if sklearn.__version__ < '0.18':\n    from sklearn.cross_validation import KFold\nelse:\n    from sklearn.model_selection import KFold"
    ];
    for (const cell of guarded) {
      const evidence = evidenceOf({}, [cell], allRules);
      assert.equal(evidence.predates.get('scikit-learn'), undefined, cell);
    }
  });
});

describe('scanNotebook', () => {
  it('reports each finding with its cell, position, text and what fixing it needs', () => {
    const result = scanNotebook(
      [
        { id: 'imports', source: 'import numpy as np\nimport pandas as pd' },
        { id: 'use', source: 'x = 1\ny = np.float(x) + df.ix[0, "a"]' }
      ],
      allRules,
      { versions: TODAY }
    );
    assert.deepEqual(result.skipped, []);
    assert.deepEqual(
      result.findings.map(f => [
        f.ruleId,
        f.cellId,
        f.line,
        f.column,
        f.text,
        f.offline,
        f.needsKernel
      ]),
      [
        ['numpy.float', 'use', 2, 5, 'np.float', true, false],
        ['pandas.ix', 'use', 2, 19, 'df.ix[0, "a"]', false, true]
      ]
    );
    assert.match(result.findings[0].link, /^https:\/\/numpy\.org/);
  });
  it('resolves names imported in an earlier cell', () => {
    const { findings } = scanNotebook(
      [
        { id: 'a', source: 'from matplotlib import cm' },
        { id: 'b', source: "cmap = cm.get_cmap('viridis')" }
      ],
      allRules,
      { versions: TODAY }
    );
    assert.deepEqual(
      findings.map(f => f.ruleId),
      ['matplotlib.cm-get-cmap']
    );
  });
  it('skips cells it cannot parse, with the reason, and non-Python cell magics', () => {
    const result = scanNotebook(
      [
        { id: 'broken', source: 'def f(:\n    return np.float' },
        { id: 'bash', source: '%%bash\necho np.float' },
        { id: 'py2', source: 'print "hello"' }
      ],
      allRules,
      { versions: TODAY }
    );
    assert.deepEqual(result.skipped, [
      { cellId: 'broken', reason: 'syntax error at line 1, column 7' },
      { cellId: 'bash', reason: '%%bash cell is not Python' }
    ]);
    assert.deepEqual(
      result.findings.map(f => f.cellId),
      ['py2']
    );
  });
  it('finds nothing in code written for today', () => {
    const cells = MODERN.map((source, i) => ({ id: `c${i}`, source }));
    const result = scanNotebook(cells, allRules, {
      versions: TODAY,
      files: new Set(['data/train.csv']),
      evidence: evidenceOf(
        { language_info: { version: '3.11.4' } },
        MODERN,
        allRules
      )
    });
    assert.deepEqual(result.skipped, []);
    assert.deepEqual(
      result.findings.map(f => `${f.ruleId}: ${f.text}`),
      []
    );
  });
});

describe('magics', () => {
  it('blanks line magics, shell escapes and help lines, keeping offsets', () => {
    const source = '%matplotlib inline\n!pip list\nnp.mean?\nx = 1';
    const python = blankMagics(source)!;
    assert.equal(python.length, source.length);
    assert.equal(python.trim(), 'x = 1');
  });
  it('keeps a % or ! that continues a statement: only a logical line is a magic', () => {
    const sources = [
      "print('k = %d'\n      % (k,))",
      'x = [1,\n     2]\ny = (a\n     % b)',
      's = """\n%not a magic\n"""',
      'total = a \\\n    % b'
    ];
    for (const source of sources) {
      assert.equal(blankMagics(source), source, source);
    }
    assert.equal(
      blankMagics("print('(')\n%time x = 1")!.split('\n')[1].trim(),
      ''
    );
  });
  it('keeps Python cell magics and refuses others', () => {
    assert.equal(blankMagics('%%time\nx = 1')?.trim(), 'x = 1');
    assert.equal(blankMagics('%%html\n<b>x</b>'), null);
  });
  it('lets magic rules see the magic lines and rewrites around them', () => {
    const source =
      '%matplotlib inline\n%load_ext watermark\nimport numpy as np\nx = np.float(2)';
    // The rules of the preflight scan: those matched only on their own failure are not.
    const preflight = allRules.filter(rule => !rule.onFailureOnly);
    const matches = scanSource(source, preflight, { versions: TODAY });
    assert.deepEqual(
      matches.map(m => m.ruleId),
      ['ipython.watermark', 'numpy.float']
    );
    assert.equal(
      proposeRewrite(source, matches)?.source,
      '%matplotlib inline\nimport numpy as np\nx = float(2)'
    );
  });
  it('keeps the watermark lines when the package is installed', () => {
    const versions = new Map([...TODAY, ['watermark', '2.4.3']]);
    assert.deepEqual(
      scanSource(
        '%load_ext watermark',
        allRules.filter(rule => !rule.onFailureOnly),
        { versions }
      ),
      []
    );
  });
});

describe('rewrites', () => {
  it('applies sorted edits and rejects overlapping ones', () => {
    assert.equal(
      applyEdits('abcdef', [
        { from: 4, to: 5, insert: 'X' },
        { from: 0, to: 1, insert: 'Y' }
      ]),
      'YbcdXf'
    );
    assert.throws(() =>
      applyEdits('abcdef', [
        { from: 0, to: 3, insert: '' },
        { from: 2, to: 4, insert: '' }
      ])
    );
  });
  it('refuses a rewrite that would not parse and keeps the others', () => {
    const source = 'x = np.float(1)\ny = 2';
    const bad = {
      ruleId: 'bad',
      from: 0,
      to: 1,
      edits: [{ from: 0, to: 1, insert: 'def (' }]
    };
    const good = scanSource('import numpy as np\n' + source, allRules, {
      versions: TODAY
    }).map(m => ({
      ...m,
      from: m.from - 19,
      to: m.to - 19,
      edits: m.edits.map(e => ({ ...e, from: e.from - 19, to: e.to - 19 }))
    }));
    assert.equal(proposeRewrite(source, [bad]), null);
    assert.deepEqual(proposeRewrite(source, [bad, ...good]), {
      source: 'x = float(1)\ny = 2',
      edited: 'x = float(1)\ny = 2',
      ruleIds: ['numpy.float']
    });
  });
  it('proposes nothing for matches that only point', () => {
    const matches = scanSource(
      'from sklearn.datasets import load_boston',
      allRules,
      { versions: TODAY }
    );
    // Besides the kernel question of a failing import's private names.
    const pointing = matches.filter(match => !match.question);
    assert.equal(pointing.length, 1);
    assert.match(pointing[0].note ?? '', /No rewrite/);
    assert.equal(
      proposeRewrite('from sklearn.datasets import load_boston', matches),
      null
    );
  });
  it('guards the import of a removed name used only in functions, and nothing else', () => {
    const propose = (source: string) =>
      proposeRewrite(source, scanSource(source, allRules, { versions: TODAY }));
    const helper =
      'from sklearn.datasets import load_boston as boston\n\ndef extended():\n    return boston().data';
    const guarded = propose(helper)!.source;
    assert.match(
      guarded,
      /^try:\n {4}from sklearn\.datasets import load_boston as boston\n/
    );
    assert.match(
      guarded,
      /def boston\(\*args, _removed=removed, \*\*kwargs\):\n {8}raise _removed/
    );
    // Already guarded: nothing more to do.
    assert.equal(propose(guarded), null);
    // Used at the top level, or nested in a block: the failure stays where it is.
    assert.equal(
      propose(
        'from sklearn.datasets import load_boston\nX = load_boston().data'
      ),
      null
    );
    assert.equal(
      propose(
        'if True:\n    from sklearn.datasets import load_boston\n\ndef f():\n    return load_boston()'
      ),
      null
    );
  });
  it('guards the import of a removed name no cell of the notebook uses', () => {
    const inNotebook = (cells: string[]) => {
      const prepared = cells.map(prepareSource);
      return proposeRewrite(
        cells[0],
        scanSource(cells[0], allRules, { versions: TODAY, cells: prepared })
      );
    };
    const imports =
      'from sklearn.datasets import fetch_mldata, load_digits\ndigits = load_digits()';
    const guarded = inNotebook([imports, 'print(digits.data.shape)'])!.source;
    assert.match(
      guarded,
      /^from sklearn\.datasets import load_digits\ntry:\n {4}from sklearn\.datasets import fetch_mldata\n/
    );
    // Another cell loads the data with it: that cell's import fails as before.
    assert.equal(
      inNotebook([imports, "mnist = fetch_mldata('MNIST original')"]),
      null
    );
  });
  it('rewrites several Python 2 lines of one cell at once', () => {
    const source =
      'for i in xrange(3):\n    print i,\nprint\nif 1 <> 2: print "ok"';
    const matches = scanSource(source, allRules, { versions: TODAY });
    assert.equal(
      proposeRewrite(source, matches)?.source,
      'for i in range(3):\n    print(i, end=\' \')\nprint()\nif 1 != 2: print("ok")'
    );
  });
});

describe('kernel questions', () => {
  const source = "import pandas as pd\nrow = df.ix[2, 'name']";
  it('leave the match without edits until the kernel answers', async () => {
    const [match] = scanSource(source, allRules, { versions: TODAY });
    assert.equal(match.edits.length, 0);
    const asked: string[] = [];
    const probe = {
      evaluate: async (expression: string) => {
        asked.push(expression);
        return "'integer|string'";
      }
    };
    const [answered] = await answerQuestions([match], probe);
    assert.match(asked[0], /^\(lambda o, keys.*\)\(df, \[\]\)$/);
    // On an integer index `.ix` read 2 as a label.
    assert.equal(
      proposeRewrite(source, [answered])?.source,
      "import pandas as pd\nrow = df.loc[2, 'name']"
    );
  });
  it('give no rewrite when the answer leaves the choice open or the kernel cannot answer', async () => {
    const [match] = scanSource("x = df.ix[pick(df), 'a']", allRules, {
      versions: TODAY
    });
    // A key with a call is never evaluated: its kind stays unknown.
    assert.deepEqual(match.question!.decide('string|string'), null);
    const failing = {
      evaluate: async () =>
        Promise.reject(new Error("NameError: name 'df' is not defined"))
    };
    const [answered] = await answerQuestions([match], failing);
    assert.deepEqual(answered.edits, []);
  });
});

describe('.ix with labels on every axis', () => {
  it('is .loc on any index, with no question for the kernel', () => {
    for (const [before, after] of [
      ["row = data.describe().ix['50%']", "row = data.describe().loc['50%']"],
      ["x = df.ix[:, ['a', 'b']]", "x = df.loc[:, ['a', 'b']]"],
      ["x = df.ix['a':'c', 'name']", "x = df.loc['a':'c', 'name']"]
    ]) {
      const matches = scanSource(before, allRules, {
        versions: TODAY
      }).filter(m => m.ruleId === 'pandas.ix');
      assert.deepEqual(
        matches.map(m => [m.ruleId, !!m.question]),
        [['pandas.ix', false]]
      );
      assert.equal(proposeRewrite(before, matches)?.source, after);
    }
  });
  it('still asks where a key may be a position', () => {
    for (const source of [
      'x = df.ix[:, :]',
      "x = df.ix[0, 'a']",
      'x = df.ix[k]'
    ]) {
      const [match] = scanSource(source, allRules, {
        versions: TODAY
      }).filter(m => m.ruleId === 'pandas.ix');
      assert.equal(match.edits.length, 0, source);
    }
  });
});

describe('.ix with positions on one axis and labels on the other', () => {
  const answer = (source: string, reply: string) => {
    const [match] = scanSource(source, allRules, { versions: TODAY });
    const edits = match.question!.decide(reply);
    return edits && proposeRewrite(source, [{ ...match, edits }])?.source;
  };
  it('reads through one indexer after the other', () => {
    assert.equal(
      answer("x = df.ix[:5, ['a', 'b']]", 'string|string'),
      "x = df.iloc[:5].loc[:, ['a', 'b']]"
    );
    assert.equal(
      answer("x = df.ix[0, 'a']", 'string|string'),
      "x = df.iloc[0].loc['a']"
    );
  });
  it('is never rewritten as an assignment target (it would write into a copy)', () => {
    assert.equal(answer("df.ix[:5, 'a'] = 0", 'string|string'), null);
  });
});

describe('rulesExplaining', () => {
  it('names the change behind a kernel error', () => {
    const ids = (ename: string, evalue: string) =>
      rulesExplaining(allRules, { ename, evalue }).map(r => r.id);
    assert.deepEqual(
      ids('ModuleNotFoundError', "No module named 'sklearn.cross_validation'"),
      ['sklearn.cross-validation-module']
    );
    assert.deepEqual(
      ids('AttributeError', "'DataFrame' object has no attribute 'ix'"),
      ['pandas.ix']
    );
    assert.deepEqual(ids('ZeroDivisionError', 'division by zero'), []);
  });
});
