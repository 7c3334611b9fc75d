import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type * as nbformat from '@jupyterlab/nbformat';
import {
  KernelExecutor,
  probeEnvironment,
  type ICellResult
} from '../../../../src/core';
import {
  allRules,
  answerQuestions,
  evidenceOf,
  importTable,
  namesBound,
  raisedBy,
  prepareSource,
  proposeRewrite,
  ruleApplies,
  scanSource,
  type IRule,
  type IRuleExample
} from '../../../../src/core/rules';
import { startTestServer, type ITestServer } from '../../helpers/jupyter';

// Distributions probed in the kernel, by the module that provides them.
const MODULES = [
  'numpy',
  'pandas',
  'sklearn',
  'matplotlib',
  'seaborn',
  'scipy',
  'IPython',
  'joblib'
];

/** Printed text of a run. */
function stdout(result: ICellResult): string {
  return result.outputs
    .filter(
      output => output.output_type === 'stream' && output.name === 'stdout'
    )
    .map(output => (output as nbformat.IStream).text as string)
    .join('');
}

/**
 * Runs every rule's examples in one real kernel on today's stack: `before` fails as the rule
 * says (or, for a changed default or a silent change, prints something else) and `after`,
 * which the rule itself produces from `before`, runs.
 */
describe('rule examples in a real kernel', { timeout: 300_000 }, () => {
  let server: ITestServer;
  let executor: KernelExecutor;
  const versions = new Map<string, string>();

  before(async () => {
    server = await startTestServer();
    const session = await server.startKernel();
    executor = new KernelExecutor({ kernel: session.kernel });
    const environment = await probeEnvironment(executor, MODULES);
    versions.set('python', environment.python);
    for (const module of environment.modules) {
      if (module.distribution && module.version) {
        versions.set(module.distribution.toLowerCase(), module.version);
      }
    }
    // `%reset -f` takes a quarter of a second; dropping the examples' names is enough.
    const ready = await executor.execute(
      [
        "import matplotlib\nmatplotlib.use('Agg')",
        "import warnings\nwarnings.simplefilter('ignore')",
        'def _clean(ns=get_ipython().user_ns, keep=frozenset(get_ipython().user_ns)):',
        "    for name in [n for n in ns if n not in keep and not n.startswith('_')]:",
        '        del ns[name]'
      ].join('\n')
    );
    assert.equal(ready.status, 'ok');
  });

  after(async () => {
    await server?.stop();
  });

  /** Runs code in a clean namespace (modules stay imported) after the example's setup. */
  async function run(
    example: IRuleExample,
    code: string
  ): Promise<ICellResult> {
    const reset = await executor.execute('_clean()', { timeoutMs: 30_000 });
    assert.equal(reset.status, 'ok');
    if (example.setup) {
      const setup = await executor.execute(example.setup, {
        timeoutMs: 60_000
      });
      assert.equal(setup.status, 'ok', `setup failed: ${setup.evalue}`);
    }
    return executor.execute(code, { timeoutMs: 60_000 });
  }

  /** The rewrite the rule proposes for `before`, with its questions asked of the kernel. */
  async function rewrite(rule: IRule, example: IRuleExample): Promise<string> {
    const metadata = example.writtenWith
      ? { language_info: { version: example.writtenWith } }
      : {};
    const cells = [example.setup ?? '', example.before, example.below ?? ''];
    const prepared = cells.map(prepareSource);
    const matches = scanSource(example.before, [rule], {
      versions,
      evidence: evidenceOf(metadata, cells, allRules),
      imports: importTable(prepared),
      cells: prepared,
      files: new Set(example.files ?? []),
      neverRan: example.neverRan
    });
    const asks = matches.some(match => match.question);
    // A question about a function's locals reads the frame its failure left behind.
    const inFrame = matches.some(match =>
      match.question?.expression.includes('last_traceback')
    );
    if (asks) {
      // The question is about objects the setup makes; a rule that explains a failure,
      // or asks in a failed function's frame, is asked once `before` has failed, as the
      // loop asks it, about what it left.
      await run(
        example,
        rule.onFailureOnly || inFrame ? example.before : 'pass'
      );
    }
    const names =
      "sorted(k for k in get_ipython().user_ns if not k.startswith('_'))";
    const namesBefore = asks ? await executor.evaluate(names) : '';
    const withAnswers = await answerQuestions(matches, executor);
    if (asks) {
      assert.equal(
        await executor.evaluate(names),
        namesBefore,
        'the question left names behind'
      );
    }
    // The setup stands for the cells above: the names it binds are bound.
    const bound = namesBound(prepareSource(example.setup ?? ''));
    return (
      proposeRewrite(example.before, withAnswers, { bound })?.source ??
      example.before
    );
  }

  for (const rule of allRules) {
    rule.examples.forEach((example, i) => {
      it(`${rule.id} example ${i + 1}`, async t => {
        if (!ruleApplies(rule, versions)) {
          t.skip(
            `${rule.distribution} ${versions.get(rule.distribution)} predates ${rule.since}`
          );
          return;
        }
        const missing = (example.requires ?? []).filter(
          name => !versions.has(name)
        );
        // A rule that asks the kernel whether a package is installed rewrites only where it is.
        if (missing.length === 0 || example.answer === undefined) {
          assert.equal(await rewrite(rule, example), example.after);
        }
        const old = await run(example, example.before);
        if (rule.raises) {
          assert.equal(old.status, 'error', `before ran: ${stdout(old)}`);
          assert.ok(
            raisedBy(rule, old),
            `${old.ename}: ${old.evalue} is not what ${rule.id} records`
          );
        }
        if (example.after === example.before) {
          return;
        }
        if (missing.length > 0) {
          t.diagnostic(`after not run: ${missing.join(', ')} not installed`);
          return;
        }
        const now = await run(example, example.after);
        assert.equal(
          now.status,
          'ok',
          `after failed: ${now.ename}: ${now.evalue}`
        );
        if (!rule.raises) {
          assert.equal(
            old.status,
            'ok',
            `before failed: ${old.ename}: ${old.evalue}`
          );
          assert.notEqual(
            stdout(now),
            stdout(old),
            'same output before and after'
          );
        }
      });
    });
  }
});
