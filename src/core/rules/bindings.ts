import type { SyntaxNode, Tree } from '@lezer/common';
import type { IPreparedSource } from './prepare';
import type { IBinding, IRuleContext, ITextEdit } from './types';

/**
 * Name binding for rewrites. A rule that writes a name the source may not bind (`np` in
 * `np.nan`, `SimpleImputer`) spells it with `spellName` and puts the `needs` it returns on
 * its edit; proposeRewrite then adds the import, before the statement that first needs
 * it, wherever the name is not bound by an earlier cell or earlier in the same source.
 *
 *   const np = spellName(context, { module: 'numpy', name: 'nan', alias: 'np' });
 *   edits.push({ from, to, insert: np.text, needs: np.needs });  // `np.nan` or `nan`
 *
 * A rule whose only fix is the import gives an empty edit carrying the needs.
 */

/** What a rewrite wants to name: a module, or one attribute of it. */
export interface INameTarget {
  /** Dotted module name: `numpy`, `sklearn.impute`. */
  module: string;
  /** An attribute of it: `nan`, `SimpleImputer`; absent to name the module itself. */
  name?: string;
  /** The module's usual alias (`np`), used when the notebook imports it nowhere. */
  alias?: string;
}

/** A name as the notebook would write it, and the import its text needs. */
export interface ISpelledName {
  text: string;
  needs: IBinding[];
}

/**
 * How the notebook names a module or one of its attributes, in its own import style: with
 * `from numpy import nan` anywhere, `nan`; with `import numpy as numpy_`, `numpy_.nan`;
 * else the attribute imported by name when there is no alias (`SimpleImputer`) and the
 * notebook does not bind that name itself, or through the module (`np.nan`,
 * `scipy.datasets.face`).
 */
export function spellName(
  context: IRuleContext,
  target: INameTarget
): ISpelledName {
  const { module, name, alias } = target;
  if (name !== undefined) {
    const local = Private.localFor(context, `${module}.${name}`);
    if (local !== undefined) {
      const as = local === name ? '' : ` as ${local}`;
      return Private.spelled(local, `from ${module} import ${name}${as}`);
    }
    // Not where the notebook gives the name a meaning of its own (`face = misc.face()`).
    if (
      alias === undefined &&
      Private.localFor(context, module) === undefined &&
      !context.defined.has(name)
    ) {
      return Private.spelled(name, `from ${module} import ${name}`);
    }
  }
  const local = Private.localFor(context, module) ?? alias ?? module;
  const statement =
    local === module ? `import ${module}` : `import ${module} as ${local}`;
  const { needs } = Private.spelled(local, statement);
  return { text: name === undefined ? local : `${local}.${name}`, needs };
}

/** A binding of a name in a source: where, and in which scope it is visible. */
interface IBound {
  name: string;
  at: number;
  /** The function or class body it is local to; null at module level. */
  scope: SyntaxNode | null;
  /** Bound by an import statement. */
  imported?: boolean;
}

/** The names a source binds at module level (imports, assignments, defs, loops, with). */
export function namesBound(prepared: IPreparedSource): Set<string> {
  return new Set(
    Private.bindings(prepared.tree, prepared.python)
      .filter(binding => binding.scope === null)
      .map(binding => binding.name)
  );
}

/** A module-level binding, with the top-level statement that makes it. */
export interface IStatementBinding {
  name: string;
  /** A child of the script: a def (with its decorators), class, import, assignment, loop... */
  statement: SyntaxNode;
  imported: boolean;
}

/** The module-level bindings of a source, in source order. */
export function statementBindings(
  prepared: IPreparedSource
): IStatementBinding[] {
  return Private.bindings(prepared.tree, prepared.python)
    .filter(binding => binding.scope === null)
    .map(binding => ({
      name: binding.name,
      statement: Private.topLevel(prepared.tree.resolveInner(binding.at, -1)),
      imported: binding.imported === true
    }));
}

/** Start of the line of the top-level statement that holds a node of `source`. */
export function topLevelLine(source: string, node: SyntaxNode): number {
  return Private.lineStart(source, Private.topLevel(node).from);
}

/** The names a def or class binds for its own body: parameters and locals. */
export function namesLocalTo(
  prepared: IPreparedSource,
  definition: SyntaxNode
): Set<string> {
  const text = (node: SyntaxNode) => prepared.python.slice(node.from, node.to);
  const locals = Private.bindings(prepared.tree, prepared.python)
    .filter(
      ({ scope }) =>
        scope !== null &&
        definition.from <= scope.from &&
        scope.to <= definition.to
    )
    .map(binding => binding.name);
  const params: string[] = [];
  const cursor = definition.cursor();
  do {
    if (cursor.name === 'ParamList') {
      params.push(...cursor.node.getChildren('VariableName').map(text));
    }
  } while (cursor.next() && cursor.from < definition.to);
  return new Set([...locals, ...params]);
}

/** The names sources bind other than by an import: functions, classes, assignments, loops. */
export function namesDefined(
  prepared: readonly IPreparedSource[]
): Set<string> {
  return new Set(
    prepared.flatMap(({ tree, python }) =>
      Private.bindings(tree, python)
        .filter(binding => !binding.imported)
        .map(binding => binding.name)
    )
  );
}

/** The module-level names bound by sources that run before another (earlier cells). */
export function namesBoundBefore(
  prepared: readonly IPreparedSource[]
): Set<string> {
  return new Set(prepared.flatMap(source => [...namesBound(source)]));
}

/**
 * The import edits a rewritten source needs: for each binding needed at an offset, none
 * when `before` (names bound by earlier cells) or the source itself binds the name
 * there; else its statement, inserted at the start of the top-level statement that holds
 * the offset (once: an import added higher up binds it below too).
 */
export function importsNeeded(
  prepared: IPreparedSource,
  needed: readonly { at: number; binding: IBinding }[],
  before: ReadonlySet<string>
): ITextEdit[] {
  const bindings = Private.bindings(prepared.tree, prepared.python);
  const added: { at: number; statement: string }[] = [];
  const edits: ITextEdit[] = [];
  for (const { at, binding } of [...needed].sort((a, b) => a.at - b.at)) {
    const visible = bindings.some(
      b =>
        b.name === binding.name &&
        b.at <= at &&
        (b.scope === null || (b.scope.from <= at && at <= b.scope.to))
    );
    const inserted = added.some(
      a => a.statement === binding.statement && a.at <= at
    );
    if (before.has(binding.name) || visible || inserted) {
      continue;
    }
    const line = Private.statementLine(prepared, at);
    added.push({ at: line, statement: binding.statement });
    edits.push({ from: line, to: line, insert: `${binding.statement}\n` });
  }
  return edits;
}

namespace Private {
  /** The local name the notebook's imports give `target`, if any. */
  export function localFor(
    context: IRuleContext,
    target: string
  ): string | undefined {
    for (const [local, bound] of context.imports) {
      if (bound === target) {
        return local;
      }
    }
    return undefined;
  }

  export function spelled(text: string, statement: string): ISpelledName {
    return { text, needs: [{ name: text, statement }] };
  }

  /** Start of the line that holds `at`. */
  export function lineStart(text: string, at: number): number {
    return text.lastIndexOf('\n', at - 1) + 1;
  }

  /** The statement, a child of the script, that holds a node (the script itself at its top). */
  export function topLevel(node: SyntaxNode): SyntaxNode {
    let top = node;
    while (top.parent && top.parent.name !== 'Script') {
      top = top.parent;
    }
    return top;
  }

  /** Start of the line of the top-level statement that holds `at`. */
  export function statementLine(prepared: IPreparedSource, at: number): number {
    const node = topLevel(prepared.tree.resolveInner(at, 1));
    return lineStart(prepared.python, node.name !== 'Script' ? node.from : at);
  }

  /** Every binding of a name in a tree, in source order. */
  export function bindings(tree: Tree, code: string): IBound[] {
    const found: IBound[] = [];
    const text = (node: SyntaxNode) => code.slice(node.from, node.to);
    const cursor = tree.cursor();
    do {
      const node = cursor.node;
      const add = (name: SyntaxNode, at = node.to) =>
        found.push({ name: text(name), at, scope: scopeOf(node) });
      switch (node.name) {
        case 'ImportStatement':
          importedNames(node, text).forEach(name =>
            found.push({
              name,
              at: node.to,
              scope: scopeOf(node),
              imported: true
            })
          );
          break;
        case 'AssignStatement': {
          // Targets are what precedes the last `=`.
          const last = node.getChildren('AssignOp').pop();
          if (last) {
            targets(node, last.from).forEach(t => add(t));
          }
          break;
        }
        case 'FunctionDefinition':
        case 'ClassDefinition': {
          const name = node.getChild('VariableName');
          if (name) {
            add(name, name.to);
          }
          break;
        }
        case 'ForStatement': {
          const stop = node.getChild('in')?.from ?? node.from;
          targets(node, stop).forEach(t => add(t, stop));
          break;
        }
        case 'WithStatement':
          for (let c = node.firstChild; c; c = c.nextSibling) {
            if (c.name === 'as' && c.nextSibling?.name === 'VariableName') {
              add(c.nextSibling, c.nextSibling.to);
            }
          }
          break;
      }
    } while (cursor.next());
    return found;
  }

  /** The plain names among a statement's children before `stop`, tuples included. */
  function targets(node: SyntaxNode, stop: number): SyntaxNode[] {
    const names: SyntaxNode[] = [];
    const visit = (parent: SyntaxNode) => {
      for (let c = parent.firstChild; c && c.to <= stop; c = c.nextSibling) {
        if (c.name === 'VariableName') {
          names.push(c);
        } else if (
          c.name === 'TupleExpression' ||
          c.name === 'ArrayExpression'
        ) {
          visit(c);
        }
      }
    };
    visit(node);
    return names;
  }

  /** Names an import binds: `import a.b` binds `a` and `a.b`; `import a.b as c`, `c`. */
  function importedNames(
    node: SyntaxNode,
    text: (node: SyntaxNode) => string
  ): string[] {
    const names: string[] = [];
    let dotted: string[] = [];
    let alias = false;
    let after = node.firstChild?.name !== 'from';
    const flush = () => {
      if (after && !alias) {
        dotted.forEach((_, i) => names.push(dotted.slice(0, i + 1).join('.')));
      }
      dotted = [];
      alias = false;
    };
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.name === 'import') {
        dotted = [];
        after = true;
      } else if (c.name === 'VariableName') {
        if (alias) {
          names.push(text(c));
          dotted = [];
        } else {
          dotted.push(text(c));
        }
      } else if (c.name === 'as') {
        alias = true;
      } else if (c.name === ',') {
        flush();
      }
    }
    flush();
    return names;
  }

  /** The function, lambda or class body a node sits in; null at module level. */
  function scopeOf(node: SyntaxNode): SyntaxNode | null {
    for (let p = node.parent; p; p = p.parent) {
      if (
        p.name === 'Body' &&
        (p.parent?.name === 'FunctionDefinition' ||
          p.parent?.name === 'ClassDefinition')
      ) {
        return p;
      }
    }
    return null;
  }
}
