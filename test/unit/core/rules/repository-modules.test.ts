import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { repositoryModuleRules } from '../../../../src/core/rules/repository-modules';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(repositoryModuleRules);

const [rule] = repositoryModuleRules;
const FILES = [
  '../../skbayes/__init__.py',
  '../../skbayes/linear_models/__init__.py',
  'helpers.py',
  'data/x.csv'
];

/** The cell rewritten when the kernel gives `answer` to every question. */
function rewritten(source: string, files = FILES, answer = 'True'): string {
  const matches = answered(matchesIn(rule, source, { files }), answer);
  return proposeRewrite(source, matches)?.source ?? source;
}

describe("a package of the notebook's repository", () => {
  it('goes on sys.path before the import, where the kernel cannot import it', () => {
    assert.equal(
      rewritten(
        'import numpy as np\nfrom skbayes.linear_models import EBLinearRegression'
      ),
      "import numpy as np\nimport sys\nsys.path.insert(0, '../..')\nfrom skbayes.linear_models import EBLinearRegression"
    );
    assert.equal(
      rewritten('if True:\n    import skbayes.linear_models as lm'),
      "import sys\nif True:\n    sys.path.insert(0, '../..')\n    import skbayes.linear_models as lm"
    );
  });

  it('goes on sys.path once per folder, before the first module the kernel cannot import', () => {
    const files = [
      '../mylib/my_utils.py',
      '../mylib/knn.py',
      '../mylib/frame.py'
    ];
    assert.equal(
      rewritten(
        'import math\nimport frame\nimport my_utils\nimport knn',
        files,
        'False True True'
      ),
      "import math\nimport sys\nimport frame\nsys.path.insert(0, '../mylib')\nimport my_utils\nimport knn"
    );
    assert.equal(
      rewritten('import frame, knn', files, 'False False'),
      'import frame, knn'
    );
  });

  it('is left where the kernel imports it, or the module is beside the notebook', () => {
    const source = 'from skbayes.linear_models import EBLinearRegression';
    assert.equal(rewritten(source, FILES, 'False'), source);
    assert.deepEqual(matchesIn(rule, 'import helpers', { files: FILES }), []);
  });

  it('of several of that name, is the one in the nearest folder above the notebook', () => {
    const files = [
      '../../utils.py',
      '../utils.py',
      '../team/utils.py',
      '../../other/utils.py'
    ];
    assert.equal(
      rewritten('import utils', files),
      "import sys\nsys.path.insert(0, '..')\nimport utils"
    );
  });

  it('is left where the repository has none, or several of that name none above', () => {
    const source = 'import utils';
    assert.deepEqual(matchesIn(rule, source, { files: FILES }), []);
    assert.deepEqual(
      matchesIn(rule, source, {
        files: ['../a/utils.py', '../b/utils/__init__.py']
      }),
      []
    );
    assert.deepEqual(
      matchesIn(rule, 'from . import utils', { files: ['../utils.py'] }),
      []
    );
  });
});
