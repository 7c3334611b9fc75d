import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, type IRule } from '../../../../src/core/rules';
import {
  bareCopyOf,
  copyOf,
  dataCopyRules,
  tiedCopies
} from '../../../../src/core/rules/data-copies';
import { dataPathRules } from '../../../../src/core/rules/data-paths';
import { answered, matchesIn, testExamples } from './helpers';

testExamples([...dataPathRules, ...dataCopyRules]);

const REPOSITORY = new Set([
  'ch02.ipynb',
  '../../data/titanic/train.csv',
  '../../data/house/train.csv',
  '../../datasets/wine/wine.data',
  '../../datasets/housing/housing.tgz',
  'input/iris.csv',
  '../../datasets/Sales Data',
  '../../data/labels',
  '../../data/house/labels',
  'input/images',
  'input/images/cat.png'
]);
const rule = (id: string): IRule => dataCopyRules.find(r => r.id === id)!;

/** A rule's rewrite of a source, with the kernel's answer to its question. */
function rewritten(id: string, source: string, answer?: string): string {
  const files = [...REPOSITORY];
  const matches = answered(matchesIn(rule(id), source, { files }), answer);
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('copies of data in the repository', () => {
  it('prefers the copy that shares the most folders, then the nearest', () => {
    assert.equal(
      copyOf(
        REPOSITORY,
        'https://archive.ics.uci.edu/ml/machine-learning-databases/wine/wine.data'
      ),
      '../../datasets/wine/wine.data'
    );
    assert.equal(
      copyOf(REPOSITORY, 'C:\\Users\\me\\kaggle\\titanic\\train.csv'),
      '../../data/titanic/train.csv'
    );
    assert.equal(copyOf(REPOSITORY, '/home/me/iris.csv'), 'input/iris.csv');
    // A stray space after the URL is no part of the file's name.
    assert.equal(
      copyOf(
        REPOSITORY,
        'http://archive.ics.uci.edu/ml/machine-learning-databases/wine/wine.data '
      ),
      '../../datasets/wine/wine.data'
    );
  });

  it('keeps a `#` in a local path, where it names a folder', () => {
    assert.equal(
      copyOf(REPOSITORY, 'E:\\#ML course\\titanic\\train.csv'),
      '../../data/titanic/train.csv'
    );
    assert.equal(
      copyOf(REPOSITORY, 'https://example.invalid/iris.csv#raw'),
      'input/iris.csv'
    );
  });

  it('reads the copy of a constant path in a function, never one made of its names', () => {
    assert.equal(
      rewritten(
        'data.repository-copy',
        "def load(name):\n    rows = list(csv.reader(open('wine.data')))\n    return rows",
        '0wine.data'
      ),
      "def load(name):\n    rows = list(csv.reader(open('../../datasets/wine/wine.data')))\n    return rows"
    );
    assert.deepEqual(
      matchesIn(
        rule('data.repository-copy'),
        "def load(folder):\n    return open(folder + '/wine.data')",
        { files: [...REPOSITORY] }
      ),
      []
    );
  });

  it("takes no other project's data set of a name every competition uses for a copy", () => {
    const tree = new Set([
      '../titanic/train.csv',
      '../titanic/test.csv',
      '../housing/data/test.csv',
      '../digits.csv',
      '../mnist/digits.csv'
    ]);
    // A notebook in paribas/ whose Kaggle data was never committed reads train.csv.
    assert.equal(copyOf(tree, 'train.csv'), null);
    assert.equal(copyOf(tree, '/home/me/paribas/train.csv'), null);
    assert.deepEqual(tiedCopies(tree, 'test.csv'), []);
    // The same name under a data folder, or with the folder the code names, is a copy.
    assert.equal(copyOf(tree, 'test.csv'), '../housing/data/test.csv');
    assert.equal(
      copyOf(tree, 'C:\\kaggle\\titanic\\train.csv'),
      '../titanic/train.csv'
    );
    // A name of its own is the same file wherever it lies.
    assert.equal(
      copyOf(tree, 'http://example.invalid/digits.csv'),
      '../digits.csv'
    );
    assert.equal(
      copyOf(new Set(['../mnist/digits.csv']), 'digits.csv'),
      '../mnist/digits.csv'
    );
  });

  it('takes no copy of two equally near files of the same name', () => {
    assert.equal(copyOf(REPOSITORY, '../input/train.csv'), null);
  });

  it('takes either of two equally near copies once the kernel says their bytes agree', () => {
    assert.deepEqual(tiedCopies(REPOSITORY, 'train.csv').sort(), [
      '../../data/house/train.csv',
      '../../data/titanic/train.csv'
    ]);
    assert.deepEqual(tiedCopies(REPOSITORY, 'iris.csv'), []);
    const source = "df = pd.read_csv('train.csv')";
    const [match] = matchesIn(rule('data.repository-copy'), source, {
      files: [...REPOSITORY]
    });
    assert.match(match.question!.expression, /filecmp/);
    assert.equal(
      rewritten('data.repository-copy', source, '0train.csv'),
      source
    );
    assert.equal(
      rewritten('data.repository-copy', source, '=0train.csv'),
      "df = pd.read_csv('../../data/house/train.csv')"
    );
  });

  it("reads a copy of an image IPython's Image shows", () => {
    assert.equal(
      rewritten(
        'data.repository-copy',
        "from IPython.display import Image\nImage('cat.png')",
        '0cat.png'
      ),
      "from IPython.display import Image\nImage('input/images/cat.png')"
    );
  });

  it('takes the one copy of a file with no extension, never a folder or one of two', () => {
    assert.equal(
      bareCopyOf(REPOSITORY, 'Sales Data'),
      '../../datasets/Sales Data'
    );
    assert.equal(
      bareCopyOf(REPOSITORY, 'C:\\Users\\me\\Sales Data'),
      '../../datasets/Sales Data'
    );
    assert.equal(copyOf(REPOSITORY, 'Sales Data'), null);
    for (const path of [
      'labels',
      'images',
      'data/',
      'missing',
      'http://example.invalid/Sales Data'
    ]) {
      assert.equal(bareCopyOf(REPOSITORY, path), null, path);
    }
  });

  it('reads the one copy of a file with no extension', () => {
    assert.equal(
      rewritten(
        'data.repository-copy',
        "df = pd.read_csv('Sales Data', index_col=0)",
        '0Sales Data'
      ),
      "df = pd.read_csv('../../datasets/Sales Data', index_col=0)"
    );
    assert.equal(
      rewritten(
        'data.repository-copy',
        "with open(DATA + 'Sales Data') as f:\n    rows = f.readlines()",
        '0/home/me/Sales Data'
      ),
      "with open('../../datasets/Sales Data') as f:\n    rows = f.readlines()"
    );
  });

  it('reads the copy of a path the kernel says is not there', () => {
    assert.equal(
      rewritten(
        'data.repository-copy',
        "df = pd.read_csv(os.path.join(DATA_DIR, 'wine.data'), header=None)",
        '0/Users/me/data/wine.data'
      ),
      "df = pd.read_csv('../../datasets/wine/wine.data', header=None)"
    );
  });

  it('reads the copy of a URL written as two strings over two lines', () => {
    assert.equal(
      rewritten(
        'data.repository-copy',
        "df = pd.read_csv('https://archive.ics.uci.edu/ml/'\n                 'machine-learning-databases/wine/wine.data', header=None)",
        '0https://archive.ics.uci.edu/ml/machine-learning-databases/wine/wine.data'
      ),
      "df = pd.read_csv('../../datasets/wine/wine.data', header=None)"
    );
  });

  it('keeps a path that is there when the cell runs', () => {
    const source = "df = pd.read_csv(DATA_DIR + 'wine.data')";
    assert.equal(
      rewritten('data.repository-copy', source, '1../data/wine.data'),
      source
    );
  });

  it('asks nothing about files with no copy, or listed where they are read', () => {
    for (const source of [
      "df = pd.read_csv('results.csv')",
      "df = pd.read_csv('input/iris.csv')",
      "with open(path + 'out.csv', 'w') as f:\n    f.write(text)",
      'df = pd.read_csv(load_path())',
      "def load(folder):\n    return pd.read_csv(folder + 'wine.data')",
      "df = pd.read_csv('labels')",
      "df = pd.read_csv('images')",
      "title = str.upper('Sales Data')"
    ]) {
      assert.deepEqual(
        matchesIn(rule('data.repository-copy'), source, {
          files: [...REPOSITORY]
        }),
        [],
        source
      );
    }
  });

  it('downloads only when the file is missing, inside a function too', () => {
    assert.equal(
      rewritten(
        'data.download-if-missing',
        'import os\nfrom six.moves import urllib\ndef fetch(url=URL, path=PATH):\n    tgz_path = os.path.join(path, "housing.tgz")\n    urllib.request.urlretrieve(url, tgz_path)\n    tarfile.open(tgz_path).extractall(path=path)'
      ),
      'import os\nfrom six.moves import urllib\ndef fetch(url=URL, path=PATH):\n    tgz_path = os.path.join(path, "housing.tgz")\n    if not os.path.exists(tgz_path):\n        urllib.request.urlretrieve(url, tgz_path)\n    tarfile.open(tgz_path).extractall(path=path)'
    );
  });

  it('leaves a download already under an exists test', () => {
    const source = 'if not os.path.isfile(name):\n    urlretrieve(url, name)';
    assert.equal(rewritten('data.download-if-missing', source), source);
  });
});

describe("folders on the author's machine", () => {
  const id = 'data.repository-folder';

  it('become the folder of the repository that holds their files', () => {
    assert.equal(
      rewritten(
        id,
        "folder = Path('E:\\#ML course\\wine')\nX = load(folder / 'wine.data')",
        'False'
      ),
      "folder = Path('../../datasets/wine')\nX = load(folder / 'wine.data')"
    );
    // The most trailing folders shared decides between two of one name; a trailing
    // separator is kept for code that adds the file's name to it.
    assert.equal(
      rewritten(
        id,
        "PATH = '/Users/me/kaggle/house/'\ndf = pd.read_csv(PATH + 'train.csv')",
        'False'
      ),
      "PATH = '../../data/house/'\ndf = pd.read_csv(PATH + 'train.csv')"
    );
    assert.equal(
      rewritten(
        id,
        "folder = r'C:\\temp\\wine'\nX = load(folder + '/wine.data')",
        'False'
      ),
      "folder = r'../../datasets/wine'\nX = load(folder + '/wine.data')"
    );
  });

  it('stay where the folder is there, or the repository holds none of their files', () => {
    const sources = [
      // The kernel finds the folder: the notebook runs on the author's machine.
      ["folder = 'C:/course/wine'\nopen(folder + '/wine.data')", 'True'],
      // No file the notebook names is in the repository's folder of that name.
      ["folder = 'C:/course/wine'\nopen(folder + '/red.csv')", 'False'],
      // A file's path is the copy rule's; a path of the repository's own, no author's.
      ["df = pd.read_csv('C:/data/house/train.csv')", 'False'],
      ["folder = '../../data/house'\nopen(folder + '/train.csv')", 'False'],
      ["folder = f'C:/{user}/wine'\nopen(folder + '/wine.data')", 'False'],
      // A tab in a string that is no raw one: no path, whatever it looks like.
      ["folder = 'C:\\temp\\wine'\nopen(folder + '/wine.data')", 'False']
    ];
    for (const [source, answer] of sources) {
      assert.equal(rewritten(id, source, answer), source, source);
    }
    // Two folders share as many trailing folders: no guess between them.
    assert.deepEqual(
      matchesIn(rule(id), "base = 'C:/me/wine'\nopen(base + '/wine.data')", {
        files: ['a/wine', 'a/wine/wine.data', 'b/wine', 'b/wine/wine.data']
      }),
      []
    );
  });
});
