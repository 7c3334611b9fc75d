import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { indentationRules } from '../../../../src/core/rules/python-indentation';
import { TODAY, testExamples } from './helpers';

testExamples(indentationRules);

function rewrite(source: string): string {
  const matches = scanSource(source, indentationRules, { versions: TODAY });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('python.indentation', () => {
  it('keeps a run of dedented lines in the block they were dedented from', () => {
    assert.equal(
      rewrite(
        'for a in x:\n    if a:\n        b = 1\n      c = 2\n      d = 3\n    e = 4'
      ),
      'for a in x:\n    if a:\n        b = 1\n        c = 2\n        d = 3\n    e = 4'
    );
  });

  it('counts a tab as Python 2 did, up to the next multiple of 8', () => {
    assert.equal(
      rewrite('if a:\n    \tb = 1\n        c = 2'),
      'if a:\n        b = 1\n        c = 2'
    );
  });

  it('leaves consistent code, comments, strings and tab-only cells', () => {
    for (const source of [
      'if a:\n    b = 1\n  # a note\n    c = 2',
      'if a:\n\tb = 1\n\tc = 2',
      's = """\n  text\n"""\nif a:\n    pass',
      'f(1,\n  2)\nif a:\n    pass'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});

describe('ipython.leading-indent', () => {
  it("takes the first line's indentation off the lines that start with it", () => {
    assert.equal(
      rewrite(
        '\n' + ' '.repeat(12) + 'import os\nprint(os.sep)\n            x = 1'
      ),
      '\nimport os\nprint(os.sep)\nx = 1'
    );
  });

  it('leaves what Python or IPython reads: an indented comment, a shared indentation', () => {
    for (const source of [
      '    # a note\nx = 1',
      '    x = 1\n    y = 2',
      'if x:\n    y = 2'
    ]) {
      assert.deepEqual(
        scanSource(source, indentationRules, { versions: TODAY }),
        [],
        source
      );
    }
  });
});
