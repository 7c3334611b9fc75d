import type { FetchFunction } from '../../../../src/core/llm/fetch-guard';

/** A reply of the scripted LLM endpoint: an SSE body in parts, or an error. */
export interface IScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** The body; an array is sent part by part (a stream). */
  body?: string | string[];
}

/** The SSE lines of a chat completion chunk. */
export function sse(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** A chunk carrying `content`, or a finish reason. */
export function chunk(content: string | null, finishReason?: string): string {
  return sse({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [
      {
        index: 0,
        delta: content === null ? {} : { content },
        finish_reason: finishReason ?? null
      }
    ]
  });
}

/**
 * A fetch that answers from a script, for the LLM's side of HTTP only (the SDK above it is
 * real); `calls` records each request's URL and headers.
 */
export function scriptedFetch(...replies: IScriptedReply[]) {
  const calls: { url: string; headers: Headers; body: any }[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const request = new Request(input, init);
    calls.push({
      url: request.url,
      headers: request.headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined
    });
    const reply = replies.shift() ?? { status: 500, body: '{}' };
    const parts = Array.isArray(reply.body) ? reply.body : [reply.body ?? ''];
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        parts.forEach(part => controller.enqueue(encoder.encode(part)));
        controller.close();
      }
    });
    const stream = Array.isArray(reply.body);
    return new Response(body, {
      status: reply.status ?? 200,
      headers: {
        'content-type': stream ? 'text/event-stream' : 'application/json',
        ...reply.headers
      }
    });
  };
  return { fetch, calls };
}
