import type { SyntaxNode } from '@lezer/common';
import { otherCells } from './engine';
import { textOf } from './syntax';
import type { IRuleContext, ITextEdit } from './types';

/** One name of a `from M import ...` statement, as builders-imports reads it. */
interface IName {
  name: string;
  alias?: string;
  from: number;
  end: number;
}

/**
 * A removed name that is imported at the top but used only inside functions
 * (`from sklearn.datasets import load_boston` for a `load_extended_boston()` helper), or, in
 * a notebook, used by no cell at all: the import goes into a `try`, so the cell imports and
 * everything else in it works, and the name becomes a function that raises the same
 * ImportError, so only code that calls it fails, as it would have. Null when the import is
 * nested, or the name is used outside a function in any cell (a cell that loads the data at
 * its top level fails at the import as before), or a module never uses it (a notebook may
 * import it from there).
 */
export function guardedImport(
  context: IRuleContext,
  statement: SyntaxNode,
  module: string,
  names: readonly IName[],
  removed: IName
): ITextEdit[] | null {
  if (statement.parent?.name !== 'Script') {
    return null;
  }
  const local = removed.alias ?? removed.name;
  const uses = [context, ...otherCells(context)].flatMap(source =>
    source
      .nodes('VariableName')
      .filter(
        node =>
          textOf(source, node) === local &&
          (source !== context ||
            node.from < statement.from ||
            node.to > statement.to)
      )
  );
  if (!uses.every(Private.inFunction)) {
    return null;
  }
  if (uses.length === 0 && !context.cells) {
    return null;
  }
  const imported = removed.alias
    ? `${removed.name} as ${removed.alias}`
    : removed.name;
  const kept = names
    .filter(name => name !== removed)
    .map(name => context.source.slice(name.from, name.end));
  const guarded = [
    'try:',
    `    from ${module} import ${imported}`,
    `except ImportError as removed:  # only the code that calls ${local}() fails`,
    `    def ${local}(*args, _removed=removed, **kwargs):`,
    '        raise _removed'
  ].join('\n');
  return [
    {
      from: statement.from,
      to: statement.to,
      insert: kept.length
        ? `from ${module} import ${kept.join(', ')}\n${guarded}`
        : guarded
    }
  ];
}

namespace Private {
  export function inFunction(node: SyntaxNode): boolean {
    for (let up = node.parent; up; up = up.parent) {
      if (up.name === 'Body' && up.parent?.name === 'FunctionDefinition') {
        return true;
      }
    }
    return false;
  }
}
