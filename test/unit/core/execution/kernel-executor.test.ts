import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Kernel, KernelMessage } from '@jupyterlab/services';
import { PromiseDelegate } from '@lumino/coreutils';
import { Signal } from '@lumino/signaling';
import { KernelExecutor } from '../../../../src/core';

type Hook = (msg: KernelMessage.IIOPubMessage) => boolean;

/** The parts of a shell future the executor uses. */
class FakeFuture {
  constructor(readonly content: Record<string, unknown>) {}
  readonly hooks: Hook[] = [];
  readonly delegate = new PromiseDelegate<KernelMessage.IExecuteReplyMsg>();
  disposed = false;

  get done() {
    return this.delegate.promise;
  }
  registerMessageHook(hook: Hook) {
    this.hooks.push(hook);
  }
  dispose() {
    this.disposed = true;
    this.delegate.reject(new Error('Canceled future'));
  }
  emit(msgType: string, content: Record<string, unknown>) {
    const msg = {
      header: { msg_type: msgType },
      content
    } as unknown as KernelMessage.IIOPubMessage;
    this.hooks.forEach(hook => hook(msg));
  }
  reply(content: Record<string, unknown>) {
    this.delegate.resolve({
      content
    } as unknown as KernelMessage.IExecuteReplyMsg);
  }
}

/** The parts of a kernel connection the executor uses. */
class FakeKernel {
  status: Kernel.Status = 'idle';
  isDisposed = false;
  readonly statusChanged = new Signal<this, Kernel.Status>(this);
  readonly disposed = new Signal<this, void>(this);
  readonly futures: FakeFuture[] = [];
  interrupts = 0;
  restarts = 0;
  /** What an interrupt does to the running future. */
  onInterrupt: (future: FakeFuture) => void = () => undefined;

  requestExecute(content: Record<string, unknown>) {
    const future = new FakeFuture(content);
    this.futures.push(future);
    return future;
  }
  async interrupt() {
    this.interrupts++;
    this.onInterrupt(this.futures.at(-1)!);
  }
  async restart() {
    this.restarts++;
    this.futures.at(-1)?.dispose();
  }
  setStatus(status: Kernel.Status) {
    this.status = status;
    this.statusChanged.emit(status);
  }
}

function setup(interruptGraceMs = 50) {
  const kernel = new FakeKernel();
  const executor = new KernelExecutor({
    kernel: kernel as unknown as Kernel.IKernelConnection,
    interruptGraceMs
  });
  return { kernel, executor };
}

const tick = () => new Promise(resolve => setTimeout(resolve, 5));

describe('KernelExecutor (fake kernel)', () => {
  it('sends the cell with stop_on_error and no stdin, collects outputs through hooks', async () => {
    const { kernel, executor } = setup();
    let handed: unknown;
    const running = executor.execute('print(1)', {
      onFuture: future => (handed = future)
    });
    const future = kernel.futures[0];
    assert.equal(handed, future);
    assert.equal(future.content.allow_stdin, false);
    assert.equal(future.content.stop_on_error, true);
    future.emit('stream', { name: 'stdout', text: '1\n' });
    future.reply({ status: 'ok', execution_count: 4 });
    const result = await running;
    assert.equal(result.status, 'ok');
    assert.equal(result.executionCount, 4);
    assert.deepEqual(result.outputs, [
      { output_type: 'stream', name: 'stdout', text: '1\n' }
    ]);
  });

  it('takes status, ename, evalue and traceback from the reply', async () => {
    const { kernel, executor } = setup();
    const running = executor.execute('1/0');
    kernel.futures[0].reply({
      status: 'error',
      execution_count: 1,
      ename: 'ZeroDivisionError',
      evalue: 'division by zero',
      traceback: ['tb']
    });
    const result = await running;
    assert.deepEqual(
      [result.status, result.ename, result.evalue, result.traceback],
      ['error', 'ZeroDivisionError', 'division by zero', ['tb']]
    );
  });

  for (const status of ['autorestarting', 'restarting', 'dead'] as const) {
    it(`reports kernel-died at once when the kernel goes ${status}`, async () => {
      const { kernel, executor } = setup();
      const running = executor.execute('import os; os._exit(1)', {
        timeoutMs: 60_000
      });
      await tick();
      kernel.setStatus(status);
      const result = await running;
      assert.equal(result.status, 'kernel-died');
      assert.ok(result.durationMs < 1000);
      assert.equal(kernel.interrupts, 0);
    });
  }

  it('reports kernel-died when the future is disposed before its reply', async () => {
    const { kernel, executor } = setup();
    const running = executor.execute('x');
    kernel.futures[0].dispose();
    assert.equal((await running).status, 'kernel-died');
  });

  it('interrupts on timeout and keeps the kernel when the interrupt takes', async () => {
    const { kernel, executor } = setup();
    kernel.onInterrupt = future =>
      future.reply({
        status: 'error',
        execution_count: 2,
        ename: 'KeyboardInterrupt',
        evalue: '',
        traceback: []
      });
    const result = await executor.execute('time.sleep(60)', { timeoutMs: 20 });
    assert.equal(result.status, 'timeout');
    assert.equal(result.ename, 'KeyboardInterrupt');
    assert.equal(kernel.interrupts, 1);
    assert.equal(kernel.restarts, 0);
  });

  it('restarts the kernel when the interrupt does not take within the grace', async () => {
    const { kernel, executor } = setup(30);
    const result = await executor.execute('ignore SIGINT', { timeoutMs: 20 });
    assert.equal(result.status, 'timeout');
    assert.equal(kernel.interrupts, 1);
    assert.equal(kernel.restarts, 1);
  });

  it('cancels on abort, and sends nothing when already aborted', async () => {
    const { kernel, executor } = setup();
    kernel.onInterrupt = future =>
      future.reply({
        status: 'error',
        execution_count: 1,
        ename: 'KeyboardInterrupt',
        evalue: '',
        traceback: []
      });
    const controller = new AbortController();
    const running = executor.execute('time.sleep(60)', {
      signal: controller.signal
    });
    controller.abort();
    assert.equal((await running).status, 'cancelled');
    assert.equal(
      (await executor.execute('x', { signal: controller.signal })).status,
      'cancelled'
    );
    assert.equal(kernel.futures.length, 1);
  });

  it('reports kernel-died without sending anything to a dead kernel', async () => {
    const { kernel, executor } = setup();
    kernel.status = 'dead';
    assert.equal((await executor.execute('x')).status, 'kernel-died');
    assert.equal(kernel.futures.length, 0);
  });

  it('evaluates silently through user_expressions', async () => {
    const { kernel, executor } = setup();
    const value = executor.evaluate('1 + 1');
    const future = kernel.futures[0];
    assert.equal(future.content.code, '');
    assert.equal(future.content.silent, true);
    assert.equal(future.content.store_history, false);
    assert.deepEqual(future.content.user_expressions, { value: '1 + 1' });
    future.reply({
      status: 'ok',
      execution_count: 3,
      user_expressions: {
        value: { status: 'ok', data: { 'text/plain': '2' }, metadata: {} }
      }
    });
    assert.equal(await value, '2');
  });

  it('throws a clear error when the expression raises', async () => {
    const { kernel, executor } = setup();
    const value = executor.evaluate('nope');
    kernel.futures[0].reply({
      status: 'ok',
      execution_count: 3,
      user_expressions: {
        value: {
          status: 'error',
          ename: 'NameError',
          evalue: "name 'nope' is not defined",
          traceback: []
        }
      }
    });
    await assert.rejects(
      value,
      /Evaluating in the kernel failed: NameError: name 'nope' is not defined/
    );
  });
});
