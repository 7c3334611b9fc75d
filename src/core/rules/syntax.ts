import type { SyntaxNode } from '@lezer/common';
import { spellName, type ISpelledName } from './bindings';
import type { IRuleContext, ITextEdit } from './types';

/** One argument of a call: `value`, `name=value`, `*value` or `**value`. */
export interface IArgument {
  /** Keyword name, for `name=value`. */
  name?: string;
  /** `*` or `**` for unpacked arguments. */
  star?: string;
  /** The whole argument, keyword included. */
  from: number;
  to: number;
  /** The value's node (its first node when the value spans several). */
  value: SyntaxNode;
  valueFrom: number;
  valueTo: number;
}

/** The text of a node. */
export function textOf(context: IRuleContext, node: SyntaxNode): string {
  return context.source.slice(node.from, node.to);
}

/** A string literal's value when it is a plain one ('x', "x", r'x'); else null. */
export function stringValue(text: string): string | null {
  const match = /^[rRuU]?(['"])([^'"\\\n]*)\1$/.exec(text);
  return match ? match[2] : null;
}

/** The dotted name a node spells (`a.b.c`), or null for anything else (calls, subscripts). */
export function dottedName(
  context: IRuleContext,
  node: SyntaxNode
): string | null {
  if (node.name === 'VariableName') {
    return textOf(context, node);
  }
  if (node.name !== 'MemberExpression') {
    return null;
  }
  const head = node.firstChild;
  const last = node.lastChild;
  if (!head || last?.name !== 'PropertyName') {
    return null;
  }
  const left = dottedName(context, head);
  return left === null ? null : `${left}.${textOf(context, last)}`;
}

/**
 * What a dotted name refers to through the notebook's imports: with `import numpy as np`,
 * `np.float` resolves to `numpy.float`. Names not bound by an import come back as written.
 */
export function resolve(context: IRuleContext, dotted: string): string {
  const dot = dotted.indexOf('.');
  const head = dot < 0 ? dotted : dotted.slice(0, dot);
  const bound = context.imports.get(head);
  return bound === undefined ? dotted : bound + dotted.slice(head.length);
}

/** The callee node of a call, and its last name (`fit` in `model.fit(...)`). */
export function calleeOf(
  context: IRuleContext,
  call: SyntaxNode
): { node: SyntaxNode; name: string } | null {
  const node = call.firstChild;
  if (!node) {
    return null;
  }
  if (node.name === 'VariableName') {
    return { node, name: textOf(context, node) };
  }
  if (
    node.name === 'MemberExpression' &&
    node.lastChild?.name === 'PropertyName'
  ) {
    return { node, name: textOf(context, node.lastChild) };
  }
  return null;
}

/**
 * Whether a call's callee is one of `names` (by last name) and, when the notebook's imports
 * say where it comes from, comes from under `module`.
 */
export function callsOneOf(
  context: IRuleContext,
  call: SyntaxNode,
  names: readonly string[],
  module?: string | readonly string[]
): boolean {
  const callee = calleeOf(context, call);
  if (!callee || !names.includes(callee.name)) {
    return false;
  }
  if (!module) {
    return true;
  }
  const dotted = dottedName(context, callee.node);
  if (dotted === null) {
    // A method on an expression (`make().fit()`): nothing to resolve through.
    return true;
  }
  const resolved = resolve(context, dotted);
  const imported = resolved !== dotted || context.imports.has(dotted);
  return (
    !imported ||
    (typeof module === 'string' ? [module] : module).some(m =>
      resolved.startsWith(`${m}.`)
    )
  );
}

/**
 * What a call's callee names through the notebook's imports (`numpy.load` for `np.load`),
 * and whether an import bound it; null for a callee that is no dotted name.
 */
export function resolvedCallee(
  context: IRuleContext,
  call: SyntaxNode
): { path: string; imported: boolean } | null {
  const callee = calleeOf(context, call);
  const dotted = callee && dottedName(context, callee.node);
  if (!dotted) {
    return null;
  }
  const path = resolve(context, dotted);
  return { path, imported: path !== dotted || context.imports.has(dotted) };
}

/** Whether a call's callee resolves into a module (`np.zeros`, `np.random.rand`: numpy). */
export function callsInto(
  context: IRuleContext,
  call: SyntaxNode,
  module: string
): boolean {
  return resolvedCallee(context, call)?.path.startsWith(`${module}.`) === true;
}

/** Whether a call's callee resolves to one of the dotted names (`numpy.load`). */
export function callsTo(
  context: IRuleContext,
  call: SyntaxNode,
  targets: readonly string[]
): boolean {
  const resolved = resolvedCallee(context, call);
  return resolved !== null && targets.includes(resolved.path);
}

/** A call's arguments in order, with keyword names read from the source. */
export function argsOf(context: IRuleContext, call: SyntaxNode): IArgument[] {
  return argumentsIn(context.source, call);
}

/** A node's direct children, in order. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const all: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    all.push(child);
  }
  return all;
}

/** A dict literal's key and value nodes, in order; null with a `**` entry. */
export function dictEntries(
  dict: SyntaxNode
): [SyntaxNode, SyntaxNode][] | null {
  const parts = childrenOf(dict).filter(c => !/^[{}:,]$/.test(c.name));
  if (parts.length % 2 !== 0 || parts.some(part => part.name === '**')) {
    return null;
  }
  return parts.flatMap((key, i): [SyntaxNode, SyntaxNode][] =>
    i % 2 === 0 ? [[key, parts[i + 1]]] : []
  );
}

/** A call's arguments in `source` (where the call was parsed). */
export function argumentsIn(source: string, call: SyntaxNode): IArgument[] {
  const list = call.getChild('ArgList');
  const args: IArgument[] = [];
  let parts: SyntaxNode[] = [];
  const flush = () => {
    if (parts.length === 0) {
      return;
    }
    const [first, second] = parts;
    const last = parts[parts.length - 1];
    const keyword =
      parts.length >= 3 &&
      first.name === 'VariableName' &&
      second.name === 'AssignOp';
    const star = first.name === '*' || first.name === '**';
    const value = parts[keyword ? 2 : star ? 1 : 0] ?? first;
    args.push({
      name: keyword ? source.slice(first.from, first.to) : undefined,
      star: star ? first.name : undefined,
      from: first.from,
      to: last.to,
      value,
      valueFrom: value.from,
      valueTo: last.to
    });
    parts = [];
  };
  for (let child = list?.firstChild; child; child = child.nextSibling) {
    if (child.name === '(' || child.name === ')' || child.name === ',') {
      flush();
    } else if (child.name !== 'Comment') {
      // A comment above an argument (`# the solver` then `method='TNC'`) is no part of it.
      parts.push(child);
    }
  }
  flush();
  return args;
}

/** The keyword argument `name`, if the call passes it. */
export function keywordArg(
  context: IRuleContext,
  call: SyntaxNode,
  name: string
): IArgument | undefined {
  return argsOf(context, call).find(arg => arg.name === name);
}

/**
 * The two edits putting a node inside a call of `callee`: `sqrt(N)` → `int(sqrt(N))`. A
 * callee spelled with `spellName` carries the import it needs.
 */
export function wrapIn(
  node: { from: number; to: number },
  callee: string | ISpelledName
): [ITextEdit, ITextEdit] {
  const { text, needs } =
    typeof callee === 'string' ? { text: callee, needs: undefined } : callee;
  return [
    {
      from: node.from,
      to: node.from,
      insert: `${text}(`,
      ...(needs && { needs })
    },
    { from: node.to, to: node.to, insert: ')' }
  ];
}

/** Edits adding `text` (e.g. `n_estimators=10`) as the call's last argument. */
export function appendArgument(
  context: IRuleContext,
  call: SyntaxNode,
  text: string
): ITextEdit {
  const args = argsOf(context, call);
  const list = call.getChild('ArgList')!;
  if (args.length === 0) {
    return { from: list.from + 1, to: list.from + 1, insert: text };
  }
  const last = args[args.length - 1];
  return { from: last.to, to: last.to, insert: `, ${text}` };
}

/** The edit removing one argument and the comma that goes with it. */
export function removeArgument(
  context: IRuleContext,
  call: SyntaxNode,
  index: number
): ITextEdit {
  const args = argsOf(context, call);
  const arg = args[index];
  if (index > 0) {
    return { from: args[index - 1].to, to: arg.to, insert: '' };
  }
  const next = args[1];
  return { from: arg.from, to: next ? next.from : arg.to, insert: '' };
}

/** The statement (direct child of a body or of the script) that holds a node. */
export function statementOf(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (
    current.parent &&
    current.parent.name !== 'Script' &&
    current.parent.name !== 'Body'
  ) {
    current = current.parent;
  }
  return current;
}

/**
 * The edit taking a statement out: its line, where the statement is all the line holds and
 * its block keeps another statement; else `pass` in its place, which keeps a block a block.
 */
export function dropStatement(
  context: IRuleContext,
  statement: SyntaxNode
): ITextEdit {
  const start = context.source.lastIndexOf('\n', statement.from - 1) + 1;
  const end = context.source.indexOf('\n', statement.to);
  const line = context.source.slice(start, end < 0 ? undefined : end);
  let others = 0;
  for (let c = statement.parent?.firstChild; c; c = c.nextSibling) {
    others += c.from !== statement.from && /Statement$/.test(c.name) ? 1 : 0;
  }
  const alone =
    line.trim() === textOf(context, statement) &&
    (others > 0 || statement.parent?.name === 'Script');
  return alone
    ? { from: start, to: end < 0 ? statement.to : end + 1, insert: '' }
    : { from: statement.from, to: statement.to, insert: 'pass' };
}

/** Code kept as a comment, line by line: `# ` before each line. */
export function commentedOut(code: string): string {
  return `# ${code.replace(/\n/g, '\n# ')}`;
}

/** The indentation of the line that holds `offset`. */
export function indentAt(source: string, offset: number): string {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(source.slice(start))![0];
}

/**
 * How the cell names a module through the notebook's imports (`pd` for `pandas`), and an
 * empty edit carrying the import it needs: proposeRewrite adds that import where the name
 * is not bound (see bindings.ts). Put `edits` among the match's edits.
 */
export function spellModule(
  context: IRuleContext,
  module: string,
  alias: string
): { name: string; edits: ITextEdit[] } {
  const spelled = spellName(context, { module, alias });
  return {
    name: spelled.text,
    edits: [{ from: 0, to: 0, insert: '', needs: spelled.needs }]
  };
}

/**
 * What a call is assigned to, directly or through its fit (`grid = GridSearchCV(...).fit(X, y)`:
 * fit returns the estimator itself): the assignment's target, or null.
 */
export function assignedTarget(
  context: IRuleContext,
  call: SyntaxNode
): SyntaxNode | null {
  const member = call.parent;
  const fitted =
    member?.name === 'MemberExpression' &&
    member.lastChild &&
    textOf(context, member.lastChild) === 'fit' &&
    member.parent?.name === 'CallExpression'
      ? member.parent
      : call;
  const statement = fitted.parent;
  const target = statement?.firstChild;
  return statement?.name === 'AssignStatement' &&
    statement.lastChild?.from === fitted.from &&
    target &&
    target.nextSibling?.name === 'AssignOp'
    ? target
    : null;
}

/**
 * A comparison (`a == b`, `a < b`, `a in b`) that is not part of a chain (`a < b < c`):
 * its operands and operator, or null for any other expression.
 */
export function comparisonOf(
  node: SyntaxNode
): { left: SyntaxNode; op: SyntaxNode; right: SyntaxNode } | null {
  const left = node.firstChild;
  const op = left?.nextSibling;
  const right = op?.nextSibling;
  if (
    node.name !== 'BinaryExpression' ||
    !left ||
    !right ||
    right.nextSibling ||
    op.name !== 'CompareOp' ||
    node.nextSibling?.name === 'CompareOp'
  ) {
    return null;
  }
  return { left, op, right };
}

/**
 * `a == b` or `a != b`, not part of a chain (`a == b == c`, which Python does not read
 * as two tests): its operands and sign, or null for any other expression.
 */
export function equalityOf(
  context: IRuleContext,
  node: SyntaxNode
): { left: SyntaxNode; right: SyntaxNode; sign: '==' | '!=' } | null {
  const comparison = comparisonOf(node);
  const sign = comparison && textOf(context, comparison.op);
  if (!comparison || (sign !== '==' && sign !== '!=')) {
    return null;
  }
  return { left: comparison.left, right: comparison.right, sign };
}

/** A name read as a value: not a definition, target, parameter or keyword's name. */
export function isValueRead(node: SyntaxNode): boolean {
  const parent = node.parent?.name ?? '';
  const before = node.prevSibling?.name;
  const after = node.nextSibling?.name;
  return !(
    /^(ImportStatement|FunctionDefinition|ClassDefinition|ParamList)$/.test(
      parent
    ) ||
    before === 'for' ||
    before === 'as' ||
    (parent === 'ForStatement' && after !== undefined && after !== 'Body') ||
    after === 'AssignOp' ||
    after === 'UpdateOp'
  );
}
