import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';
import { argumentsIn } from '../../../../src/core/rules/syntax';

/** The arguments of the first call in `source`, as name (or -) and value text. */
function argumentsOf(source: string): string[] {
  let call: SyntaxNode | null = null;
  parser.parse(source).iterate({
    enter: node => {
      if (!call && node.name === 'CallExpression') {
        call = node.node;
      }
    }
  });
  assert.ok(call, 'no call');
  return argumentsIn(source, call).map(
    arg => `${arg.name ?? '-'}=${source.slice(arg.valueFrom, arg.valueTo)}`
  );
}

describe('argumentsIn', () => {
  it('reads positional, keyword and starred arguments', () => {
    assert.deepEqual(argumentsOf('f(a, b=2, *rest, **options)'), [
      '-=a',
      'b=2',
      '-=rest',
      '-=options'
    ]);
  });

  it('leaves out the comments written between arguments', () => {
    const source = [
      'minimize(',
      '    # the function to minimize',
      '    fun=cost,',
      '    # where to start',
      '    x0=theta,  # a column',
      '    method="CG",',
      ')'
    ].join('\n');
    assert.deepEqual(argumentsOf(source), [
      'fun=cost',
      'x0=theta',
      'method="CG"'
    ]);
  });
});
