import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';

// Cell magics whose body is still Python; any other (%%bash, %%html, ...) is skipped.
const PYTHON_CELL_MAGICS = /^%%(time|timeit|capture|prun|debug)\b/;
// `%pylab` puts numpy and matplotlib into the notebook, as `from pylab import *` does.
const PYLAB = /^\s*%pylab\b/m;
// Packages scikit-learn once vendored: importing its copy imports the package, which is
// what the code imports once the copy's import is rewritten.
const VENDORED = ['joblib', 'six'].map(
  name =>
    [
      name,
      new RegExp(
        `\\bsklearn\\.externals(\\.${name}\\b|\\s+import\\b[^\\n]*\\b${name}\\b)`
      )
    ] as const
);

// Modules notebooks name by their usual alias alone: a cell using `np.` where no cell binds
// `np` lost its import (a deleted cell), and the import the notebook needs is this one.
const CONVENTIONAL = new Map([
  ['np', 'numpy'],
  ['pd', 'pandas'],
  ['plt', 'matplotlib'],
  ['sns', 'seaborn']
]);

/**
 * The top-level modules that code cells import, in order of first appearance:
 * `import a.b` and `from a.b import c` give `a`, at any depth (inside functions too).
 * `%pylab` counts as importing numpy and matplotlib, scikit-learn's vendored copy of a
 * package (`sklearn.externals.joblib`) as importing the package, and a conventional alias
 * (`np.`, `pd.`, `plt.`, `sns.`) that no cell binds as importing its module, last. Relative
 * imports and `__future__` are left out; other magics and shell lines are ignored.
 */
export function importedModules(sources: string[]): string[] {
  const found = new Set<string>();
  // Conventional aliases read as a module (`np.mean`), and those written any other way.
  const heads = new Set<string>();
  const others = new Set<string>();
  for (const source of sources) {
    if (PYLAB.test(source)) {
      found.add('numpy').add('matplotlib');
    }
    const code = Private.pythonOnly(source);
    if (code === null) {
      continue;
    }
    const cursor = parser.parse(code).cursor();
    do {
      if (cursor.name === 'ImportStatement') {
        for (const module of Private.modulesOf(cursor.node, code)) {
          found.add(module);
        }
        const text = code.slice(cursor.from, cursor.to);
        for (const [module, copy] of VENDORED) {
          if (copy.test(text)) {
            found.add(module);
          }
        }
      } else if (
        cursor.name === 'VariableName' &&
        CONVENTIONAL.has(code.slice(cursor.from, cursor.to))
      ) {
        const name = code.slice(cursor.from, cursor.to);
        (Private.isModuleHead(cursor.node) ? heads : others).add(name);
      }
    } while (cursor.next());
  }
  found.delete('__future__');
  for (const name of heads) {
    if (!others.has(name)) {
      found.add(CONVENTIONAL.get(name)!);
    }
  }
  return [...found];
}

namespace Private {
  /** The cell's Python with magic and shell lines blanked; null for a non-Python cell magic. */
  export function pythonOnly(source: string): string | null {
    const lines = source.split('\n');
    const first = lines.findIndex(line => line.trim() !== '');
    if (first >= 0 && lines[first].trimStart().startsWith('%%')) {
      if (!PYTHON_CELL_MAGICS.test(lines[first].trimStart())) {
        return null;
      }
      lines[first] = '';
    }
    return lines.map(line => (/^\s*[%!?]/.test(line) ? '' : line)).join('\n');
  }

  /** `np` in `np.mean`: a name read through its attributes, as a module is. */
  export function isModuleHead(node: SyntaxNode): boolean {
    return (
      node.parent?.name === 'MemberExpression' &&
      node.parent.firstChild?.from === node.from &&
      node.nextSibling?.name === '.'
    );
  }

  /** Top-level module names of one import statement. */
  export function modulesOf(statement: SyntaxNode, code: string): string[] {
    const modules: string[] = [];
    const first = statement.firstChild;
    if (first?.name === 'from') {
      // `from .x import y` starts with "." (or "..."): a relative import.
      const next = first.nextSibling;
      if (next?.name === 'VariableName') {
        modules.push(code.slice(next.from, next.to));
      }
      return modules;
    }
    // `import a.b as c, d`: the name right after `import` or a comma.
    let expectModule = true;
    for (let child = first; child; child = child.nextSibling) {
      if (child.name === 'import' || child.name === ',') {
        expectModule = true;
      } else if (child.name === 'VariableName' && expectModule) {
        modules.push(code.slice(child.from, child.to));
        expectModule = false;
      } else {
        expectModule = false;
      }
    }
    return modules;
  }
}
