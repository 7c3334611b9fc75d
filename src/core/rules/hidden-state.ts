import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule, matchAt } from './builders';
import { topLevelLine } from './bindings';
import { importTable } from './prepare';
import { SKLEARN_NAMES } from './sklearn-names';
import { isValueRead, textOf } from './syntax';
import type { IBinding, IRule, IRuleContext, IRuleMatch } from './types';

/** Modules notebooks name by their usual alias (or own name), used as `np.mean`. */
const MODULES: Record<string, string> = {
  np: 'import numpy as np',
  pd: 'import pandas as pd',
  plt: 'import matplotlib.pyplot as plt',
  sns: 'import seaborn as sns',
  mpl: 'import matplotlib as mpl',
  numpy: 'import numpy',
  pandas: 'import pandas',
  matplotlib: 'import matplotlib',
  seaborn: 'import seaborn',
  scipy: 'import scipy',
  sklearn: 'import sklearn'
};
/** Standard-library modules named as themselves. */
const STDLIB = [
  'os',
  'sys',
  're',
  'math',
  'time',
  'random',
  'json',
  'pickle',
  'itertools',
  'functools',
  'warnings',
  'glob',
  'csv',
  'copy',
  'string',
  'collections'
];
/**
 * Library names notebooks import by name, by module: scikit-learn's public names (read
 * from the library) and a few others. Names that are also everyday words for variables
 * (`scale`, `normalize`, `display`, `chi2`, `Image`) are left out: a notebook that uses
 * one unbound more likely lost its own variable (but see `CALLED`).
 */
const NAMES: Record<string, string> = {
  ...SKLEARN_NAMES,
  'IPython.display': 'HTML Markdown clear_output',
  collections: 'Counter defaultdict OrderedDict',
  pprint: 'pprint'
};

/**
 * scikit-learn's modules as notebooks name them after `from sklearn import metrics`: taken
 * for the module only where what the cell reads of it is one of its public names
 * (`metrics.accuracy_score`), as a variable of that name (`tree`) has other attributes.
 */
const SKLEARN_MODULES = new Map(
  Object.entries(SKLEARN_NAMES).flatMap(([module, names]) => {
    const [, name] = /^sklearn\.(\w+)$/.exec(module) ?? [];
    return name ? [[name, new Set(names.split(' '))] as const] : [];
  })
);

/**
 * The import that binds each well-known name, whether it names a module, and for a
 * scikit-learn module the names the cell may read of it.
 */
const KNOWN = new Map<
  string,
  { statement: string; module: boolean; members?: ReadonlySet<string> }
>([
  ...[...SKLEARN_MODULES].map(
    ([name, members]) =>
      [
        name,
        { statement: `from sklearn import ${name}`, module: true, members }
      ] as const
  ),
  ...Object.entries(MODULES).map(
    ([name, statement]) => [name, { statement, module: true }] as const
  ),
  ...STDLIB.map(
    name => [name, { statement: `import ${name}`, module: true }] as const
  ),
  ...Object.entries(NAMES).flatMap(([module, names]) =>
    names
      .split(' ')
      .map(
        name =>
          [
            name,
            { statement: `from ${module} import ${name}`, module: false }
          ] as const
      )
  )
]);

/**
 * Everyday words that name a library function only when called as one: `scale(X)` is
 * scikit-learn's where nothing in the notebook defines `scale`; `scale = 2` or `x * scale`
 * is a variable the notebook lost.
 */
const CALLED: Record<string, string> = {
  scale: 'from sklearn.preprocessing import scale',
  normalize: 'from sklearn.preprocessing import normalize'
};

const ID = 'python.hidden-state-import';
const DEFERRED_ID = 'python.import-not-run';
const PYLAB_ID = 'python.pylab-mode';

/**
 * Hidden state: a well-known library name that nothing in the notebook binds where it is
 * used (the cell that imported it was deleted, ran only on the author's machine, or comes
 * later: another rule's rewrite may have put it there). The kernel is asked whether the
 * name is defined when the cell is about to run; if not, its import is added before the
 * statement that first needs it.
 */
export const hiddenStateRules: IRule[] = [
  defineRule(
    {
      id: ID,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A well-known library name is used but imported nowhere (its import was in a cell since deleted): import it where it is first needed.',
      link: 'https://docs.python.org/3/reference/import.html',
      raises: {
        ename: 'NameError',
        message: new RegExp(
          `name '(${[...KNOWN.keys(), ...Object.keys(CALLED)].join('|')})' is not defined`
        )
      },
      examples: [
        {
          setup:
            'from sklearn.datasets import load_iris\nfrom sklearn.tree import DecisionTreeClassifier\nX, y = load_iris(return_X_y=True)',
          before:
            'scores = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=3)\nprint(round(np.average(scores), 2))',
          after:
            'from sklearn.model_selection import cross_val_score\nscores = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=3)\nimport numpy as np\nprint(round(np.average(scores), 2))',
          answer: 'False'
        },
        {
          before:
            'import sklearn.metrics\nprint(metrics.accuracy_score([1, 0, 1], [1, 1, 1]))',
          after:
            'import sklearn.metrics\nfrom sklearn import metrics\nprint(metrics.accuracy_score([1, 0, 1], [1, 1, 1]))',
          answer: 'False'
        },
        {
          setup: 'import numpy as np',
          before: 'print(scale(np.array([[1.0], [3.0]])).ravel())',
          after:
            'from sklearn.preprocessing import scale\nprint(scale(np.array([[1.0], [3.0]])).ravel())',
          answer: 'False'
        }
      ]
    },
    context => {
      const seen = new Set<string>();
      const own = Private.importedHere(context);
      const matches: IRuleMatch[] = [];
      for (const node of context.nodes('VariableName')) {
        const name = textOf(context, node);
        const known =
          KNOWN.get(name) ??
          (CALLED[name] && Private.isCalled(node)
            ? { statement: CALLED[name], module: false }
            : undefined);
        if (
          !known ||
          seen.has(name) ||
          // This cell or one above imports it, or some cell imports it as another thing.
          own.has(name) ||
          Private.importedAbove(context, name) ||
          Private.importedOtherwise(context, name, known.statement) ||
          // Its own function or variable of that name, in some cell.
          context.defined.has(name) ||
          !isValueRead(node) ||
          Private.isParameter(context, node, name) ||
          (known.module && !Private.isAttributeHead(node)) ||
          (known.members &&
            !known.members.has(textOf(context, node.parent!.lastChild ?? node)))
        ) {
          continue;
        }
        seen.add(name);
        matches.push(Private.ask(node, name, known.statement));
      }
      return matches;
    }
  ),
  defineRule(
    {
      id: DEFERRED_ID,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A cell or a function uses a name the notebook imports in a cell whose import did not run (the cell raised before it, or runs later): the cell that uses it imports it too.',
      link: 'https://docs.python.org/3/reference/import.html',
      raises: { ename: 'NameError', message: /name '\w+' is not defined/ },
      examples: [
        {
          setup:
            'try:\n    from sklearn.neural_network import PerceptronNetwork\n    from sklearn.linear_model import LogisticRegression\nexcept ImportError:\n    pass\nfrom sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)',
          before:
            'def make_model(**params):\n    return LogisticRegression(max_iter=500, **params)\n\nprint(round(make_model(C=1.0).fit(X, y).score(X, y), 2))',
          after:
            'from sklearn.linear_model import LogisticRegression\ndef make_model(**params):\n    return LogisticRegression(max_iter=500, **params)\n\nprint(round(make_model(C=1.0).fit(X, y).score(X, y), 2))',
          answer: 'False'
        },
        {
          // The author ran the cell below, which imports it, first.
          below: 'from sklearn.preprocessing import scale',
          before: 'print(scale([[1.0], [3.0]]).ravel())',
          after:
            'from sklearn.preprocessing import scale\nprint(scale([[1.0], [3.0]]).ravel())',
          answer: 'False'
        }
      ]
    },
    context => {
      const seen = new Set<string>();
      const own = Private.importedHere(context);
      const matches: IRuleMatch[] = [];
      for (const node of context.nodes('VariableName')) {
        const name = textOf(context, node);
        const module = Private.fromImport(context, name);
        if (
          !module ||
          seen.has(name) ||
          own.has(name) ||
          context.defined.has(name) ||
          // Read where the cell runs: imported by a cell below only, and not well known
          // (the other rule's).
          (!Private.inFunctionBody(node) &&
            (KNOWN.has(name) || Private.importedAbove(context, name))) ||
          !isValueRead(node) ||
          Private.isParameter(context, node, name)
        ) {
          continue;
        }
        seen.add(name);
        matches.push(Private.askDeferred(context, node, name, module));
      }
      return matches;
    }
  ),
  defineRule(
    {
      id: PYLAB_ID,
      onFailureOnly: true,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'The notebook calls numpy and pyplot functions by their bare names and imports them nowhere: it ran in IPython’s pylab mode (`--pylab`), which bound them. They are imported from pylab in the cell that first needs them, by name: a star import would cover the notebook’s own functions.',
      link: 'https://matplotlib.org/stable/api/pylab.html',
      raises: { ename: 'NameError', message: /name '\w+' is not defined/ },
      examples: [
        {
          setup: 'x = [1.0, 4.0, 9.0]',
          before: 'print(sqrt(array(x)).tolist())',
          after:
            'from pylab import sqrt, array\nprint(sqrt(array(x)).tolist())',
          answer: 'pylab: sqrt, array'
        }
      ]
    },
    context => {
      const own = Private.importedHere(context);
      const called = context.nodes('VariableName').filter(node => {
        const name = textOf(context, node);
        return (
          Private.isCallee(node) &&
          !own.has(name) &&
          !context.imports.has(name) &&
          !context.defined.has(name) &&
          !Private.isParameter(context, node, name)
        );
      });
      const first = called[0];
      if (!first) {
        return [];
      }
      const names = JSON.stringify([
        ...new Set(called.map(node => textOf(context, node)))
      ]);
      // The kernel names those unbound, when every one of them is pylab's.
      const expression =
        `(lambda ns, b, p: (lambda u: 'pylab: ' + ', '.join(u) if b.all(n in p for n in u) else '')` +
        `([n for n in ${names} if n not in ns and not hasattr(b, n)]))` +
        "(get_ipython().user_ns, __import__('builtins'), vars(__import__('pylab')))";
      return [
        {
          ...matchAt(
            PYLAB_ID,
            first,
            [],
            'IPython’s pylab mode bound these names when the notebook last ran.'
          ),
          question: {
            expression,
            decide: answer => {
              const unbound = /^pylab: (\w+(?:, \w+)*)$/.exec(answer)?.[1];
              return unbound
                ? [{ from: 0, to: 0, insert: `from pylab import ${unbound}\n` }]
                : null;
            }
          }
        }
      ];
    }
  )
];

namespace Private {
  /**
   * The notebook's own `from a.b import Name` for a name it imports without an alias
   * (`np`, `plt` and other module aliases are left to the cells that import them).
   */
  export function fromImport(
    context: IRuleContext,
    name: string
  ): string | undefined {
    const target = context.imports.get(name);
    const dot = target?.lastIndexOf('.') ?? -1;
    return target && dot > 0 && target.slice(dot + 1) === name
      ? target.slice(0, dot)
      : undefined;
  }

  /** Names the source's own import statements bind. */
  export function importedHere(context: IRuleContext): Set<string> {
    const names = new Set<string>();
    for (const statement of context.nodes('ImportStatement')) {
      for (const name of statement.getChildren('VariableName')) {
        // `import sklearn.metrics` binds `sklearn`, not `metrics`.
        if (name.prevSibling?.name !== '.') {
          names.add(textOf(context, name));
        }
      }
    }
    return names;
  }

  /** Whether a node sits in the body of a def or a lambda: read when called, not here. */
  export function inFunctionBody(node: SyntaxNode): boolean {
    for (let p = node.parent; p; p = p.parent) {
      if (
        p.name === 'LambdaExpression' ||
        (p.name === 'Body' && p.parent?.name === 'FunctionDefinition')
      ) {
        return true;
      }
    }
    return false;
  }

  /**
   * Asks whether the name is bound as the function's cell is about to run, and whether
   * the notebook's `from module import name` would bind it (a name today's library lacks
   * stays the failure it was, rather than breaking the function's cell); if unbound and
   * importable, that import goes before the top-level statement that holds the function.
   * Inserted as it is: the cells above hold the import, but it did not run.
   */
  export function askDeferred(
    context: IRuleContext,
    node: SyntaxNode,
    name: string,
    module: string
  ): IRuleMatch {
    const statement = `from ${module} import ${name}`;
    const line = topLevelLine(context.source, node);
    return askedMatch(
      DEFERRED_ID,
      node,
      `(lambda m: '${name}' in get_ipython().user_ns or hasattr(__import__('builtins'), '${name}')` +
        ` or not (hasattr(m.import_module('${module}'), '${name}') or m.util.find_spec('${module}.${name}') is not None))` +
        `(__import__('importlib.util'))`,
      [{ from: line, to: line, insert: `${statement}\n` }],
      `\`${name}\` is imported in another cell; the kernel is asked whether that import ran.`,
      'False'
    );
  }

  /**
   * Whether a cell above this one imports the name (any cell, where the cell's place is
   * not known): one below, or one a rewrite put there, has not run yet.
   */
  export function importedAbove(context: IRuleContext, name: string): boolean {
    const at =
      context.cells?.findIndex(cell => cell.source === context.source) ?? -1;
    return at < 0
      ? context.imports.has(name)
      : context.cells!.slice(0, at).some(cell => importTable([cell]).has(name));
  }

  /**
   * Whether a cell of the notebook imports the name as another thing than the well-known
   * import would (`import autograd.numpy as np`). The same import in another cell, one
   * below or one that did not run, leaves the name to the kernel's answer.
   */
  export function importedOtherwise(
    context: IRuleContext,
    name: string,
    statement: string
  ): boolean {
    const target = context.imports.get(name);
    const known = /^from ([\w.]+) import (\w+)$/.exec(statement);
    return (
      target !== undefined &&
      target !==
        (known
          ? `${known[1]}.${known[2]}`
          : /^import ([\w.]+)/.exec(statement)![1])
    );
  }

  /**
   * Asks whether the name is defined as the cell is about to run; binds it if not. A
   * module's import is added only where the module is installed: else the NameError stays.
   */
  export function ask(
    node: SyntaxNode,
    name: string,
    statement: string
  ): IRuleMatch {
    const needs: IBinding[] = [{ name, statement }];
    const module = /^import (\w+)/.exec(statement)?.[1];
    const missing = module
      ? ` or __import__('importlib.util').util.find_spec('${module}') is None`
      : '';
    return askedMatch(
      ID,
      node,
      `'${name}' in get_ipython().user_ns or hasattr(__import__('builtins'), '${name}')${missing}`,
      [{ from: node.from, to: node.from, insert: '', needs }],
      `\`${name}\` is not imported anywhere in the notebook: ${statement}.`,
      'False'
    );
  }

  /** `plot` in `plot(x)` or `figure()`: the name is what the call calls. */
  export function isCallee(node: SyntaxNode): boolean {
    return (
      node.parent?.name === 'CallExpression' &&
      node.parent.firstChild?.from === node.from
    );
  }

  /** `scale` in `scale(X)`: the name is what the call calls, with arguments. */
  export function isCalled(node: SyntaxNode): boolean {
    const args = node.parent?.getChild('ArgList');
    return isCallee(node) && args?.firstChild?.nextSibling?.name !== ')';
  }

  /** `np` in `np.mean`: a module's name is used through its attributes. */
  export function isAttributeHead(node: SyntaxNode): boolean {
    const parent = node.parent;
    return (
      parent?.name === 'MemberExpression' &&
      parent.firstChild?.from === node.from &&
      node.nextSibling?.name === '.'
    );
  }

  /** Whether an enclosing function or lambda takes the name as a parameter. */
  export function isParameter(
    context: IRuleContext,
    node: SyntaxNode,
    name: string
  ): boolean {
    for (let p = node.parent; p; p = p.parent) {
      const params = p.getChild('ParamList');
      if (
        (p.name === 'FunctionDefinition' || p.name === 'LambdaExpression') &&
        params &&
        params
          .getChildren('VariableName')
          .some(param => textOf(context, param) === name)
      ) {
        return true;
      }
    }
    return false;
  }
}
