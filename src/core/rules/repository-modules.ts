import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { indentAt, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const ID = 'python.repository-module';

/**
 * An import of a package the notebook's own repository holds in another folder
 * (`from skbayes.linear_models import EBLinearRegression`, with `skbayes/` two folders up):
 * the author had it installed from the repository, or ran from its root. The kernel is
 * asked whether the module is importable; if not, the folder that holds it goes on
 * `sys.path` before the import. Only where the repository has one such package or module.
 */
export const repositoryModuleRules: IRule[] = [
  defineRule(
    {
      id: ID,
      distribution: 'python',
      since: '3.6',
      summary:
        "A package of the notebook's own repository, in another folder, is imported as if installed: its folder goes on `sys.path`.",
      link: 'https://docs.python.org/3/library/sys.html#sys.path',
      raises: {
        ename: 'ModuleNotFoundError',
        message: /^No module named '\w+'$/
      },
      needs: ['import'],
      examples: [
        {
          setup:
            "import os\nos.makedirs('lib/shapes', exist_ok=True)\nopen('lib/shapes/__init__.py', 'w').close()\nwith open('lib/shapes/area.py', 'w') as f:\n    f.write('def square(a):\\n    return a * a\\n')",
          files: [
            'lib',
            'lib/shapes',
            'lib/shapes/__init__.py',
            'lib/shapes/area.py'
          ],
          before: 'from shapes.area import square\nprint(square(3))',
          after:
            "import sys\nsys.path.insert(0, 'lib')\nfrom shapes.area import square\nprint(square(3))",
          answer: 'True'
        }
      ]
    },
    context => {
      // Per folder, the modules it holds that the cell imports, each with its first import.
      const folders = new Map<string, { module: string; at: SyntaxNode }[]>();
      for (const statement of context.nodes('ImportStatement')) {
        for (const module of Private.topModules(textOf(context, statement))) {
          const folder = Private.folderOf(context.files, module);
          if (
            folder === null ||
            // The cell puts that folder on the path itself.
            new RegExp(
              `sys\\.path\\.(insert|append)\\([^)]*['"]${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?['"]`
            ).test(context.source)
          ) {
            continue;
          }
          const imports = folders.get(folder) ?? [];
          if (!imports.some(seen => seen.module === module)) {
            folders.set(folder, [...imports, { module, at: statement }]);
          }
        }
      }
      return [...folders].map(([folder, imports]) =>
        Private.onPath(context, folder, imports)
      );
    }
  )
];

namespace Private {
  /**
   * The folder goes on `sys.path` once, before the first import of a module the kernel
   * cannot import: asked of every module of the folder the cell imports, in order.
   */
  export function onPath(
    context: IRuleContext,
    folder: string,
    imports: { module: string; at: SyntaxNode }[]
  ): IRuleMatch {
    const names = imports.map(({ module }) => module);
    const match = matchAt(
      ID,
      imports[0].at,
      [],
      `${names.map(name => `\`${name}\``).join(', ')} ${names.length > 1 ? 'are' : 'is'} in the repository at ${folder}: the kernel is asked whether ${names.length > 1 ? 'they are' : 'it is'} importable.`
    );
    match.question = {
      expression: `' '.join(str(__import__('importlib.util').util.find_spec(m) is None) for m in ${JSON.stringify(names)})`,
      decide: answer => {
        const first = imports[answer.split(' ').indexOf('True')];
        if (!first) {
          return null;
        }
        const line = context.source.lastIndexOf('\n', first.at.from - 1) + 1;
        const indent = indentAt(context.source, first.at.from);
        return [
          {
            from: line + indent.length,
            to: line + indent.length,
            insert: `sys.path.insert(0, '${folder}')\n${indent}`,
            needs: [{ name: 'sys', statement: 'import sys' }]
          }
        ];
      }
    };
    return match;
  }

  /** The top-level modules an import statement names (`a` of `import a.b as c`); not relative ones. */
  export function topModules(statement: string): string[] {
    const from = /^from\s+(\w+)[\w.]*\s+import\b/.exec(statement);
    if (from) {
      return [from[1]];
    }
    const plain = /^import\s+([\s\S]+)$/.exec(statement);
    return plain
      ? plain[1]
          .split(',')
          .map(part => /^\s*\(?\s*(\w+)/.exec(part)?.[1] ?? '')
          .filter(Boolean)
      : [];
  }

  /**
   * The folder, relative to the notebook's, of the one package (`name/__init__.py`) or
   * module (`name.py`) of that name in the repository; null where there is none, where it
   * is beside the notebook (importable as it is), or where there are several. Of several,
   * one in a folder above the notebook's is taken, the nearest: that is where the author
   * ran from (a contest whose teams each copied the root's `utilities.py` into their own
   * folder, and a notebook in a team folder without one).
   */
  export function folderOf(
    files: IRuleContext['files'],
    name: string
  ): string | null {
    const found = new Set<string>();
    for (const file of files) {
      for (const tail of [`${name}/__init__.py`, `${name}.py`]) {
        if (file === tail) {
          return null;
        }
        if (file.endsWith(`/${tail}`)) {
          found.add(file.slice(0, -tail.length - 1));
        }
      }
    }
    if (found.size === 1) {
      return [...found][0];
    }
    const above = [...found]
      .filter(folder => /^\.\.(\/\.\.)*$/.test(folder))
      .sort((a, b) => a.length - b.length);
    return above[0] ?? null;
  }
}
