/** One entry of a reply: the full new source of a cell or module. */
export interface IReplyCell {
  /** The cell id or module path the model gave. */
  id: string;
  source: string;
  /** One line; empty when the model gave none. */
  rationale: string;
}

/** A reply read for one target. */
export interface IParsedReply {
  /** The target's new source; undefined when the model said it has no change (`"cells": []`). */
  cell?: IReplyCell;
  /** Ids of entries for other cells: never applied, only reported. */
  ignored: string[];
}

/** A reply that cannot be read as the asked-for JSON; `message` says why, for a retry. */
export class ReplyParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyParseError';
  }
}

/**
 * Reads a model's finished reply for the target `targetId`: a JSON object
 * `{"cells": [{"id", "source", "rationale"}]}`, alone, in a fenced block, or among prose.
 * Raw line breaks inside strings (a common slip) are tolerated. Entries for other ids are
 * listed as ignored; one entry without an id is taken as the target's.
 */
export function parseReply(text: string, targetId: string): IParsedReply {
  const entries = Private.findEntries(text);
  const ignored: string[] = [];
  let cell: IReplyCell | undefined;
  for (const entry of entries) {
    const id = typeof entry.id === 'string' ? entry.id.trim() : '';
    const mine = id === targetId || (id === '' && entries.length === 1);
    if (!mine) {
      ignored.push(id || '(no id)');
      continue;
    }
    if (typeof entry.source !== 'string') {
      throw new ReplyParseError(
        `The entry for "${targetId}" has no "source" string.`
      );
    }
    cell = {
      id: targetId,
      source: entry.source,
      rationale: Private.oneLine(entry.rationale)
    };
  }
  if (!cell && entries.length > 0) {
    throw new ReplyParseError(
      `The reply changes ${ignored.map(id => `"${id}"`).join(', ')} but not "${targetId}", the only code it may change.`
    );
  }
  return { ...(cell ? { cell } : {}), ignored };
}

/**
 * The new source as far as it has arrived, for showing a proposal grow while the reply
 * streams: the decoded (possibly unfinished) `"source"` string of the target's entry, or
 * of the first entry; null before any source has started.
 */
export function partialSource(text: string, targetId?: string): string | null {
  const sources = [...text.matchAll(/"source"\s*:\s*"/g)];
  if (sources.length === 0) {
    return null;
  }
  let chosen = sources[0];
  if (targetId !== undefined) {
    for (const match of sources) {
      const before = text.slice(0, match.index);
      const ids = [...before.matchAll(/"id"\s*:\s*"((?:[^"\\]|\\.)*)"/g)];
      if (ids.length && Private.decode(ids[ids.length - 1][1]) === targetId) {
        chosen = match;
        break;
      }
    }
  }
  return Private.decode(text.slice(chosen.index + chosen[0].length));
}

namespace Private {
  type Entry = { id?: unknown; source?: unknown; rationale?: unknown };

  /** The entries of the reply's JSON object: a fenced block's, else the first in braces. */
  export function findEntries(text: string): Entry[] {
    const candidates: string[] = [];
    for (const fence of text.matchAll(/```[\w-]*[ \t]*\n([\s\S]*?)\n?```/g)) {
      candidates.push(fence[1]);
    }
    // Prose may hold braces of its own: each of the first few `{` may open the object.
    for (const open of [...text.matchAll(/\{/g)].slice(0, 20)) {
      const end = closingBrace(text, open.index);
      if (end > 0) {
        candidates.push(text.slice(open.index, end + 1));
      }
    }
    if (candidates.length === 0) {
      throw new ReplyParseError(
        text.trim() === ''
          ? 'The reply is empty.'
          : 'The reply holds no JSON object.'
      );
    }
    let problem = '';
    for (const candidate of candidates) {
      for (const attempt of [candidate, escapeControls(candidate)]) {
        let value: unknown;
        try {
          value = JSON.parse(attempt);
        } catch (error) {
          problem ||= `The reply's JSON is not valid: ${error instanceof Error ? error.message : error}.`;
          continue;
        }
        const found = entries(value);
        if (found) {
          return found;
        }
        problem ||=
          'The reply is JSON but not {"cells": [{"id", "source", "rationale"}]}.';
      }
    }
    throw new ReplyParseError(problem);
  }

  /** The entries of `{"cells": [...]}`, or of a lone `{"id", "source"}` object; null for neither. */
  function entries(value: unknown): Entry[] | null {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const object = value as { cells?: unknown; source?: unknown };
      if (Array.isArray(object.cells)) {
        return object.cells.filter(
          (entry): entry is Entry => !!entry && typeof entry === 'object'
        );
      }
      if (typeof object.source === 'string') {
        return [object as Entry];
      }
    }
    return null;
  }

  /** The index of the `}` that closes the `{` at `start`, strings skipped; -1 for none. */
  export function closingBrace(text: string, start: number): number {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') {
          i++;
        } else if (c === '"') {
          inString = false;
        }
      } else if (c === '"') {
        inString = true;
      } else if (c === '{') {
        depth++;
      } else if (c === '}' && --depth === 0) {
        return i;
      }
    }
    return -1;
  }

  /** Raw line breaks and tabs inside JSON strings, escaped. */
  export function escapeControls(json: string): string {
    let out = '';
    let inString = false;
    for (let i = 0; i < json.length; i++) {
      const c = json[i];
      if (inString && c === '\\') {
        out += c + (json[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === '"') {
        inString = !inString;
      } else if (inString && c === '\n') {
        out += '\\n';
        continue;
      } else if (inString && c === '\r') {
        out += '\\r';
        continue;
      } else if (inString && c === '\t') {
        out += '\\t';
        continue;
      }
      out += c;
    }
    return out;
  }

  /** A JSON string's body decoded up to its closing quote, or as far as it goes. */
  export function decode(body: string): string {
    let out = '';
    for (let i = 0; i < body.length; i++) {
      const c = body[i];
      if (c === '"') {
        return out;
      }
      if (c !== '\\') {
        out += c;
        continue;
      }
      const next = body[i + 1];
      if (next === undefined) {
        break;
      }
      if (next === 'u') {
        const hex = body.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          break;
        }
        out += String.fromCharCode(parseInt(hex, 16));
        i += 5;
        continue;
      }
      out += ESCAPES[next] ?? next;
      i++;
    }
    return out;
  }

  const ESCAPES: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    b: '\b',
    f: '\f',
    '/': '/',
    '\\': '\\',
    '"': '"'
  };

  /** The rationale on one line, not overlong. */
  export function oneLine(value: unknown): string {
    const text = typeof value === 'string' ? value : '';
    const line = text.replace(/\s+/g, ' ').trim();
    return line.length > 200 ? `${line.slice(0, 199)}…` : line;
  }
}
