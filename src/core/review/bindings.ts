import type { SyntaxNode } from '@lezer/common';
import type { ICode } from './changed-code';

/** Where a name gets its value: an import, an expression, or something not followed. */
export type Binding =
  | { kind: 'import'; path: string }
  | { kind: 'value'; node: SyntaxNode; code: ICode }
  | { kind: 'opaque' }
  | { kind: 'def' };

/** Every name the texts bind anywhere (flow and scope blind: any binding may be the one). */
export interface IBindings {
  names: Map<string, Binding[]>;
  /** Modules imported with `from m import *`. */
  stars: string[];
}

/** Collects the bindings of the texts, in one walk of each tree. */
export function collectBindings(codes: readonly ICode[]): IBindings {
  const bindings: IBindings = { names: new Map(), stars: [] };
  for (const code of codes) {
    const cursor = code.tree.cursor();
    do {
      // Nodes are made only for the statements that bind (making every node is slow).
      if (Private.BINDERS.has(cursor.name)) {
        Private.visit(code, cursor.node, bindings);
      }
    } while (cursor.next());
  }
  return bindings;
}

/** Whether a VariableName is where a name is bound rather than used. */
export function isBindingSite(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) {
    return false;
  }
  switch (parent.name) {
    case 'ImportStatement':
    case 'ScopeStatement':
    case 'ParamList':
    case 'FunctionDefinition':
    case 'ClassDefinition':
      return parent.name !== 'ParamList' || !Private.isDefault(node);
    case 'AssignStatement':
      return Private.isTarget(node);
    case 'NamedExpression':
      return parent.firstChild?.from === node.from;
    case 'ForStatement':
    case 'ArrayComprehensionExpression':
    case 'SetComprehensionExpression':
    case 'DictionaryComprehensionExpression':
    case 'ComprehensionExpression':
      return Private.afterKeyword(node, 'for', 'in');
    case 'WithStatement':
    case 'TryStatement':
      return node.prevSibling?.name === 'as';
    default:
      return false;
  }
}

/** Whether a name is a keyword argument's name (`f(vars=x)`): it refers to nothing. */
export function isKeywordName(node: SyntaxNode): boolean {
  return (
    node.parent?.name === 'ArgList' && node.nextSibling?.name === 'AssignOp'
  );
}

namespace Private {
  export const BINDERS = new Set([
    'ImportStatement',
    'AssignStatement',
    'NamedExpression',
    'ParamList',
    'FunctionDefinition',
    'ClassDefinition',
    'ForStatement',
    'WithStatement',
    'TryStatement',
    'ArrayComprehensionExpression',
    'SetComprehensionExpression',
    'DictionaryComprehensionExpression',
    'ComprehensionExpression'
  ]);

  export function visit(
    code: ICode,
    node: SyntaxNode,
    bindings: IBindings
  ): void {
    const text = (n: SyntaxNode) =>
      code.python.slice(n.from, n.to).normalize('NFKC');
    const bind = (name: string, binding: Binding) => {
      const list = bindings.names.get(name);
      if (list) {
        list.push(binding);
      } else {
        bindings.names.set(name, [binding]);
      }
    };
    switch (node.name) {
      case 'ImportStatement':
        importBindings(node, text, bind, bindings.stars);
        return;
      case 'AssignStatement': {
        const targets = targetsOf(node);
        const value = node.lastChild;
        const values = value ? tupleOf(node, value) : [];
        targets.forEach((target, i) => {
          if (target.name !== 'VariableName') {
            return;
          }
          const single = targets.length === 1 && value;
          const paired = values.length === targets.length ? values[i] : null;
          const source = single ? value : paired;
          bind(
            text(target),
            source ? { kind: 'value', node: source, code } : { kind: 'opaque' }
          );
        });
        return;
      }
      case 'NamedExpression': {
        const name = node.firstChild;
        if (name?.name === 'VariableName' && node.lastChild) {
          bind(text(name), { kind: 'value', node: node.lastChild, code });
        }
        return;
      }
      case 'ParamList':
        for (let child = node.firstChild; child; child = child.nextSibling) {
          if (child.name !== 'VariableName') {
            continue;
          }
          const value =
            child.nextSibling?.name === 'AssignOp'
              ? child.nextSibling.nextSibling
              : null;
          bind(
            text(child),
            value ? { kind: 'value', node: value, code } : { kind: 'opaque' }
          );
        }
        return;
      case 'FunctionDefinition':
      case 'ClassDefinition': {
        const name = node.getChild('VariableName');
        if (name) {
          bind(
            text(name),
            node.parent?.name === 'Script' ||
              node.parent?.parent?.name === 'Script'
              ? { kind: 'def' }
              : { kind: 'opaque' }
          );
        }
        return;
      }
      default:
        // for, with, except and comprehension targets: values not followed.
        for (let child = node.firstChild; child; child = child.nextSibling) {
          if (child.name === 'VariableName' && isBindingSite(child)) {
            bind(text(child), { kind: 'opaque' });
          }
        }
        return;
    }
  }

  function importBindings(
    statement: SyntaxNode,
    text: (n: SyntaxNode) => string,
    bind: (name: string, binding: Binding) => void,
    stars: string[]
  ): void {
    let from: string | null = null;
    let dotted: string[] = [];
    let alias = false;
    let relative = false;
    let afterImport = false;
    const done = () => {
      if (dotted.length > 0 && !alias) {
        const path = from ? `${from}.${dotted.join('.')}` : dotted[0];
        bind(
          dotted[0],
          relative ? { kind: 'opaque' } : { kind: 'import', path }
        );
      }
      dotted = [];
      alias = false;
    };
    for (let child = statement.firstChild; child; child = child.nextSibling) {
      const name = child.name;
      if (name === 'import') {
        from = dotted.length > 0 ? dotted.join('.') : null;
        dotted = [];
        afterImport = true;
      } else if (name === '.' && !afterImport && dotted.length === 0) {
        relative = true;
      } else if (name === '*' && from) {
        if (!relative) {
          stars.push(from);
        }
      } else if (name === 'VariableName') {
        if (alias) {
          const path = from ? `${from}.${dotted.join('.')}` : dotted.join('.');
          bind(
            text(child),
            relative ? { kind: 'opaque' } : { kind: 'import', path }
          );
          dotted = [];
          alias = false;
        } else {
          dotted.push(text(child));
        }
      } else if (name === 'as') {
        alias = true;
      } else if (name === ',' && afterImport) {
        done();
      }
    }
    if (afterImport) {
      done();
    }
  }

  /** The targets of an assignment: every part before its last `=` (chained `a = b = x`). */
  export function targetsOf(statement: SyntaxNode): SyntaxNode[] {
    const targets: SyntaxNode[] = [];
    let pending: SyntaxNode[] = [];
    for (let child = statement.firstChild; child; child = child.nextSibling) {
      if (child.name === 'AssignOp' || child.name === 'UpdateOp') {
        targets.push(...pending);
        pending = [];
      } else if (child.name !== ',' && child.name !== 'TypeDef') {
        pending.push(child);
      }
    }
    return targets;
  }

  /** `a, b = x, y`: the values after the last `=` when they are a bare tuple. */
  function tupleOf(statement: SyntaxNode, last: SyntaxNode): SyntaxNode[] {
    const values: SyntaxNode[] = [];
    for (
      let child: SyntaxNode | null = last;
      child;
      child = child.prevSibling
    ) {
      if (child.name === 'AssignOp') {
        break;
      }
      if (child.name !== ',') {
        values.unshift(child);
      }
    }
    return statement ? values : [];
  }

  export function isTarget(node: SyntaxNode): boolean {
    for (let next = node.nextSibling; next; next = next.nextSibling) {
      if (next.name === 'AssignOp') {
        return true;
      }
    }
    return false;
  }

  export function isDefault(node: SyntaxNode): boolean {
    return node.prevSibling?.name === 'AssignOp';
  }

  export function afterKeyword(
    node: SyntaxNode,
    start: string,
    end: string
  ): boolean {
    for (let prev = node.prevSibling; prev; prev = prev.prevSibling) {
      if (prev.name === end) {
        return false;
      }
      if (prev.name === start) {
        return true;
      }
    }
    return false;
  }
}
