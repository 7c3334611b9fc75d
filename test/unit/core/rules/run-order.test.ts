import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { runOrderRules } from '../../../../src/core/rules/run-order';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(runOrderRules);

const [rule] = runOrderRules;

/** The cell once the kernel has said which names it lacks (all of those asked, by default). */
function rewritten(source: string, below: string, setup = ''): string {
  const matches = matchesIn(rule, source, { setup, below });
  const names = /\[([^\]]*)\]/.exec(
    matches[0]?.question?.expression ?? ''
  )?.[1];
  const answer = `below: ${JSON.parse(`[${names ?? ''}]`).join(', ')}`;
  return proposeRewrite(source, answered(matches, answer))?.source ?? source;
}

// A helper kept at the end of a notebook, in a cell with other work of its own.
const HELPERS = [
  '# prep_terrain_data.py',
  'import random',
  'import matplotlib',
  "matplotlib.use('agg')",
  'import numpy as np',
  '',
  'def make_data(n_points=100):',
  '    random.seed(42)',
  '    xs = [random.random() for _ in range(n_points)]',
  '    return split(xs)',
  '',
  'def split(xs):',
  '    cut = int(0.75 * len(xs))',
  '    return xs[:cut], xs[cut:]',
  '',
  'train, test = make_data()'
].join('\n');

describe('python.defined-below', () => {
  it('copies the definitions a cell needs, with the imports they read, and nothing else', () => {
    const source =
      'import sys\ntrain, test = make_data(200)\nprint(len(train))';
    assert.equal(
      rewritten(source, HELPERS),
      [
        'import sys',
        'import random',
        '',
        'def make_data(n_points=100):',
        '    random.seed(42)',
        '    xs = [random.random() for _ in range(n_points)]',
        '    return split(xs)',
        '',
        'def split(xs):',
        '    cut = int(0.75 * len(xs))',
        '    return xs[:cut], xs[cut:]',
        '',
        'train, test = make_data(200)',
        'print(len(train))'
      ].join('\n')
    );
  });

  it('copies a class, and a function with its decorators', () => {
    const below =
      'import functools\n\n@functools.lru_cache()\ndef cost(n):\n    return n * 2\n\nclass Box:\n    pass';
    assert.equal(
      rewritten('print(cost(3), Box())', below),
      'import functools\n\n@functools.lru_cache()\ndef cost(n):\n    return n * 2\n\nclass Box:\n    pass\n\nprint(cost(3), Box())'
    );
  });

  it('leaves names bound above, in the cell itself, or by the kernel', () => {
    const below = 'def area(r):\n    return 3 * r * r';
    assert.deepEqual(
      matchesIn(rule, 'print(area(2))', { setup: 'area = len', below }),
      []
    );
    assert.deepEqual(
      matchesIn(rule, 'def area(r):\n    return r\nprint(area(2))', { below }),
      []
    );
    assert.deepEqual(
      matchesIn(rule, 'def f(area):\n    return area(2)', { below }),
      []
    );
    const [match] = matchesIn(rule, 'print(area(2))', { below });
    assert.equal(match.question!.decide('below: '), null);
  });

  it('copies nothing that a value below, not a definition, would have to bind', () => {
    // The name itself is data; or the function reads a global the cell below computes.
    assert.deepEqual(
      matchesIn(rule, 'print(scores)', { below: 'scores = [1, 2]' }),
      []
    );
    assert.deepEqual(
      matchesIn(rule, 'print(scaled(2))', {
        below: 'factor = 3\n\ndef scaled(x):\n    return factor * x'
      }),
      []
    );
    // Nor an import inside a try block, whose fallback would be copied too.
    assert.deepEqual(
      matchesIn(rule, 'print(load())', {
        below:
          'try:\n    import json\nexcept ImportError:\n    json = None\n\ndef load():\n    return json.loads("1")'
      }),
      []
    );
  });

  it('is not asked where no cell below defines the name', () => {
    assert.deepEqual(matchesIn(rule, 'print(area(2))'), []);
  });
});
