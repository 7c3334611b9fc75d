import type { SyntaxNode } from '@lezer/common';
import { argumentsIn, stringValue } from '../rules/syntax';
import type { IBindings } from './bindings';
import type { ICode } from './changed-code';
import { MODULES } from './capability-rules';
import { PATH_CLASSES, PATH_DERIVED, ROOT_MODULES } from './call-rules';

/** What an expression may be, as far as the analysis follows it. */
export type Value =
  /** A module or a name in one, by its dotted path: `os`, `shutil.rmtree`. */
  | { kind: 'module'; path: string }
  /** A builtin by name, where nothing else binds it: `open`, `eval`. */
  | { kind: 'builtin'; name: string }
  | { kind: 'string'; text: string | null }
  /** A pathlib path and where it points, when known. */
  | { kind: 'path'; text: string | null }
  /** The IPython shell (`get_ipython()`). */
  | { kind: 'ipython' }
  /** An attribute of a value that is not a module: `p.unlink` for a path `p`. */
  | { kind: 'member'; of: Value; name: string }
  /** A value the code makes itself: a number, a list, a function. */
  | { kind: 'local' }
  /** A name nothing in the text binds: it may come from another cell. */
  | { kind: 'free'; name: string }
  | { kind: 'unknown' };

const BUILTINS = new Set([
  'open',
  'exec',
  'eval',
  'compile',
  '__import__',
  'getattr',
  'setattr',
  'delattr',
  'vars',
  'globals',
  'locals',
  'get_ipython',
  '__builtins__',
  'print',
  'display',
  'str'
]);
const UNKNOWN: Value = { kind: 'unknown' };
const LOCAL: Value = { kind: 'local' };
// Beyond this, a chain of aliases is not followed (and counts as unknown).
const MAX_DEPTH = 16;
// Beyond this many candidates, the rest are dropped (the first ones are kept).
const MAX_VALUES = 12;

/**
 * Follows names through every binding in the texts (imports, assignments, defaults),
 * attribute chains, calls that make paths or modules, and string concatenation.
 */
export class Resolver {
  constructor(bindings: IBindings, imports?: ReadonlyMap<string, string>) {
    this._bindings = bindings;
    this._imports = imports;
  }

  /** Whether the notebook's imports are known: a name bound nowhere then is no module. */
  get knowsImports(): boolean {
    return this._imports !== undefined;
  }

  /** The values an expression may have; memoized per node. */
  values(code: ICode, node: SyntaxNode, depth = 0): Value[] {
    let memo = this._memo.get(code);
    if (!memo) {
      memo = new Map();
      this._memo.set(code, memo);
    }
    const key = `${node.from}:${node.to}:${node.type.id}`;
    const known = memo.get(key);
    if (known) {
      return known;
    }
    if (depth > MAX_DEPTH) {
      return [UNKNOWN];
    }
    // A name bound to itself (`x = x.y`) meets this while it is being worked out.
    memo.set(key, [UNKNOWN]);
    const values = this._compute(code, node, depth + 1).slice(0, MAX_VALUES);
    memo.set(key, values);
    return values;
  }

  /** The values of `object.name` for each value of the object. */
  member(values: readonly Value[], name: string): Value[] {
    return values.map(value => Private.member(value, name));
  }

  /** The string texts an expression may have (null: a string not known). */
  strings(code: ICode, node: SyntaxNode | undefined): (string | null)[] {
    if (!node) {
      return [];
    }
    return this.values(code, node).map(value =>
      value.kind === 'string' || value.kind === 'path' ? value.text : null
    );
  }

  private _compute(code: ICode, node: SyntaxNode, depth: number): Value[] {
    // Python reads names in NFKC form: `ｏｓ` is `os`.
    const text = (n: SyntaxNode) =>
      code.python.slice(n.from, n.to).normalize('NFKC');
    switch (node.name) {
      case 'VariableName':
        return this._name(text(node), depth);
      case 'MemberExpression': {
        const object = node.firstChild!;
        if (node.getChild('[')) {
          return this._subscript(code, node, object, depth);
        }
        const last = node.lastChild;
        if (last?.name !== 'PropertyName') {
          return [UNKNOWN];
        }
        return this.member(this.values(code, object, depth), text(last));
      }
      case 'CallExpression':
        return this._call(code, node, depth);
      case 'String':
        return [{ kind: 'string', text: stringValue(text(node)) }];
      case 'FormatString':
        return [{ kind: 'string', text: null }];
      case 'ParenthesizedExpression': {
        const inner = node.firstChild?.nextSibling;
        return inner ? this.values(code, inner, depth) : [LOCAL];
      }
      case 'NamedExpression':
        return node.lastChild ? this.values(code, node.lastChild, depth) : [];
      case 'ConditionalExpression': {
        const first = node.firstChild;
        const last = node.lastChild;
        return first && last
          ? [
              ...this.values(code, first, depth),
              ...this.values(code, last, depth)
            ]
          : [UNKNOWN];
      }
      case 'BinaryExpression':
        return this._binary(code, node, depth);
      case 'Number':
      case 'Boolean':
      case 'None':
      case 'ArrayExpression':
      case 'TupleExpression':
      case 'DictionaryExpression':
      case 'SetExpression':
      case 'ArrayComprehensionExpression':
      case 'DictionaryComprehensionExpression':
      case 'SetComprehensionExpression':
      case 'LambdaExpression':
      case 'UnaryExpression':
        return [LOCAL];
      default:
        return [UNKNOWN];
    }
  }

  private _name(name: string, depth: number): Value[] {
    const bindings = this._bindings.names.get(name) ?? [];
    const values: Value[] = [];
    for (const binding of bindings) {
      if (binding.kind === 'import') {
        values.push(Private.module(binding.path));
      } else if (binding.kind === 'value') {
        values.push(...this.values(binding.code, binding.node, depth));
      } else {
        values.push(LOCAL);
      }
    }
    const overridden = bindings.some(
      b => b.kind === 'def' || b.kind === 'import'
    );
    if (BUILTINS.has(name) && !overridden) {
      values.push({ kind: 'builtin', name });
    }
    if (bindings.length === 0) {
      const imported = this._imports?.get(name);
      if (imported !== undefined) {
        values.push(Private.module(imported));
      }
      for (const star of this._bindings.stars) {
        values.push(Private.module(`${star}.${name}`));
      }
      // Bound in another cell, most likely as the module of that name.
      if (ROOT_MODULES.has(name) || MODULES.has(name)) {
        values.push(Private.module(name));
      }
      if (values.length === 0) {
        values.push({ kind: 'free', name });
      }
    }
    return values;
  }

  private _subscript(
    code: ICode,
    node: SyntaxNode,
    object: SyntaxNode,
    depth: number
  ): Value[] {
    const index = node.getChild('[')?.nextSibling ?? undefined;
    const keys = this.strings(code, index);
    return this.values(code, object, depth).map(value => {
      const path = value.kind === 'module' ? value.path : '';
      const key = keys[0] ?? null;
      if (path === 'sys.modules' && key !== null) {
        return Private.module(key);
      }
      if ((path === 'builtins' || path === '__builtins__') && key !== null) {
        return Private.module(`builtins.${key}`);
      }
      return UNKNOWN;
    });
  }

  private _call(code: ICode, node: SyntaxNode, depth: number): Value[] {
    const callee = node.firstChild;
    if (!callee) {
      return [UNKNOWN];
    }
    const args = argumentsIn(code.python, node).filter(a => !a.name && !a.star);
    const first = args[0]?.value;
    return this.values(code, callee, depth).map(value => {
      const name =
        value.kind === 'module'
          ? value.path
          : value.kind === 'builtin'
            ? `builtins.${value.name}`
            : '';
      const [tail] = name.split('.').slice(-1);
      if (name.startsWith('pathlib.') && PATH_CLASSES.has(tail)) {
        return { kind: 'path', text: this._joined(code, args) } as Value;
      }
      if (/^pathlib\.\w+\.(home|cwd)$/.test(name)) {
        return {
          kind: 'path',
          text: name.endsWith('home') ? '~' : '.'
        } as Value;
      }
      if (name === 'os.getcwd') {
        return { kind: 'string', text: '.' } as Value;
      }
      if (name === 'os.path.join') {
        return { kind: 'string', text: this._joined(code, args) } as Value;
      }
      if (
        /^os\.path\.(abspath|realpath|normpath|expanduser|expandvars)$/.test(
          name
        )
      ) {
        return {
          kind: 'string',
          text: this.strings(code, first)[0] ?? null
        } as Value;
      }
      if (
        name === 'builtins.__import__' ||
        name === 'importlib.import_module' ||
        name === 'importlib.__import__'
      ) {
        const module = this.strings(code, first)[0];
        return module ? Private.module(module) : UNKNOWN;
      }
      if (name === 'builtins.getattr' && first) {
        const attribute = this.strings(code, args[1]?.value)[0];
        return attribute
          ? (this.member(this.values(code, first, depth), attribute)[0] ??
              UNKNOWN)
          : UNKNOWN;
      }
      if (name === 'builtins.get_ipython' || name.endsWith('.get_ipython')) {
        return { kind: 'ipython' } as Value;
      }
      if (name === 'builtins.str') {
        return {
          kind: 'string',
          text: this.strings(code, first)[0] ?? null
        } as Value;
      }
      // A path's method that gives a path (`p.with_suffix('.csv')`) points where `p` did.
      if (
        value.kind === 'member' &&
        value.of.kind === 'path' &&
        PATH_DERIVED.has(value.name)
      ) {
        return value.of;
      }
      return UNKNOWN;
    });
  }

  private _binary(code: ICode, node: SyntaxNode, depth: number): Value[] {
    const left = node.firstChild;
    const operator = left?.nextSibling;
    const right = node.lastChild;
    if (!left || !operator || !right) {
      return [UNKNOWN];
    }
    const op = code.python.slice(operator.from, operator.to);
    if (op === 'or' || op === 'and') {
      return [
        ...this.values(code, left, depth),
        ...this.values(code, right, depth)
      ];
    }
    const lefts = this.values(code, left, depth);
    const rights = this.strings(code, right);
    if (op === '/' && lefts.some(v => v.kind === 'path')) {
      const base = lefts.find(v => v.kind === 'path') as {
        text: string | null;
      };
      const rest = rights[0] ?? null;
      return [
        {
          kind: 'path',
          text:
            base.text !== null && rest !== null ? `${base.text}/${rest}` : null
        }
      ];
    }
    if (op === '+' && lefts.some(v => v.kind === 'string')) {
      const texts = this.strings(code, left);
      const a = texts[0] ?? null;
      const b = rights[0] ?? null;
      return [
        { kind: 'string', text: a !== null && b !== null ? a + b : null }
      ];
    }
    if (op === '%' && lefts.some(v => v.kind === 'string')) {
      return [{ kind: 'string', text: null }];
    }
    return [LOCAL];
  }

  /** The path the arguments name together (`Path('a', 'b')`), or null. */
  private _joined(
    code: ICode,
    args: ReturnType<typeof argumentsIn>
  ): string | null {
    const parts = args.map(arg => this.strings(code, arg.value)[0] ?? null);
    if (parts.length === 0) {
      return '.';
    }
    return parts.some(part => part === null) ? null : parts.join('/');
  }

  private readonly _bindings: IBindings;
  private readonly _imports: ReadonlyMap<string, string> | undefined;
  private readonly _memo = new Map<ICode, Map<string, Value[]>>();
}

namespace Private {
  /** A module path, re-rooted where it passes through a dangerous module (`a.os.system`). */
  export function module(path: string): Value {
    const parts = path.split('.');
    for (let i = parts.length - 1; i > 0; i--) {
      if (ROOT_MODULES.has(parts[i]) && parts[i] !== 'pathlib') {
        return { kind: 'module', path: parts.slice(i).join('.') };
      }
    }
    return { kind: 'module', path };
  }

  export function member(value: Value, name: string): Value {
    if (
      ROOT_MODULES.has(name) &&
      name !== 'pathlib' &&
      value.kind !== 'string'
    ) {
      return { kind: 'module', path: name };
    }
    switch (value.kind) {
      case 'module':
        return module(`${value.path}.${name}`);
      case 'builtin':
        return value.name === '__builtins__'
          ? module(`builtins.${name}`)
          : { kind: 'member', of: value, name };
      case 'path':
        return name === 'parent'
          ? {
              kind: 'path',
              text: value.text === null ? null : `${value.text}/..`
            }
          : { kind: 'member', of: value, name };
      case 'string':
        return LOCAL;
      default:
        return { kind: 'member', of: value, name };
    }
  }
}
