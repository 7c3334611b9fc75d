import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { numpyRules } from '../../../../src/core/rules/numpy';
import { answered, boundBy, matchesIn, testExamples } from './helpers';

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

describe('np.warnings', () => {
  const rule = numpyRules.find(r => r.id === 'numpy.warnings-module')!;
  const rewritten = (source: string, setup = 'import numpy as np') =>
    proposeRewrite(source, matchesIn(rule, source, { setup }), {
      bound: boundBy({ setup })
    })?.source ?? source;

  it('is the warnings module, imported where the notebook does not import it', () => {
    assert.equal(
      rewritten("np.warnings.filterwarnings('ignore')"),
      "import warnings\nwarnings.filterwarnings('ignore')"
    );
    assert.equal(
      rewritten(
        "import numpy\nnumpy.warnings.simplefilter('ignore', FutureWarning)",
        ''
      ),
      "import numpy\nimport warnings\nwarnings.simplefilter('ignore', FutureWarning)"
    );
    assert.equal(
      rewritten("npy.warnings.filterwarnings('ignore')", 'import numpy as npy'),
      "import warnings\nwarnings.filterwarnings('ignore')"
    );
    // `%pylab` binds np without an import the notebook shows.
    assert.equal(
      rewritten("np.warnings.filterwarnings('ignore')", ''),
      "import warnings\nwarnings.filterwarnings('ignore')"
    );
  });

  it('is spelled as the notebook imports warnings, and imported once', () => {
    assert.equal(
      rewritten(
        "np.warnings.filterwarnings('ignore')",
        'import numpy as np\nimport warnings'
      ),
      "warnings.filterwarnings('ignore')"
    );
    assert.equal(
      rewritten("import warnings\nnp.warnings.filterwarnings('ignore')"),
      "import warnings\nwarnings.filterwarnings('ignore')"
    );
    assert.equal(
      rewritten(
        "np.warnings.filterwarnings('ignore')",
        'import numpy as np\nimport warnings as w'
      ),
      "w.filterwarnings('ignore')"
    );
    assert.equal(
      rewritten(
        "def quiet():\n    np.warnings.simplefilter('ignore')\nwith np.warnings.catch_warnings():\n    quiet()"
      ),
      "import warnings\ndef quiet():\n    warnings.simplefilter('ignore')\nwith warnings.catch_warnings():\n    quiet()"
    );
  });

  it("is the warnings module where numpy's was imported by name", () => {
    assert.equal(
      rewritten("from numpy import warnings\nwarnings.warn('x')", ''),
      "import warnings\nwarnings.warn('x')"
    );
    assert.equal(
      rewritten("from numpy import warnings as w\nw.warn('x')", ''),
      "import warnings as w\nw.warn('x')"
    );
  });

  it('leaves the warnings module, other numpy names and an np of its own', () => {
    for (const [source, setup] of [
      ["import warnings\nwarnings.filterwarnings('ignore')", ''],
      ['with np.testing.suppress_warnings():\n    pass', 'import numpy as np'],
      ["model.np.warnings.filterwarnings('ignore')", 'import numpy as np'],
      ["np = Namespace()\nnp.warnings.filterwarnings('ignore')", '']
    ]) {
      assert.equal(rewritten(source, setup), source, source);
    }
  });
});

describe("an array's ptp()", () => {
  const rule = numpyRules.find(r => r.id === 'numpy.ptp-method')!;
  const rewritten = (source: string, setup = 'import numpy as np') =>
    proposeRewrite(source, matchesIn(rule, source, { setup }), {
      bound: boundBy({ setup })
    })?.source ?? source;

  it("is numpy's ptp of it, with its arguments, in the notebook's numpy spelling", () => {
    assert.equal(
      rewritten('radius = vor.points.ptp().max()'),
      'radius = np.ptp(vor.points).max()'
    );
    assert.equal(
      rewritten('r = a.ptp(axis=1)', 'import numpy'),
      'r = numpy.ptp(a, axis=1)'
    );
    assert.equal(
      rewritten('C = C / C.ptp()', 'import pandas as pd'),
      'import numpy as np\nC = C / np.ptp(C)'
    );
  });

  it("leaves numpy's own function alone", () => {
    for (const source of ['p = np.ptp(p)', 'p = (p - p.min()) / np.ptp(p)']) {
      assert.equal(rewritten(source), source);
    }
  });
});
