// Waiting and trying again, and giving up at once when the caller aborts.
import type { LLMError } from './types';

/** When to try a failed request again. */
export interface IRetryPolicy {
  /** Tries after the first; 0: none. */
  maxRetries: number;
  /** A longer `retry-after` is not waited for: the caller sees the error at once. */
  maxRetryAfterSeconds: number;
}

/**
 * Milliseconds to wait before trying again after `error` on try `attempt` (0 for the
 * first), or undefined to give up: the wait the server asked for, else exponential backoff
 * from 0.5 s to 8 s with jitter (the openai SDK's schedule).
 */
export function retryDelayMs(
  error: LLMError,
  attempt: number,
  policy: IRetryPolicy,
  random: () => number = Math.random
): number | undefined {
  if (attempt >= policy.maxRetries || !error.retryable) {
    return undefined;
  }
  if (error.retryAfter !== undefined) {
    return error.retryAfter > policy.maxRetryAfterSeconds
      ? undefined
      : error.retryAfter * 1000;
  }
  return Math.min(500 * 2 ** attempt, 8000) * (1 - random() * 0.25);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal.aborted) {
      onAbort();
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}

/**
 * `promise`, unless `signal` aborts first: then its reason at once (the SDK's promises
 * may settle long after an abort, e.g. when it sleeps before a retry).
 */
export function unlessAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal
): Promise<T> {
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
  });
  if (signal.aborted) {
    onAbort();
  } else {
    signal.addEventListener('abort', onAbort, { once: true });
  }
  return Promise.race([promise, aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort)
  );
}
