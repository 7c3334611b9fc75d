import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canReach,
  functionsChanged
} from '../../../../src/core/agent/take-back';
import type { IChange } from '../../../../src/core';

const helpers = [
  'import numpy as np',
  '',
  'def missing(frame):',
  '    rows = frame.any(1)',
  '    return rows.sum()',
  '',
  '@cache',
  'def share(frame,',
  '          column):',
  '    return frame[column].values.mean()',
  '',
  'LIMIT = 10'
].join('\n');

const change = (before: string, after: string): IChange =>
  ({
    proposal: { target: { kind: 'cell', cellId: 'c0' }, before, after },
    applied: after
  }) as IChange;

describe('functionsChanged', () => {
  it('names the functions whose bodies hold every changed line', () => {
    const after = helpers
      .replace('any(1)', 'any(axis=1)')
      .replace('.values.mean()', '.to_numpy().mean()');
    assert.deepEqual(
      [...(functionsChanged(helpers, after) ?? [])],
      ['missing', 'share']
    );
  });

  it('is null for a change at the top, in a header or in a decorator', () => {
    for (const after of [
      helpers.replace('LIMIT = 10', 'LIMIT = 20'),
      helpers.replace('def missing(frame)', 'def missing(frame, axis)'),
      helpers.replace('          column):', '          column, axis):'),
      helpers.replace('@cache', '@functools.cache')
    ]) {
      assert.equal(functionsChanged(helpers, after), null, after);
    }
  });

  it('counts lines changed and added at the end of a body to its function', () => {
    const after = helpers.replace(
      '    return rows.sum()',
      '    total = rows.sum()\n    return total'
    );
    assert.deepEqual(
      [...(functionsChanged(helpers, after) ?? [])],
      ['missing']
    );
  });

  it('is null for a change in a method, a class being run at the top', () => {
    const cls = 'class Model:\n    def fit(self, X):\n        return X.ix[0]';
    assert.equal(functionsChanged(cls, cls.replace('.ix', '.loc')), null);
  });
});

describe('canReach', () => {
  const fixed = change(helpers, helpers.replace('any(1)', 'any(axis=1)'));

  it('is false when nothing run since names a changed function', () => {
    assert.equal(canReach(fixed, ['dates = pd.to_datetime(drawn)']), false);
  });

  it('is true when a later cell, or the rest of its own cell, calls one', () => {
    assert.equal(canReach(fixed, ['x = 1', 'print(missing(df))']), true);
    const called = `${helpers}\ngaps = missing(df)`;
    assert.equal(
      canReach(change(called, called.replace('any(1)', 'any(axis=1)')), []),
      true
    );
  });

  it('is true when a name is passed on, not called', () => {
    assert.equal(canReach(fixed, ['report = {"gaps": missing}']), true);
  });

  it('is true for a change outside functions', () => {
    assert.equal(
      canReach(change(helpers, helpers.replace('10', '20')), ['y = 2']),
      true
    );
  });
});
