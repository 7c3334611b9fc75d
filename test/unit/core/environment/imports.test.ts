import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importedFiles,
  importedModules,
  probeEnvironment,
  pythonStringValue,
  type IKernelProbe
} from '../../../../src/core';

describe('importedModules', () => {
  it('finds top-level modules of import and from-import, once, in order', () => {
    assert.deepEqual(
      importedModules([
        'import numpy as np, os.path\nfrom sklearn.model_selection import train_test_split',
        'import numpy\nfrom matplotlib import pyplot as plt'
      ]),
      ['numpy', 'os', 'sklearn', 'matplotlib']
    );
  });

  it('finds imports inside functions, classes and try blocks', () => {
    const source = [
      'def load():',
      '    import pandas as pd',
      '    return pd',
      'class Model:',
      '    def fit(self):',
      '        from xgboost import XGBClassifier',
      'try:',
      '    import cPickle as pickle',
      'except ImportError:',
      '    import pickle'
    ].join('\n');
    assert.deepEqual(importedModules([source]), [
      'pandas',
      'xgboost',
      'cPickle',
      'pickle'
    ]);
  });

  it('skips relative imports and __future__', () => {
    assert.deepEqual(
      importedModules([
        'from __future__ import print_function\nfrom . import utils\nfrom .helpers import f\nfrom ..pkg import g\nimport local_helpers'
      ]),
      ['local_helpers']
    );
  });

  it('tolerates magics, shell lines and non-Python cell magics', () => {
    assert.deepEqual(
      importedModules([
        '%matplotlib inline\n!pip install seaborn\nimport seaborn as sns',
        '%%time\nimport scipy',
        '%%bash\nimport notpython',
        'files = !ls\nimport glob'
      ]),
      ['seaborn', 'scipy', 'glob']
    );
  });

  it('counts %pylab as importing numpy and matplotlib, whose rules it makes apply', () => {
    assert.deepEqual(
      importedModules([
        '%pylab inline\nimport pandas as pd',
        'x = linspace(0, 1)'
      ]),
      ['numpy', 'matplotlib', 'pandas']
    );
    assert.deepEqual(importedModules(['# %pylab is not used here\nx = 1']), []);
  });

  it('counts np, pd, plt and sns read as modules that no cell binds as their imports', () => {
    assert.deepEqual(
      importedModules([
        'import sklearn\nx = np.arange(3)',
        'plt.plot(x)\ndf = pd.DataFrame(x)',
        'sns.set()\nprint(np.pi)'
      ]),
      ['sklearn', 'numpy', 'matplotlib', 'pandas', 'seaborn']
    );
    assert.deepEqual(
      importedModules(['import cupy as np', 'x = np.arange(3)']),
      ['cupy']
    );
    for (const sources of [
      ['x = np.arange(3)', 'np = load_backend()'],
      ['def f(np):\n    return np.ones(2)'],
      ['for pd in frames:\n    print(pd.shape)'],
      ['np.ones(2)\nprint(np)'],
      ['print(constructor.name, toString.x)']
    ]) {
      assert.deepEqual(importedModules(sources), [], sources.join(' | '));
    }
  });

  it("counts scikit-learn's vendored joblib and six as the packages themselves", () => {
    assert.deepEqual(
      importedModules([
        'from sklearn.externals.joblib import Memory\nfrom sklearn.externals import six'
      ]),
      ['sklearn', 'joblib', 'six']
    );
  });

  it('survives code that does not parse', () => {
    assert.deepEqual(importedModules(['print "python 2"\nimport sklearn']), [
      'sklearn'
    ]);
  });
});

describe('pythonStringValue', () => {
  it('reads the repr of a Python str', () => {
    assert.equal(pythonStringValue(`'{"a": "it\\'s"}'`), `{"a": "it's"}`);
    assert.equal(pythonStringValue(`"it's"`), "it's");
    assert.equal(pythonStringValue(`'a\\\\b\\n\\x41\\u00e9'`), 'a\\b\nAé');
  });

  it('refuses something that is not a string', () => {
    assert.throws(() => pythonStringValue('42'), /did not return a string/);
  });
});

describe('probeEnvironment', () => {
  it('asks the kernel once, with the module names, and reads the answer', async () => {
    const asked: string[] = [];
    const probe: IKernelProbe = {
      async evaluate(expression) {
        asked.push(expression);
        return `'{"python": "3.11.7", "modules": [{"module": "numpy", "distribution": "numpy", "version": "2.4.6", "stdlib": false, "missing": false}]}'`;
      }
    };
    const environment = await probeEnvironment(probe, [
      'numpy',
      'bad name; import os'
    ]);
    assert.equal(asked.length, 1);
    assert.match(asked[0], /\["numpy"\]/);
    assert.doesNotMatch(asked[0], /bad name/);
    assert.deepEqual(environment, {
      python: '3.11.7',
      modules: [
        {
          module: 'numpy',
          distribution: 'numpy',
          version: '2.4.6',
          stdlib: false,
          missing: false
        }
      ]
    });
  });
});

describe('importedFiles', () => {
  it("gives the files a notebook's imports may load, submodules included", () => {
    assert.deepEqual(
      importedFiles('import tools.plots as tp\nfrom mlkit import frames, *'),
      [
        'tools.py',
        'tools/__init__.py',
        'tools/plots.py',
        'tools/plots/__init__.py',
        'mlkit.py',
        'mlkit/__init__.py',
        'mlkit/frames.py',
        'mlkit/frames/__init__.py'
      ]
    );
  });

  it("reads a module's relative imports from its package, and its bare ones beside it too", () => {
    const files = importedFiles(
      'from .frames import features\nfrom . import plots\nfrom ..shared import util\nimport helpers',
      'lib/mlkit/__init__.py'
    );
    for (const path of [
      'lib/mlkit/frames.py',
      'lib/mlkit/plots.py',
      'lib/shared.py',
      'lib/shared/util.py',
      'helpers.py',
      'lib/mlkit/helpers.py'
    ]) {
      assert.ok(files.includes(path), path);
    }
    assert.ok(!files.includes('frames.py'));
    // Above the notebook's folder: nothing to read.
    assert.deepEqual(importedFiles('from ... import x', 'mlkit/a.py'), []);
  });
});
