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

/**
 * The files a source's imports may load, relative to the notebook's folder, for a source
 * that is the notebook's (`at` empty) or a module at the path `at`: `import a.b` gives
 * `a.py`, `a/__init__.py`, `a/b.py` and `a/b/__init__.py`; `from a import b` gives `a`'s
 * and `a/b.py` (`b` may be a submodule); `from .b import c` and `from . import b` are read
 * from the module's own package; and a module's `import b` also gives the `b.py` beside it
 * (Python 2 read it there). Which of them exist is the caller's question.
 */
export function importedFiles(source: string, at = ''): string[] {
  const code = Private.pythonOnly(source);
  if (code === null) {
    return [];
  }
  const packages = at.split('/').slice(0, -1);
  const under = (parts: string[]) => parts.map(part => `${part}/`).join('');
  const folder = under(packages);
  // Where a relative import with that many leading dots starts: its package, or above it.
  const relative = (dots: number) =>
    dots - 1 <= packages.length
      ? [under(packages.slice(0, packages.length - (dots - 1)))]
      : [];
  const files = new Set<string>();
  const add = (base: string, dotted: string[]) => {
    for (let i = 1; i <= dotted.length; i++) {
      const path = base + dotted.slice(0, i).join('/');
      files.add(`${path}.py`).add(`${path}/__init__.py`);
    }
  };
  const cursor = parser.parse(code).cursor();
  do {
    if (cursor.name !== 'ImportStatement') {
      continue;
    }
    const { dots, modules, names } = Private.importParts(cursor.node, code);
    const bases = dots > 0 ? relative(dots) : at ? ['', folder] : [''];
    for (const base of bases) {
      for (const module of modules) {
        add(base, module);
        names.forEach(name => add(base, [...module, name]));
      }
    }
  } while (cursor.next());
  return [...files].filter(file => file !== at);
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

  /**
   * An import's parts: the leading dots of a relative `from`, the dotted modules it names
   * (`import a.b, c`: `a.b` and `c`; a relative `from . import b`: the package itself, no
   * names), and the names a `from` imports (`*` left out).
   */
  export function importParts(
    statement: SyntaxNode,
    code: string
  ): { dots: number; modules: string[][]; names: string[] } {
    const from = statement.firstChild?.name === 'from';
    let dots = 0;
    let current: string[] = [];
    const modules = [current];
    const names: string[] = [];
    let inNames = false;
    let alias = false;
    for (let c = statement.firstChild; c; c = c.nextSibling) {
      if (c.name === 'import') {
        inNames = from;
      } else if (c.name === '.' || c.name === 'Ellipsis') {
        dots += current.length === 0 && !inNames ? c.to - c.from : 0;
      } else if (c.name === 'as') {
        alias = true;
      } else if (c.name === ',') {
        alias = false;
        if (!inNames) {
          current = [];
          modules.push(current);
        }
      } else if (c.name === 'VariableName' && !alias) {
        (inNames ? names : current).push(code.slice(c.from, c.to));
      }
    }
    return { dots, modules, names };
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
