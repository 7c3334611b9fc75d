import { OpenAIClient, type IOpenAIClientOptions } from './openai-client';
import type { ILLMClient } from './types';

/**
 * The client the CLI uses: `OPENAI_BASE_URL` and `OPENAI_API_KEY` (optional: local servers
 * need none), read as the Jupyter server extension reads them. Undefined without a base
 * URL, as there: no LLM, the migration rules alone.
 */
export function clientFromEnvironment(
  env: Record<string, string | undefined> = globalThis.process?.env ?? {},
  options: Omit<IOpenAIClientOptions, 'baseURL' | 'apiKey'> = {}
): ILLMClient | undefined {
  const baseURL = env.OPENAI_BASE_URL?.trim();
  if (!baseURL) {
    return undefined;
  }
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  return new OpenAIClient({ ...options, baseURL, apiKey });
}
