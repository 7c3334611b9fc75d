import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { ipythonRules } from '../../../../src/core/rules/ipython';
import { matchesIn, testExamples } from './helpers';

testExamples(ipythonRules);

describe('an image downloaded only to be shown', () => {
  const rule = ipythonRules.find(r => r.id === 'ipython.image-url')!;
  const rewritten = (source: string) =>
    proposeRewrite(
      source,
      matchesIn(rule, source, { setup: 'from IPython.display import Image' })
    )?.source ?? source;

  it('is shown from its address', () => {
    assert.equal(
      rewritten('Image("https://example.org/a.png")'),
      'Image(url="https://example.org/a.png")'
    );
  });

  it('leaves files, addresses given by name, and images asked to be embedded', () => {
    for (const source of [
      "Image('figures/a.png')",
      "Image(filename='a.png')",
      "Image(url='http://example.org/a.png')",
      "Image('http://example.org/a.png', embed=True)",
      'Image(address)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });
});
