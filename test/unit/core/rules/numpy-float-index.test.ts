import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import { numpyFloatIndexRules } from '../../../../src/core/rules/numpy-float-index';
import { answered, testExamples, TODAY } from './helpers';

function scan(cell: string): IRuleMatch[] {
  const imports = importTable(['import numpy as np', cell].map(prepareSource));
  return scanSource(cell, numpyFloatIndexRules, { versions: TODAY, imports });
}

/** The keys the rule asks about. */
function asked(cell: string): string[] {
  return scan(cell).map(m => cell.slice(m.from, m.to));
}

/** The cell as rewritten when the kernel gives `answer` to every question. */
function rewritten(cell: string, answer: string): string {
  return proposeRewrite(cell, answered(scan(cell), answer))?.source ?? cell;
}

testExamples(numpyFloatIndexRules);

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
