import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  captureOriginal,
  parseNotebook,
  revertAll,
  unifiedDiff,
  type IChange,
  type IProposal
} from '../../../../src/core';

function proposal(overrides: Partial<IProposal> = {}): IProposal {
  return {
    id: 'p1',
    target: { kind: 'cell', cellId: 'a' },
    kind: 'error-repair',
    before: 'import pandas as pd\ndf.ix[0]',
    after: 'import pandas as pd\ndf.loc[0]',
    rationale: '`.ix` was removed',
    ruleIds: ['pandas.ix'],
    fixer: 'rules',
    unsafe: [],
    ...overrides
  };
}

describe('unifiedDiff', () => {
  it('labels a cell and shows the changed line', () => {
    const diff = unifiedDiff(proposal(), 'cell 3');
    assert.match(diff, /^--- a\/cell 3/m);
    assert.match(diff, /^\+\+\+ b\/cell 3/m);
    assert.match(diff, /^-df\.ix\[0\]$/m);
    assert.match(diff, /^\+df\.loc\[0\]$/m);
    assert.doesNotMatch(diff, /No newline/);
  });

  it('labels a module by its path', () => {
    const diff = unifiedDiff(
      proposal({ target: { kind: 'module', path: 'lib/mlutils.py' } })
    );
    assert.match(diff, /^--- a\/lib\/mlutils\.py/m);
  });
});

describe('revertAll', () => {
  it('lists the changed cells with their original source and each module before its first change', () => {
    const notebook = parseNotebook(
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [
          {
            id: 'a',
            cell_type: 'code',
            source: 'df.ix[0]',
            metadata: {},
            outputs: [],
            execution_count: null
          },
          {
            id: 'b',
            cell_type: 'code',
            source: 'print(1)',
            metadata: {},
            outputs: [],
            execution_count: null
          },
          { id: 'm', cell_type: 'markdown', source: '# x', metadata: {} }
        ]
      })
    );
    const original = captureOriginal(notebook);
    const now = new Map([
      ['a', 'df.loc[0]'],
      ['b', 'print(1)']
    ]);
    const change = (p: IProposal): IChange => ({
      proposal: p,
      applied: p.after,
      at: ''
    });
    const module = { kind: 'module' as const, path: 'mlutils.py' };
    const plan = revertAll(original, { source: id => now.get(id) ?? null }, [
      change(proposal({ target: module, before: 'v1', after: 'v2' })),
      change(proposal({ target: module, before: 'v2', after: 'v3' }))
    ]);
    assert.deepEqual(plan, {
      cells: [{ cellId: 'a', source: 'df.ix[0]' }],
      modules: [{ path: 'mlutils.py', source: 'v1' }]
    });
  });
});
