import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRules, RulesFixer } from '../../../../src/core';
import { notebookJson } from '../../helpers/jupyter';
import { printedTexts, runLoopOnKernel, useKernel } from './loop-on-kernel';

describe('runLoop on a real kernel', { timeout: 60_000 }, () => {
  const session = useKernel();

  it('asks the live kernel how to rewrite .ix before the cell runs, verifies from the top', async () => {
    const { document, events, verdict, restarts } = await runLoopOnKernel(
      session(),
      notebookJson([
        [
          'code',
          "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]}, index=['x', 'y', 'z'])"
        ],
        ['markdown', '# Rows'],
        ['code', "print(df.ix[1:]['a'].tolist())"]
      ]),
      [new RulesFixer(allRules)]
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(
      document.source('cell-id-2'),
      "print(df.iloc[1:]['a'].tolist())"
    );
    assert.equal(restarts, 1);
    const finished = events.at(-1);
    assert.equal(finished?.kind, 'finished');
    // Cell 1 makes df; cell 3 is fixed before it runs (the kernel knows df by then), so
    // it runs once; then the verification's two.
    assert.equal(finished?.kind === 'finished' && finished.executions, 4);
    assert.ok(!events.some(event => event.kind === 'diagnosis'));
    const printed = printedTexts(events);
    assert.equal(printed.at(-1), '[2, 3]\n');
  });
});
