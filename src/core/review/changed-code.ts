import { TreeFragment, type SyntaxNode, type Tree } from '@lezer/common';
import { parser } from '@lezer/python';
import { blankMagics, withFullFloats } from '../rules/prepare';
import { PYTHON_CELL, PYTHON_LINE } from './magics';

/** A cell's or module's text made ready for the analysis: magics stand in as names. */
export interface ICode {
  /** The text as written. */
  source: string;
  /**
   * The parsed text: each magic line replaced by a name of the same length (`!ls` by
   * `___`), `%time stmt` by `stmt`; every line keeps its length, so offsets agree.
   */
  python: string;
  tree: Tree;
  /** Magic lines by 0-based line: the magic's text (`!ls`, `%pip install x`). */
  magics: ReadonlyMap<number, string>;
  /** A cell magic whose body is not Python (`%%bash`): its header and body lines. */
  cell?: { header: string; body: readonly string[] };
  /** Offset of each line's start. */
  lineStarts: readonly number[];
}

/** One statement, or one compound statement's header, as the unit of "changed". */
export interface IUnit {
  /** The nodes to analyse: a statement, or a header's parts (its bodies left out). */
  nodes: readonly SyntaxNode[];
  from: number;
  to: number;
  /** Its text, line breaks' indentation left out. */
  text: string;
  /** The headers of the blocks it sits in, outermost first (`if a | else` for an else). */
  chain: readonly string[];
  /** Its chain and text in one string. */
  key: string;
  /** It cannot run: under `if False:`, or after a `return` or `raise` in its block. */
  dead: boolean;
}

// Statements after which the rest of their block never runs.
const ENDS_BLOCK = new Set([
  'ReturnStatement',
  'RaiseStatement',
  'BreakStatement',
  'ContinueStatement'
]);
// An assignment from a shell escape or magic: `files = !ls`, `out = %sx ls`.
const ASSIGNED_MAGIC = /^([ \t]*[\w.]+(?:\s*,\s*[\w.]+)*\s*=\s*)([!%].*)$/;

/** Parses a text once for the analysis. */
export function prepareCode(source: string): ICode {
  const lines = source.split('\n');
  const lineStarts: number[] = [];
  let at = 0;
  for (const line of lines) {
    lineStarts.push(at);
    at += line.length + 1;
  }
  const first = lines.findIndex(line => line.trim() !== '');
  const header = first >= 0 ? lines[first].trim() : '';
  if (header.startsWith('%%') && !PYTHON_CELL.test(header)) {
    return {
      source,
      python: '',
      tree: parser.parse(''),
      magics: new Map(),
      cell: { header, body: lines.slice(first + 1) },
      lineStarts
    };
  }
  const blanked = (blankMagics(source) ?? source).split('\n');
  const magics = new Map<number, string>();
  const python = lines.map((line, i) => {
    const assigned = ASSIGNED_MAGIC.exec(line);
    if (assigned) {
      magics.set(i, assigned[2]);
      const timed = PYTHON_LINE.test(assigned[2])
        ? Private.pythonOfTiming(assigned[2])
        : null;
      return timed
        ? (assigned[1] + timed).padEnd(line.length)
        : assigned[1] + '_'.repeat(assigned[2].length);
    }
    if (blanked[i] === line || line.trim() === '') {
      return line;
    }
    const indent = /^[ \t]*/.exec(line)![0];
    const text = line.slice(indent.length);
    magics.set(i, text);
    if (/^[\w.]+\?\??\s*$/.test(text)) {
      return ' '.repeat(line.length); // `name?` only shows help
    }
    const statement = PYTHON_LINE.test(text)
      ? Private.pythonOfTiming(text)
      : null;
    return statement
      ? (indent + statement).padEnd(line.length)
      : indent + '_'.repeat(text.length);
  });
  const code = python.join('\n');
  return {
    source,
    python: code,
    tree: Private.parse(code),
    magics,
    lineStarts
  };
}

/** The 0-based line of an offset. */
export function lineOf(code: ICode, offset: number): number {
  const starts = code.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

/** Every statement and header of a text, in order, with its key and whether it is dead. */
export function unitsOf(code: ICode): readonly IUnit[] {
  let units = Private.units.get(code);
  if (!units) {
    units = Private.collect(code);
    Private.units.set(code, units);
  }
  return units;
}

/**
 * The units of `after` that would run and did not run in `before`: new or changed
 * statements, statements moved into another block or out of dead code, and the bodies of
 * headers that changed. Unchanged code, live or dead, is never judged; nor is code that
 * only gained conditions (`if not os.path.exists(p):` put around it): it runs no more
 * than before.
 */
export function changedUnits(before: ICode, after: ICode): IUnit[] {
  const live = new Map<string, IUnit[]>();
  const any = new Map<string, IUnit[]>();
  const add = (bag: Map<string, IUnit[]>, unit: IUnit) => {
    const list = bag.get(unit.text);
    if (list) {
      list.push(unit);
    } else {
      bag.set(unit.text, [unit]);
    }
  };
  for (const unit of unitsOf(before)) {
    add(any, unit);
    if (!unit.dead) {
      add(live, unit);
    }
  }
  const used = new Set<IUnit>();
  return unitsOf(after).filter(unit => {
    const candidates = (unit.dead ? any : live).get(unit.text) ?? [];
    const free = candidates.filter(old => !used.has(old));
    const match =
      free.find(old => old.key === unit.key) ??
      free.find(old => Private.within(old.chain, unit.chain));
    if (match) {
      used.add(match);
      return false;
    }
    return true;
  });
}

namespace Private {
  export const units = new WeakMap<ICode, readonly IUnit[]>();

  export function collect(code: ICode): IUnit[] {
    const units: IUnit[] = [];
    if (code.cell) {
      const { header } = code.cell;
      const at = { nodes: [], from: 0, to: 0, dead: false };
      units.push({ ...at, text: header, chain: [], key: header });
      for (const line of code.cell.body) {
        const key = `${header}\n${line}`;
        units.push({ ...at, text: line, chain: [header], key });
      }
      return units;
    }
    Private.block(code, code.tree.topNode, [], false, units);
    return units;
  }

  // The text parsed last and its tree: a streamed proposal grows at its end, so most of
  // its tree is reused.
  let last: { text: string; fragments: readonly TreeFragment[] } | null = null;

  /** Parses a text, reusing what is unchanged from the text parsed last. */
  export function parse(text: string): Tree {
    let fragments: readonly TreeFragment[] | undefined;
    if (last) {
      let same = 0;
      const end = Math.min(last.text.length, text.length);
      while (
        same < end &&
        last.text.charCodeAt(same) === text.charCodeAt(same)
      ) {
        same++;
      }
      fragments = TreeFragment.applyChanges(last.fragments, [
        { fromA: same, toA: last.text.length, fromB: same, toB: text.length }
      ]);
    }
    const tree = parser.parse(withFullFloats(text), fragments);
    last = { text, fragments: TreeFragment.addTree(tree, fragments) };
    return tree;
  }

  /** `%timeit -n 10 f()` → `f()`: the statement a timing magic runs. */
  export function pythonOfTiming(text: string): string | null {
    const statement = text
      .replace(/^%\w+/, '')
      .replace(/^(\s+-[a-zA-Z]+(\s+\d+)?)*/, '')
      .trim();
    return statement || null;
  }

  /** Adds the units of a block's statements. */
  export function block(
    code: ICode,
    body: SyntaxNode,
    chain: readonly string[],
    dead: boolean,
    units: IUnit[]
  ): void {
    let ended = false;
    for (let child = body.firstChild; child; child = child.nextSibling) {
      if (child.name === ':' || child.name === 'Comment') {
        continue;
      }
      statement(code, child, chain, dead || ended, units);
      if (ENDS_BLOCK.has(child.name)) {
        ended = true;
      }
    }
  }

  function statement(
    code: ICode,
    node: SyntaxNode,
    chain: readonly string[],
    dead: boolean,
    units: IUnit[]
  ): void {
    if (node.name === 'DecoratedStatement') {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        statement(code, child, chain, dead, units);
      }
      return;
    }
    if (!node.getChild('Body')) {
      units.push(unit(code, [node], chain, dead));
      return;
    }
    // A compound statement: each header (`if c`, `elif d`, `else`) is a unit, and each
    // body sits under every header up to its own (an `else` depends on the `if`).
    let parts: SyntaxNode[] = [];
    let headers = '';
    let alwaysTrue = false;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === 'Comment') {
        continue;
      }
      if (child.name !== 'Body') {
        parts.push(child);
        continue;
      }
      const header = unit(code, parts, chain, dead);
      units.push(header);
      headers = headers ? `${headers} | ${header.text}` : header.text;
      const keyword = parts[0]?.name;
      const condition = parts.length === 2 ? parts[1] : null;
      const conditional = ['if', 'elif', 'while'].includes(keyword ?? '');
      const never =
        (conditional && condition !== null && falsy(code, condition)) ||
        (keyword === 'else' && alwaysTrue);
      if (conditional && condition !== null && truthy(code, condition)) {
        alwaysTrue = true;
      }
      block(code, child, [...chain, headers], dead || never, units);
      parts = [];
    }
    if (parts.length > 0) {
      units.push(unit(code, parts, chain, dead));
    }
  }

  function unit(
    code: ICode,
    nodes: SyntaxNode[],
    chain: readonly string[],
    dead: boolean
  ): IUnit {
    const from = nodes.length ? nodes[0].from : 0;
    const to = nodes.length ? nodes[nodes.length - 1].to : 0;
    const text = code.source.slice(from, to).replace(/\n[ \t]*/g, '\n');
    const key = [...chain, text].join('\n');
    return { nodes, from, to, text, chain, key, dead };
  }

  /** Whether the headers `inner` sits under include all of `outer`'s, in order. */
  export function within(
    outer: readonly string[],
    inner: readonly string[]
  ): boolean {
    let at = 0;
    for (const header of inner) {
      if (at < outer.length && outer[at] === header) {
        at++;
      }
    }
    return at === outer.length;
  }

  const FALSY = /^(False|None|0|0\.0|''|""|\(\)|\[\]|\{\})$/;

  function falsy(code: ICode, node: SyntaxNode): boolean {
    return FALSY.test(code.python.slice(node.from, node.to).trim());
  }

  function truthy(code: ICode, node: SyntaxNode): boolean {
    return /^(True|1)$/.test(code.python.slice(node.from, node.to).trim());
  }
}
