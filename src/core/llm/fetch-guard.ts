// What the openai SDK does not check at the HTTP level, added around whatever fetch it uses.

/** A `fetch` as the SDK calls it. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit
) => Promise<Response>;

/** An event stream that ended without `data: [DONE]`: the reply may be cut short. */
export class IncompleteStreamError extends Error {
  constructor() {
    super('The reply stream ended before the server said it was complete.');
    this.name = 'IncompleteStreamError';
  }
}

/**
 * Wraps `inner` so that an SSE body that ends without `data: [DONE]` errors with
 * {@link IncompleteStreamError}: the SDK would end such a stream as if it were complete.
 */
export function guardFetch(inner: FetchFunction): FetchFunction {
  return async (input, init) => {
    const response = await inner(input, init);
    const eventStream = /^text\/event-stream/i.test(
      response.headers.get('content-type') ?? ''
    );
    if (!response.ok || !response.body || !eventStream) {
      return response;
    }
    return new Response(response.body.pipeThrough(Private.requireDone()), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    });
  };
}

/**
 * The wait a response asks for, in seconds, read as the SDK reads it: `retry-after-ms`,
 * else `retry-after` in seconds or as an HTTP date.
 */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const ms = parseFloat(headers.get('retry-after-ms') ?? '');
  if (ms >= 0) {
    return ms / 1000;
  }
  const value = headers.get('retry-after');
  if (!value) {
    return undefined;
  }
  const seconds = parseFloat(value);
  if (!Number.isNaN(seconds)) {
    return Math.max(0, seconds);
  }
  const date = Date.parse(value);
  return Number.isNaN(date)
    ? undefined
    : Math.max(0, (date - Date.now()) / 1000);
}

namespace Private {
  /** Passes the bytes through; errors at the end unless a `data: [DONE]` line went by. */
  export function requireDone(): TransformStream<Uint8Array, Uint8Array> {
    const decoder = new TextDecoder();
    // The end of the text so far, so a marker split across chunks is still seen.
    let tail = '\n';
    let done = false;
    return new TransformStream({
      transform(chunk, controller) {
        if (!done) {
          const text = tail + decoder.decode(chunk, { stream: true });
          done = /\ndata: ?\[DONE\]/.test(text);
          tail = text.slice(-16);
        }
        controller.enqueue(chunk);
      },
      flush() {
        if (!done) {
          throw new IncompleteStreamError();
        }
      }
    });
  }
}
