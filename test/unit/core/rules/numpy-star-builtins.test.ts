import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { numpyStarBuiltinsRule } from '../../../../src/core/rules/numpy-star-builtins';
import { answered, matchesIn, testExamples } from './helpers';

testExamples([numpyStarBuiltinsRule]);

const DATED = { writtenWith: '3.6.8' };

/** The cell as the rule rewrites it, the kernel answering `answer` where asked. */
function rewrite(cell: string, answer = 'numpy', example = DATED): string {
  const matches = matchesIn(numpyStarBuiltinsRule, cell, example);
  return proposeRewrite(cell, answered(matches, answer))?.source ?? cell;
}

describe("builtins a star import of numpy 2 binds to numpy's functions", () => {
  it("are Python's own in a notebook written before numpy 2, where the kernel says numpy's", () => {
    assert.equal(
      rewrite(
        'import operator\nbest = max(scores.items(), key=operator.itemgetter(1))[0]'
      ),
      'import operator\nimport builtins\nbest = builtins.max(scores.items(), key=operator.itemgetter(1))[0]'
    );
    assert.equal(
      rewrite('for i in range(round(n / 2)):\n    pass'),
      'import builtins\nfor i in range(builtins.round(n / 2)):\n    pass'
    );
  });

  it("are left where the kernel has Python's, or the notebook binds them, or it is undated", () => {
    const source = 'lo = min(3, 5)';
    assert.equal(rewrite(source, 'builtins'), source);
    assert.equal(rewrite(source, 'numpy', {}), source);
    for (const own of [
      'from numpy import max\nm = max(a)',
      'def max(a, b):\n    return a\nm = max(1, 2)',
      'm = np.max(a)',
      'm = a.max()'
    ]) {
      assert.equal(rewrite(own), own, own);
    }
  });
});
