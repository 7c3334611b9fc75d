import { NONE } from './unsafe-bypasses';

// What the notebook's other cells import, as the fixers pass it.
export const IMPORTS = new Map([
  ['np', 'numpy'],
  ['pd', 'pandas'],
  ['plt', 'matplotlib.pyplot']
]);

/** Ordinary fixes that must pass: [what, the cell before, the proposal]. */
export const ORDINARY: [string, string, string][] = [
  [
    "Python's own sum where numpy's shadows it",
    NONE,
    'import builtins\nn = builtins.sum(x > 0 for x in xs)'
  ],
  [
    'a builtin imported by name',
    NONE,
    'from builtins import max as bmax\nm = bmax(a, b)'
  ],
  [
    'pandas',
    NONE,
    "import pandas as pd\ndf = pd.read_csv('data.csv')\ndf = df.dropna()\nprint(df.describe())"
  ],
  ['read beside the notebook', NONE, "df = pd.read_csv('data/x.csv')"],
  [
    'open for reading',
    NONE,
    "with open('data.csv') as f:\n    lines = f.readlines()\nprint(open('notes.txt').read())"
  ],
  [
    'to_csv beside',
    NONE,
    "df.to_csv('out.csv')\ndf.to_csv('results/out.csv', index=False)"
  ],
  [
    'savefig',
    NONE,
    "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('fig.png')"
  ],
  [
    'savefig in a loop',
    NONE,
    "for i in range(3):\n    plt.savefig(f'fig_{i}.png')"
  ],
  [
    'os.path reads',
    NONE,
    "import os\npath = os.path.join('data', 'x.csv')\nprint(os.path.exists(path), os.listdir('.'))"
  ],
  [
    'environment reads',
    NONE,
    "import os\nprint(os.environ.get('HOME'), os.getenv('X'), os.getcwd())"
  ],
  ['seed', NONE, 'import numpy as np\nnp.random.seed(0)'],
  [
    'sklearn',
    NONE,
    'from sklearn.ensemble import RandomForestClassifier\nclf = RandomForestClassifier(n_estimators=10).fit(X, y)\nprint(clf.score(X, y))'
  ],
  [
    'import rewrite',
    'from sklearn.cross_validation import train_test_split',
    'from sklearn.model_selection import train_test_split'
  ],
  [
    'train_test_split',
    NONE,
    'X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)'
  ],
  [
    'write beside',
    NONE,
    "open('out.txt', 'w').write('x')\nfrom pathlib import Path\nPath('out.txt').write_text('x')"
  ],
  ['output folder', NONE, "import os\nos.makedirs('out', exist_ok=True)"],
  ['list remove', NONE, "features.remove('target')\nfeatures.pop()"],
  ['pandas eval and query', NONE, "df.eval('a + b')\ndf.query('a > 1')"],
  [
    'joblib dump',
    NONE,
    "import joblib\njoblib.dump(model, 'model.pkl')\nnp.save('a.npy', a)"
  ],
  ['a URL printed', NONE, "print('see https://scikit-learn.org')"],
  [
    'sys reads',
    NONE,
    'import sys\nprint(sys.version, sys.version_info >= (3, 8))'
  ],
  [
    'timing magics',
    NONE,
    '%matplotlib inline\n%timeit np.sum(a)\n%load_ext autoreload\n%autoreload 2'
  ],
  ['%%time cell', NONE, '%%time\nx = sum(range(10))'],
  [
    'getattr on an object',
    NONE,
    "imp = getattr(model, 'feature_importances_')\nfor p in params:\n    print(getattr(model, p))"
  ],
  [
    'own function named eval',
    NONE,
    'def eval(m):\n    return m.score(X, y)\nprint(eval(clf))'
  ],
  [
    'display',
    NONE,
    'from IPython.display import display, HTML\ndisplay(df.head())'
  ],
  [
    'seaborn plot',
    NONE,
    'import seaborn as sns\nsns.heatmap(df.corr(numeric_only=True))'
  ],
  [
    'unchanged shell and deletion lines',
    "!pip install seaborn\nimport os\nos.system('make')\ndf.ix[0]",
    "!pip install seaborn\nimport os\nos.system('make')\ndf.loc[0]"
  ],
  [
    'unchanged dead code',
    "if False:\n    os.remove('x')\ndf.ix[0]",
    "if False:\n    os.remove('x')\ndf.loc[0]"
  ],
  [
    'a download put under a condition',
    "import os, urllib.request\nurllib.request.urlretrieve('http://x/iris.csv', 'iris.csv')",
    "import os, urllib.request\nif not os.path.exists('iris.csv'):\n    urllib.request.urlretrieve('http://x/iris.csv', 'iris.csv')"
  ],
  [
    'a path from the working folder',
    NONE,
    "import os\nopen(os.path.join(os.getcwd(), 'out.txt'), 'w')"
  ],
  [
    'reloading a helper module',
    NONE,
    'import importlib\nimport helpers\nimportlib.reload(helpers)'
  ],
  ['regular expressions', NONE, "import re\npattern = re.compile(r'\\d+')"],
  [
    'a new data path above unchanged reads',
    "path = 'train.csv'\ndf = pd.read_csv(path)\ndf.to_csv('out.csv')",
    "path = 'data/train.csv'\ndf = pd.read_csv(path)\ndf.to_csv('out.csv')"
  ],
  ['groupby with a lambda', NONE, "x = df.groupby('a').agg(lambda s: s.mean())"]
];
