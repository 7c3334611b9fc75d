import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnManifoldRules } from '../../../../src/core/rules/sklearn-manifold';
import { matchesIn, testExamples } from './helpers';

testExamples(sklearnManifoldRules);

const [rule] = sklearnManifoldRules;
const SETUP = 'from sklearn.manifold import TSNE';

function rewritten(source: string): string {
  return (
    proposeRewrite(source, matchesIn(rule, source, { setup: SETUP }))?.source ??
    source
  );
}

describe("TSNE's perplexity of more than its samples", () => {
  it('caps a given perplexity, and the default, at the samples less one', () => {
    assert.equal(
      rewritten('emb = TSNE(perplexity=50, random_state=0).fit(points)'),
      'emb = TSNE(perplexity=min(50, len(points) - 1), random_state=0).fit(points)'
    );
    assert.equal(
      rewritten('emb = TSNE().fit_transform(df[cols])'),
      'emb = TSNE(perplexity=min(30, len(df[cols]) - 1)).fit_transform(df[cols])'
    );
  });

  it('leaves a TSNE fitted elsewhere, on data computed by a call, or given by a star', () => {
    for (const source of [
      'tsne = TSNE()\nemb = tsne.fit_transform(X)',
      'emb = TSNE().fit_transform(load())',
      'emb = TSNE(**params).fit_transform(X)',
      'emb = TSNE().transform(X)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });
});
