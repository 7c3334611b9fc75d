import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { numpyRules } from '../../../../src/core/rules/numpy';
import { matchesIn, testExamples } from './helpers';

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
