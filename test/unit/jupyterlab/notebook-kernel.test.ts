import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotebookPanel } from '@jupyterlab/notebook';
import { Signal } from '@lumino/signaling';
import { NotebookKernel } from '../../../src/jupyterlab/kernel/notebook-kernel';

/** A kernel connection with the parts the model reads: status, its signal, restart. */
class FakeConnection {
  constructor(readonly id: string) {}
  status = 'idle';
  isDisposed = false;
  restarts = 0;
  readonly statusChanged = new Signal<this, string>(this);
  readonly disposed = new Signal<this, void>(this);
  setStatus(status: string): void {
    this.status = status;
    this.statusChanged.emit(status);
  }
  async restart(): Promise<void> {
    this.restarts += 1;
  }
  async requestKernelInfo(): Promise<void> {}
}

/** A notebook panel whose session context switches kernels as the user does. */
class FakePanel {
  readonly cells: { model: { type: string; executionState: string } }[] = [];
  isDisposed = false;
  private _kernel: FakeConnection | null = null;
  readonly sessionContext = {
    owner: this,
    kernelChanged: new Signal<object, void>(this),
    statusChanged: new Signal<object, string>(this),
    get session() {
      const kernel = this.owner._kernel;
      return kernel ? { kernel } : null;
    },
    get kernelDisplayName() {
      return this.owner._kernel ? `Python 3 (${this.owner._kernel.id})` : '';
    }
  };
  get content() {
    return { widgets: this.cells };
  }
  useKernel(kernel: FakeConnection | null): void {
    this._kernel = kernel;
    this.sessionContext.kernelChanged.emit();
  }
  setStatus(status: string): void {
    this._kernel!.setStatus(status);
    this.sessionContext.statusChanged.emit(status);
  }
}

function model(panel: FakePanel): NotebookKernel {
  return new NotebookKernel({ panel: panel as unknown as NotebookPanel });
}

describe('the notebook kernel model', () => {
  it('tells the kernel and its status, and emits only when one of them changes', () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    let changes = 0;
    kernel.changed.connect(() => (changes += 1));
    assert.equal(kernel.status, null);
    assert.equal(kernel.current(), null);
    assert.equal(kernel.probe(), null);

    panel.useKernel(new FakeConnection('a'));
    assert.equal(kernel.status, 'idle');
    assert.equal(kernel.displayName, 'Python 3 (a)');
    panel.setStatus('busy');
    panel.setStatus('busy');
    panel.setStatus('idle');
    assert.equal(changes, 3);
  });

  it('keeps one executor per kernel, and a new one once the notebook switches kernels', () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    const first = new FakeConnection('a');
    panel.useKernel(first);
    const live = kernel.current();
    assert.ok(live);
    assert.equal(kernel.current(), live);
    assert.equal(kernel.probe(), live.executor);

    let switched = 0;
    kernel.kernelChanged.connect(() => (switched += 1));
    panel.useKernel(new FakeConnection('b'));
    assert.equal(switched, 1);
    const next = kernel.current();
    assert.notEqual(next, live);
    assert.equal(next?.connection.id, 'b');
    // A run that started in the first kernel keeps it.
    assert.equal(live.connection, first as unknown);
  });

  it('asks nothing of a dead kernel', () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    panel.useKernel(new FakeConnection('a'));
    panel.setStatus('dead');
    assert.ok(kernel.current()?.isDead);
    assert.equal(kernel.probe(), null);
  });

  it('waits until the kernel and the cells the user queued are idle', async () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    panel.useKernel(new FakeConnection('a'));
    const cell = { model: { type: 'code', executionState: 'running' } };
    panel.cells.push(cell);
    const live = kernel.current()!;
    assert.ok(live.isBusy());

    let idle = false;
    const waiting = live.whenIdle(new AbortController().signal).then(() => {
      idle = true;
    });
    panel.setStatus('busy');
    panel.setStatus('idle');
    await new Promise(resolve => setTimeout(resolve, 10));
    assert.equal(idle, false, 'a queued cell is still running');
    cell.model.executionState = 'idle';
    panel.setStatus('idle');
    await waiting;
    assert.equal(live.isBusy(), false);
  });

  it('stops waiting when the run is stopped', async () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    panel.useKernel(new FakeConnection('a'));
    panel.setStatus('busy');
    const controller = new AbortController();
    const waiting = kernel.current()!.whenIdle(controller.signal);
    controller.abort();
    await waiting;
  });

  it('restarts the kernel the run holds', async () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    const connection = new FakeConnection('a');
    panel.useKernel(connection);
    await kernel.current()!.restart();
    assert.equal(connection.restarts, 1);
  });

  it('lets go of the notebook when disposed', () => {
    const panel = new FakePanel();
    const kernel = model(panel);
    panel.useKernel(new FakeConnection('a'));
    kernel.dispose();
    let changes = 0;
    kernel.changed.connect(() => (changes += 1));
    panel.setStatus('busy');
    assert.equal(changes, 0);
    assert.equal(kernel.current(), null);
  });
});
