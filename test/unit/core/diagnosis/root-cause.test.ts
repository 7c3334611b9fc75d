import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  diagnose,
  type ICellResult,
  type IDiagnosisInput
} from '../../../../src/core';

const RED = '\u001b[0;31m';
const GREEN = '\u001b[0;32m';
const RESET = '\u001b[0m';

function error(
  ename: string,
  evalue: string,
  traceback: string[] = []
): ICellResult {
  return {
    status: 'error',
    ename,
    evalue,
    traceback: [
      `${RED}---------------------------------------------------------------------------${RESET}`,
      `${RED}${ename}${RESET}                                 Traceback (most recent call last)`,
      ...traceback,
      `${RED}${ename}${RESET}: ${evalue}`
    ],
    outputs: [],
    executionCount: 4,
    durationMs: 1
  };
}

function input(
  result: ICellResult,
  overrides: Partial<IDiagnosisInput> = {}
): IDiagnosisInput {
  return {
    cellId: 'c4',
    result,
    cells: [
      { id: 'c1', source: 'import pandas as pd\nfrom mlutils import load' },
      { id: 'c2', source: 'def score(model):\n    return model.score_()' },
      {
        id: 'c3',
        source:
          'try:\n    from sklearn.cross_validation import KFold\nexcept ImportError:\n    pass\nfolds = 3'
      },
      { id: 'c4', source: 'print(score(m), KFold, folds)' }
    ],
    executionCounts: new Map([
      [1, 'c1'],
      [2, 'c2'],
      [3, 'c3'],
      [4, 'c4']
    ]),
    ran: new Set(['c1', 'c2', 'c3']),
    files: new Set(['mlutils.py', 'data', 'data/train.csv']),
    ...overrides
  };
}

describe('diagnose', () => {
  it('fixes the failing cell when the error is raised there', () => {
    const result = error(
      'AttributeError',
      "'DataFrame' has no attribute 'ix'",
      [`Cell ${GREEN}In[4], line 1${RESET}\n${GREEN}----> 1${RESET} df.ix[0]`]
    );
    const diagnosis = diagnose(input(result));
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c4' });
  });

  it('fixes the earlier cell whose function raised, found by its In[n]', () => {
    const result = error('AttributeError', "no attribute 'score_'", [
      `Cell ${GREEN}In[4], line 1${RESET}\n----> 1 print(score(m))`,
      `Cell ${GREEN}In[2], line 2${RESET}, in ${GREEN}score${RESET}(model)\n----> 2     return model.score_()`
    ]);
    assert.deepEqual(diagnose(input(result)).target, {
      kind: 'cell',
      cellId: 'c2'
    });
  });

  it('fixes a local module beside the notebook when the error lies there', () => {
    const result = error('ImportError', "cannot import name 'Imputer'", [
      `Cell ${GREEN}In[4], line 1${RESET}\n----> 1 load('x')`,
      `File ${GREEN}~/work/nb/mlutils.py:3${RESET}\n----> 3 from sklearn.preprocessing import Imputer`
    ]);
    const diagnosis = diagnose(input(result));
    assert.deepEqual(diagnosis.target, { kind: 'module', path: 'mlutils.py' });
    assert.match(diagnosis.reason, /mlutils\.py/);
  });

  it('finds the local module in a folder whose name holds spaces', () => {
    const result = error(
      'ModuleNotFoundError',
      "No module named 'sklearn.externals.six'",
      [
        `Cell ${GREEN}In[4], line 1${RESET}\n----> 1 from preamble import *`,
        `File ${GREEN}/home/me/ML course/preamble.py:3${RESET}\n----> 3 import mlutils`,
        `File ${GREEN}/home/me/ML course/mlutils.py:6${RESET}\n----> 6 from sklearn.externals.six import StringIO`
      ]
    );
    assert.deepEqual(diagnose(input(result)).target, {
      kind: 'module',
      path: 'mlutils.py'
    });
  });

  it('leaves installed libraries alone: the innermost own frame counts', () => {
    const result = error('ValueError', 'bad input', [
      `Cell ${GREEN}In[4], line 1${RESET}\n----> 1 fit()`,
      `File ${GREEN}/usr/lib/python3.11/site-packages/sklearn/base.py:10${RESET}, in fit()`
    ]);
    assert.deepEqual(diagnose(input(result)).target, {
      kind: 'cell',
      cellId: 'c4'
    });
  });

  it('for a write into a read-only array, fixes the earlier cell that made it', () => {
    const readOnly = (line: string) =>
      error('ValueError', 'assignment destination is read-only', [
        `Cell ${GREEN}In[4], line 2${RESET}\n      1 for w in wells:\n${GREEN}----> 2${RESET}     ${line}`
      ]);
    const cells = [
      { id: 'c1', source: 'import numpy as np' },
      { id: 'c2', source: "depth = data['Depth'].values" },
      { id: 'c3', source: 'x = 1' },
      { id: 'c4', source: 'for w in wells:\n    depth[w] = np.sort(depth[w])' }
    ];
    for (const line of [
      'depth[w] = np.sort(depth[w])',
      'depth[w] *= 2',
      'depth += 1',
      'depth.sort()',
      'np.random.shuffle(depth)'
    ]) {
      const diagnosis = diagnose(input(readOnly(line), { cells }));
      assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c2' }, line);
      assert.match(diagnosis.reason, /'depth' is written in place/);
    }
    // Made above in the failing cell itself, or never made by the notebook: here.
    const here = { kind: 'cell', cellId: 'c4' };
    const made = cells.map(cell =>
      cell.id === 'c4'
        ? { id: 'c4', source: 'depth = df.d.values\ndepth[0] = 1' }
        : cell
    );
    assert.deepEqual(
      diagnose(input(readOnly('depth[0] = 1'), { cells: made })).target,
      here
    );
    assert.deepEqual(
      diagnose(input(readOnly('grid[0] = 1'), { cells })).target,
      here
    );
  });

  it('for a NameError, fixes the earlier cell that defines the name', () => {
    const diagnosis = diagnose(
      input(error('NameError', "name 'KFold' is not defined"))
    );
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c3' });
    assert.match(diagnosis.reason, /did not take/);
  });

  it('says when the defining cell did not run', () => {
    const diagnosis = diagnose(
      input(error('NameError', "name 'folds' is not defined"), {
        ran: new Set(['c1', 'c2'])
      })
    );
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c3' });
    assert.match(diagnosis.reason, /did not run/);
  });

  it('fixes the failing cell for a name no earlier cell defines', () => {
    const diagnosis = diagnose(
      input(error('NameError', "name 'xrange' is not defined"))
    );
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c4' });
    assert.match(diagnosis.reason, /not defined in any earlier cell/);
  });
});
