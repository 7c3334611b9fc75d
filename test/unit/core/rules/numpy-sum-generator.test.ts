import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { numpySumGeneratorRule } from '../../../../src/core/rules/numpy-sum-generator';
import { answered, testExamples, TODAY } from './helpers';

testExamples([numpySumGeneratorRule]);

/** The cell as the rule rewrites it, the kernel answering `answer` where asked. */
function rewrite(
  cell: string,
  imports = new Map([['np', 'numpy']]),
  answer = 'numpy'
): string {
  const matches = scanSource(cell, [numpySumGeneratorRule], {
    versions: TODAY,
    imports
  });
  return (
    proposeRewrite(cell, answered(matches, answer), {
      bound: new Set(['builtins'])
    })?.source ?? cell
  );
}

describe("numpy's sum of a generator", () => {
  it("is Python's sum, as numpy called it", () => {
    assert.equal(
      rewrite('n = np.sum(x > 0 for x in xs)'),
      'n = builtins.sum(x > 0 for x in xs)'
    );
    assert.equal(
      rewrite('n = np.sum((x > 0 for x in xs))'),
      'n = builtins.sum((x > 0 for x in xs))'
    );
    // `np` that nothing binds is %pylab's numpy.
    assert.equal(
      rewrite('n = np.sum(x for x in xs)', new Map()),
      'n = builtins.sum(x for x in xs)'
    );
  });

  it("rewrites a bare sum only where the kernel says it is numpy's", () => {
    const cell = 'n = sum(n == 100 for n, s in log)';
    assert.equal(rewrite(cell), 'n = builtins.sum(n == 100 for n, s in log)');
    assert.equal(rewrite(cell, new Map(), 'builtins'), cell);
  });

  it('leaves lists, arrays, other arguments and other sums alone', () => {
    for (const cell of [
      'n = np.sum([x for x in xs])',
      'n = np.sum(a, axis=0)',
      'n = np.sum(x for x in xs, axis=0)',
      'n = df.sum(x for x in xs)',
      'n = math.fsum(x for x in xs)'
    ]) {
      assert.equal(rewrite(cell), cell, cell);
    }
  });
});
