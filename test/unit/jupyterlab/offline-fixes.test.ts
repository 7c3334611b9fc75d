import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanNotebook, allRules } from '../../../src/core';
import {
  offlineProposals,
  type IOfflineTally
} from '../../../src/jupyterlab/review/offline-fixes';
import { TODAY } from '../core/rules/helpers';

describe('Fix all offline', () => {
  it('finds the eroded lines the preflight scan lists, none from rules that wait for their error', async () => {
    const cells = [
      'import numpy as np',
      // A bare call nothing binds and an import's trailing comma: rules of a failure only.
      'print(np.float(1))\nplot(np.arange(3))',
      'from math import floor,'
    ].map((source, index) => ({ id: `c${index}`, index, source }));
    const environment = { versions: TODAY };
    const tally: IOfflineTally = {
      lines: 0,
      waiting: 0,
      pointOnly: 0,
      leftOut: 0
    };
    const proposals = await offlineProposals({
      cells,
      environment,
      probe: null,
      tally
    });
    const scan = scanNotebook(cells, allRules, environment);
    assert.equal(tally.lines, scan.findings.length);
    assert.deepEqual(
      proposals.map(p => [p.target, p.after]),
      [[{ kind: 'cell', cellId: 'c1' }, 'print(float(1))\nplot(np.arange(3))']]
    );
  });
});
