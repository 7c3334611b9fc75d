import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { scipyMiscRules } from '../../../../src/core/rules/scipy-misc';
import { matchesIn, testExamples, TODAY } from './helpers';

testExamples(scipyMiscRules);

/** A source rewritten on its own, as a helper module beside the notebook is. */
function rewrite(source: string, before = ''): string {
  const prepared = [before, source].map(prepareSource);
  const matches = scanSource(source, scipyMiscRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('scipy.misc.imread in a helper module', () => {
  it('reads with Pillow inside a function, importing what the module lacks', () => {
    assert.equal(
      rewrite(
        'import os\nfrom scipy.misc import imread\n\n\ndef picture(name):\n    return imread(name + ".png")\n'
      ),
      'import os\nimport numpy as np\nimport PIL.Image\n\n\ndef picture(name):\n    return np.array(PIL.Image.open(name + ".png"))\n'
    );
  });

  it("spells Pillow and numpy as the module's imports do", () => {
    assert.equal(
      rewrite(
        'import numpy\nfrom PIL import Image\nfrom scipy.misc import imread, imsave\nimg = imread(path, True)'
      ),
      "import numpy\nfrom PIL import Image\nfrom scipy.misc import imsave\nimg = numpy.array(Image.open(path).convert('F'))"
    );
  });

  it('keeps the import while a use is not a call it can rewrite', () => {
    const source =
      'from scipy.misc import imread\nreaders = [imread]\nimg = imread(p)';
    assert.equal(
      rewrite(source),
      'from scipy.misc import imread\nreaders = [imread]\nimport numpy as np\nimport PIL.Image\nimg = np.array(PIL.Image.open(p))'
    );
  });

  it('keeps a block a block when the import sat in one', () => {
    assert.equal(
      rewrite(
        'try:\n    from scipy.misc import imread\nexcept ImportError:\n    pass\nx = imread(p)'
      ),
      'import numpy as np\nimport PIL.Image\ntry:\n    pass\nexcept ImportError:\n    pass\nx = np.array(PIL.Image.open(p))'
    );
  });

  it('leaves an imread the notebook defines or takes from elsewhere', () => {
    for (const [source, before] of [
      ['img = imread(p)', 'def imread(p):\n    return p'],
      ['img = plt.imread(p)', 'import matplotlib.pyplot as plt'],
      ['from imageio import imread\nimg = imread(p)', '']
    ]) {
      assert.equal(rewrite(source, before), source);
    }
  });
});

describe("scipy.misc's sample data", () => {
  it("goes through scipy.datasets where the notebook's own variable has the name", () => {
    const rule = scipyMiscRules.find(r => r.id === 'scipy.misc-face')!;
    const source =
      'try:\n    face = sp.face(gray=True)\nexcept AttributeError:\n    from scipy import misc\n    face = misc.face(gray=True)';
    assert.equal(
      proposeRewrite(source, matchesIn(rule, source))?.source,
      'import scipy.datasets\ntry:\n    face = sp.face(gray=True)\nexcept AttributeError:\n    from scipy import misc\n    face = scipy.datasets.face(gray=True)'
    );
  });
});
