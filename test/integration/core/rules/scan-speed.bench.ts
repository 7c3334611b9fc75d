// Preflight scan speed on a synthetic 1,000-cell notebook: `npx tsx test/integration/core/rules/scan-speed.bench.ts`.
import { parser } from '@lezer/python';
import { allRules, evidenceOf, scanNotebook } from '../../../../src/core/rules';

const VERSIONS = new Map([
  ['python', '3.11.7'],
  ['pandas', '3.1.1'],
  ['numpy', '2.4.6'],
  ['scikit-learn', '1.9.1'],
  ['matplotlib', '3.11.2'],
  ['seaborn', '0.13.2'],
  ['scipy', '1.17.1'],
  ['ipython', '9.18.1']
]);

// Cells like an old notebook's: imports, data work, models, plots, prose-free code; some eroded.
const TEMPLATES = [
  'import numpy as np\nimport pandas as pd\nimport matplotlib.pyplot as plt\n%matplotlib inline',
  "df = pd.read_csv('data/train.csv')\ndf.head()",
  "df['age'] = df['age'].fillna(df['age'].median())\ndf = df.drop(['cabin', 'ticket'], axis=1)",
  'from sklearn.cross_validation import train_test_split\nX_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2)',
  'from sklearn.ensemble import RandomForestClassifier\nclf = RandomForestClassifier(max_depth=5)\nclf.fit(X_train, y_train)\nprint(clf.score(X_test, y_test))',
  "for name, group in df.groupby('sex'):\n    print name, group['survived'].mean()",
  "plt.hist(df['fare'], bins=30, normed=True)\nplt.grid(b=True)\nplt.show()",
  'x = np.linspace(0, 1, 100)\ny = np.sin(x) * np.float(2)\nresult = df.ix[0:5]',
  "def features(frame):\n    out = frame.copy()\n    out['family'] = out['sibsp'] + out['parch'] + 1\n    return out\n\ndf = features(df)",
  "summary = df.describe()\nsummary.loc['mean']"
];

const cells = Array.from({ length: 1000 }, (_, i) => ({
  id: `cell-${i}`,
  source: TEMPLATES[i % TEMPLATES.length]
}));
const sources = cells.map(cell => cell.source);
const environment = {
  versions: VERSIONS,
  files: new Set(['data/train.csv']),
  evidence: evidenceOf(
    { language_info: { version: '3.6.3' } },
    sources,
    allRules
  )
};

scanNotebook(cells, allRules, environment); // warm-up
const runs = 5;
const start = performance.now();
let findings = 0;
for (let i = 0; i < runs; i++) {
  findings = scanNotebook(cells, allRules, environment).findings.length;
}
const seconds = (performance.now() - start) / 1000 / runs;
console.log(
  `${allRules.length} rules, ${cells.length} cells, ${findings} findings: ` +
    `${(seconds * 1000).toFixed(1)} ms per scan, ${Math.round(cells.length / seconds)} cells/s`
);

// The floor: parsing alone, so a busy machine's figure can be read against it.
const parseStart = performance.now();
for (let i = 0; i < runs; i++) {
  sources.forEach(source => parser.parse(source));
}
const parseSeconds = (performance.now() - parseStart) / 1000 / runs;
console.log(
  `parsing alone: ${(parseSeconds * 1000).toFixed(1)} ms, ${Math.round(cells.length / parseSeconds)} cells/s`
);
