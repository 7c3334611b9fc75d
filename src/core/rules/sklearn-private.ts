import { defineRule, matchAt } from './builders';
import { importsOf } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import { commentedOut, indentAt } from './syntax';
import type { IRule, IRuleMatch } from './types';

// `sklearn.linear_model.base`: a module of a package, not yet private.
const PUBLIC_MODULE = /^sklearn(\.[A-Za-z]\w*)+\.([A-Za-z]\w*)$/;
// Evaluated in the kernel with no name left behind.
const IMPORTED = "__import__('importlib').import_module";
const FOUND = "__import__('importlib.util').util.find_spec";

/**
 * Helper libraries shipped beside notebooks subclass scikit-learn's internals
 * (`LinearModel`, `LinearClassifierMixin`) and call its private helpers. 0.22 made most
 * modules private (`sklearn.linear_model.base` is `sklearn.linear_model._base`), removing
 * the old names in 0.24, and later releases renamed helpers private (`newton_cg` is
 * `_newton_cg`). The public names have their public imports (sklearn-modules.ts); these
 * have none, so the import takes the private module or name, where the kernel finds
 * every imported name.
 */
export const sklearnPrivateRules: IRule[] = [
  defineRule(
    {
      id: 'sklearn.private-module',
      needs: ['sklearn.'],
      distribution: 'scikit-learn',
      since: '0.24',
      summary:
        'scikit-learn 0.22 made its modules private (`sklearn.linear_model.base` is `sklearn.linear_model._base`): a name the package does not export, such as a base class, is imported from the private module.',
      link: sklearnNotes('0.22'),
      raises: {
        ename: 'ModuleNotFoundError',
        message: /^No module named 'sklearn(\.[A-Za-z]\w*){2,}'/
      },
      // A private module may change in any release: only an import that fails moves.
      onFailureOnly: true,
      examples: [
        {
          before:
            'from sklearn.linear_model.base import LinearModel, LinearClassifierMixin\nprint(LinearModel.__name__, LinearClassifierMixin.__name__)',
          after:
            'from sklearn.linear_model._base import LinearModel, LinearClassifierMixin\nprint(LinearModel.__name__, LinearClassifierMixin.__name__)',
          answer: 'True'
        }
      ]
    },
    context =>
      importsOf(context).flatMap(({ node, module, names }): IRuleMatch[] => {
        if (!module || !PUBLIC_MODULE.test(module.name) || names.length === 0) {
          return [];
        }
        const { hidden, parent } = Private.twin(module.name);
        const listed = JSON.stringify(names.map(n => n.name));
        const found = matchAt('sklearn.private-module', node, []);
        // The private module has every name, and its package does not.
        found.question = {
          expression: `${FOUND}(${JSON.stringify(hidden)}) is not None and __import__('builtins').all(hasattr(${IMPORTED}(${JSON.stringify(hidden)}), n) for n in ${listed}) and not __import__('builtins').all(hasattr(${IMPORTED}(${JSON.stringify(parent)}), n) for n in ${listed})`,
          decide: answer =>
            answer === 'True'
              ? [{ from: module.from, to: module.to, insert: hidden }]
              : null
        };
        return [found];
      })
  ),
  defineRule(
    {
      id: 'sklearn.removed-helper',
      needs: ['sklearn.'],
      distribution: 'scikit-learn',
      since: '0.24',
      summary:
        'scikit-learn removed a private helper that a module imports (`_logistic_loss` of `sklearn.linear_model.logistic`): the import no longer stops the module, and a call to the helper says it was removed.',
      link: sklearnNotes('1.1'),
      raises: {
        ename: ['ModuleNotFoundError', 'ImportError'],
        message:
          /^No module named 'sklearn(\.[A-Za-z]\w*){2,}'|^cannot import name '_\w+' from 'sklearn\./
      },
      onFailureOnly: true,
      examples: [
        {
          before:
            "from sklearn.linear_model.logistic import (_logistic_loss,\n                                           _logistic_grad_hess as grad_hess)\nprint('fitted without them')",
          after:
            "# from sklearn.linear_model.logistic import (_logistic_loss,\n#                                            _logistic_grad_hess as grad_hess)\ndef _logistic_loss(*args, **kwargs):\n    raise ImportError('scikit-learn no longer has _logistic_loss (sklearn.linear_model.logistic)')\ndef grad_hess(*args, **kwargs):\n    raise ImportError('scikit-learn no longer has _logistic_grad_hess (sklearn.linear_model.logistic)')\nprint('fitted without them')",
          answer: 'True'
        }
      ]
    },
    context =>
      importsOf(context).flatMap(({ node, module, names }): IRuleMatch[] => {
        if (
          !module?.name.startsWith('sklearn.') ||
          names.length === 0 ||
          names.some(n => !n.name.startsWith('_') || n.name.includes('.'))
        ) {
          return [];
        }
        const found = matchAt('sklearn.removed-helper', node, []);
        found.question = {
          expression: Private.foundNowhere(
            module.name,
            names.map(n => n.name)
          ),
          decide: answer =>
            answer === 'True'
              ? [
                  {
                    from: node.from,
                    to: node.to,
                    insert: Private.removedHelpers(
                      context.source.slice(node.from, node.to),
                      indentAt(context.source, node.from),
                      module.name,
                      names
                    )
                  }
                ]
              : null
        };
        return [found];
      })
  ),
  defineRule(
    {
      id: 'sklearn.private-name',
      needs: ['sklearn.'],
      distribution: 'scikit-learn',
      since: '1.0',
      summary:
        'A scikit-learn helper renamed private (`sklearn.utils.optimize.newton_cg` is `_newton_cg`) is imported by its new name, under the old one.',
      link: sklearnNotes('1.0'),
      raises: {
        ename: 'ImportError',
        message: /^cannot import name '\w+' from 'sklearn\./
      },
      onFailureOnly: true,
      examples: [
        {
          before:
            'from sklearn.utils.optimize import newton_cg\nprint(newton_cg.__name__)',
          after:
            'from sklearn.utils.optimize import _newton_cg as newton_cg\nprint(newton_cg.__name__)',
          answer: "['newton_cg']"
        }
      ]
    },
    context =>
      importsOf(context).flatMap(({ node, module, names }): IRuleMatch[] => {
        const plain = names.filter(n => !n.name.startsWith('_'));
        if (!module?.name.startsWith('sklearn.') || plain.length === 0) {
          return [];
        }
        const listed = JSON.stringify(plain.map(n => n.name));
        const found = matchAt('sklearn.private-name', node, []);
        // The names the module lacks and has with a leading underscore.
        found.question = {
          expression: `(lambda m: [n for n in ${listed} if not hasattr(m, n) and hasattr(m, '_' + n)])(${IMPORTED}(${JSON.stringify(module.name)}))`,
          decide: answer => {
            const renamed = new Set(
              [...answer.matchAll(/'(\w+)'/g)].map(([, name]) => name)
            );
            const edits = plain
              .filter(n => renamed.has(n.name))
              .map(n => ({
                from: n.from,
                to: n.end,
                insert: `_${n.name} as ${n.alias ?? n.name}`
              }));
            return edits.length > 0 ? edits : null;
          }
        };
        return [found];
      })
  )
];

namespace Private {
  /** A module's private twin (`sklearn.linear_model._base`) and its package. */
  export function twin(module: string): { hidden: string; parent: string } {
    const dot = module.lastIndexOf('.');
    const parent = module.slice(0, dot);
    return { hidden: `${parent}._${module.slice(dot + 1)}`, parent };
  }

  /**
   * Whether no name is in the module, nor in its private twin (`_logistic` for
   * `logistic`), nor in its package: scikit-learn has it nowhere a helper would look.
   */
  export function foundNowhere(module: string, names: string[]): string {
    const { hidden, parent } = twin(module);
    const places = [module, hidden, parent];
    return `(lambda ms: not __import__('builtins').any(hasattr(m, n) for m in ms for n in ${JSON.stringify(names)}))([${IMPORTED}(p) for p in ${JSON.stringify(places)} if ${FOUND}(p) is not None])`;
  }

  /**
   * The import kept as a comment, and each name bound to a function that raises when
   * called: the module loads, and only a use of a removed helper stops.
   */
  export function removedHelpers(
    statement: string,
    indent: string,
    module: string,
    names: { name: string; alias?: string }[]
  ): string {
    const stubs = names.map(
      ({ name, alias }) =>
        `${indent}def ${alias ?? name}(*args, **kwargs):\n${indent}    raise ImportError('scikit-learn no longer has ${name} (${module})')`
    );
    return [commentedOut(statement), ...stubs].join('\n');
  }
}
