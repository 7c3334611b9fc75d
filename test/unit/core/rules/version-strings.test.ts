import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { versionStringRules } from '../../../../src/core/rules/version-strings';
import { rewriteAfter, testExamples } from './helpers';

testExamples(versionStringRules);

describe('python.version-slice', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      versionStringRules,
      'python.version-slice',
      cell,
      'import sklearn\nimport pandas as pd'
    );
  const minor = (module: string) =>
    `int(${module}.__version__.split('.')[1]) + 100 * int(${module}.__version__.split('.')[0])`;

  it('counts a version read at positions 2 to 4 as 100 × major + minor', () => {
    assert.equal(
      rewrite('skversion = int(sklearn.__version__[2:4])'),
      `skversion = ${minor('sklearn')}`
    );
    assert.equal(
      rewrite('if int(pd.__version__[2:4]) < 18:\n    pass'),
      `if ${minor('pd')} < 18:\n    pass`
    );
    assert.equal(
      rewrite('v = 2 * int(sklearn.__version__[2:4])'),
      `v = 2 * (${minor('sklearn')})`
    );
  });

  it('leaves other reads of a version alone', () => {
    for (const cell of [
      'v = int(sklearn.__version__[0])',
      'v = float(sklearn.__version__[:4])',
      'v = sklearn.__version__[2:4]',
      'v = int(text[2:4])'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});
