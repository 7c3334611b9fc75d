import type { SyntaxNode } from '@lezer/common';
import { namesLocalTo, statementBindings, topLevelLine } from './bindings';
import type { IStatementBinding } from './bindings';
import { defineRule, matchAt } from './builders';
import type { IPreparedSource } from './prepare';
import { isValueRead, textOf } from './syntax';
import type { IRule, IRuleContext, ITextEdit } from './types';

const ID = 'python.defined-below';

/** Statements whose copy only defines: run above, they bind what they bound below. */
const DEFINITIONS = /^(FunctionDefinition|ClassDefinition|DecoratedStatement)$/;

/**
 * The author ran the notebook out of order: a cell calls a function that a cell below
 * defines (a helper kept at the notebook's end, run first). The definition, and the
 * imports of its cell that it needs, are copied above the statement that first needs it.
 */
export const runOrderRules: IRule[] = [
  defineRule(
    {
      id: ID,
      onFailureOnly: true,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A cell uses a function or class that only a cell below defines: the author ran that cell first. Its definition, with the imports of its cell that the definition needs, is copied above the statement that first needs it.',
      link: 'https://docs.python.org/3/reference/executionmodel.html#resolution-of-names',
      raises: { ename: 'NameError', message: /name '\w+' is not defined/ },
      examples: [
        {
          before: 'print(area(2.0))',
          below:
            'import math\n\ndef area(r):\n    return round(math.pi * r ** 2, 2)\n\nprint(area(1.0))',
          after:
            'import math\n\ndef area(r):\n    return round(math.pi * r ** 2, 2)\n\nprint(area(2.0))',
          answer: 'below: area'
        }
      ]
    },
    context => {
      const order = Private.order(context);
      if (!order) {
        return [];
      }
      const names = new Map<string, SyntaxNode>();
      for (const node of context.nodes('VariableName')) {
        const name = textOf(context, node);
        if (
          !names.has(name) &&
          !order.above.has(name) &&
          isValueRead(node) &&
          Private.copies(order, [name])
        ) {
          names.set(name, node);
        }
      }
      const first = [...names.values()][0];
      if (!first) {
        return [];
      }
      // The kernel names those of them it does not have (nor Python's builtins).
      const expression =
        `(lambda ns, b: 'below: ' + ', '.join(n for n in ${JSON.stringify([...names.keys()])}` +
        ' if n not in ns and not hasattr(b, n)))' +
        "(get_ipython().user_ns, __import__('builtins'))";
      return [
        {
          ...matchAt(
            ID,
            first,
            [],
            'A cell below defines this; the notebook was run with that cell first.'
          ),
          question: {
            expression,
            decide: answer => {
              const unbound = /^below: (\w+(?:, \w+)*)$/.exec(answer)?.[1];
              const copied =
                unbound && Private.copies(order, unbound.split(', '));
              if (!copied) {
                return null;
              }
              const at = topLevelLine(
                context.source,
                names.get(unbound.split(', ')[0])!
              );
              const edit: ITextEdit = { from: at, to: at, insert: copied };
              return [edit];
            }
          }
        }
      ];
    }
  )
];

namespace Private {
  /** The cells around the one scanned, and what is bound where. */
  export interface IOrder {
    /** Names bound by the cells above and by this cell itself, anywhere in it. */
    above: ReadonlySet<string>;
    /** Each cell below, with its module-level bindings. */
    below: { cell: IPreparedSource; bindings: IStatementBinding[] }[];
  }

  export function order(context: IRuleContext): IOrder | null {
    const cells = context.cells ?? [];
    const at = cells.findIndex(cell => cell.source === context.source);
    if (at < 0) {
      return null;
    }
    const here = cells[at];
    const above = new Set<string>([
      ...cells
        .slice(0, at)
        .flatMap(cell => statementBindings(cell).map(b => b.name)),
      ...statementBindings(here).map(b => b.name),
      ...namesLocalTo(here, here.tree.topNode)
    ]);
    const below = cells
      .slice(at + 1)
      .map(cell => ({ cell, bindings: statementBindings(cell) }));
    return { above, below };
  }

  /**
   * The text that binds the names as the cells below do, by copying their definitions and
   * the imports those need; null when one of them, or a name a definition reads, is bound
   * below otherwise (an assignment, a loop) or not at all.
   */
  export function copies(
    order: IOrder,
    names: readonly string[]
  ): string | null {
    const statements = new Map<SyntaxNode, IPreparedSource>();
    const pending = [...names];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (seen.has(name) || order.above.has(name)) {
        continue;
      }
      seen.add(name);
      const found = definitionBelow(order, name);
      if (found === undefined) {
        // Not bound below: a builtin or the kernel's. Only the names asked for must be.
        if (names.includes(name)) {
          return null;
        }
        continue;
      }
      if (found === null) {
        return null;
      }
      const { cell, binding } = found;
      statements.set(binding.statement, cell);
      if (!binding.imported) {
        pending.push(...namesRead(cell, binding.statement));
      }
    }
    // Imports first, then the definitions in the notebook's order, set apart by blank lines.
    const place = ([node, cell]: [SyntaxNode, IPreparedSource]) =>
      order.below.findIndex(below => below.cell === cell) * 1e9 + node.from;
    const text = ([node, cell]: [SyntaxNode, IPreparedSource]) =>
      cell.source.slice(node.from, node.to).trimEnd();
    const [imports, definitions] = [true, false].map(imported =>
      [...statements.entries()]
        .filter(([node]) => (node.name === 'ImportStatement') === imported)
        .sort((a, b) => place(a) - place(b))
        .map(text)
    );
    return [...(imports.length > 0 ? [imports.join('\n')] : []), ...definitions]
      .map(part => `${part}\n\n`)
      .join('');
  }

  /**
   * The first module-level binding of the name in the cells below, when it is an import or
   * a definition; null when it is bound otherwise; undefined when not bound below.
   */
  function definitionBelow(
    order: IOrder,
    name: string
  ): { cell: IPreparedSource; binding: IStatementBinding } | null | undefined {
    for (const { cell, bindings } of order.below) {
      const binding = bindings.find(b => b.name === name);
      if (binding) {
        const kind = binding.statement.name;
        const copied = binding.imported
          ? kind === 'ImportStatement'
          : DEFINITIONS.test(kind);
        return copied ? { cell, binding } : null;
      }
    }
    return undefined;
  }

  /** The free names a definition reads: not its parameters or locals. */
  function namesRead(cell: IPreparedSource, definition: SyntaxNode): string[] {
    const local = namesLocalTo(cell, definition);
    const names: string[] = [];
    const cursor = definition.cursor();
    do {
      if (cursor.name === 'VariableName' && isValueRead(cursor.node)) {
        const name = cell.python.slice(cursor.from, cursor.to);
        if (!local.has(name)) {
          names.push(name);
        }
      }
    } while (cursor.next() && cursor.from < definition.to);
    return names;
  }
}
