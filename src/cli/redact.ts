import type { IOutputStream } from './progress';

/** A key this short (a placeholder like "ollama") is no secret; hiding it would mangle text. */
const MIN_SECRET = 8;
const SECRET_SHAPE = /sk-[A-Za-z0-9_-]{8,}/g;
const MASK = '***';

/**
 * Masks the secrets this process holds: OPENAI_API_KEY and any `sk-`-shaped token in the
 * environment. An upstream's error may quote the key it got, and a kernel started by
 * the local server inherits the environment: whatever the CLI prints or writes goes
 * through here.
 */
export class Redactor {
  constructor(env: Record<string, string | undefined> = process.env) {
    const found = new Set<string>();
    const key = env.OPENAI_API_KEY?.trim();
    if (key && key.length >= MIN_SECRET) {
      found.add(key);
    }
    for (const value of Object.values(env)) {
      for (const match of value?.matchAll(SECRET_SHAPE) ?? []) {
        found.add(match[0]);
      }
    }
    // Longest first: a secret that holds another is masked whole.
    this._secrets = [...found].sort((a, b) => b.length - a.length);
  }

  /** The text with every secret masked. */
  text(text: string): string {
    for (const secret of this._secrets) {
      text = text.split(secret).join(MASK);
    }
    return text;
  }

  /** A copy of a JSON value with every string (keys too) masked. */
  json<T>(value: T): T {
    if (this._secrets.length === 0) {
      return value;
    }
    const walk = (item: unknown): unknown => {
      if (typeof item === 'string') {
        return this.text(item);
      }
      if (Array.isArray(item)) {
        return item.map(walk);
      }
      if (item && typeof item === 'object') {
        return Object.fromEntries(
          Object.entries(item).map(([k, v]) => [this.text(k), walk(v)])
        );
      }
      return item;
    };
    return walk(value) as T;
  }

  /** A stream that masks what is written to it (the CLI writes whole messages). */
  stream(stream: IOutputStream): IOutputStream {
    const redact = (text: string) => this.text(text);
    return {
      write: (text: string) => stream.write(redact(text)),
      get isTTY() {
        return stream.isTTY;
      },
      get columns() {
        return stream.columns;
      }
    };
  }

  private readonly _secrets: string[];
}
