import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { freePort } from '../../../../src/cli/local-server';
import {
  LLMError,
  OpenAIClient,
  type ChatEvent,
  type IChatRequest,
  type IOpenAIClientOptions
} from '../../../../src/core/llm';
import { startStub, type IStub, type IStubRequest } from './stub';

const REQUEST: IChatRequest = {
  model: 'stub-model',
  messages: [
    { role: 'system', content: 'You fix notebook cells.' },
    { role: 'user', content: 'Fix: df.ix[0]' }
  ],
  temperature: 0.2,
  maxTokens: 256
};

/** What a caller of stream() saw: the events, when each came, and how it ended. */
interface IOutcome {
  events: ChatEvent[];
  /** Milliseconds since the call, per event. */
  times: number[];
  text: string;
  error?: LLMError;
  elapsedMs: number;
}

async function run(
  client: OpenAIClient,
  options: { signal?: AbortSignal; onDelta?: () => void } = {}
): Promise<IOutcome> {
  const started = Date.now();
  const outcome: IOutcome = { events: [], times: [], text: '', elapsedMs: 0 };
  try {
    for await (const event of client.stream(REQUEST, options)) {
      outcome.events.push(event);
      outcome.times.push(Date.now() - started);
      if (event.type === 'delta') {
        outcome.text += event.text;
        options.onDelta?.();
      }
    }
  } catch (error) {
    assert.ok(error instanceof LLMError, `not an LLMError: ${error}`);
    outcome.error = error;
  }
  outcome.elapsedMs = Date.now() - started;
  return outcome;
}

function chatRequests(requests: IStubRequest[]): IStubRequest[] {
  return requests.filter(request => request.path === '/v1/chat/completions');
}

/** The stub's records once every chat request has ended (a disconnect is noticed late). */
async function settledRequests(stub: IStub): Promise<IStubRequest[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const requests = chatRequests(await stub.requests());
    if (requests.every(request => request.finished_at !== null)) {
      return requests;
    }
    await new Promise(done => setTimeout(done, 20));
  }
  throw new Error('the stub never finished a request');
}

describe('OpenAIClient against an OpenAI-compatible server', () => {
  let stub: IStub;
  const client = (options: Partial<IOpenAIClientOptions> = {}) =>
    new OpenAIClient({ baseURL: stub.url, ...options });

  before(async () => {
    stub = await startStub();
  });
  after(() => stub.stop());
  beforeEach(() => stub.reset());

  it('streams the reply chunk by chunk, in order, as it is written', async () => {
    const content = 'df.loc[0]  # .ix was removed in pandas 1.0';
    await stub.script({ content, chunk_chars: 6, delay_ms: 60 });

    const outcome = await run(client());

    assert.equal(outcome.error, undefined);
    assert.equal(outcome.text, content);
    const deltas = outcome.events.filter(event => event.type === 'delta');
    assert.equal(deltas.length, Math.ceil(content.length / 6));
    // Streamed, not buffered: the first words came long before the end.
    const first = outcome.times[outcome.events.indexOf(deltas[0])];
    assert.ok(
      outcome.elapsedMs - first >= 300,
      `first delta at ${first} ms of ${outcome.elapsedMs} ms`
    );
  });

  it('reports token usage, then done with the finish reason, last', async () => {
    await stub.script({ content: 'x = 1' });

    const { events, error } = await run(client());

    assert.equal(error, undefined);
    const usage = events.find(event => event.type === 'usage');
    assert.ok(usage && usage.type === 'usage');
    assert.ok(usage.promptTokens > 0 && usage.completionTokens > 0);
    assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
    assert.equal(events.filter(event => event.type === 'done').length, 1);
  });

  it('sends the model, messages, temperature and token limit, and asks for usage', async () => {
    await stub.script({ content: 'ok' });

    await run(client());

    const [request] = chatRequests(await stub.requests());
    assert.equal(request.body.model, 'stub-model');
    assert.deepEqual(request.body.messages, REQUEST.messages);
    assert.equal(request.body.temperature, 0.2);
    assert.equal(request.body.max_tokens, 256);
    assert.equal(request.body.stream, true);
    assert.deepEqual(request.body.stream_options, { include_usage: true });
    assert.equal(request.headers.authorization, undefined);
  });

  it('waits as long as a 429 asks, retries, and then gives the reply', async () => {
    await stub.script({ fault: '429', retry_after: 1 }, { content: 'fixed' });

    const outcome = await run(client());

    assert.equal(outcome.error, undefined);
    assert.equal(outcome.text, 'fixed');
    assert.equal(chatRequests(await stub.requests()).length, 2);
    assert.ok(
      outcome.elapsedMs >= 950,
      `retried after ${outcome.elapsedMs} ms`
    );
  });

  it('says how long to wait when the rate limit persists', async () => {
    await stub.script({ fault: '429', retry_after: 1 });

    const { error } = await run(client({ maxRetries: 0 }));

    assert.equal(error?.kind, 'rate-limit');
    assert.equal(error?.retryAfter, 1);
    assert.match(error!.message, /Rate limit reached.*Try again in 1 s/);
  });

  it('does not sleep through a long retry-after: the rate limit shows at once', async () => {
    await stub.script({ fault: '429', retry_after: 3600 });

    const { error, elapsedMs } = await run(client());

    assert.equal(error?.kind, 'rate-limit');
    assert.equal(error?.retryAfter, 3600);
    assert.ok(elapsedMs < 2000, `${elapsedMs} ms`);
    assert.equal(chatRequests(await stub.requests()).length, 1);
  });

  it('retries a server error and then gives the reply', async () => {
    await stub.script({ fault: '500' }, { content: 'fixed' });

    const outcome = await run(client());

    assert.equal(outcome.error, undefined);
    assert.equal(outcome.text, 'fixed');
    assert.equal(chatRequests(await stub.requests()).length, 2);
  });

  it('reports a server error that persists after its retries', async () => {
    await stub.script({ fault: '500' }, { fault: '500' });

    const { error } = await run(client({ maxRetries: 1 }));

    assert.equal(error?.kind, 'server');
    assert.equal(error?.status, 500);
    assert.equal(chatRequests(await stub.requests()).length, 2);
  });

  it('reports a rejected key at once, without retrying', async () => {
    await stub.script({ fault: '401' });

    const { error } = await run(client());

    assert.equal(error?.kind, 'auth');
    assert.equal(error?.status, 401);
    assert.match(error!.message, /refused the key/);
    assert.equal(chatRequests(await stub.requests()).length, 1);
  });

  it('gives up on a reply that stalls, and closes the connection', async () => {
    await stub.script({ fault: 'stall', stall_s: 10 });

    const { error, elapsedMs } = await run(client({ timeoutMs: 300 }));

    assert.equal(error?.kind, 'timeout');
    assert.ok(elapsedMs < 2000, `${elapsedMs} ms`);
    const [request] = await settledRequests(stub);
    assert.equal(request.disconnected, true);
  });

  it('never takes a cut-off reply as complete', async () => {
    await stub.script({
      content: 'a'.repeat(80),
      chunk_chars: 8,
      fault: 'cut'
    });

    const { events, error, text } = await run(client());

    assert.equal(error?.kind, 'malformed');
    assert.ok(text.length < 80);
    assert.equal(
      events.some(event => event.type === 'done'),
      false
    );
  });

  it('reports a stream line that is not JSON as malformed', async () => {
    await stub.script({ content: 'x = 1', fault: 'malformed' });

    const { events, error } = await run(client());

    assert.equal(error?.kind, 'malformed');
    assert.match(error!.message, /not JSON/);
    assert.equal(
      events.some(event => event.type === 'done'),
      false
    );
  });

  it('completes an empty reply with no text', async () => {
    await stub.script({ fault: 'empty' });

    const { events, error } = await run(client());

    assert.equal(error, undefined);
    assert.equal(
      events.some(event => event.type === 'delta'),
      false
    );
    assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
  });

  it('cancels mid-stream: the caller sees cancelled, the server sees the connection close', async () => {
    await stub.script({
      content: 'b'.repeat(200),
      chunk_chars: 4,
      delay_ms: 50
    });
    const controller = new AbortController();
    let deltas = 0;

    const outcome = await run(client(), {
      signal: controller.signal,
      onDelta: () => ++deltas === 3 && controller.abort()
    });

    assert.equal(outcome.error?.kind, 'cancelled');
    assert.equal(outcome.text, 'b'.repeat(12));
    const [request] = await settledRequests(stub);
    assert.equal(request.disconnected, true);
  });

  it('closes the connection when the caller stops reading early', async () => {
    await stub.script({
      content: 'e'.repeat(200),
      chunk_chars: 4,
      delay_ms: 50
    });
    let deltas = 0;

    for await (const event of client().stream(REQUEST)) {
      if (event.type === 'delta' && ++deltas === 2) {
        break;
      }
    }

    const [request] = await settledRequests(stub);
    assert.equal(request.disconnected, true);
  });

  it('cancels while it waits to retry, without another request', async () => {
    await stub.script({ fault: '429', retry_after: 30 }, { content: 'late' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);

    const { error, elapsedMs } = await run(client(), {
      signal: controller.signal
    });

    assert.equal(error?.kind, 'cancelled');
    assert.ok(elapsedMs < 2000, `${elapsedMs} ms`);
    assert.equal(chatRequests(await stub.requests()).length, 1);
  });

  it('says the server is unreachable when nothing listens', async () => {
    const port = await freePort();

    const { error } = await run(
      new OpenAIClient({
        baseURL: `http://127.0.0.1:${port}/v1`,
        maxRetries: 0
      })
    );

    assert.equal(error?.kind, 'unreachable');
    assert.match(error!.message, new RegExp(`127.0.0.1:${port}`));
  });

  it('lists the models', async () => {
    assert.deepEqual(await client().models(), ['stub-model']);
  });
});

describe('OpenAIClient with a key', () => {
  let stub: IStub;

  before(async () => {
    stub = await startStub('sk-test-key');
  });
  after(() => stub.stop());

  it('sends the key as a bearer token', async () => {
    await stub.script({ content: 'ok' });

    const { text, error } = await run(
      new OpenAIClient({ baseURL: stub.url, apiKey: 'sk-test-key' })
    );

    assert.equal(error, undefined);
    assert.equal(text, 'ok');
    const [request] = chatRequests(await stub.requests());
    assert.equal(request.headers.authorization, 'Bearer sk-test-key');
  });

  it('reports a wrong key as auth', async () => {
    const { error } = await run(
      new OpenAIClient({ baseURL: stub.url, apiKey: 'sk-wrong' })
    );

    assert.equal(error?.kind, 'auth');
    assert.match(error!.message, /Incorrect API key/);
  });

  it('reports a wrong key when listing models', async () => {
    await assert.rejects(
      new OpenAIClient({ baseURL: stub.url, apiKey: 'sk-wrong' }).models(),
      (error: LLMError) => error.kind === 'auth'
    );
  });
});
