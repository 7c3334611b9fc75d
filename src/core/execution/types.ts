import type * as nbformat from '@jupyterlab/nbformat';

/**
 * How one cell execution ended. `ok`, `error` and `aborted` come from the kernel's
 * execute_reply; the others are decided by the executor.
 */
export type CellStatus =
  'ok' | 'error' | 'aborted' | 'timeout' | 'kernel-died' | 'cancelled';

/** The result of executing one code cell. */
export interface ICellResult {
  status: CellStatus;
  /** Exception name, for `error` (and `timeout`, when the interrupt raised one). */
  ename?: string;
  evalue?: string;
  /** Raw traceback lines as the kernel sent them (may hold ANSI escapes). */
  traceback?: string[];
  /** Outputs as nbformat JSON, in the order the kernel sent them. */
  outputs: nbformat.IOutput[];
  executionCount: number | null;
  durationMs: number;
}

/** Options for one execution. */
export interface IExecuteOptions {
  /** Per-cell timeout; on expiry the kernel is interrupted (then restarted after a grace period). */
  timeoutMs?: number;
  /** Cancels the execution: the kernel is interrupted and the result is `cancelled`. */
  signal?: AbortSignal;
  /** Called for each output as it arrives (progress, live rendering). */
  onOutput?: (output: nbformat.IOutput) => void;
  /**
   * The cell's saved answers to its `input()` prompts (savedAnswers), typed again in
   * order; without them the kernel cannot read from the keyboard.
   */
  answers?: readonly string[];
}

/** Runs code in a kernel, one cell at a time. */
export interface ICellExecutor {
  execute(code: string, options?: IExecuteOptions): Promise<ICellResult>;
}

/** Evaluates an expression in the kernel without side effects on the user's namespace. */
export interface IKernelProbe {
  /** The text/plain value of `expression`; throws when it raises. */
  evaluate(expression: string): Promise<string>;
}
