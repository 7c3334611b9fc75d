import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnDatasetRules } from '../../../../src/core/rules/sklearn-datasets';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnDatasetRules);

const [rule] = sklearnDatasetRules;
const setup = 'from sklearn.datasets import make_blobs';

/** The rule's rewrite of a cell after the import. */
function rewritten(source: string): string {
  const matches = matchesIn(rule, source, { setup });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('make_blobs with more standard deviations than centers', () => {
  it('passes as many as there are centers, however both are written', () => {
    const cases: [string, string][] = [
      [
        'make_blobs(100, 2, 2, [0.5, 1.0, 2.0])',
        'make_blobs(100, 2, 2, [0.5, 1.0, 2.0][:2])'
      ],
      [
        'make_blobs(centers=[[0, 0], [5, 5]], cluster_std=[1, 2, 3, 4])',
        'make_blobs(centers=[[0, 0], [5, 5]], cluster_std=[1, 2, 3, 4][:2])'
      ],
      [
        'make_blobs(n_samples=90, cluster_std=[s for s in range(1, 6)])',
        'make_blobs(n_samples=90, cluster_std=[s for s in range(1, 6)][:3])'
      ]
    ];
    for (const [before, after] of cases) {
      assert.equal(rewritten(before), after);
    }
  });

  it('leaves calls whose lengths agree or cannot be read', () => {
    for (const source of [
      'make_blobs(centers=3, cluster_std=[1, 2, 3])',
      'make_blobs(centers=2, cluster_std=[1, 2, 3][:2])',
      'make_blobs(centers=k, cluster_std=[1, 2, 3])',
      'make_blobs(centers=2, cluster_std=stds)',
      'make_blobs(centers=2, cluster_std=[g() for i in range(n)])',
      'make_blobs(centers=2, cluster_std=[*stds, 1, 2])',
      'make_blobs(n_samples=[10, 20], cluster_std=[1, 2, 3])',
      'make_blobs(centers=2, cluster_std=1.5)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });
});
