import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { numpyNoneCompareRules } from '../../../../src/core/rules/numpy-none-compare';
import { TODAY, testExamples } from './helpers';

testExamples(numpyNoneCompareRules);

function rewrite(source: string): string {
  const matches = scanSource(source, numpyNoneCompareRules, {
    versions: TODAY
  });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('numpy.none-comparison', () => {
  it('rewrites every test of a comparison with None', () => {
    assert.equal(
      rewrite('if a == None or (b != None and not c == None):\n    pass'),
      'if a is None or (b is not None and not c is None):\n    pass'
    );
    assert.equal(
      rewrite('if x:\n    pass\nelif self.w != None:\n    pass'),
      'if x:\n    pass\nelif self.w is not None:\n    pass'
    );
    assert.equal(
      rewrite('while best == None:\n    best = 1'),
      'while best is None:\n    best = 1'
    );
    assert.equal(
      rewrite('kept = [r for r in rows if r[0] != None]'),
      'kept = [r for r in rows if r[0] is not None]'
    );
  });

  it('leaves comparisons whose elementwise result is used', () => {
    for (const source of [
      'missing = values == None',
      'df[df.col != None]',
      'print(a == None)',
      'if a is None:\n    pass',
      'if a == b:\n    pass',
      'if f(a == None):\n    pass',
      'if (a == None).any():\n    pass'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});
