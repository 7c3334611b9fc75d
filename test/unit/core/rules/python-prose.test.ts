import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { proseRules } from '../../../../src/core/rules/python-prose';
import { rewriteAfter, TODAY, testExamples } from './helpers';

testExamples(proseRules);

/** The cell as every rule rewrites it. */
function rewrite(source: string): string {
  const matches = scanSource(source, allRules, { versions: TODAY });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('python.prose-line', () => {
  it('comments out a heading alone in a code cell', () => {
    assert.equal(rewrite('Decision Trees'), '# Decision Trees');
    assert.equal(
      rewrite('Step 1: load the data\nx = 1'),
      '# Step 1: load the data\nx = 1'
    );
    assert.equal(
      rewrite('2. Support Vector Machines (SVM)\nimport os'),
      '# 2. Support Vector Machines (SVM)\nimport os'
    );
  });

  it('comments out prose in a Python 2 cell beside its print statement', () => {
    assert.equal(
      rewrite('Scores of the model\nprint "mean", 3'),
      '# Scores of the model\nprint("mean", 3)'
    );
  });

  it('leaves code, broken code and shell lines to others', () => {
    for (const source of [
      'x if y else z',
      'not done',
      'print x',
      'exec code in ns',
      'model.fit(X y)',
      'pip install xgboost',
      'rmdir output_files',
      // IPython's magics without their %: they ran, as %run and %timeit.
      'run LDBC_convergence_analysis.py',
      'timeit sorted(values)',
      'results = [a b]',
      'Title\nx = 1',
      '"""A docstring\nSpanning lines"""',
      'f(a,\n  Second line of args)'
    ]) {
      const found = scanSource(source, proseRules, { versions: TODAY });
      assert.deepEqual(found, [], source);
    }
  });

  it('leaves a line whose comment would empty or break a block', () => {
    const source = 'for i in range(3):\n    Print the value';
    assert.deepEqual(scanSource(source, proseRules, { versions: TODAY }), []);
    const opening = 'Load the data:\n    x = 1';
    assert.deepEqual(scanSource(opening, proseRules, { versions: TODAY }), []);
  });
});

describe('python.import-trailing-comma', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(proseRules, 'python.import-trailing-comma', cell, '');

  it('drops the comma that ends an import line, keeping its comment', () => {
    assert.equal(
      rewrite(
        '%matplotlib inline\nfrom sklearn.metrics import roc_curve, roc_auc_score,\nx = 1'
      ),
      '%matplotlib inline\nfrom sklearn.metrics import roc_curve, roc_auc_score\nx = 1'
    );
    assert.equal(
      rewrite('import os, sys ,  # paths\nimport numpy.linalg as la,'),
      'import os, sys  # paths\nimport numpy.linalg as la'
    );
  });

  it('leaves imports that are valid or go on below', () => {
    for (const cell of [
      'from m import (a, b,\n    c)',
      'from m import (a, b,)',
      'from m import a, \\\n    b',
      'x = 1,',
      "print('import a,')"
    ]) {
      assert.equal(rewrite(cell), cell, cell);
    }
  });
});
