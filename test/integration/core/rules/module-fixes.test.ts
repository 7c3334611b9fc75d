import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  allRules,
  KernelExecutor,
  RulesFixer,
  type IEditableNotebook,
  type IFixRequest
} from '../../../../src/core';
import { startTestServer, type ITestServer } from '../../helpers/jupyter';

// A helper module of the kind shipped beside teaching notebooks.
const MODULE =
  'import numpy as np\nfrom sklearn.datasets.samples_generator import make_blobs\n\n\ndef blobs():\n    return make_blobs(n_samples=50, centers=2, random_state=0)\n';

/**
 * A local module imports libraries the notebook itself may not: the rules that fix it
 * need those libraries' versions, which the kernel is asked for.
 */
describe('rules on a local module', { timeout: 120_000 }, () => {
  let server: ITestServer;
  let executor: KernelExecutor;

  before(async () => {
    server = await startTestServer();
    const session = await server.startKernel();
    executor = new KernelExecutor({ kernel: session.kernel });
  });

  after(async () => {
    await server?.stop();
  });

  const request = (probe?: KernelExecutor): IFixRequest => ({
    kind: 'error-repair',
    target: { kind: 'module', path: 'fig_code/blobs.py' },
    source: MODULE,
    findings: [],
    // The notebook imports only its helper package: no library version was probed.
    environment: { versions: new Map([['python', '3.11']]) },
    document: { codeCells: () => [] } as unknown as IEditableNotebook,
    probe
  });

  it('fixes a module importing a library the notebook does not, with the versions from the kernel', async () => {
    const proposal = await new RulesFixer(allRules).propose(request(executor));
    assert.equal(
      proposal?.after,
      MODULE.replace('sklearn.datasets.samples_generator', 'sklearn.datasets')
    );
    const names = await executor.evaluate(
      "sorted(k for k in get_ipython().user_ns if not k.startswith('_'))"
    );
    assert.doesNotMatch(names, /md|json|version/);
  });

  it('proposes nothing before a kernel can say which versions are installed', async () => {
    assert.equal(await new RulesFixer(allRules).propose(request()), null);
  });
});
