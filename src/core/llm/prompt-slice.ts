import type { SyntaxNode } from '@lezer/common';
import type { ICheckCell } from '../model/types';
import { finalException, stripAnsi } from '../diagnosis/traceback';
import { importTable, prepareSource } from '../rules/engine';

/** The names a cell binds at its top level and the names it reads anywhere. */
export interface INameUse {
  /** Assigned, imported, defined (def, class), loop and `as` targets; also names whose item or attribute is assigned (`df['a'] = ...` changes df). */
  binds: Set<string>;
  /** Every variable name in the code (an over-approximation: locals count too). */
  uses: Set<string>;
}

/** Reads a cell's bindings and uses from its parsed code (magics blanked). */
export function nameUse(source: string): INameUse {
  const prepared = prepareSource(source);
  const code = prepared.python;
  const text = (node: SyntaxNode) => code.slice(node.from, node.to);
  const binds = new Set(importTable([prepared]).keys());
  const uses = new Set<string>();
  const cursor = prepared.tree.cursor();
  do {
    if (cursor.name === 'VariableName') {
      uses.add(text(cursor.node));
    }
  } while (cursor.next());
  Private.collectBindings(prepared.tree.topNode, text, binds);
  return { binds, uses };
}

/**
 * The earlier cells the target depends on, nearest dependencies first: for each name the
 * target uses, the last earlier cell that binds it; then, for those cells, theirs, up to
 * `maxCells`. A simple def-use slice read from the text: no scoping, no control flow.
 */
export function dependencySlice(
  cells: readonly ICheckCell[],
  targetId: string,
  maxCells: number
): { cells: ICheckCell[]; names: Map<string, string[]> } {
  const position = cells.findIndex(cell => cell.id === targetId);
  const earlier = position < 0 ? [] : cells.slice(0, position);
  const uses = earlier.map(cell => nameUse(cell.source));
  const chosen = new Map<number, Set<string>>();
  let frontier = [
    {
      before: earlier.length,
      uses: nameUse(cells[position]?.source ?? '').uses
    }
  ];
  while (frontier.length > 0 && chosen.size < maxCells) {
    const next: typeof frontier = [];
    for (const { before, uses: wanted } of frontier) {
      for (const name of wanted) {
        const at = Private.lastBinder(uses, name, before);
        if (at < 0) {
          continue;
        }
        if (!chosen.has(at)) {
          if (chosen.size >= maxCells) {
            continue;
          }
          chosen.set(at, new Set());
          next.push({ before: at, uses: uses[at].uses });
        }
        chosen.get(at)!.add(name);
      }
    }
    frontier = next;
  }
  const order = [...chosen.keys()].sort((a, b) => a - b);
  return {
    cells: order.map(i => earlier[i]),
    names: new Map(order.map(i => [earlier[i].id, [...chosen.get(i)!]]))
  };
}

/**
 * The cell whose code raised, found by the line the traceback shows for the running
 * cell: the first cell after `afterId` holding that line, else any other. Undefined when
 * the traceback names no cell line or no cell holds it.
 */
export function failingCell(
  cells: readonly ICheckCell[],
  traceback: readonly string[],
  afterId?: string
): ICheckCell | undefined {
  const line = Private.raisingLine(traceback);
  if (!line) {
    return undefined;
  }
  const holds = (cell: ICheckCell) =>
    cell.source.split('\n').some(l => l.trim() === line);
  const start = cells.findIndex(cell => cell.id === afterId) + 1;
  return cells.slice(start).find(holds) ?? cells.find(holds);
}

namespace Private {
  // Statements whose bodies bind names at the top level (not def and class bodies).
  const BLOCKS = new Set([
    'Body',
    'IfStatement',
    'ForStatement',
    'WhileStatement',
    'WithStatement',
    'TryStatement',
    'MatchStatement',
    'MatchClause'
  ]);
  const TARGET_SPLIT = new Set(['TupleExpression', 'ArrayExpression']);

  const CELL_HEADER = /^\s*Cell In\[\d+\], line \d+/;
  const ARROW = /^-*> *\d+ ?/;

  /**
   * The code line shown under the first `Cell In[n], line k` of the final exception: the
   * `---->` line of a runtime error, or the quoted line of a SyntaxError.
   */
  export function raisingLine(
    traceback: readonly string[]
  ): string | undefined {
    const lines = stripAnsi(finalException([...traceback]).join('\n')).split(
      '\n'
    );
    const header = lines.findIndex(line => CELL_HEADER.test(line));
    if (header < 0) {
      return undefined;
    }
    const body: string[] = [];
    for (const line of lines.slice(header + 1)) {
      if (
        line.trim() === '' ||
        CELL_HEADER.test(line) ||
        /^\s*File /.test(line)
      ) {
        break;
      }
      body.push(line.trim());
    }
    const arrow = body.find(line => ARROW.test(line));
    const code = arrow ? arrow.replace(ARROW, '') : body[0];
    return code?.trim() || undefined;
  }

  /** The index of the last of the first `before` cells that binds `name`; -1 for none. */
  export function lastBinder(
    uses: readonly INameUse[],
    name: string,
    before: number
  ): number {
    for (let i = before - 1; i >= 0; i--) {
      if (uses[i].binds.has(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Adds the names the statements under `node` bind at the cell's top level. */
  export function collectBindings(
    node: SyntaxNode,
    text: (node: SyntaxNode) => string,
    binds: Set<string>
  ): void {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      switch (child.name) {
        case 'AssignStatement':
        case 'UpdateStatement':
          targetsOf(child, text, binds);
          break;
        case 'FunctionDefinition':
        case 'ClassDefinition': {
          const name = child.getChild('VariableName');
          if (name) {
            binds.add(text(name));
          }
          break;
        }
        case 'ForStatement':
          afterKeyword(child, 'for', 'in', text, binds);
          break;
        case 'WithStatement':
        case 'TryStatement':
          asTargets(child, text, binds);
          break;
      }
      if (BLOCKS.has(child.name)) {
        collectBindings(child, text, binds);
      }
    }
  }

  /** The names left of the last `=` (or of an augmented assignment's operator). */
  function targetsOf(
    statement: SyntaxNode,
    text: (node: SyntaxNode) => string,
    binds: Set<string>
  ): void {
    const ops = statement.getChildren('AssignOp');
    const end = ops.length
      ? ops[ops.length - 1].from
      : (statement.getChild('UpdateOp')?.from ?? statement.from);
    for (let c = statement.firstChild; c && c.to <= end; c = c.nextSibling) {
      target(c, text, binds);
    }
  }

  /** One assignment target: a name, a tuple of them, or an item or attribute of a name. */
  function target(
    node: SyntaxNode,
    text: (node: SyntaxNode) => string,
    binds: Set<string>
  ): void {
    if (node.name === 'VariableName') {
      binds.add(text(node));
    } else if (TARGET_SPLIT.has(node.name)) {
      for (let c = node.firstChild; c; c = c.nextSibling) {
        target(c, text, binds);
      }
    } else if (node.name === 'MemberExpression' && node.firstChild) {
      target(node.firstChild, text, binds);
    }
  }

  /** Names between two keywords: `for a, b in`. */
  function afterKeyword(
    statement: SyntaxNode,
    open: string,
    close: string,
    text: (node: SyntaxNode) => string,
    binds: Set<string>
  ): void {
    let inside = false;
    for (let c = statement.firstChild; c; c = c.nextSibling) {
      if (c.name === open) {
        inside = true;
      } else if (c.name === close) {
        return;
      } else if (inside) {
        target(c, text, binds);
      }
    }
  }

  /** Names right after `as` (`with open(p) as f`, `except E as e`). */
  function asTargets(
    statement: SyntaxNode,
    text: (node: SyntaxNode) => string,
    binds: Set<string>
  ): void {
    for (let c = statement.firstChild; c; c = c.nextSibling) {
      if (c.name === 'as' && c.nextSibling) {
        target(c.nextSibling, text, binds);
      }
    }
  }
}
