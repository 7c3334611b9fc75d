import type { SyntaxNode } from '@lezer/common';
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
 * A removed name that a module imports at its top but uses only inside functions
 * (`from sklearn.datasets import load_boston` for a `load_extended_boston()` helper): the
 * import goes into a `try`, so the module imports and everything else in it works, and
 * the name becomes a function that raises the same ImportError, so only code that calls
 * it fails, as it would have. Null when the import is nested, or the name is not used here
 * or used outside a function (a cell that loads the data at its top level fails at the
 * import as before).
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
  const uses = context
    .nodes('VariableName')
    .filter(
      node =>
        textOf(context, node) === local &&
        (node.from < statement.from || node.to > statement.to)
    );
  if (uses.length === 0 || !uses.every(Private.inFunction)) {
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
