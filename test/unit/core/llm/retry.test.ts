import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError } from '../../../../src/core/llm';
import {
  retryDelayMs,
  sleep,
  unlessAborted
} from '../../../../src/core/llm/retry';

const POLICY = { maxRetries: 3, maxRetryAfterSeconds: 60 };
const noJitter = () => 0;

describe('retryDelayMs', () => {
  it('backs off exponentially from half a second, up to 8 s', () => {
    const error = new LLMError('server', 'failed');
    const policy = { ...POLICY, maxRetries: 10 };
    const delays = [0, 1, 2, 3, 4, 5].map(attempt =>
      retryDelayMs(error, attempt, policy, noJitter)
    );
    assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('waits as long as the server asks, unless that is too long', () => {
    const soon = new LLMError('rate-limit', 'slow down', { retryAfter: 2 });
    const late = new LLMError('rate-limit', 'slow down', { retryAfter: 61 });
    assert.equal(retryDelayMs(soon, 0, POLICY), 2000);
    assert.equal(retryDelayMs(late, 0, POLICY), undefined);
  });

  it('gives up after maxRetries, and at once on what retrying cannot mend', () => {
    const server = new LLMError('server', 'failed');
    assert.equal(retryDelayMs(server, 3, POLICY), undefined);
    for (const kind of [
      'auth',
      'bad-request',
      'cancelled',
      'malformed'
    ] as const) {
      assert.equal(retryDelayMs(new LLMError(kind, ''), 0, POLICY), undefined);
    }
    const refused = new LLMError('server', '', { retryable: false });
    assert.equal(retryDelayMs(refused, 0, POLICY), undefined);
  });
});

describe('sleep', () => {
  it('ends early with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new LLMError('cancelled', 'stop');
    const started = Date.now();
    setTimeout(() => controller.abort(reason), 20);
    await assert.rejects(
      sleep(10_000, controller.signal),
      error => error === reason
    );
    assert.ok(Date.now() - started < 1000);
  });
});

describe('unlessAborted', () => {
  it('settles as the promise does while the signal stays quiet', async () => {
    const signal = new AbortController().signal;
    assert.equal(await unlessAborted(Promise.resolve(7), signal), 7);
    await assert.rejects(
      unlessAborted(Promise.reject(new Error('no')), signal),
      /no/
    );
  });

  it('rejects with the abort reason without waiting for the promise', async () => {
    const controller = new AbortController();
    const never = new Promise<number>(() => undefined);
    setTimeout(() => controller.abort('stop'), 10);
    await assert.rejects(
      unlessAborted(never, controller.signal),
      reason => reason === 'stop'
    );
    await assert.rejects(
      unlessAborted(never, controller.signal),
      reason => reason === 'stop'
    );
  });
});
