import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  RulesFixer,
  type IEditableNotebook,
  type IFixRequest
} from '../../../../src/core';
import {
  importTable,
  namesBound,
  namesBoundBefore,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { TODAY } from './helpers';

// The import cell as it was: the loop reads the notebook's imports as it was and as it is.
const ORIGINAL = prepareSource('from sklearn.preprocessing import Imputer');

/** A cell rewritten by every rule, as the cell at `index` of `cells`. */
function rewriteCell(cells: string[], index: number): string | undefined {
  const prepared = cells.map(prepareSource);
  const matches = scanSource(cells[index], allRules, {
    versions: TODAY,
    imports: importTable([ORIGINAL, ...prepared])
  });
  const bound = namesBoundBefore(prepared.slice(0, index));
  return proposeRewrite(cells[index], matches, { bound })?.source;
}

const IMPUTE =
  "imp = Imputer(missing_values='NaN', strategy='mean', axis=0)\nX = imp.fit_transform(X)";
const FIXED =
  "imp = SimpleImputer(missing_values=np.nan, strategy='mean')\nX = imp.fit_transform(X)";

describe('names a rewrite introduces', () => {
  it('imports numpy in the cell that needs it when the notebook imports it only later', () => {
    const cells = [
      'from sklearn.impute import SimpleImputer',
      IMPUTE,
      'import numpy as np'
    ];
    assert.equal(rewriteCell(cells, 1), `import numpy as np\n${FIXED}`);
  });

  it('adds nothing when an earlier cell binds the name', () => {
    const cells = [
      'import numpy as np\nfrom sklearn.impute import SimpleImputer',
      IMPUTE
    ];
    assert.equal(rewriteCell(cells, 1), FIXED);
  });

  it("follows the notebook's own alias and from-import style", () => {
    const aliased = [
      'from sklearn.impute import SimpleImputer',
      IMPUTE,
      'import numpy as numpy_'
    ];
    assert.equal(
      rewriteCell(aliased, 1),
      `import numpy as numpy_\n${FIXED.replace('np.nan', 'numpy_.nan')}`
    );
    const named = [
      'from numpy import nan\nfrom sklearn.impute import SimpleImputer',
      IMPUTE
    ];
    assert.equal(rewriteCell(named, 1), FIXED.replace('np.nan', 'nan'));
  });

  it('imports before the statement that first needs it, not after a later import in the cell', () => {
    const cell = `from sklearn.impute import SimpleImputer\nX = [[1.0]]\n${IMPUTE}\nimport numpy as np`;
    assert.equal(
      rewriteCell([cell], 0),
      `from sklearn.impute import SimpleImputer\nX = [[1.0]]\nimport numpy as np\n${FIXED}\nimport numpy as np`
    );
  });

  it('imports at module level above a function that needs it, and after a cell magic', () => {
    const cell =
      "%%time\nfrom sklearn.impute import SimpleImputer\ndef impute(X):\n    return Imputer(missing_values='NaN').fit_transform(X)";
    assert.equal(
      rewriteCell([cell], 0),
      '%%time\nfrom sklearn.impute import SimpleImputer\nimport numpy as np\ndef impute(X):\n    return SimpleImputer(missing_values=np.nan).fit_transform(X)'
    );
  });

  it('imports a moved name used in a cell whose import cell is still the old one', () => {
    const cells = [
      'from sklearn.preprocessing import Imputer\nimport numpy as np',
      "imp = Imputer(strategy='median')"
    ];
    assert.equal(
      rewriteCell(cells, 1),
      "from sklearn.impute import SimpleImputer\nimp = SimpleImputer(strategy='median')"
    );
  });
});

describe('namesBound', () => {
  it('reads imports, assignments, definitions, loops and with targets at module level', () => {
    const names = namesBound(
      prepareSource(
        'import os.path\nimport numpy as np\nfrom a import (b as c, d)\nx, (y, z) = w = 1\nfor i, j in q: pass\nwith open(p) as f: pass\ndef g(): local = 1\nclass K: pass\nv[0] = 1'
      )
    );
    assert.deepEqual([...names].sort(), [
      'K',
      'c',
      'd',
      'f',
      'g',
      'i',
      'j',
      'np',
      'os',
      'os.path',
      'w',
      'x',
      'y',
      'z'
    ]);
  });
});

describe('RulesFixer and the cells above', () => {
  it('imports numpy only where no cell above binds it', async () => {
    const fixer = new RulesFixer(allRules);
    const ask = async (cells: string[]) => {
      const document = {
        codeCells: () => cells.map((source, i) => ({ id: `c${i}`, source }))
      } as unknown as IEditableNotebook;
      const request: IFixRequest = {
        kind: 'error-repair',
        target: { kind: 'cell', cellId: `c${cells.length - 1}` },
        source: cells[cells.length - 1],
        findings: [],
        environment: {
          versions: TODAY,
          imports: importTable([ORIGINAL, ...cells.map(prepareSource)])
        },
        document
      };
      return (await fixer.propose(request))?.after;
    };
    const setup = 'from sklearn.impute import SimpleImputer';
    assert.equal(await ask([setup, IMPUTE]), `import numpy as np\n${FIXED}`);
    assert.equal(await ask([`import numpy as np\n${setup}`, IMPUTE]), FIXED);
  });
});
