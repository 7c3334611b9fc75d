import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  importTable,
  namesBound,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { unsafeReasons } from '../../../../src/core/review/safety';
import { TODAY } from './helpers';

/** A cell after the rules' rewrite, in a notebook whose first cell is `imports`. */
function rewritten(cell: string, imports = 'import pandas as pd'): string {
  const table = importTable([imports, cell].map(prepareSource));
  const matches = scanSource(cell, allRules, {
    versions: TODAY,
    imports: table
  });
  const bound = new Set([...namesBound(prepareSource(imports)), 'url']);
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe("read_csv's prefix", () => {
  it('becomes add_prefix on numbered columns, with header=None by keyword or position', () => {
    assert.equal(
      rewritten("df = pd.read_csv(url, header=None, prefix='V', sep=';')"),
      "df = pd.read_csv(url, header=None, sep=';').add_prefix('V')"
    );
    assert.equal(
      rewritten("df = pd.read_table(url, '\\t', None, None, prefix=p)"),
      "df = pd.read_table(url, '\\t', None, None).add_prefix(p)"
    );
    assert.equal(
      rewritten(
        "from pandas import read_csv\ndf = read_csv(url, header=None, prefix='X')",
        ''
      ),
      "from pandas import read_csv\ndf = read_csv(url, header=None).add_prefix('X')"
    );
  });

  it('is not flagged for the network read the notebook itself makes', () => {
    const cell =
      "df = pd.read_csv('https://example.org/sonar.csv', header=None, prefix='X')";
    const imports = importTable(
      ['import pandas as pd', cell].map(prepareSource)
    );
    const matches = scanSource(cell, allRules, { versions: TODAY, imports });
    const after = rewritten(cell);
    assert.match(after, /add_prefix/);
    assert.deepEqual(
      unsafeReasons(cell, after, {
        imports,
        trusted: matches.flatMap(match => match.edits)
      }),
      []
    );
  });

  it('only goes where a header row or names named the columns', () => {
    assert.equal(
      rewritten("df = pd.read_csv(url, prefix='X')"),
      'df = pd.read_csv(url)'
    );
    assert.equal(
      rewritten("df = pd.read_csv(url, header=None, names=cols, prefix='X')"),
      'df = pd.read_csv(url, header=None, names=cols)'
    );
  });

  it('is left alone on a reader of chunks, and on other functions', () => {
    const chunks =
      "it = pd.read_csv(url, header=None, prefix='X', chunksize=10)";
    assert.equal(rewritten(chunks), chunks);
    const other =
      "df = df.add_suffix('x')\ntable = make_table(url, prefix='X')";
    assert.equal(rewritten(other), other);
  });
});

describe('np.math', () => {
  it("is the math module, in the notebook's own spelling of it", () => {
    assert.equal(
      rewritten(
        'y = np.math.factorial(3)',
        'import numpy as np\nimport math as m'
      ),
      'y = m.factorial(3)'
    );
    assert.equal(
      rewritten('import numpy\ny = numpy.math.pi', ''),
      'import numpy\nimport math\ny = math.pi'
    );
  });
  it('is read through np where %pylab bound it, as are the other numpy rules', () => {
    assert.equal(
      rewritten('y = np.math.factorial(3) * np.float(2)', '%pylab inline'),
      'import math\ny = math.factorial(3) * float(2)'
    );
    const own = 'np = Namespace()\ny = np.math.factorial(3)';
    assert.equal(rewritten(own, ''), own);
  });
});
