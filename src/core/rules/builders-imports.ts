import type { SyntaxNode } from '@lezer/common';
import {
  aliasReplaced,
  anyOf,
  defineRule,
  matchAt,
  type IRuleInfo
} from './builders';
import { spellName } from './bindings';
import { guardedImport } from './removed-import';
import { dottedName, indentAt, resolve, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

/** A dotted name in an import statement, with its alias. */
interface IImportedName {
  name: string;
  from: number;
  to: number;
  alias?: string;
  /** End of the alias, or of the name when there is none. */
  end: number;
}

/** An import statement read: `from module import names` or `import names`. */
interface IImport {
  node: SyntaxNode;
  module?: IImportedName;
  names: IImportedName[];
}

/**
 * A module moved: `sklearn.cross_validation` → `sklearn.model_selection`. Rewrites
 * `import`, `from ... import` and dotted uses (`sklearn.cross_validation.KFold`); `from
 * sklearn.externals import joblib` becomes `import joblib`.
 */
export function moduleMoved(
  info: IRuleInfo & {
    module: string;
    to: string;
    note?: string;
    /**
     * Whether the new module has a name, when known: a `from` import of a name it lacks
     * is left alone (the name stayed private, or lives elsewhere now).
     */
    exports?: (name: string) => boolean;
  }
): IRule {
  const moved = (name: string) =>
    name === info.module || name.startsWith(`${info.module}.`)
      ? info.to + name.slice(info.module.length)
      : null;
  return defineRule(
    { ...info, targets: [...(info.targets ?? []), info.to] },
    context => {
      const matches: IRuleMatch[] = [];
      for (const statement of importsOf(context)) {
        const { module, names, node } = statement;
        if (
          module &&
          info.exports &&
          moved(module.name) === info.to &&
          names.some(name => name.name !== '*' && !info.exports!(name.name))
        ) {
          continue;
        }
        const runs = module ? [module] : names;
        const edits = runs.flatMap(run => {
          let insert = moved(run.name);
          if (insert === null) {
            return [];
          }
          // `import cPickle` binds `cPickle`: keep that name for the cell's uses.
          if (
            !module &&
            !run.alias &&
            !run.name.includes('.') &&
            insert !== run.name
          ) {
            insert = `${insert} as ${run.name}`;
          }
          return [{ from: run.from, to: run.to, insert }];
        });
        if (edits.length > 0) {
          matches.push(matchAt(info.id, node, edits, info.note));
          continue;
        }
        const imported = module
          ? names.find(name => `${module.name}.${name.name}` === info.module)
          : undefined;
        if (imported) {
          // `from sklearn import cross_validation [as cv]`: import the new module under the old name.
          const local = imported.alias ?? imported.name;
          const insert =
            local === info.to
              ? `import ${info.to}`
              : `import ${info.to} as ${local}`;
          // Among other names (`from sklearn import linear_model, cross_validation`) it
          // leaves the list for an import of its own below it.
          const edits =
            names.length === 1
              ? [{ from: node.from, to: node.to, insert }]
              : [
                  Private.removeName(context, names, imported),
                  {
                    from: node.to,
                    to: node.to,
                    insert: `\n${indentAt(context.source, node.from)}${insert}`
                  }
                ];
          matches.push(matchAt(info.id, node, edits, info.note));
        }
      }
      for (const member of context.nodes('MemberExpression')) {
        if (dottedName(context, member) === info.module) {
          matches.push(
            matchAt(info.id, member, [
              { from: member.from, to: member.to, insert: info.to }
            ])
          );
        }
      }
      return matches;
    },
    [info.module.slice(info.module.lastIndexOf('.') + 1)]
  );
}

/**
 * A function that moved to another module, `from.name` → `to.toName`, in its import form
 * (its uses renamed) and its dotted form (`module.name(...)`, the new module imported).
 * The example imports it, calls it with `use` and prints the result; the error is the
 * import's.
 */
export function movedFunction(
  info: Omit<IRuleInfo, 'raises' | 'examples'>,
  moved: { from: string; name: string; to: string; toName: string; use: string }
): IRule {
  const { from, name, to, toName, use } = moved;
  const full: IRuleInfo = {
    ...info,
    raises: {
      ename: 'ImportError',
      message: new RegExp(`cannot import name '${name}'`)
    },
    examples: [
      {
        before: `from ${from} import ${name}\nprint(${name}${use})`,
        after: `from ${to} import ${toName}\nprint(${toName}${use})`
      }
    ]
  };
  return anyOf(full, [
    nameMoved({ ...full, module: from, name, to, toName }),
    aliasReplaced({
      ...full,
      module: from,
      name,
      to: `@.${toName}`,
      importing: { module: to, alias: to }
    })
  ]);
}

/**
 * An imported name moved or was renamed: `from sklearn.preprocessing import Imputer` →
 * `from sklearn.impute import SimpleImputer`, and its uses in the cell. `args` are added to
 * its calls (`PCA(svd_solver='randomized')` for RandomizedPCA).
 */
export function nameMoved(
  info: IRuleInfo & {
    module: string;
    name: string;
    to: string;
    toName?: string;
    /** How uses are spelled when not just `toName` (`ConfusionMatrixDisplay.from_estimator`). */
    useAs?: string;
    args?: string;
    note?: string;
  }
): IRule {
  const toName = info.toName ?? info.name;
  const useAs = info.useAs ?? toName;
  const written = `${info.to}.${/^[\w.]+/.exec(useAs)![0]}`;
  return defineRule(
    { ...info, targets: [...(info.targets ?? []), written] },
    context => {
      const matches: IRuleMatch[] = [];
      for (const { node, module, names } of importsOf(context)) {
        const imported = names.find(name => name.name === info.name);
        if (!module || module.name !== info.module || !imported) {
          continue;
        }
        // The notebook defines a function of the same name too (`def trapz`): the new
        // name is imported under the old one, so each use keeps meaning what it did.
        const shadowed = !imported.alias && context.defined.has(info.name);
        const local = imported.alias ?? (shadowed ? info.name : undefined);
        const alias = local && local !== toName ? ` as ${local}` : '';
        const edits =
          names.length === 1
            ? [
                { from: module.from, to: module.to, insert: info.to },
                {
                  from: imported.from,
                  to: imported.end,
                  insert: `${toName}${alias}`
                }
              ]
            : [
                Private.removeName(context, names, imported),
                {
                  from: node.to,
                  to: node.to,
                  insert: `\n${indentAt(context.source, node.from)}from ${info.to} import ${toName}${alias}`
                }
              ];
        matches.push(matchAt(info.id, node, edits, info.note));
        if (!imported.alias && !shadowed) {
          matches.push(...Private.renameUses(context, info, useAs));
        }
      }
      // Uses in later cells of a name an earlier cell imported (as it was or is now).
      const imported = importsOf(context).some(i =>
        i.names.some(n => (n.alias ?? n.name) === info.name)
      );
      if (
        !imported &&
        !context.defined.has(info.name) &&
        context.imports.get(info.name) === `${info.module}.${info.name}`
      ) {
        matches.push(...Private.renameUses(context, info, useAs));
      }
      matches.push(...Private.attributeUses(context, info, toName, useAs));
      return matches;
    },
    [info.name]
  );
}

const GUARDED =
  'It is used only inside functions here, so its import is guarded: the rest of the code runs, and only a call to it fails.';

/**
 * A name was removed with no equivalent (`load_boston`): the rule points at its imports
 * and uses with a note. The one rewrite: an import of it whose uses are all inside
 * functions is guarded (see `guardedImport`), so that the code around it still runs.
 */
export function nameRemoved(
  info: IRuleInfo & { module: string; name: string; note: string }
): IRule {
  const target = `${info.module}.${info.name}`;
  return defineRule(
    info,
    context => {
      const matches: IRuleMatch[] = [];
      for (const { node, module, names } of importsOf(context)) {
        const removed = names.find(n => n.name === info.name);
        // An import the code already guards (`try: ... except ImportError:`) is fine.
        if (module?.name === info.module && removed && !inTry(node)) {
          const guarded = guardedImport(
            context,
            node,
            info.module,
            names,
            removed
          );
          matches.push(
            guarded
              ? matchAt(info.id, node, guarded, `${info.note} ${GUARDED}`)
              : matchAt(info.id, node, [], info.note)
          );
        }
      }
      for (const member of context.nodes('MemberExpression')) {
        const dotted = dottedName(context, member);
        if (dotted !== null && resolve(context, dotted) === target) {
          matches.push(matchAt(info.id, member, [], info.note));
        }
      }
      return matches;
    },
    [info.name]
  );
}

/** Whether a statement sits in the body of a `try`. */
function inTry(node: SyntaxNode): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (up.name === 'TryStatement') {
      return true;
    }
  }
  return false;
}

/** The import statements of a source, read. */
export function importsOf(context: IRuleContext): IImport[] {
  return context.nodes('ImportStatement').map(node => {
    const runs: IImportedName[] = [];
    let module: IImportedName | undefined;
    let aliasNext = false;
    let joinNext = false;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      const last = runs[runs.length - 1];
      if (child.name === 'VariableName') {
        const text = textOf(context, child);
        if (aliasNext) {
          last.alias = text;
          last.end = child.to;
        } else if (joinNext && last) {
          last.name += `.${text}`;
          last.to = last.end = child.to;
        } else {
          runs.push({
            name: text,
            from: child.from,
            to: child.to,
            end: child.to
          });
        }
        aliasNext = joinNext = false;
      } else if (child.name === '.') {
        joinNext = true;
      } else if (child.name === 'as') {
        aliasNext = true;
      } else if (child.name === 'import' && node.firstChild?.name === 'from') {
        module = runs.pop();
      }
    }
    return { node, module, names: runs };
  });
}

namespace Private {
  /** Removes one name (and its comma) from a `from ... import a, b` list. */
  export function removeName(
    context: IRuleContext,
    names: IImportedName[],
    name: IImportedName
  ) {
    const index = names.indexOf(name);
    return index > 0
      ? { from: names[index - 1].end, to: name.end, insert: '' }
      : { from: name.from, to: names[1].from, insert: '' };
  }

  /** The arguments a moved name's calls gain (`svd_solver='randomized'`), at the call's end. */
  function addedArgs(call: SyntaxNode | null, args?: string): ITextEdit[] {
    if (!args || call?.name !== 'CallExpression') {
      return [];
    }
    const list = call.getChild('ArgList')!;
    const empty = list.to - list.from <= 2;
    const at = list.to - 1;
    return [{ from: at, to: at, insert: empty ? args : `, ${args}` }];
  }

  /**
   * Uses through the old module, `preprocessing.Imputer(...)` with `from sklearn import
   * preprocessing`: the new name as the notebook names the new module's attributes.
   */
  export function attributeUses(
    context: IRuleContext,
    info: {
      id: string;
      module: string;
      name: string;
      args?: string;
      to: string;
    },
    toName: string,
    useAs: string
  ): IRuleMatch[] {
    const target = `${info.module}.${info.name}`;
    return context.nodes('MemberExpression').flatMap(member => {
      const dotted = dottedName(context, member);
      if (dotted === null || resolve(context, dotted) !== target) {
        return [];
      }
      const spelled = spellName(context, { module: info.to, name: toName });
      const edits: ITextEdit[] = [
        {
          from: member.from,
          to: member.to,
          insert: spelled.text + useAs.slice(toName.length),
          needs: spelled.needs
        }
      ];
      edits.push(...addedArgs(member.parent, info.args));
      return [matchAt(info.id, member, edits)];
    });
  }

  /** Uses of a renamed imported name in the source (not attributes of other objects). */
  export function renameUses(
    context: IRuleContext,
    info: { id: string; name: string; args?: string; to: string },
    useAs: string
  ): IRuleMatch[] {
    if (useAs === info.name && !info.args) {
      return [];
    }
    // The new name is bound by the rewritten import, or added where it is not.
    const toName = /^\w+/.exec(useAs)![0];
    const needs = [
      { name: toName, statement: `from ${info.to} import ${toName}` }
    ];
    return context
      .nodes('VariableName')
      .filter(
        node =>
          textOf(context, node) === info.name &&
          node.parent?.name !== 'ImportStatement'
      )
      .map(node => {
        const edits: ITextEdit[] = [
          { from: node.from, to: node.to, insert: useAs, needs }
        ];
        edits.push(...addedArgs(node.parent, info.args));
        return matchAt(info.id, node, edits);
      });
  }
}
