import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRules, scanSource } from '../../../../src/core/rules';
import { staleNameRules } from '../../../../src/core/rules/python-stale-names';
import { TODAY, testExamples } from './helpers';

testExamples(staleNameRules);

/** The stale-name matches of a cell that follows `imports`. */
function found(source: string, imports = ''): number {
  return scanSource(`${imports}\n${source}`, allRules, {
    versions: TODAY
  }).filter(match => match.ruleId === 'python.stale-name-statement').length;
}

describe('python.stale-name-statement', () => {
  it('asks about a method call on a name no cell binds', () => {
    assert.equal(found('leg.get_frame().set_alpha(0.5)\nx = 1'), 1);
  });

  it('leaves names the notebook binds, calls of the name, results kept', () => {
    assert.equal(found('leg = ax.legend()\nleg.get_frame().set_alpha(0.5)'), 0);
    assert.equal(found('plot_regions(X, y)\nx = 1'), 0);
    assert.equal(found('frame = leg.get_frame()\nx = 1'), 0);
    assert.equal(found('plt.show()\nx = 1'), 0);
    assert.equal(found('sorted(rows).reverse()\nx = 1'), 0);
    assert.equal(found('def f():\n    leg.set_alpha(1)\n    return 2'), 0);
    assert.equal(found('if x:\n    leg.set_alpha(1)'), 0);
  });

  it('comments out every line of the statement once the kernel says unbound', () => {
    const source = 'x = 1\nleg.set(\n    alpha=0.5)';
    const [match] = scanSource(source, staleNameRules, { versions: TODAY });
    assert.deepEqual(
      match.question!.decide('False')!.map(edit => edit.from),
      [6, 19]
    );
    assert.equal(match.question!.decide('True'), null);
  });
});
