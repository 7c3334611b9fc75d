import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { numpyRules } from '../../../../src/core/rules/numpy';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(numpyRules);

describe("np.load's allow_pickle", () => {
  const rule = numpyRules.find(r => r.id === 'numpy.load-allow-pickle')!;
  const rewritten = (source: string, setup = 'import numpy as np') =>
    proposeRewrite(source, matchesIn(rule, source, { setup }))?.source ??
    source;

  it("is given to numpy's load, in the notebook's naming", () => {
    assert.equal(
      rewritten("tdm = numpy.load('tdm.npy').tolist()", 'import numpy'),
      "tdm = numpy.load('tdm.npy', allow_pickle=True).tolist()"
    );
    assert.equal(
      rewritten("data = load('x.npy')", 'from numpy import load'),
      "data = load('x.npy', allow_pickle=True)"
    );
  });

  it('leaves other loads, and a load that says already', () => {
    for (const source of [
      "model = pickle.load(open('m.pkl', 'rb'))",
      'config = json.load(f)',
      "x = np.load('x.npy', allow_pickle=False)",
      'x = np.load(**options)'
    ]) {
      assert.equal(
        rewritten(source, 'import numpy as np\nimport pickle, json'),
        source
      );
    }
  });
});

describe("numpy's removed aliases as bare names of a star import", () => {
  const rule = numpyRules.find(r => r.id === 'numpy.star-import-alias')!;
  const rewritten = (source: string, answer: string) =>
    proposeRewrite(source, answered(matchesIn(rule, source), answer))?.source ??
    source;

  it('become the names the star import binds, where the kernel says it bound them', () => {
    assert.equal(
      rewritten("data.loc[data.pdays == -1, 'pdays'] = NaN", 'True'),
      "data.loc[data.pdays == -1, 'pdays'] = nan"
    );
    assert.equal(rewritten('low = NINF', 'True'), 'low = -inf');
    assert.equal(rewritten('x = 2 * NINF', 'True'), 'x = 2 * (-inf)');
  });

  it('stay where the kernel has another name bound, or the notebook binds them', () => {
    assert.equal(rewritten('x = NaN', 'False'), 'x = NaN');
    assert.deepEqual(matchesIn(rule, 'NaN = float("nan")\nx = NaN'), []);
    assert.deepEqual(
      matchesIn(rule, 'from math import inf as Inf\nx = Inf'),
      []
    );
  });
});
