import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  LLMError,
  type ChatEvent,
  type ILLMClient
} from '../../../../src/core/llm';
import {
  createProxyClient,
  proxyFetch
} from '../../../../src/jupyterlab/llm/proxy-client';
import { startProxyServer, type IProxyServer } from './jupyter-with-proxy';
import { startStub, type IStub } from './stub';

const UPSTREAM_KEY = 'sk-upstream-secret';

async function run(
  client: ILLMClient,
  options: { signal?: AbortSignal; onDelta?: () => void } = {}
): Promise<{ events: ChatEvent[]; text: string; error?: LLMError }> {
  const events: ChatEvent[] = [];
  let text = '';
  try {
    const request = { model: 'stub-model', messages: [] };
    for await (const event of client.stream(request, options)) {
      events.push(event);
      if (event.type === 'delta') {
        text += event.text;
        options.onDelta?.();
      }
    }
    return { events, text };
  } catch (error) {
    assert.ok(error instanceof LLMError, String(error));
    return { events, text, error };
  }
}

describe('The browser client through the Jupyter server proxy', () => {
  let stub: IStub;
  let server: IProxyServer;
  const client = () => createProxyClient(server.settings, { maxRetries: 0 });

  before(async () => {
    stub = await startStub(UPSTREAM_KEY);
    server = await startProxyServer(stub.url, UPSTREAM_KEY);
  });
  after(async () => {
    await server?.stop();
    await stub?.stop();
  });
  beforeEach(() => stub.reset());

  it('streams a reply with Jupyter auth; the proxy adds the key', async () => {
    await stub.script({ content: 'df.loc[0]', chunk_chars: 3 });

    const { events, text, error } = await run(client());

    assert.equal(error, undefined);
    assert.equal(text, 'df.loc[0]');
    assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
    const [request] = await stub.requests();
    assert.equal(request.headers.authorization, `Bearer ${UPSTREAM_KEY}`);
  });

  it('lists the models', async () => {
    assert.deepEqual(await client().models(), ['stub-model']);
  });

  it('is refused without the Jupyter token', async () => {
    const settings = { ...server.settings, token: 'wrong' };
    const { error } = await run(createProxyClient(settings, { maxRetries: 0 }));
    assert.equal(error?.kind, 'auth');
    assert.equal((await stub.requests()).length, 0);
  });

  it('says the upstream rejected its key as auth', async () => {
    await stub.script({ fault: '401' });
    const { error } = await run(client());
    assert.equal(error?.kind, 'auth');
    assert.doesNotMatch(error!.message, new RegExp(UPSTREAM_KEY));
  });

  it('never takes a reply cut upstream as complete', async () => {
    await stub.script({ content: 'c'.repeat(80), fault: 'cut' });
    const { events, error } = await run(client());
    assert.equal(error?.kind, 'malformed');
    assert.equal(
      events.some(event => event.type === 'done'),
      false
    );
  });

  it('cancels mid-stream, and the upstream request ends too', async () => {
    await stub.script({
      content: 'd'.repeat(200),
      chunk_chars: 4,
      delay_ms: 50
    });
    const controller = new AbortController();
    let deltas = 0;

    const { error } = await run(client(), {
      signal: controller.signal,
      onDelta: () => ++deltas === 2 && controller.abort()
    });

    assert.equal(error?.kind, 'cancelled');
    for (let attempt = 0; attempt < 100; attempt++) {
      const [request] = await stub.requests();
      if (request.finished_at !== null) {
        assert.equal(request.disconnected, true);
        return;
      }
      await new Promise(done => setTimeout(done, 30));
    }
    assert.fail('the upstream request was never closed');
  });

  it('sends Request objects through Jupyter auth as well', async () => {
    const fetch = proxyFetch(server.settings);
    const url = `${server.settings.baseUrl}modernizer/v1/models`;
    const response = await fetch(
      new Request(url, { headers: { Authorization: 'Bearer placeholder' } })
    );
    assert.equal(response.status, 200);
    assert.deepEqual((await response.json()).data[0].id, 'stub-model');
  });
});

describe('The browser client when the server has no LLM', () => {
  let server: IProxyServer;

  before(async () => {
    server = await startProxyServer();
  });
  after(() => server?.stop());

  it('says no LLM is configured, at once', async () => {
    const started = Date.now();
    const { error } = await run(createProxyClient(server.settings));
    assert.equal(error?.kind, 'not-configured');
    assert.match(error!.message, /OPENAI_BASE_URL/);
    assert.ok(Date.now() - started < 1000);
  });
});
