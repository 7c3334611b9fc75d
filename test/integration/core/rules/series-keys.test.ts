import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  allRules,
  KernelExecutor,
  RulesFixer,
  type ICellResult,
  type IEditableNotebook,
  type IFixRequest
} from '../../../../src/core';
import { startTestServer, type ITestServer } from '../../helpers/jupyter';

const DATA =
  "import numpy as np\nimport pandas as pd\nhours = pd.Series([1.0, 2.0, 4.0, 7.0], index=pd.date_range('2020-01-01', periods=4, freq='h'))";
// A function reading a Series by position, and one given arrays only, in one cell.
const CELL = [
  'def trend(series, n):',
  '    total = 0.0',
  '    for i in range(n):',
  '        total += series[i + n] - series[i]',
  '    return total / n',
  '',
  '',
  'def first(values):',
  '    return values[0]',
  '',
  '',
  'print(first(hours.values), trend(hours, 2))'
].join('\n');

/**
 * An integer key inside a function is a position or a label according to the object the
 * function was given, which only the failed call's frame holds: the rule asks there.
 */
describe(
  'integer keys on a Series inside a function',
  { timeout: 120_000 },
  () => {
    let server: ITestServer;
    let executor: KernelExecutor;

    before(async () => {
      server = await startTestServer();
      const session = await server.startKernel();
      executor = new KernelExecutor({ kernel: session.kernel });
      assert.equal((await executor.execute(DATA)).status, 'ok');
    });

    after(async () => {
      await server?.stop();
    });

    const request = (source: string, failure: ICellResult): IFixRequest => ({
      kind: 'error-repair',
      target: { kind: 'cell', cellId: 'c2' },
      source,
      failure,
      findings: [],
      environment: {
        versions: new Map([
          ['python', '3.11'],
          ['pandas', '3.0.0'],
          ['numpy', '2.0.0']
        ]),
        imports: new Map([
          ['np', 'numpy'],
          ['pd', 'pandas']
        ])
      },
      document: {
        codeCells: () => [
          { id: 'c1', source: DATA },
          { id: 'c2', source }
        ]
      } as unknown as IEditableNotebook,
      probe: executor
    });

    it('reads by position where the failed frame held a Series with dates, and leaves the array alone', async () => {
      const failure = await executor.execute(CELL);
      assert.equal(failure.ename, 'KeyError');
      // A question that fails (as another rule's may) does not hide the cell's traceback.
      await assert.rejects(executor.evaluate('undefined_name'));
      const proposal = await new RulesFixer(allRules).propose(
        request(CELL, failure)
      );
      const fixed = CELL.replace(
        'series[i + n] - series[i]',
        'series.iloc[i + n] - series.iloc[i]'
      );
      assert.equal(proposal?.after, fixed);
      const rerun = await executor.execute(fixed);
      assert.equal(rerun.status, 'ok');
      assert.match(JSON.stringify(rerun.outputs), /1\.0 4\.0/);
    });

    it('never asks a global of the same name: the frame held an array', async () => {
      const cell =
        'def head(hours):\n    return hours[0] + not_defined\n\n\nhead(hours.values)';
      const failure = await executor.execute(cell);
      assert.equal(failure.ename, 'NameError');
      const proposal = await new RulesFixer(allRules).propose(
        request(cell, failure)
      );
      assert.equal(proposal, null);
    });
  }
);
