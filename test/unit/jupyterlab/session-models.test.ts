import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionModel } from '../../../src/jupyterlab/check/model';
import { StateModel } from '../../../src/jupyterlab/state-model';

/** How many times `signal` fires while `action` runs. */
function emits(
  signal: {
    connect(fn: () => void): unknown;
    disconnect(fn: () => void): unknown;
  },
  action: () => void
): number {
  let count = 0;
  const counted = () => (count += 1);
  signal.connect(counted);
  action();
  signal.disconnect(counted);
  return count;
}

describe('the session models tell their views only of real changes', () => {
  it('a state written again with the same fields is no change', () => {
    const model = new StateModel({ report: null as string | null, n: 1 });
    assert.equal(
      emits(model.changed, () => (model.state = { ...model.state })),
      0
    );
    assert.equal(
      emits(model.changed, () => (model.state = { ...model.state, n: 2 })),
      1
    );
    assert.equal(model.state.n, 2);
  });

  it("a cell's status set to what it is, or the same probe again, is no change", () => {
    const model = new SessionModel();
    const cell = {
      id: 'a',
      index: 0,
      position: 1,
      label: 'x = 1',
      status: 'ok' as const
    };
    model.cells = [cell];
    assert.equal(
      emits(model.cellsChanged, () => model.updateCell('a', 'ok')),
      0
    );
    assert.equal(
      emits(model.cellsChanged, () => model.updateCell('a', 'error')),
      1
    );
    const ready = { state: 'ready' as const, modules: [] };
    model.environment = ready;
    assert.equal(
      emits(model.environmentChanged, () => (model.environment = { ...ready })),
      0
    );
    assert.equal(
      emits(
        model.environmentChanged,
        () => (model.environment = { ...ready, state: 'probing' })
      ),
      1
    );
  });
});
