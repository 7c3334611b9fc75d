// Just enough reading of Python source for score extraction; not a parser.

/** The text between the parenthesis at `open` and the one that closes it. */
export function argumentsAt(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const char = code[i];
    if (char === '(' || char === '[' || char === '{') {
      depth++;
    } else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) {
        return code.slice(open + 1, i);
      }
    }
  }
  return code.slice(open + 1);
}

/**
 * Calls `visit` with each character of `text` outside string literals, and its index, until
 * it returns true; gives that index, or -1 when it never did.
 */
export function scanOutsideStrings(
  text: string,
  visit: (char: string, index: number) => boolean
): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') {
        i++;
      } else if (char === quote) {
        quote = null;
      }
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (visit(char, i)) {
      return i;
    }
  }
  return -1;
}

/** Source without `#` comments (a `#` inside a string is kept). */
export function withoutComments(source: string): string {
  return source
    .split('\n')
    .map(line => {
      const hash = scanOutsideStrings(line, char => char === '#');
      return hash < 0 ? line : line.slice(0, hash);
    })
    .join('\n');
}

/**
 * Source with the text of string literals blanked out, so that a name or a call in a printed
 * message does not count as code; an f-string's `{fields}` are code and are kept. Comments
 * are kept as they are (see withoutComments).
 */
export function withoutStrings(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '#') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      out += source.slice(i, stop);
      i = stop;
      continue;
    }
    if (char !== '"' && char !== "'") {
      out += char;
      i++;
      continue;
    }
    // `f"...{acc:.3f}"`: a prefix right before the quote, not the end of a name.
    const prefix = /(?<!\w)[rRbBuUfF]{1,2}$/.exec(out)?.[0] ?? '';
    const formatted = /f/i.test(prefix);
    const quote = source.startsWith(char.repeat(3), i) ? char.repeat(3) : char;
    out += quote;
    i += quote.length;
    let depth = 0;
    while (i < source.length && !(depth === 0 && source.startsWith(quote, i))) {
      const c = source[i];
      if (quote.length === 1 && c === '\n') {
        break; // Unterminated: the line ends it.
      }
      if (c === '\\' && depth === 0) {
        out += ` ${source[i + 1] === '\n' ? '\n' : ' '}`;
        i += 2;
        continue;
      }
      if (
        formatted &&
        depth === 0 &&
        /^(?:\{\{|\}\})/.test(source.slice(i, i + 2))
      ) {
        out += '  '; // A literal brace.
        i += 2;
        continue;
      }
      if (formatted && c === '{') {
        depth++;
      } else if (formatted && c === '}' && depth > 0) {
        depth--;
      } else if (depth === 0) {
        out += c === '\n' ? c : ' ';
        i++;
        continue;
      }
      out += c;
      i++;
    }
    if (source.startsWith(quote, i)) {
      out += quote;
      i += quote.length;
    }
  }
  return out;
}
