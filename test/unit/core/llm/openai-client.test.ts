import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clientFromEnvironment,
  LLMError,
  OpenAIClient,
  type ChatEvent,
  type ILLMClient
} from '../../../../src/core/llm';
import {
  chunk,
  scriptedFetch,
  sse,
  type IScriptedReply
} from './scripted-fetch';

const DONE = 'data: [DONE]\n\n';

function client(...replies: IScriptedReply[]) {
  const scripted = scriptedFetch(...replies);
  const llm = new OpenAIClient({
    baseURL: 'http://llm.test/v1',
    fetch: scripted.fetch,
    maxRetries: 1
  });
  return { llm, calls: scripted.calls };
}

async function outcome(
  llm: ILLMClient
): Promise<{ events: ChatEvent[]; error?: LLMError }> {
  const events: ChatEvent[] = [];
  try {
    for await (const event of llm.stream({ model: 'm', messages: [] })) {
      events.push(event);
    }
    return { events };
  } catch (error) {
    assert.ok(error instanceof LLMError, String(error));
    return { events, error };
  }
}

const apiError = (
  status: number,
  error: Record<string, unknown>,
  headers?: Record<string, string>
): IScriptedReply => ({ status, headers, body: JSON.stringify({ error }) });

describe('OpenAIClient: replies', () => {
  it('ends with done only after [DONE]', async () => {
    const { llm } = client({
      body: [chunk('x = '), chunk('1'), chunk(null, 'length'), DONE]
    });
    const { events, error } = await outcome(llm);
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'delta', text: 'x = ' },
      { type: 'delta', text: '1' },
      { type: 'done', finishReason: 'length' }
    ]);
  });

  it('takes a stream that ends without [DONE] as malformed, even after a finish reason', async () => {
    const { llm } = client({ body: [chunk('x = 1'), chunk(null, 'stop')] });
    const { events, error } = await outcome(llm);
    assert.equal(error?.kind, 'malformed');
    assert.deepEqual(events, [{ type: 'delta', text: 'x = 1' }]);
  });

  it('takes a stream with no finish reason as malformed', async () => {
    const { llm } = client({ body: [chunk('x = 1'), DONE] });
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'malformed');
    assert.match(error!.message, /ended before the model finished/);
  });

  it('reports an error sent inside the stream as a server error', async () => {
    const { llm } = client({
      body: [chunk('x'), sse({ error: { message: 'model overloaded' } }), DONE]
    });
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'server');
    assert.match(error!.message, /model overloaded/);
  });

  it('sends no Authorization header without a key', async () => {
    const { llm, calls } = client({ body: [chunk(null, 'stop'), DONE] });
    await outcome(llm);
    assert.equal(calls[0].headers.get('authorization'), null);
    assert.equal(calls[0].url, 'http://llm.test/v1/chat/completions');
  });
});

describe('OpenAIClient: error replies', () => {
  it('says the key was refused on 401 and 403, without retrying', async () => {
    for (const status of [401, 403]) {
      const { llm, calls } = client(
        apiError(status, { message: 'Incorrect API key provided' })
      );
      const { error } = await outcome(llm);
      assert.equal(error?.kind, 'auth');
      assert.equal(error?.status, status);
      assert.equal(
        error?.message,
        `The language model at http://llm.test/v1 refused the key (${status}): Incorrect API key provided.`
      );
      assert.equal(calls.length, 1);
    }
  });

  it('says who refused when the reply has no message of its own', async () => {
    // Jupyter's own 403 (a stale session), in front of the proxy.
    const { llm } = client({ status: 403, body: '{"message": "Forbidden"}' });
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'auth');
    assert.equal(
      error?.message,
      'The language model at http://llm.test/v1 refused the key (403).'
    );
  });

  it("gives the server's reason for a bad request", async () => {
    const { llm, calls } = client(
      apiError(404, { message: 'The model `gpt-9` does not exist' })
    );
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'bad-request');
    assert.match(error!.message, /gpt-9/);
    assert.equal(calls.length, 1);
  });

  it('says no LLM is configured when the proxy has no upstream, without retrying', async () => {
    const { llm, calls } = client(
      apiError(
        503,
        {
          message: 'No LLM configured: set OPENAI_BASE_URL.',
          type: 'server_error',
          code: 'llm_not_configured'
        },
        { 'x-should-retry': 'false' }
      )
    );
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'not-configured');
    assert.equal(error?.message, 'No LLM configured: set OPENAI_BASE_URL.');
    assert.equal(calls.length, 1);
  });

  it("reads what went wrong upstream from the proxy's error code, not its 502", async () => {
    const cases = [
      ['llm_key_rejected', 'auth'],
      ['llm_unreachable', 'unreachable'],
      ['llm_timeout', 'timeout'],
      ['llm_request_refused', 'bad-request'],
      ['llm_upstream_error', 'server']
    ];
    for (const [code, kind] of cases) {
      const reply = apiError(
        502,
        { message: 'upstream says', code },
        { 'x-should-retry': 'false' }
      );
      const { error } = await outcome(client(reply).llm);
      assert.equal(error?.kind, kind, code);
      assert.equal(error?.message, 'upstream says');
    }
  });

  it("takes the proxy's stream-cut event as malformed", async () => {
    const cut = {
      message: 'The LLM endpoint closed the connection.',
      code: 'llm_stream_cut'
    };
    const { llm } = client({ body: [chunk('x'), sse({ error: cut })] });
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'malformed');
    assert.equal(error?.message, cut.message);
  });

  it('takes any other 503 as a server error, and retries it', async () => {
    const { llm, calls } = client(
      apiError(503, { message: 'overloaded' }),
      apiError(503, { message: 'overloaded' })
    );
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'server');
    assert.equal(calls.length, 2);
  });

  it('does not retry when the server says not to', async () => {
    const { llm, calls } = client(
      apiError(500, { message: 'broken' }, { 'x-should-retry': 'false' })
    );
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'server');
    assert.equal(error?.retryable, false);
    assert.equal(calls.length, 1);
  });

  it('reports an unreachable endpoint with its address', async () => {
    const llm = new OpenAIClient({
      baseURL: 'http://llm.test/v1',
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError('fetch failed', {
          cause: new Error('connect ECONNREFUSED 127.0.0.1:1')
        });
      }
    });
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'unreachable');
    assert.equal(
      error?.message,
      'Cannot reach the language model at http://llm.test/v1: connect ECONNREFUSED 127.0.0.1:1'
    );
  });

  it('times out a server that never answers, once per try', async () => {
    let tries = 0;
    const llm = new OpenAIClient({
      baseURL: 'http://llm.test/v1',
      maxRetries: 1,
      timeoutMs: 100,
      fetch: (input, init) =>
        new Promise((_, reject) => {
          tries++;
          init!.signal!.addEventListener('abort', () =>
            reject(init!.signal!.reason)
          );
        })
    });
    const started = Date.now();
    const { error } = await outcome(llm);
    assert.equal(error?.kind, 'timeout');
    assert.equal(tries, 2);
    assert.ok(Date.now() - started < 2000);
  });

  it('rejects models() with an LLMError too', async () => {
    const { llm } = client(apiError(401, { message: 'no' }));
    await assert.rejects(
      llm.models(),
      (error: LLMError) => error.kind === 'auth'
    );
  });
});

describe('clientFromEnvironment', () => {
  it('is undefined without OPENAI_BASE_URL, as on the Jupyter server', () => {
    assert.equal(clientFromEnvironment({}), undefined);
    assert.equal(
      clientFromEnvironment({ OPENAI_BASE_URL: ' ', OPENAI_API_KEY: 'sk' }),
      undefined
    );
  });

  it('sends OPENAI_API_KEY to OPENAI_BASE_URL', async () => {
    const { fetch, calls } = scriptedFetch({
      body: [chunk(null, 'stop'), DONE]
    });
    const llm = clientFromEnvironment(
      { OPENAI_BASE_URL: 'http://llm.test/v1/', OPENAI_API_KEY: 'sk-env' },
      { fetch }
    );
    assert.ok(llm);
    await outcome(llm);
    assert.equal(calls[0].url, 'http://llm.test/v1/chat/completions');
    assert.equal(calls[0].headers.get('authorization'), 'Bearer sk-env');
  });
});
