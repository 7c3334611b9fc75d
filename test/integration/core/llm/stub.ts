import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO = resolve(__dirname, '../../../..');

/** One scripted reply of the stub LLM (tests/llm_stub.py). */
export interface IStubReply {
  content?: string;
  chunk_chars?: number;
  delay_ms?: number;
  fault?: '429' | '500' | '401' | 'stall' | 'cut' | 'malformed' | 'empty';
  retry_after?: number;
  stall_s?: number;
  status?: number;
}

/** A request as the stub recorded it. */
export interface IStubRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  disconnected: boolean;
  finished_at: number | null;
}

/** The stub LLM server, running in a child process. */
export interface IStub {
  /** Its OpenAI base URL, `http://127.0.0.1:PORT/v1`. */
  url: string;
  script(...replies: IStubReply[]): Promise<void>;
  requests(): Promise<IStubRequest[]>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `tests/llm_stub.py` on a free port; with `key`, it requires that bearer key. */
export async function startStub(key?: string): Promise<IStub> {
  const venv = resolve(REPO, '.venv/bin/python');
  const python = existsSync(venv) ? venv : 'python3';
  const args = [resolve(REPO, 'tests/llm_stub.py'), '--port', '0'];
  const child = spawn(python, key ? [...args, '--key', key] : args, {
    stdio: ['ignore', 'pipe', 'inherit']
  });
  const url = await Private.firstLine(child);
  const base = url.replace(/\/v1$/, '');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      body: JSON.stringify(body)
    });
    if (!response.ok) {
      throw new Error(`stub ${path}: ${response.status}`);
    }
  };
  return {
    url,
    script: (...replies) => post('/_stub/script', { replies }),
    requests: async () => (await fetch(`${base}/_stub/requests`)).json(),
    reset: () => post('/_stub/reset', {}),
    stop: () =>
      new Promise(done => {
        child.once('exit', () => done());
        child.kill();
      })
  };
}

namespace Private {
  /** The URL from the stub's first line of output. */
  export function firstLine(child: ChildProcess): Promise<string> {
    return new Promise((resolveUrl, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', line => resolveUrl(JSON.parse(line).url));
      child.once('exit', code =>
        reject(new Error(`the stub LLM exited (${code}) before listening`))
      );
    });
  }
}
