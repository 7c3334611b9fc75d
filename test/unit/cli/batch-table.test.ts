import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBatchTable } from '../../../src/cli/batch-table';

describe('formatBatchTable', () => {
  it('lines up the numbers under their heading, the verdict last whatever its length', () => {
    assert.equal(
      formatBatchTable([
        {
          notebook: 'titanic-2017.ipynb',
          verdict: 'reproducible',
          fixes: 8,
          executions: 37,
          seconds: 71.25
        },
        {
          notebook: 'sub/iris.ipynb',
          verdict: "fails at cell 7 (KeyError: 'price')",
          fixes: 12,
          executions: 9,
          seconds: 4
        },
        { notebook: 'late.ipynb', verdict: 'not run: interrupted' }
      ]),
      [
        '  notebook            fixes  executions  seconds  verdict',
        '  titanic-2017.ipynb      8          37     71.3  reproducible',
        "  sub/iris.ipynb         12           9      4.0  fails at cell 7 (KeyError: 'price')",
        '  late.ipynb              -           -        -  not run: interrupted'
      ].join('\n')
    );
  });

  it('has a tokens column only when an LLM was used', () => {
    const table = formatBatchTable([
      {
        notebook: 'a.ipynb',
        verdict: 'reproducible',
        fixes: 1,
        executions: 3,
        seconds: 2,
        tokens: 1234
      },
      { notebook: 'b.ipynb', verdict: 'could not run (see above)' }
    ]);
    assert.equal(
      table,
      [
        '  notebook  fixes  executions  seconds  tokens  verdict',
        '  a.ipynb       1           3      2.0    1234  reproducible',
        '  b.ipynb       -           -        -       -  could not run (see above)'
      ].join('\n')
    );
  });
});
