import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildReport,
  captureOriginal,
  metadataRecord,
  parseNotebook,
  reportMarkdown,
  type IChange,
  type IProposal,
  type ISessionRecord,
  type Verdict
} from '../../../../src/core';

const original = captureOriginal(
  parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        {
          id: 'intro',
          cell_type: 'markdown',
          metadata: {},
          source: '# Titanic'
        },
        {
          id: 'load',
          cell_type: 'code',
          metadata: {},
          source: 'df.ix[0]',
          outputs: [],
          execution_count: 1
        },
        {
          id: 'empty',
          cell_type: 'code',
          metadata: {},
          source: '',
          outputs: [],
          execution_count: null
        }
      ]
    })
  )
);

const change: IChange = {
  proposal: {
    id: 'p1',
    target: { kind: 'cell', cellId: 'load' },
    kind: 'error-repair',
    before: 'df.ix[0]',
    after: 'df.loc[0]',
    rationale: '`.ix` was removed in pandas 1.0.',
    ruleIds: ['pandas.ix'],
    fixer: 'rules',
    unsafe: []
  },
  applied: 'df.loc[0]',
  at: '2026-01-01T00:00:00.000Z'
};

function record(verdict: Verdict = { kind: 'reproducible' }): ISessionRecord {
  return {
    tool: { name: 'jupyterlab-modernizer', version: '0.1.0' },
    notebook: 'titanic.ipynb',
    original,
    versions: new Map([
      ['python', '3.11.7'],
      ['pandas', '3.0.0']
    ]),
    verdict,
    changes: [change],
    executions: 2,
    elapsedMs: 1234,
    date: new Date('2026-01-02T03:04:05Z')
  };
}

describe('buildReport', () => {
  it('lists every change by cell number with its rules and why, the versions, executions and seconds', () => {
    const report = buildReport(record());
    assert.equal(report.outcome, 'reproducible');
    assert.deepEqual(report.libraries, { pandas: '3.0.0', python: '3.11.7' });
    assert.deepEqual(report.changes, [
      {
        where: 'cell 2',
        cellId: 'load',
        kind: 'error-repair',
        rules: ['pandas.ix'],
        fixer: 'rules',
        why: '`.ix` was removed in pandas 1.0.',
        before: 'df.ix[0]',
        after: 'df.loc[0]'
      }
    ]);
    assert.equal(report.executions, 2);
    assert.equal(report.codeCells, 1);
    assert.equal(report.seconds, 1.2);
  });

  it('names the failing cell and the error in the outcome', () => {
    const report = buildReport(
      record({
        kind: 'fails',
        cellId: 'load',
        position: 1,
        result: {
          status: 'error',
          ename: 'KeyError',
          evalue: "'Age'",
          outputs: [],
          executionCount: 1,
          durationMs: 1
        }
      })
    );
    assert.equal(report.outcome, "fails at cell 2 (KeyError: 'Age')");
    const long = buildReport(
      record({
        kind: 'fails',
        cellId: 'load',
        position: 1,
        result: {
          status: 'error',
          ename: 'ImportError',
          evalue: '\n`load_boston` has been removed.\n\nMany more lines.',
          outputs: [],
          executionCount: 1,
          durationMs: 1
        }
      })
    );
    assert.equal(
      long.outcome,
      'fails at cell 2 (ImportError: `load_boston` has been removed.)'
    );
  });

  it('gives a compact metadata record and Markdown with the diff', () => {
    const report = buildReport(
      record({ kind: 'stopped', reason: 'max-fixes' })
    );
    assert.deepEqual(metadataRecord(report), {
      version: '0.1.0',
      date: '2026-01-02T03:04:05.000Z',
      libraries: { pandas: '3.0.0', python: '3.11.7' },
      changes: [
        {
          cell: 'cell 2',
          kind: 'error-repair',
          rules: ['pandas.ix'],
          rationale: '`.ix` was removed in pandas 1.0.'
        }
      ],
      verdict: 'stopped: the maximum number of fixes was reached'
    });
    const markdown = reportMarkdown(report);
    assert.match(markdown, /^# Modernization of titanic\.ipynb/);
    assert.match(markdown, /^-df\.ix\[0\]$/m);
    assert.match(markdown, /^\+df\.loc\[0\]$/m);
    assert.match(markdown, /`pandas\.ix`/);
  });
});

describe('reports of notebooks by others', () => {
  const missing = {
    status: 'error' as const,
    ename: 'ModuleNotFoundError',
    evalue: "No module named 'statsmodels'",
    outputs: [],
    executionCount: 1,
    durationMs: 1
  };

  it('says what to install when blocked, in the outcome, the JSON and the Markdown', () => {
    const report = buildReport(
      record({
        kind: 'blocked',
        cellId: 'load',
        position: 1,
        result: missing,
        blocker: {
          kind: 'install',
          module: 'statsmodels',
          package: 'statsmodels'
        }
      })
    );
    assert.equal(report.verdict, 'blocked');
    assert.match(report.outcome, /^blocked: install statsmodels \(cell 2: /);
    assert.deepEqual(report.blocked, {
      kind: 'install',
      module: 'statsmodels',
      package: 'statsmodels',
      where: 'cell 2'
    });
    const markdown = reportMarkdown(report);
    assert.match(markdown, /\*\*Outcome: blocked: install statsmodels/);
    assert.match(markdown, /Install `statsmodels` and run again/);
  });

  it('names the data a blocked notebook reads that its repository lacks', () => {
    const report = buildReport(
      record({
        kind: 'blocked',
        cellId: 'load',
        position: 1,
        result: {
          ...missing,
          ename: 'FileNotFoundError',
          evalue: "[Errno 2] No such file or directory: '/home/me/data/x.csv'"
        },
        blocker: { kind: 'download', path: '/home/me/data/x.csv' }
      })
    );
    assert.match(report.outcome, /^blocked: data at \/home\/me\/data\/x\.csv/);
    const markdown = reportMarkdown(report);
    assert.match(
      markdown,
      /cell 2 reads `\/home\/me\/data\/x\.csv`, which is nowhere in the notebook's repository/
    );
    assert.doesNotMatch(markdown, /not reachable/);
  });

  it('lists the cells that raised as in the original, and the changes taken back with why', () => {
    const report = buildReport({
      ...record(),
      changes: [],
      reverted: [
        { ...change, why: "it brought in 'np', and the code then failed on it" }
      ],
      expectedErrors: [{ cellId: 'load', ename: 'KeyError' }]
    });
    assert.deepEqual(
      report.reverted.map(r => [r.where, r.whyReverted]),
      [['cell 2', "it brought in 'np', and the code then failed on it"]]
    );
    const markdown = reportMarkdown(report);
    assert.match(markdown, /cell 2 raised KeyError as in the original/);
    assert.match(markdown, /## Changes taken back/);
    assert.match(markdown, /Taken back: it brought in 'np'/);
  });
});

describe('rejected proposals in the report', () => {
  const unsafe: IProposal = {
    id: 'p2',
    target: { kind: 'cell', cellId: 'load' },
    kind: 'error-repair',
    before: 'df.ix[0]',
    after: "import shutil\nshutil.rmtree('cache')\ndf.loc[0]",
    rationale: 'start from an empty cache',
    ruleIds: [],
    fixer: 'llm',
    unsafe: ['deletes files']
  };
  const reason =
    'flagged unsafe (deletes files: shutil.rmtree (line 2)); review it by hand';

  it('lists each with where it was, the fixer, the reason and every unsafe flag, in the JSON and the Markdown', () => {
    const report = buildReport({
      ...record(),
      rejected: [{ proposal: unsafe, reason }]
    });
    assert.equal(report.rejected.length, 1);
    const [rejection] = report.rejected;
    assert.equal(rejection.where, 'cell 2');
    assert.equal(rejection.cellId, 'load');
    assert.equal(rejection.fixer, 'llm');
    assert.equal(rejection.reason, reason);
    assert.deepEqual(rejection.unsafe, ['deletes files']);
    assert.deepEqual(
      rejection.flags.map(f => [f.capability, f.detail, f.line]),
      [['delete', 'shutil.rmtree', 2]]
    );
    const markdown = reportMarkdown(report);
    assert.match(markdown, /^## Proposals rejected$/m);
    assert.match(markdown, /^### cell 2 \(error-repair\)$/m);
    assert.match(markdown, /Rejected \(llm\): flagged unsafe/);
    assert.match(markdown, /^- deletes files: `shutil\.rmtree` \(line 2\)$/m);
    assert.match(markdown, /^\+shutil\.rmtree\('cache'\)$/m);
  });

  it('has none when nothing was rejected', () => {
    const report = buildReport(record());
    assert.deepEqual(report.rejected, []);
    assert.doesNotMatch(reportMarkdown(report), /Proposals rejected/);
  });

  it('says when the clean first run was the verification', () => {
    const report = buildReport({ ...record(), verifiedByFirstRun: true });
    assert.equal(report.verifiedByFirstRun, true);
    assert.match(
      reportMarkdown(report),
      /\*\*Outcome: reproducible, verified by its clean first run\.\*\*/
    );
    assert.equal(buildReport(record()).verifiedByFirstRun, false);
  });
});
