import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';
import {
  OpenAIClient,
  type FetchFunction,
  type ILLMClient,
  type IOpenAIClientOptions
} from '../../core/llm';

/** The server extension's OpenAI-compatible LLM proxy, below the server's base URL. */
export const PROXY_PATH = 'modernizer/v1';

/**
 * The browser's LLM client: the openai SDK pointed at the Jupyter server's proxy, which
 * adds the key and chooses the upstream. Requests carry Jupyter's own auth (token, XSRF).
 */
export function createProxyClient(
  settings: ServerConnection.ISettings = ServerConnection.makeSettings(),
  options: Pick<IOpenAIClientOptions, 'maxRetries' | 'timeoutMs'> = {}
): ILLMClient {
  return new OpenAIClient({
    ...options,
    baseURL: URLExt.join(settings.baseUrl, PROXY_PATH),
    // No apiKey: the client holds no secret, so it may run in the browser.
    fetch: proxyFetch(settings)
  });
}

/**
 * A fetch that sends every request through `ServerConnection.makeRequest`, for both
 * `fetch(url, init)` and `fetch(request)`, with the caller's AbortSignal.
 */
export function proxyFetch(
  settings: ServerConnection.ISettings
): FetchFunction {
  return async (input, init) => {
    const request = new settings.Request(input, init);
    const headers = new Headers(request.headers);
    // makeRequest appends `Authorization: token ...`: any other value would spoil it.
    headers.delete('Authorization');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    try {
      return await ServerConnection.makeRequest(
        request.url,
        {
          method: request.method,
          headers,
          body: hasBody ? await request.arrayBuffer() : undefined,
          signal: request.signal
        },
        settings
      );
    } catch (error) {
      // makeRequest turns an abort into a NetworkError; the SDK needs the AbortError to
      // tell its own timeout from a failed connection.
      if (request.signal.aborted) {
        throw request.signal.reason;
      }
      throw error;
    }
  };
}
