import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { versionStringRules } from '../../../../src/core/rules/version-strings';
import { rewriteAfter, testExamples } from './helpers';

testExamples(versionStringRules);

describe('python.version-slice', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(
      versionStringRules,
      'python.version-slice',
      cell,
      'import sklearn\nimport pandas as pd'
    );
  const minor = (module: string) =>
    `int(${module}.__version__.split('.')[1]) + 100 * int(${module}.__version__.split('.')[0])`;

  it('counts a version read at positions 2 to 4 as 100 × major + minor', () => {
    assert.equal(
      rewrite('skversion = int(sklearn.__version__[2:4])'),
      `skversion = ${minor('sklearn')}`
    );
    assert.equal(
      rewrite('if int(pd.__version__[2:4]) < 18:\n    pass'),
      `if ${minor('pd')} < 18:\n    pass`
    );
    assert.equal(
      rewrite('v = 2 * int(sklearn.__version__[2:4])'),
      `v = 2 * (${minor('sklearn')})`
    );
  });

  it('leaves other reads of a version alone', () => {
    for (const cell of [
      'v = int(sklearn.__version__[0])',
      'v = float(sklearn.__version__[:4])',
      'v = sklearn.__version__[2:4]',
      'v = int(text[2:4])'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('python.version-guard', () => {
  const rewrite = (cell: string) =>
    rewriteAfter(versionStringRules, 'python.version-guard', cell, '');

  it('takes out a top-level guard that raises or exits on anything but Python 2', () => {
    assert.equal(
      rewrite(
        "import numpy as np\nfrom sys import version_info\nif version_info.major != 2 and version_info.minor != 7:\n    raise Exception('Please use Python 2.7')\n\n%matplotlib inline"
      ),
      'import numpy as np\nfrom sys import version_info\n\n%matplotlib inline'
    );
    assert.equal(
      rewrite(
        "import sys\nif sys.version_info[0] >= 3:\n    print('Python 2 only')\n    sys.exit(1)\nx = 1"
      ),
      'import sys\nx = 1'
    );
    assert.equal(
      rewrite(
        "import sys\nif sys.version[0] != '2':  # check\n    raise RuntimeError('py2')"
      ),
      'import sys\n'
    );
  });

  it('leaves a branch on the version, and a guard on anything else, alone', () => {
    for (const cell of [
      'import sys\nif sys.version_info[0] == 3:\n    import pickle\nelse:\n    import cPickle as pickle',
      "import sys\nif sys.version_info[0] != 2:\n    raise Exception('py2')\nelse:\n    x = 1",
      "import sys\nif sys.version_info[0] != 2 and strict:\n    raise Exception('py2')",
      "if len(data) < 10:\n    raise Exception('too few rows')",
      "import sys\ndef check():\n    if sys.version_info[0] != 2:\n        raise Exception('py2')",
      "import sys\nif sys.version_info[0] != 2:\n    x = 2\n    raise Exception('py2')"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('python.version-lines', () => {
  const rewrite = (cell: string, setup = 'import sys') =>
    rewriteAfter(versionStringRules, 'python.version-lines', cell, setup);

  it("reads the last line of a version string that has one, as it is or from sys's own name", () => {
    assert.equal(
      rewrite('print(sys.version.splitlines()[1])'),
      'print(sys.version.splitlines()[-1])'
    );
    assert.equal(
      rewrite("compiler = version.split('\\n')[1]", 'from sys import version'),
      "compiler = version.split('\\n')[-1]"
    );
  });

  it('leaves the first line, other separators and any other version', () => {
    for (const cell of [
      "print(sys.version.split('\\n')[0])",
      'print(sys.version.split()[1])',
      "print(platform.version.split('\\n')[1])",
      "print(version.split('\\n')[1])"
    ]) {
      assert.equal(rewrite(cell, 'import sys\nimport platform'), cell);
    }
  });
});
