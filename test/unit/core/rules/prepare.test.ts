import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareSource } from '../../../../src/core/rules';

/** Whether the parse of `source` has an error node. */
function hasError(source: string): boolean {
  let error = false;
  prepareSource(source).tree.iterate({
    enter: node => {
      error ||= node.type.isError;
    }
  });
  return error;
}

/** The source text of every Number node. */
function numbers(source: string): string[] {
  const prepared = prepareSource(source);
  const found: string[] = [];
  prepared.tree.iterate({
    enter: node => {
      if (node.name === 'Number') {
        found.push(prepared.source.slice(node.from, node.to));
      }
    }
  });
  return found;
}

describe('prepareSource', () => {
  it('parses floats that end in their point, each one Number over its own text', () => {
    const source =
      'plt.ylim(-2., 2.)\nx = a[1.:] * 1.e-3\ny = np.arange(0., 1., .1)';
    assert.equal(hasError(source), false);
    assert.deepEqual(numbers(source), [
      '2.',
      '2.',
      '1.',
      '1.e-3',
      '0.',
      '1.',
      '.1'
    ]);
  });

  it('leaves names, attributes and strings as they are', () => {
    const source =
      "x2.real\nv1.shape\ns = \"2. and 3.\"  # version 2.\nn = 10.5\nt = '''1. first'''";
    const prepared = prepareSource(source);
    // Nothing here is a float ending in its point: the parsed text is the source.
    assert.equal(prepared.python, source);
    assert.equal(hasError(source), false);
    assert.deepEqual(numbers(source), ['10.5']);
  });

  it('parses a cell that ends on a blank line indented deeper than its last block', () => {
    const source =
      'def select(eps):\n    best = max(eps)\n    print "best %f" % best\n    return best\n        ';
    assert.equal(
      hasError(source.replace('print "best %f" % best', 'pass')),
      false
    );
    assert.equal(prepareSource(source).python, source);
  });
});
