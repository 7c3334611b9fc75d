import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  raisedBy,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import {
  pandasNdimKeyRule,
  pandasSeriesKeyRule
} from '../../../../src/core/rules/pandas-series-keys';
import { askingScan, TODAY } from './helpers';

const IMPORTS = 'import numpy as np\nimport pandas as pd';

/** The rule's matches in a cell of a notebook that imports `imports`. */
function scan(cell: string, imports = IMPORTS): IRuleMatch[] {
  const table = importTable([imports, cell].map(prepareSource));
  return scanSource(cell, [pandasSeriesKeyRule], {
    versions: TODAY,
    imports: table
  });
}

/** The subscripts the rule asks about. */
function asked(cell: string, imports = IMPORTS): string[] {
  return scan(cell, imports).map(m => cell.slice(m.from, m.to));
}

describe('integer keys on a Series', () => {
  it('asks about literal keys, loop counters and arithmetic on them', () => {
    const cell = [
      "a = s[0] + s[-1] + s[[0, 1]] + df['n'][2]",
      'for i in range(n):',
      '    b = s[i] + s[i + n] + s[index + i]',
      'for j, row in enumerate(rows):',
      '    s[j] = row'
    ].join('\n');
    assert.deepEqual(asked(cell), [
      's[0]',
      's[-1]',
      's[[0, 1]]',
      "df['n'][2]",
      's[i]',
      's[i + n]',
      's[index + i]',
      's[j]'
    ]);
  });

  it('leaves keys that are labels or slices, indexers, shapes, modules and literals alone', () => {
    const cell = [
      "a = s['x'] + s[key] + s[1:3] + s[1.5] + s[f(0)]",
      'b = s.iloc[0] + s.loc[0] + x.shape[0] + df.values[0] + np.r_[0]',
      'c = [1, 2][0] + {0: 1}[0]',
      'del s[0]'
    ].join('\n');
    assert.deepEqual(asked(cell), []);
  });

  it('leaves names the cell binds to lists, arrays and other plain values alone', () => {
    const cell = [
      'costs = []',
      'w = np.zeros(3)',
      'idx = list(range(3))',
      's = frame.mean()',
      'x = costs[0] + w[0] + idx[0] + s[0]'
    ].join('\n');
    assert.deepEqual(asked(cell), ['s[0]']);
  });

  it('asks about a bare name only in a notebook that imports pandas', () => {
    assert.deepEqual(asked('x = s[0]', 'import numpy as np'), []);
    assert.deepEqual(asked("x = df['n'][0]", 'import numpy as np'), [
      "df['n'][0]"
    ]);
  });

  it('rewrites only a Series whose index is not integers, for an integer key', () => {
    const [match] = scan('x = s[0]');
    const decide = match.question!.decide;
    assert.deepEqual(decide('Series|datetime64|int'), [
      { from: 5, to: 5, insert: '.iloc' }
    ]);
    assert.ok(decide('Series|string|ints'));
    for (const answer of [
      'Series|integer|int',
      'Series|mixed-integer|int',
      'Series|floating|int',
      'Series|string|other',
      'DataFrame|string|int',
      'dict||int',
      'ndarray||int'
    ]) {
      assert.equal(decide(answer), null, answer);
    }
  });

  it('asks at module level in the namespace, inside a function in its failed frame', () => {
    const [top] = scan('x = s[0]');
    assert.match(top.question!.expression, /^\(lambda o, k/);
    const cell = '\n@wraps\ndef f(s):\n    return s[0]';
    const [inner] = scan(cell);
    const expression = inner.question!.expression;
    assert.match(expression, /walk_tb/);
    // The decorator's line, also counted without the cell's leading blank line.
    assert.match(
      expression,
      /co_name == 'f' and f\.f_code\.co_firstlineno in \(2, 1,\)/
    );
    assert.deepEqual(asked('g = lambda s: s[0]'), []);
    const [comprehension] = scan('h = [s[0] for s in xs]');
    assert.match(
      comprehension.question!.expression,
      /co_name == '<listcomp>' and f\.f_code\.co_firstlineno in \(1,\)/
    );
  });

  it('explains the KeyErrors pandas 3 raises for integer keys', () => {
    const errors = [
      '24',
      'np.int64(3)',
      "\"None of [Index([0, 24], dtype='int64', name='Time')] are in the [index]\"",
      "'[2] not in index'"
    ];
    for (const evalue of errors) {
      assert.ok(raisedBy(pandasSeriesKeyRule, { ename: 'KeyError', evalue }));
    }
    for (const evalue of ["'a'", '"[\'x\'] not in index"']) {
      assert.ok(!raisedBy(pandasSeriesKeyRule, { ename: 'KeyError', evalue }));
    }
  });
});

describe('a Series indexed like a 2-D array', () => {
  const { asked, rewritten } = askingScan([pandasNdimKeyRule], IMPORTS);

  it('asks about subscripts that add an axis to a name or a column', () => {
    const cell = [
      'x = df.hours[:, np.newaxis]',
      "y = df['grade'][None, :] + s[1:, None] + t[..., None]",
      'z = a[:, 0] + a[None] + a[:, k] + f(x)[:, None]',
      'a[:, None] = 0'
    ].join('\n');
    assert.deepEqual(asked(cell), [
      'df.hours[:, np.newaxis]',
      "df['grade'][None, :]",
      's[1:, None]',
      't[..., None]'
    ]);
  });

  it('takes the values of a Series or an Index as an array, and leaves arrays alone', () => {
    const cell = 'x = df.hours[:, np.newaxis]';
    assert.equal(
      rewritten(cell, 'Series'),
      'x = df.hours.to_numpy()[:, np.newaxis]'
    );
    assert.equal(
      rewritten('i = df.index[:, None]', 'Index'),
      'i = df.index.to_numpy()[:, None]'
    );
    assert.equal(rewritten(cell, 'ndarray'), cell);
  });

  it('is raised by the error pandas gives', () => {
    const evalue =
      'Multi-dimensional indexing (e.g. `obj[:, None]`) is no longer supported. Convert to a numpy array before indexing instead.';
    assert.ok(raisedBy(pandasNdimKeyRule, { ename: 'ValueError', evalue }));
  });
});
