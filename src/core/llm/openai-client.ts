// The one file that imports 'openai': everything else sees ILLMClient.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError
} from 'openai';
import {
  guardFetch,
  IncompleteStreamError,
  retryAfterSeconds,
  type FetchFunction
} from './fetch-guard';
import { retryDelayMs, sleep, unlessAborted, type IRetryPolicy } from './retry';
import {
  LLMError,
  type ChatEvent,
  type IChatRequest,
  type ILLMClient,
  type LLMErrorKind
} from './types';

/** How to reach an OpenAI-compatible endpoint. */
export interface IOpenAIClientOptions {
  /** E.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`, or the Jupyter proxy. */
  baseURL: string;
  /** Sent as `Authorization: Bearer`; none for keyless servers and the Jupyter proxy. */
  apiKey?: string;
  /** Replaces the global fetch (the browser sends through Jupyter's ServerConnection). */
  fetch?: FetchFunction;
  /** Tries again after a rate limit, a server error, a lost connection or a timeout, before the reply starts; default 2. */
  maxRetries?: number;
  /** Longest wait for the reply to start, and between two of its chunks; default 120 s. */
  timeoutMs?: number;
  /** A `retry-after` longer than this fails at once as `rate-limit`; default 60 s. */
  maxRetryAfterSeconds?: number;
}

/** {@link ILLMClient} on the official openai SDK (chat completions, streamed). */
export class OpenAIClient implements ILLMClient {
  constructor(options: IOpenAIClientOptions) {
    this._baseURL = options.baseURL;
    this._timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this._retry = {
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterSeconds:
        options.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS
    };
    this._sdk = new OpenAI({
      baseURL: options.baseURL,
      // The SDK insists on a key; without one, the header it makes is removed below.
      apiKey: options.apiKey ?? 'no-key',
      defaultHeaders: options.apiKey ? undefined : { Authorization: null },
      // Safe only because a keyless client holds no secret (the proxy adds the key).
      dangerouslyAllowBrowser: options.apiKey === undefined,
      fetch: guardFetch(
        options.fetch ?? ((input, init) => globalThis.fetch(input, init))
      ),
      // Retries are ours: the SDK sleeps as long as retry-after says, and no abort wakes it.
      maxRetries: 0,
      // The SDK's timeout covers a request until its response headers; chunks are timed below.
      timeout: this._timeoutMs,
      // Failures reach the caller as LLMError; the SDK's console output would repeat them.
      logLevel: 'off'
    });
  }

  async *stream(
    request: IChatRequest,
    options: { signal?: AbortSignal } = {}
  ): AsyncGenerator<ChatEvent> {
    // One controller ends the HTTP request, whatever the reason: caller, timeout, early break.
    const abort = new AbortController();
    const cancel = () =>
      abort.abort(new LLMError('cancelled', 'The request was cancelled.'));
    const outer = options.signal;
    if (outer?.aborted) {
      cancel();
    }
    outer?.addEventListener('abort', cancel, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    try {
      const stream = await this._retrying(
        () =>
          this._sdk.chat.completions.create(
            {
              model: request.model,
              messages: request.messages,
              temperature: request.temperature,
              // max_tokens, not max_completion_tokens: the one every compatible server knows.
              max_tokens: request.maxTokens,
              stream: true,
              stream_options: { include_usage: true }
            },
            { signal: abort.signal }
          ),
        abort.signal
      );
      const chunks = stream[Symbol.asyncIterator]();
      let finishReason: string | undefined;
      for (;;) {
        idle = setTimeout(
          () => abort.abort(Private.stalled(this._timeoutMs)),
          this._timeoutMs
        );
        const next = await unlessAborted(chunks.next(), abort.signal);
        clearTimeout(idle);
        if (next.done) {
          break;
        }
        const choice = next.value.choices[0];
        if (choice?.delta?.content) {
          yield { type: 'delta', text: choice.delta.content };
        }
        finishReason = choice?.finish_reason ?? finishReason;
        const usage = next.value.usage;
        if (usage) {
          yield {
            type: 'usage',
            promptTokens: usage.prompt_tokens,
            completionTokens: usage.completion_tokens
          };
        }
      }
      if (abort.signal.aborted) {
        throw abort.signal.reason;
      }
      if (!finishReason) {
        throw new LLMError(
          'malformed',
          'The reply ended before the model finished it.'
        );
      }
      yield { type: 'done', finishReason };
    } catch (error) {
      throw toLLMError(error, this._baseURL);
    } finally {
      clearTimeout(idle);
      outer?.removeEventListener('abort', cancel);
      abort.abort();
    }
  }

  async models(): Promise<string[]> {
    const page = await this._retrying(
      () => this._sdk.models.list(),
      new AbortController().signal
    );
    return page.data.map(model => model.id);
  }

  /** `start()`, tried again by the retry policy until it succeeds; rejects with an LLMError. */
  private async _retrying<T>(
    start: () => Promise<T>,
    signal: AbortSignal
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await unlessAborted(start(), signal);
      } catch (error) {
        const failure = toLLMError(error, this._baseURL);
        const delay = retryDelayMs(failure, attempt, this._retry);
        if (delay === undefined) {
          throw failure;
        }
        await sleep(delay, signal).catch(reason => {
          throw toLLMError(reason, this._baseURL);
        });
      }
    }
  }

  private readonly _sdk: OpenAI;
  private readonly _retry: IRetryPolicy;
  private readonly _baseURL: string;
  private readonly _timeoutMs: number;
}

/** Default for {@link IOpenAIClientOptions.timeoutMs}: a local model may load for a while. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** Default for {@link IOpenAIClientOptions.maxRetryAfterSeconds}. */
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;

/** The {@link LLMError} for anything the SDK, the stream or the network threw. */
function toLLMError(error: unknown, baseURL: string): LLMError {
  if (error instanceof LLMError) {
    return error;
  }
  if (error instanceof APIUserAbortError) {
    return new LLMError('cancelled', 'The request was cancelled.');
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new LLMError(
      'timeout',
      `The language model at ${baseURL} did not answer in time.`,
      { cause: error }
    );
  }
  if (error instanceof APIConnectionError) {
    return new LLMError(
      'unreachable',
      `Cannot reach the language model at ${baseURL}: ${Private.reason(error)}`,
      { cause: error }
    );
  }
  if (error instanceof APIError) {
    return Private.fromStatus(error, baseURL);
  }
  if (error instanceof IncompleteStreamError) {
    return new LLMError('malformed', error.message, { cause: error });
  }
  if (error instanceof SyntaxError) {
    return new LLMError(
      'malformed',
      'The reply stream carried data that is not JSON.',
      { cause: error }
    );
  }
  // What is left is thrown while the body is read: the connection broke mid-reply.
  return new LLMError(
    'malformed',
    `The reply broke off before it was complete (${Private.reason(error)}).`,
    { cause: error }
  );
}

/**
 * The error codes of the Jupyter server's LLM proxy (jupyterlab_modernizer/llm_proxy.py):
 * it answers 502/503/504 for what went wrong upstream, so the status alone would mislead.
 */
const PROXY_ERRORS: Record<string, LLMErrorKind> = {
  llm_not_configured: 'not-configured',
  llm_key_rejected: 'auth',
  llm_rate_limited: 'rate-limit',
  llm_timeout: 'timeout',
  llm_unreachable: 'unreachable',
  llm_upstream_error: 'server',
  llm_request_refused: 'bad-request',
  llm_stream_cut: 'malformed'
};

namespace Private {
  export function stalled(timeoutMs: number): LLMError {
    return new LLMError(
      'timeout',
      `The reply stopped coming: nothing for ${timeoutMs / 1000} s.`
    );
  }

  /** An HTTP error status (or an error event inside the stream, with no status). */
  export function fromStatus(error: APIError, baseURL: string): LLMError {
    const status = error.status;
    const detail = serverMessage(error);
    const retryAfter = error.headers && retryAfterSeconds(error.headers);
    // The server may say whether trying again helps (OpenAI does); else the kind decides.
    const shouldRetry = error.headers?.get('x-should-retry');
    const retryable = shouldRetry ? shouldRetry === 'true' : undefined;
    const options = { status, retryAfter, retryable, cause: error };
    const proxied = PROXY_ERRORS[String(error.code)];
    if (proxied) {
      // The Jupyter proxy's messages are written for the user already.
      return new LLMError(proxied, detail || `${proxied} (${status})`, options);
    }
    if (
      error instanceof AuthenticationError ||
      error instanceof PermissionDeniedError
    ) {
      return new LLMError(
        'auth',
        say(
          `The language model at ${baseURL} refused the key (${status})`,
          detail
        ),
        options
      );
    }
    if (error instanceof RateLimitError) {
      const wait =
        retryAfter === undefined ? '' : ` Try again in ${retryAfter} s.`;
      return new LLMError(
        'rate-limit',
        say('The language model is rate-limiting requests', detail) + wait,
        options
      );
    }
    if (status === undefined || status >= 500) {
      return new LLMError(
        'server',
        say(`The language model failed${status ? ` (${status})` : ''}`, detail),
        options
      );
    }
    return new LLMError(
      'bad-request',
      say(`The language model refused the request (${status})`, detail),
      options
    );
  }

  /** The server's own words, without the status the SDK puts in front; '' for none. */
  function serverMessage(error: APIError): string {
    const message = (error.error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') {
      return message.trim();
    }
    return /status code \(no body\)$/.test(error.message)
      ? ''
      : error.message.replace(/^\d{3} /, '');
  }

  /** `lead: detail.`, or `lead.` without a detail. */
  function say(lead: string, detail: string): string {
    return detail ? `${lead}: ${detail.replace(/\.$/, '')}.` : `${lead}.`;
  }

  /** The underlying reason of a network failure (the SDK's own message is generic). */
  export function reason(error: unknown): string {
    const cause = (error as { cause?: { message?: string; cause?: unknown } })
      ?.cause;
    const root = (cause?.cause as { message?: string } | undefined)?.message;
    return (
      root ??
      cause?.message ??
      (error instanceof Error ? error.message : String(error))
    );
  }
}
