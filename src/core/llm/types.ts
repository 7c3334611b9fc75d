// The language model as the loop and the fixers see it: no provider, no SDK.

/** One message of a chat. Notebook text goes in `user` messages, quoted as data. */
export interface IChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What to ask the model. */
export interface IChatRequest {
  model: string;
  messages: IChatMessage[];
  /** Omitted: the model's default (some models accept no other). */
  temperature?: number;
  /** The longest reply, in tokens; omitted: the model's own limit. */
  maxTokens?: number;
}

/**
 * A streamed reply, in order: `delta`s as the text arrives, `usage` when the server reports
 * it, then exactly one `done` once the reply is known to be complete.
 */
export type ChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** `stop` for a finished reply; `length` when `maxTokens` cut it short. */
  | { type: 'done'; finishReason: string };

/** A chat model behind any OpenAI-compatible endpoint. */
export interface ILLMClient {
  /**
   * Streams the reply to `request`. Iteration throws an {@link LLMError} on any failure,
   * including a reply that ends before `done`; aborting `signal` ends it with `cancelled`.
   */
  stream(
    request: IChatRequest,
    options?: { signal?: AbortSignal }
  ): AsyncIterable<ChatEvent>;
  /** The ids of the models the endpoint offers; rejects with an {@link LLMError}. */
  models(): Promise<string[]>;
}

/** What went wrong, in terms the user can act on. */
export type LLMErrorKind =
  /** The key was rejected (401/403). */
  | 'auth'
  /** Too many requests, even after retries; see `retryAfter`. */
  | 'rate-limit'
  /** No connection to the endpoint. */
  | 'unreachable'
  /** No answer, or the reply stopped coming, for longer than the timeout. */
  | 'timeout'
  /** The endpoint failed (5xx, or an error inside the stream). */
  | 'server'
  /** No LLM is set up (the Jupyter server has no upstream, or no environment variables). */
  | 'not-configured'
  /** The endpoint refused the request itself (unknown model, bad parameter). */
  | 'bad-request'
  /** The caller aborted. */
  | 'cancelled'
  /** The reply broke off or was not valid: never to be taken as a complete reply. */
  | 'malformed';

/** A failure of an {@link ILLMClient}; `message` is written for the user. */
export class LLMError extends Error {
  readonly kind: LLMErrorKind;
  /** Seconds the endpoint asked to wait (rate-limit). */
  readonly retryAfter?: number;
  /** The HTTP status, when there was one. */
  readonly status?: number;
  /** Trying again may help: by default, for rate limits, server errors, lost connections and timeouts. */
  readonly retryable: boolean;

  constructor(
    kind: LLMErrorKind,
    message: string,
    options: {
      retryAfter?: number;
      status?: number;
      retryable?: boolean;
      cause?: unknown;
    } = {}
  ) {
    super(message, { cause: options.cause });
    this.name = 'LLMError';
    this.kind = kind;
    this.retryAfter = options.retryAfter;
    this.status = options.status;
    this.retryable =
      options.retryable ??
      ['rate-limit', 'server', 'unreachable', 'timeout'].includes(kind);
  }
}
