/**
 * The OpenAI-compatible stub behind the `llm` project's JupyterLab (see
 * playwright.config.ts): scripted replies, and the requests it received.
 */

/** The key the LLM server holds; no response the browser receives may contain it. */
export const LLM_KEY = 'sk-modernizer-test-key-never-in-the-browser';

/** The stub's port, beside the offline JupyterLab's. */
export function stubPort(): string {
  return String(Number(process.env.MODERNIZER_UI_PORT ?? '8931') + 11);
}

/** One scripted reply: its text, streamed `chunk_chars` at a time, `delay_ms` apart. */
export interface IStubReply {
  content?: string;
  chunk_chars?: number;
  delay_ms?: number;
  fault?: '429' | '500' | '401' | 'stall' | 'cut' | 'malformed' | 'empty';
}

async function control(path: string, body?: unknown): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${stubPort()}/_stub/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  });
  return response.json();
}

/** Forgets earlier replies and requests, then queues these replies. */
export async function scriptReplies(replies: IStubReply[]): Promise<void> {
  await control('reset', {});
  await control('script', { replies });
}

/** The chat requests the stub received (through the server's proxy). */
export async function stubRequests(): Promise<
  { path: string; headers: Record<string, string>; body: any }[]
> {
  return control('requests');
}
