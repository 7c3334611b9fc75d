import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IFixer } from '../../../../src/core';
import { notebookJson } from '../../helpers/jupyter';
import { printedTexts, runLoopOnKernel, useKernel } from './loop-on-kernel';

/** A fixer that proposes one source for a failing cell, as an LLM might. */
function proposes(name: string, after: string): IFixer {
  return {
    name,
    propose: async request =>
      request.failure
        ? {
            id: name,
            target: request.target,
            kind: request.kind,
            before: request.source,
            after,
            rationale: `${name} fix`,
            ruleIds: [],
            fixer: name,
            unsafe: []
          }
        : null
  };
}

describe(
  'runLoop takes back a fix on a real kernel',
  { timeout: 60_000 },
  () => {
    const session = useKernel();

    it('takes back a fix whose cell fails on the name it brought in, then applies the next one', async () => {
      const { document, events, verdict } = await runLoopOnKernel(
        session(),
        notebookJson([
          ['code', "import pandas as pd\ndf = pd.DataFrame({'a': [3, 1, 2]})"],
          ['code', "print(df.sort('a')['a'].tolist())"]
        ]),
        // `np` is not imported anywhere: the first fix makes the cell fail on it.
        [
          proposes('unbound', "print(np.sort(df['a']).tolist())"),
          proposes('bound', "print(sorted(df['a'].tolist()))")
        ]
      );
      assert.deepEqual(verdict, { kind: 'reproducible' });
      const reverted = events.filter(e => e.kind === 'reverted');
      assert.equal(reverted.length, 1);
      assert.match(
        reverted[0].kind === 'reverted' ? reverted[0].change.why : '',
        /brought in 'np'.*NameError: name 'np' is not defined/
      );
      assert.equal(
        document.source('cell-id-1'),
        "print(sorted(df['a'].tolist()))"
      );
      const printed = printedTexts(events);
      assert.equal(printed.at(-1), '[1, 2, 3]\n');
    });
  }
);
