import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  guardFetch,
  IncompleteStreamError,
  retryAfterSeconds
} from '../../../../src/core/llm/fetch-guard';
import { chunk, scriptedFetch } from './scripted-fetch';

async function bodyOf(parts: string[]): Promise<string> {
  const { fetch } = scriptedFetch({ body: parts });
  const response = await guardFetch(fetch)('http://llm.test/v1');
  return response.text();
}

describe('guardFetch', () => {
  it('passes a complete event stream through unchanged', async () => {
    const parts = [chunk('a'), chunk(null, 'stop'), 'data: [DONE]\n\n'];
    assert.equal(await bodyOf(parts), parts.join(''));
  });

  it('sees [DONE] split across two reads', async () => {
    const parts = [chunk('a'), 'data: [DO', 'NE]\n\n'];
    assert.equal(await bodyOf(parts), parts.join(''));
  });

  it('errors when the stream ends without [DONE]', async () => {
    await assert.rejects(
      bodyOf([chunk('a'), chunk(null, 'stop')]),
      IncompleteStreamError
    );
  });

  it('is not fooled by [DONE] inside the text of a reply', async () => {
    await assert.rejects(
      bodyOf([chunk('data: [DONE]'), chunk(null, 'stop')]),
      IncompleteStreamError
    );
  });

  it('leaves error replies and JSON alone', async () => {
    const { fetch } = scriptedFetch({ status: 401, body: '{"error": {}}' });
    const response = await guardFetch(fetch)('http://llm.test/v1');
    assert.equal(response.status, 401);
    assert.equal(await response.text(), '{"error": {}}');
  });
});

describe('retryAfterSeconds', () => {
  const wait = (headers: Record<string, string>) =>
    retryAfterSeconds(new Headers(headers));

  it('reads seconds, milliseconds and HTTP dates', () => {
    assert.equal(wait({ 'retry-after': '7' }), 7);
    assert.equal(wait({ 'retry-after-ms': '1500', 'retry-after': '7' }), 1.5);
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    const seconds = wait({ 'retry-after': inTen })!;
    assert.ok(seconds > 8 && seconds <= 10, String(seconds));
  });

  it('is undefined without a usable header', () => {
    assert.equal(wait({}), undefined);
    assert.equal(wait({ 'retry-after': 'soon' }), undefined);
  });
});
