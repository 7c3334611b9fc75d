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

/** Source without `#` comments (a `#` inside a string is kept). */
export function withoutComments(source: string): string {
  return source
    .split('\n')
    .map(line => {
      let quote: string | null = null;
      for (let i = 0; i < line.length; i++) {
        const char = line[i];
        if (quote) {
          if (char === '\\') {
            i++;
          } else if (char === quote) {
            quote = null;
          }
        } else if (char === '"' || char === "'") {
          quote = char;
        } else if (char === '#') {
          return line.slice(0, i);
        }
      }
      return line;
    })
    .join('\n');
}
