import { parser } from '@lezer/python';
import type { SyntaxNode, Tree } from '@lezer/common';

// Cell magics whose body is still Python; any other (%%bash, %%html, ...) is not scanned.
const PYTHON_CELL_MAGICS = /^%%(time|timeit|capture|prun|debug|python3?)\b/;
// Line magics, shell escapes and `name?` help: not Python, blanked before parsing.
const MAGIC_LINE = /^[ \t]*([%!]|[\w.]+\?\??[ \t]*$)/;

/** A source ready for the rules: Python with magics blanked, parsed once. */
export interface IPreparedSource {
  source: string;
  /**
   * The parsed text: `source` with magic lines replaced by spaces and each float that ends
   * in its point (`2.`, `1.e5`) with a digit for the point, all at the same offsets.
   */
  python: string;
  tree: Tree;
  /** Why the source cannot be scanned (a non-Python cell magic). */
  skip?: string;
}

/** The source with magic and shell lines replaced by spaces; null for a non-Python cell magic. */
export function blankMagics(source: string): string | null {
  if (!/[%!?]/.test(source)) {
    return source;
  }
  const lines = source.split('\n');
  const first = lines.findIndex(line => line.trim() !== '');
  if (first >= 0 && lines[first].trimStart().startsWith('%%')) {
    if (!PYTHON_CELL_MAGICS.test(lines[first].trimStart())) {
      return null;
    }
    lines[first] = ' '.repeat(lines[first].length);
  }
  // Only a line that starts a statement can be a magic: `% (a, b)` inside an open
  // bracket is the modulo operator of the line before.
  const logical = logicalLineStarts(lines);
  return lines
    .map((line, i) =>
      logical[i] && MAGIC_LINE.test(line) ? ' '.repeat(line.length) : line
    )
    .join('\n');
}

// A number's point with no digit after it: `2.`, `1.e-3`, `3..real`. The grammar reads
// such a float as a member access, or not at all, though Python reads it as a float.
// Strings and comments come first in the alternation, so that they are kept whole.
const POINT_ENDED =
  /("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|#[^\n]*)|(?<![\w.])(\d+)\.(?!\d)/g;

/**
 * The text with the point of each such float replaced by a 0: the same length, so every
 * node keeps its offsets, and a Number node over the float's own text in the source.
 */
export function withFullFloats(python: string): string {
  return /\d\./.test(python)
    ? python.replace(POINT_ENDED, (whole, kept: string, digits: string) =>
        kept === undefined ? `${digits}0` : whole
      )
    : python;
}

/** Blanks magics and parses; a non-Python cell magic gives an empty tree and a reason. */
export function prepareSource(source: string): IPreparedSource {
  const python = blankMagics(source);
  if (python === null) {
    const magic = source.trimStart().split(/\s/)[0];
    return {
      source,
      python: '',
      tree: parser.parse(''),
      skip: `${magic} cell is not Python`
    };
  }
  const parsed = withFullFloats(python);
  return {
    source,
    python: parsed,
    tree: parser.parse(withoutTrailingIndent(parsed))
  };
}

/**
 * The text without the spaces of a last, blank line: Python ignores them, the grammar
 * reads them as an indented block that never comes (a cell saved with the indentation of
 * a block it ends on). Every node before them keeps its offsets.
 */
function withoutTrailingIndent(python: string): string {
  return python.replace(/\n[ \t]+$/, '\n');
}

/**
 * What each imported name refers to, over all the given trees: `import numpy as np` binds
 * `np` → `numpy`; `from sklearn.ensemble import RandomForestClassifier as RF` binds `RF` →
 * `sklearn.ensemble.RandomForestClassifier`; `import os.path` binds `os` → `os`.
 */
export function importTable(
  prepared: readonly IPreparedSource[]
): Map<string, string> {
  const table = new Map<string, string>();
  for (const { python, tree } of prepared) {
    if (!python.includes('import')) {
      continue;
    }
    const cursor = tree.cursor();
    do {
      if (cursor.name === 'ImportStatement') {
        Private.bindImport(cursor.node, python, table);
      }
    } while (cursor.next());
  }
  return table;
}
namespace Private {
  /** Adds the names one import statement binds. */
  export function bindImport(
    statement: SyntaxNode,
    code: string,
    table: Map<string, string>
  ): void {
    const text = (node: SyntaxNode) => code.slice(node.from, node.to);
    let from: string | null = null;
    let dotted: string[] = [];
    let alias = false;
    let afterImport = false;
    const bind = () => {
      if (dotted.length > 0 && !alias) {
        const name = dotted.join('.');
        table.set(dotted[0], from ? `${from}.${name}` : dotted[0]);
      }
      dotted = [];
      alias = false;
    };
    for (let child = statement.firstChild; child; child = child.nextSibling) {
      if (child.name === 'import') {
        from = dotted.length > 0 ? dotted.join('.') : null;
        dotted = [];
        afterImport = true;
      } else if (child.name === 'VariableName') {
        if (alias) {
          const target = dotted.join('.');
          table.set(text(child), from ? `${from}.${target}` : target);
          dotted = [];
          alias = false;
          continue;
        }
        dotted.push(text(child));
      } else if (child.name === 'as') {
        alias = true;
      } else if (child.name === ',' && afterImport) {
        bind();
      }
    }
    if (afterImport) {
      bind();
    }
  }
}

/**
 * For each line, whether it begins a logical line: not inside brackets or a
 * triple-quoted string left open above, and not after a backslash continuation.
 */
export function logicalLineStarts(lines: readonly string[]): boolean[] {
  let depth = 0;
  let quote = ''; // the open triple quote, if any
  let continued = false;
  return lines.map(line => {
    const starts = depth === 0 && quote === '' && !continued;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === '\\') {
          i++;
        } else if (line.startsWith(quote, i)) {
          i += quote.length - 1;
          quote = '';
        }
      } else if (c === '#') {
        break;
      } else if (c === '"' || c === "'") {
        const triple = c.repeat(3);
        if (line.startsWith(triple, i)) {
          quote = triple;
          i += 2;
        } else {
          // A one-line string: skip to its closing quote.
          for (i++; i < line.length && line[i] !== c; i++) {
            if (line[i] === '\\') {
              i++;
            }
          }
        }
      } else if (c === '(' || c === '[' || c === '{') {
        depth++;
      } else if (c === ')' || c === ']' || c === '}') {
        depth = Math.max(0, depth - 1);
      }
    }
    continued = quote === '' && line.endsWith('\\');
    return starts;
  });
}
