import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numpyIndexRules } from '../../../../src/core/rules/numpy-indices';
import { proposeRewrite } from '../../../../src/core/rules';
import { answered, askingScan, testExamples } from './helpers';

const { asked, rewritten } = askingScan(
  numpyIndexRules.filter(r => r.id === 'numpy.float-index'),
  'import numpy as np'
);

testExamples(numpyIndexRules);

describe('float indices of a numpy array', () => {
  it('asks about keys that are names, attributes or subscripts', () => {
    const cell = [
      'plt.scatter(x, y, c=colormap[iris.species])',
      'a[i, 0] = b[df["k"]]',
      'z = a[1:n] + a[2] + a["x"] + a[i + 1] + f(x)[i]'
    ].join('\n');
    assert.deepEqual(asked(cell), ['iris.species', 'i', 'df["k"]']);
  });

  it('truncates a float array or scalar of an ndarray, as numpy did', () => {
    assert.equal(
      rewritten('c = colors[labels]', 'ndarray|array|f'),
      'c = colors[labels.astype(int)]'
    );
    assert.equal(
      rewritten('m = x[mid, 0]', 'ndarray|scalar|float'),
      'm = x[int(mid), 0]'
    );
    assert.equal(
      rewritten('m = x[mid]', 'ndarray|scalar|f'),
      'm = x[int(mid)]'
    );
  });

  it('leaves integer keys and pandas objects, which take float labels, alone', () => {
    for (const answer of [
      'ndarray|array|i',
      'ndarray|scalar|int',
      'Series|array|f',
      'DataFrame|scalar|float',
      'list|scalar|float'
    ]) {
      assert.equal(
        rewritten('c = colors[labels]', answer),
        'c = colors[labels]'
      );
    }
  });
});

describe('a mask of another length than its array', () => {
  const mask = numpyIndexRules.find(r => r.id === 'numpy.mask-length')!;
  const { scan: masks, asked } = askingScan([mask], 'import numpy as np');

  it('asks about names and comparisons of names, not calls or arithmetic', () => {
    const cell =
      'v = vals[labels == c] + vals[keep] + vals[f(x) == c] + vals[a + b] + vals[0]';
    assert.deepEqual(asked(cell), ['labels == c', 'keep']);
  });

  it('picks the positions of its True values, as numpy did', () => {
    const cell = 'v = vals[labels == c]';
    const rewrite = (answer: string) =>
      proposeRewrite(cell, answered(masks(cell), answer), {
        bound: new Set(['np'])
      })?.source ?? cell;
    assert.equal(
      rewrite('ndarray|bool|1|True'),
      'v = vals[np.flatnonzero(labels == c)]'
    );
    for (const answer of [
      'ndarray|bool|1|False',
      'ndarray|bool|2|False',
      'ndarray|int64|1|True',
      'Series|bool|1|True'
    ]) {
      assert.equal(rewrite(answer), cell, answer);
    }
  });
});

describe('a list of indices per dimension', () => {
  const scan = askingScan(
    numpyIndexRules.filter(r => r.id === 'numpy.list-of-indices'),
    'import numpy as np'
  );

  it("asks about list keys made of names and index makers, not calls that may do more or a frame's columns", () => {
    assert.deepEqual(
      scan.asked(
        "a = x[[np.arange(0, 8)]] + x[[rows, cols]] + x[[load(i)]] + df[['a', 'b']] + x[i]"
      ),
      ['[np.arange(0, 8)]', '[rows, cols]']
    );
  });

  it("writes the tuple numpy read for an array or an Index, and leaves a frame's columns", () => {
    assert.equal(
      scan.rewritten('y = x[[rows, cols]]', 'numpy|ndarray|True'),
      'y = x[rows, cols]'
    );
    assert.equal(
      scan.rewritten('y = x[[rows, cols]]', 'numpy|ndarray|False'),
      'y = x[[rows, cols]]'
    );
    assert.equal(
      scan.rewritten("y = df[['a']]", 'pandas|DataFrame|False'),
      "y = df[['a']]"
    );
    assert.equal(
      scan.rewritten('y = s[[idx]]', 'pandas|Series|True'),
      'y = s[[idx]]'
    );
  });
});
