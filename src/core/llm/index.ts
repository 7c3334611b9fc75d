// The language model client: the interface, its errors, and the OpenAI-compatible client.
export * from './types';
export { OpenAIClient, type IOpenAIClientOptions } from './openai-client';
export { clientFromEnvironment } from './env-client';
export type { FetchFunction } from './fetch-guard';
