import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { proseRules } from '../../../../src/core/rules/python-prose';
import { TODAY, testExamples } from './helpers';

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
