import type * as nbformat from '@jupyterlab/nbformat';
import type { Kernel, KernelMessage } from '@jupyterlab/services';
import { answerAt, HIDDEN } from './answers';
import { OutputCollector } from './output-collector';
import type {
  CellStatus,
  ICellExecutor,
  ICellResult,
  IExecuteOptions as IBaseExecuteOptions,
  IKernelProbe
} from './types';

/** Kernel statuses that mean the cell's process is gone. */
const DEATH_STATUSES: ReadonlySet<Kernel.Status> = new Set([
  'dead',
  'autorestarting',
  'restarting'
]);

/**
 * Runs cells in a kernel through @jupyterlab/services: one execute_request per cell,
 * status from the execute_reply, outputs as nbformat JSON, a timeout that interrupts
 * (and restarts when the interrupt does not take), cancellation, kernel death.
 */
export class KernelExecutor implements ICellExecutor, IKernelProbe {
  constructor(options: KernelExecutor.IOptions) {
    this.kernel = options.kernel;
    this.interruptGraceMs = options.interruptGraceMs ?? 5000;
  }

  /** The kernel cells run in. */
  readonly kernel: Kernel.IKernelConnection;
  /** How long an interrupt may take before the kernel is restarted. */
  readonly interruptGraceMs: number;

  /** Runs one cell; never throws for what the cell does (see ICellResult.status). */
  async execute(
    code: string,
    options: KernelExecutor.IExecuteOptions = {}
  ): Promise<ICellResult> {
    const start = Date.now();
    const collector = new OutputCollector(options.onOutput);
    const result = (
      status: CellStatus,
      executionCount: number | null = null,
      error?: Pick<ICellResult, 'ename' | 'evalue' | 'traceback'>
    ): ICellResult => ({
      status,
      ...error,
      outputs: collector.outputs,
      executionCount,
      durationMs: Date.now() - start
    });

    if (this.kernel.isDisposed || this.kernel.status === 'dead') {
      return result('kernel-died');
    }
    if (options.signal?.aborted) {
      return result('cancelled');
    }

    const answers = [...(options.answers ?? [])];
    let future: KernelExecutor.Future;
    try {
      future = this.kernel.requestExecute({
        code,
        silent: false,
        store_history: true,
        allow_stdin: answers.length > 0,
        stop_on_error: true
      });
    } catch {
      // The connection refuses requests once the kernel is dead or disposed.
      return result('kernel-died');
    }
    // OutputArea's future setter replaces onIOPub/onReply; hooks are left alone.
    future.registerMessageHook(msg => {
      collector.handle(msg);
      return true;
    });
    options.onFuture?.(future);
    if (answers.length > 0) {
      // Set after onFuture: an output area given the future would ask the user instead.
      future.onStdin = msg => {
        if (msg.header.msg_type === 'input_request') {
          const request = msg as KernelMessage.IInputRequestMsg;
          const { prompt, password } = request.content;
          const line = answers.shift();
          const saved =
            line === undefined || password ? null : answerAt(prompt, line);
          // A prompt the saved answers do not answer gets an empty line, as Enter would.
          const value = saved ?? '';
          this.kernel.sendInputReply({ status: 'ok', value }, request.header);
          const shown = password ? HIDDEN : value;
          collector.typed(prompt, shown);
          options.onTyped?.(prompt, shown);
        }
      };
    }

    const ended = await this._firstEnd(future, options);
    if (ended.kind === 'reply') {
      return Private.fromReply(ended.reply, result);
    }
    if (ended.kind === 'died') {
      future.dispose();
      return result('kernel-died');
    }

    // Timeout or cancel: interrupt, and restart if the interrupt does not take.
    const status = ended.kind === 'timeout' ? 'timeout' : 'cancelled';
    const reply = await this._interrupt(future);
    // The reply to an interrupted cell carries the KeyboardInterrupt and its traceback.
    return {
      ...(reply ? Private.fromReply(reply, result) : result(status)),
      status
    };
  }

  /**
   * The text/plain value of a Python expression, evaluated silently (user_expressions):
   * no execution count, no output, nothing stored. Throws when it raises.
   */
  async evaluate(expression: string): Promise<string> {
    if (this.kernel.isDisposed || this.kernel.status === 'dead') {
      throw new Error('Cannot evaluate: the kernel is dead.');
    }
    const future = this.kernel.requestExecute({
      code: '',
      silent: true,
      store_history: false,
      allow_stdin: false,
      stop_on_error: false,
      user_expressions: { value: expression }
    });
    let reply: KernelMessage.IExecuteReplyMsg;
    try {
      reply = await future.done;
    } catch {
      throw new Error('Cannot evaluate: the kernel stopped before replying.');
    }
    const content = reply.content;
    if (content.status !== 'ok') {
      throw new Error(`Cannot evaluate: the kernel replied ${content.status}.`);
    }
    const value = content.user_expressions?.value as Record<string, any>;
    if (value?.status !== 'ok') {
      throw new Error(
        `Evaluating in the kernel failed: ${value?.ename ?? 'Error'}: ${value?.evalue ?? ''}`
      );
    }
    return String(value.data?.['text/plain'] ?? '');
  }

  /** Waits for whichever comes first: the reply, the timeout, a cancel, the kernel's death. */
  private _firstEnd(
    future: KernelExecutor.Future,
    options: IBaseExecuteOptions
  ): Promise<Private.End> {
    const { signal, timeoutMs } = options;
    const kernel = this.kernel;
    return new Promise<Private.End>(resolve => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (end: Private.End) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        kernel.statusChanged.disconnect(onStatus);
        kernel.disposed.disconnect(onDisposed);
        resolve(end);
      };
      const onAbort = () => finish({ kind: 'cancelled' });
      const onStatus = (_: unknown, status: Kernel.Status) => {
        if (DEATH_STATUSES.has(status)) {
          finish({ kind: 'died' });
        }
      };
      const onDisposed = () => finish({ kind: 'died' });

      future.done.then(
        reply => finish({ kind: 'reply', reply }),
        // A future is disposed before its reply when the kernel restarts or dies.
        () => finish({ kind: 'died' })
      );
      if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
        timer = setTimeout(
          () => finish({ kind: 'timeout' }),
          Math.max(0, timeoutMs)
        );
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      kernel.statusChanged.connect(onStatus);
      kernel.disposed.connect(onDisposed);
    });
  }

  /**
   * Interrupts the kernel and waits up to the grace period for the reply; restarts the
   * kernel when none comes. Returns the reply if the interrupt took.
   */
  private async _interrupt(
    future: KernelExecutor.Future
  ): Promise<KernelMessage.IExecuteReplyMsg | undefined> {
    const reply = future.done.catch(() => undefined);
    try {
      await this.kernel.interrupt();
    } catch {
      // A dead kernel cannot be interrupted; the restart below is the way out.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<undefined>(resolve => {
      timer = setTimeout(resolve, this.interruptGraceMs, undefined);
    });
    const answered = await Promise.race([reply, grace]);
    clearTimeout(timer);
    if (answered) {
      return answered;
    }
    future.dispose();
    try {
      await this.kernel.restart();
    } catch {
      // The caller reports the timeout either way; the kernel's status tells the rest.
    }
    return undefined;
  }
}

/** Types for KernelExecutor. */
export namespace KernelExecutor {
  export interface IOptions {
    kernel: Kernel.IKernelConnection;
    /** How long to wait for an interrupt to stop a cell before restarting; default 5000. */
    interruptGraceMs?: number;
  }

  export type Future = Kernel.IShellFuture<
    KernelMessage.IExecuteRequestMsg,
    KernelMessage.IExecuteReplyMsg
  >;

  export interface IExecuteOptions extends IBaseExecuteOptions {
    /**
     * Called with the execute future right after the request is sent, e.g. to render the
     * outputs in a cell (`outputArea.future = future`).
     */
    onFuture?: (future: Future) => void;
    /**
     * Called with each answer typed at an `input()` prompt (a password as JupyterLab
     * shows it), e.g. to keep it in the cell's outputs as a person's answer would be.
     */
    onTyped?: (prompt: string, value: string) => void;
  }
}

namespace Private {
  export type End =
    | { kind: 'reply'; reply: KernelMessage.IExecuteReplyMsg }
    | { kind: 'timeout' }
    | { kind: 'cancelled' }
    | { kind: 'died' };

  export function fromReply(
    reply: KernelMessage.IExecuteReplyMsg,
    result: (
      status: CellStatus,
      executionCount?: number | null,
      error?: Pick<ICellResult, 'ename' | 'evalue' | 'traceback'>
    ) => ICellResult
  ): ICellResult {
    const content = reply.content;
    const count = content.execution_count ?? null;
    switch (content.status) {
      case 'ok':
        return Private.shownError(result('ok', count));
      case 'error': {
        const failed = result('error', count, {
          ename: content.ename,
          evalue: content.evalue,
          traceback: content.traceback
        });
        // An exception a display formatter raised after the code ran (a `_repr_html_` that
        // fails) is no longer current when IPython replies: the reply says `NoneType: None`,
        // and the cell shows the exception itself.
        return content.ename === 'NoneType'
          ? Private.shownError(failed)
          : failed;
      }
      default:
        // 'abort' (older kernels) and 'aborted'
        return result('aborted', count);
    }
  }

  /**
   * The exception the cell showed, when it showed one. An ok reply whose cell still showed an
   * exception is a failure, as the user sees it: a figure that fails to draw raises in the
   * inline backend's post-run hook, after the reply's status was settled.
   */
  export function shownError(result: ICellResult): ICellResult {
    const shown = result.outputs.find(
      (output): output is nbformat.IError => output.output_type === 'error'
    );
    return shown
      ? {
          ...result,
          status: 'error',
          ename: shown.ename,
          evalue: shown.evalue,
          traceback: shown.traceback
        }
      : result;
  }
}
