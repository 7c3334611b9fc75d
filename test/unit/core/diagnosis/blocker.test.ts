import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockerOf,
  blockerText,
  emptyDatabase,
  pointerRead,
  type ICellResult
} from '../../../../src/core';

const error = (
  ename: string,
  evalue: string,
  traceback: string[] = []
): ICellResult => ({
  status: 'error',
  ename,
  evalue,
  traceback,
  outputs: [],
  executionCount: 1,
  durationMs: 1
});

describe('blockerOf', () => {
  it('blocks a prompt no saved answer can type: only a person can', () => {
    const keyboard = blockerOf(
      error(
        'StdinNotImplementedError',
        'raw_input was called, but this frontend does not support input requests.'
      ),
      "n = int(input('How many? '))"
    );
    assert.deepEqual(keyboard, { kind: 'keyboard' });
    assert.match(blockerText(keyboard!), /input\(\).*does not record/);
  });

  it('names the package to install for a top-level module that is missing', () => {
    assert.deepEqual(
      blockerOf(error('ModuleNotFoundError', "No module named 'xgboost'"), ''),
      { kind: 'install', module: 'xgboost', package: 'xgboost' }
    );
    const skimage = blockerOf(
      error('ModuleNotFoundError', "No module named 'skimage'"),
      ''
    );
    assert.equal(skimage && blockerText(skimage), 'install scikit-image');
    const xlrd = blockerOf(
      error(
        'ImportError',
        "Missing optional dependency 'xlrd'. Install xlrd >= 2.0.1 for xls Excel support"
      ),
      ''
    );
    assert.equal(xlrd && blockerText(xlrd), 'install xlrd');
    const openpyxl = blockerOf(
      error(
        'ImportError',
        '`Import openpyxl` failed.  Use pip, conda, or your preferred package management tool to install the openpyxl package.'
      ),
      ''
    );
    assert.equal(openpyxl && blockerText(openpyxl), 'install openpyxl');
  });

  it("names LaTeX when matplotlib's usetex cannot find it, and no other RuntimeError", () => {
    const latex = blockerOf(
      error(
        'RuntimeError',
        'Failed to process string with tex because latex could not be found'
      ),
      "plt.rc('text', usetex=True)"
    );
    assert.equal(
      latex && blockerText(latex),
      "install LaTeX (for matplotlib's text.usetex)"
    );
    assert.equal(
      blockerOf(error('RuntimeError', 'main thread is not in main loop'), ''),
      undefined
    );
  });

  it("names the program matplotlib's animations need as video", () => {
    const ffmpeg = blockerOf(
      error('RuntimeError', 'Requested MovieWriter (ffmpeg) not available'),
      "rc('animation', html='html5')\nanim"
    );
    assert.equal(
      ffmpeg && blockerText(ffmpeg),
      "install FFmpeg (for matplotlib's animations as video)"
    );
    const magick = blockerOf(
      error(
        'RuntimeError',
        'Requested MovieWriter (imagemagick) not available'
      ),
      "anim.save('a.gif', writer='imagemagick')"
    );
    assert.equal(
      magick && blockerText(magick),
      "install ImageMagick (for matplotlib's animations as video)"
    );
  });

  it('leaves moved and removed modules to the code', () => {
    for (const name of [
      'sklearn.cross_validation',
      'urllib2',
      'cPickle',
      'mpl_toolkits.axes_grid'
    ]) {
      assert.equal(
        blockerOf(
          error('ModuleNotFoundError', `No module named '${name}'`),
          ''
        ),
        undefined,
        name
      );
    }
    assert.equal(
      blockerOf(error('AttributeError', "no attribute 'ix'"), ''),
      undefined
    );
  });

  it('names the address of data that is only on the network', () => {
    const url = 'https://example.org/data/adult.csv';
    const raised = error(
      'URLError',
      '<urlopen error [Errno -2] Name or service not known>',
      [
        `Cell In[3], line 2\n      1 import pandas as pd\n----> 2 df = pd.read_csv('${url}')\n`
      ]
    );
    assert.deepEqual(blockerOf(raised, `df = pd.read_csv('${url}')`), {
      kind: 'download',
      url
    });
    // Adjacent literals are one address; a copy beside the notebook makes it the code's.
    const source =
      "df = pd.read_csv('https://archive.example.org/ml/'\n" +
      "                 'breast-cancer/wdbc.data', header=None)";
    const unreachable = error('URLError', '<urlopen error [Errno -2]>', [
      "Cell In[2], line 1\n----> 1 df = pd.read_csv('https://archive.example.org/ml/'\n"
    ]);
    assert.deepEqual(blockerOf(unreachable, source), {
      kind: 'download',
      url: 'https://archive.example.org/ml/breast-cancer/wdbc.data'
    });
    assert.equal(
      blockerOf(unreachable, source, new Set(['wdbc.data', 'wdbc.names.txt'])),
      undefined
    );
    const requests = error(
      'ConnectionError',
      "HTTPSConnectionPool(host='example.org', port=443): Max retries exceeded with url: /x.csv (Caused by NewConnectionError)"
    );
    assert.deepEqual(blockerOf(requests, 'r = requests.get(URL)'), {
      kind: 'download',
      url: 'https://example.org/x.csv'
    });
  });

  it('names data the notebook reads that is nowhere in its repository', () => {
    const repository = new Set([
      'nb.ipynb',
      'data',
      'data/train.csv',
      '../README.md'
    ]);
    const missing = (path: string, line = `docs = open('${path}').read()`) =>
      error(
        'FileNotFoundError',
        `[Errno 2] No such file or directory: '${path}'`,
        [`Cell In[4], line 1\n----> 1 ${line}\n`]
      );
    // A folder on the author's machine, another program's output, a downloaded data set.
    for (const path of [
      '/home/author/Data/websites/textonly',
      '/home/author/models/part-00000',
      '../datasets/20news-bydate-train/'
    ]) {
      const blocker = blockerOf(missing(path), '', repository);
      assert.deepEqual(blocker, { kind: 'download', path }, path);
      assert.equal(
        blockerText(blocker!),
        `data at ${path} is not in the repository`
      );
    }
    // A bare name a reader is given is data, though it has no extension.
    const bare = missing(
      'SMSSpamCollection',
      "sms = pd.read_csv('SMSSpamCollection', sep='\\t', header=None)"
    );
    assert.deepEqual(blockerOf(bare, '', repository), {
      kind: 'download',
      path: 'SMSSpamCollection'
    });
    // Or given it through a variable.
    const named = missing(
      'auto-mpg.data-original',
      "data = pd.read_csv(url, sep=r'\\s+', names=cols)"
    );
    assert.deepEqual(blockerOf(named, '', repository), {
      kind: 'download',
      path: 'auto-mpg.data-original'
    });
    // Another project's data set of the same generic name is no copy of this one's.
    const other = new Set(['nb.ipynb', '../titanic/train.csv']);
    assert.deepEqual(blockerOf(missing('train.csv'), '', other), {
      kind: 'download',
      path: 'train.csv'
    });
    // Unless the path the notebook names has its folder: the copy rule reads that one.
    assert.equal(
      blockerOf(missing('/home/me/titanic/train.csv'), '', other),
      undefined
    );
    const numpy = error('FileNotFoundError', 'measurements.txt not found.');
    assert.deepEqual(blockerOf(numpy, '', repository), {
      kind: 'download',
      path: 'measurements.txt'
    });
  });

  it('leaves a missing file to the code when a copy is listed, it writes, or it is a program', () => {
    const repository = new Set(['nb.ipynb', 'data', 'data/train.csv']);
    const raised = (path: string, line: string) =>
      error(
        'FileNotFoundError',
        `[Errno 2] No such file or directory: '${path}'`,
        [`Cell In[4], line 1\n----> 1 ${line}\n`]
      );
    const cases: [string, string, ReadonlySet<string>][] = [
      ['/home/me/train.csv', "pd.read_csv('/home/me/train.csv')", repository],
      ['/home/me/data', "os.listdir('/home/me/data')", repository],
      ['out/scores.txt', "open('out/scores.txt', 'w')", repository],
      ['out/fig.png', "plt.savefig('out/fig.png')", repository],
      ['dot', 'graph.render()', repository],
      ['/home/me/x.csv', "pd.read_csv('/home/me/x.csv')", new Set()]
    ];
    for (const [path, line, files] of cases) {
      assert.equal(blockerOf(raised(path, line), '', files), undefined, line);
    }
  });
});

describe('pointerRead', () => {
  const pointers = new Set(['data/adult.csv', '../shared/prices.csv', 'notes']);

  it('names the Git LFS pointer a cell that ran reads, by its path or its file name', () => {
    for (const source of [
      "df = pd.read_csv('data/adult.csv', index_col=0)",
      'df = pd.read_csv(DATA + "adult.csv")',
      "prices = np.loadtxt('/home/me/shared/prices.csv')"
    ]) {
      const blocker = pointerRead(['import pandas as pd', source], pointers);
      assert.ok(blocker?.kind === 'download' && blocker.pointer, source);
      assert.match(blockerText(blocker), /is a Git LFS pointer, not the file/);
    }
  });

  it('names the pointer at the path the cell writes before one of the same name elsewhere', () => {
    const both = new Set(['../copy/data/adult.csv', 'data/adult.csv']);
    const blocker = pointerRead(["pd.read_csv('./data/adult.csv')"], both);
    assert.equal(
      blocker?.kind === 'download' && blocker.path,
      'data/adult.csv'
    );
  });

  it('names nothing when no string of the cells names a pointer', () => {
    for (const source of [
      "df = pd.read_csv('data/adult_full.csv')",
      "print('notes')",
      'df = pd.read_csv(path)'
    ]) {
      assert.equal(pointerRead([source], pointers), undefined, source);
    }
    assert.equal(
      pointerRead(["pd.read_csv('data/adult.csv')"], new Set()),
      undefined
    );
  });
});

describe('emptyDatabase', () => {
  const repository = new Set([
    'logs',
    'logs/logs_2018.csv',
    '../shop/sales.db'
  ]);
  const noTable = error(
    'DatabaseError',
    "Execution failed on sql 'SELECT * FROM logs': no such table: logs"
  );

  it('names the SQLite file the cells connect to that the repository does not have', () => {
    for (const source of [
      "with sqlite3.connect('logs/logs.db') as conn:",
      "engine = create_engine('sqlite:///logs/logs.db')"
    ]) {
      const blocker = emptyDatabase(
        noTable,
        ['import sqlite3', source, 'pd.read_sql(query, conn)'],
        repository
      );
      assert.equal(
        blocker && blockerText(blocker),
        'data at logs/logs.db is not in the repository',
        source
      );
    }
  });

  it('names nothing when the database is in the repository, in memory, or the error is another', () => {
    const cases: [ICellResult, string, ReadonlySet<string>][] = [
      [noTable, "sqlite3.connect('sales.db')", repository],
      [noTable, "sqlite3.connect(':memory:')", repository],
      [noTable, 'sqlite3.connect(path)', repository],
      [noTable, "sqlite3.connect('logs/logs.db')", new Set()],
      [
        error('OperationalError', 'no such column: day'),
        "sqlite3.connect('logs/logs.db')",
        repository
      ]
    ];
    for (const [result, source, files] of cases) {
      assert.equal(emptyDatabase(result, [source], files), undefined, source);
    }
  });
});
