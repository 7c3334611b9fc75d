import type { IOutputStream } from './progress';

/**
 * Works on `items` with at most `jobs` at once, taking them in order as each one ends.
 * Once `signal` is aborted, or an item's work rejected, no further item is started; the
 * ones under way are awaited all the same (their kernels shut down in their own cleanup),
 * and then the first rejection, if any, is thrown. Resolves to the indices never started.
 */
export async function runPool<T>(
  items: readonly T[],
  jobs: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal
): Promise<number[]> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !signal?.aborted && !failure) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(jobs, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) {
    throw failure.error;
  }
  return Array.from({ length: items.length - next }, (_, i) => next + i);
}

/**
 * A notebook's output held back while other notebooks print: written out whole when
 * the notebook ends, so that no two notebooks' lines mix. Not a terminal, so nothing
 * that writes to it draws a live line.
 */
export class BufferedStream implements IOutputStream {
  readonly isTTY = false;

  write(text: string): boolean {
    this._text += text;
    return true;
  }

  /** What was written, and empties the buffer. */
  take(): string {
    const text = this._text;
    this._text = '';
    return text;
  }

  private _text = '';
}
