import type { SyntaxNode } from '@lezer/common';
import { argumentsIn, type IArgument } from '../rules/syntax';
import { isBindingSite } from './bindings';
import {
  DISTINCTIVE,
  DYNAMIC_BUILTINS,
  ESCAPES,
  MODULES,
  MUTATORS,
  NETWORK_NAMES,
  OS_NAMES,
  OS_PROCESS_PREFIX,
  OS_SAFE,
  PATH_CLASSES,
  PATH_DELETES,
  PATH_KEYWORDS,
  PATH_WRITE_METHODS,
  PATH_WRITES,
  ROOT_MODULES,
  SHOWN_ONLY,
  SHUTIL_SAFE,
  SYS_SAFE,
  URL,
  WRITER_METHODS,
  type Capability
} from './capability-rules';
import { lineOf, type ICode, type IUnit } from './changed-code';
import { unsafeTarget } from './magics';
import type { Resolver, Value } from './values';

/** One use of a capability in the code judged, where it is. */
export interface ICapabilityUse {
  capability: Capability;
  /** What was found, as written or as resolved: `shutil.rmtree`, `%pip install x`. */
  detail: string;
  from: number;
  to: number;
}

/** What a module path does: a capability, or a path write judged by its argument. */
type Verdict = { capability: Capability; pathArg?: number } | null;

/** The capabilities the judged units of `code` use, found on the syntax tree. */
export function capabilityUses(
  code: ICode,
  units: readonly IUnit[],
  resolver: Resolver
): ICapabilityUse[] {
  const walker = new Private.Walker(code, resolver);
  for (const unit of units) {
    for (const node of unit.nodes) {
      walker.visit(node);
    }
  }
  return walker.uses;
}

/** What using a module path does (`os.system` starts a process); null when harmless. */
export function moduleVerdict(dotted: string): Verdict {
  const path = dotted
    .replace(/^(posix|nt)\b/, 'os')
    .replace(/^__builtins__\b/, 'builtins');
  const parts = path.split('.');
  const [root, name, member] = parts;
  if (NETWORK_NAMES.some(pattern => pattern.test(path))) {
    return { capability: 'network' };
  }
  let best = '';
  for (const prefix of MODULES.keys()) {
    if (
      (path === prefix || path.startsWith(`${prefix}.`)) &&
      prefix.length > best.length
    ) {
      best = prefix;
    }
  }
  // Reloading a local module runs the notebook's own code again.
  if (best && path !== 'importlib' && path !== 'importlib.reload') {
    return { capability: MODULES.get(best)! };
  }
  const write = PATH_WRITES.get(`${root}.${name}`);
  if (write !== undefined) {
    return { capability: 'write', pathArg: write };
  }
  if (name === undefined) {
    return null;
  }
  switch (root) {
    case 'os':
      if (name === 'environ') {
        return member && MUTATORS.has(member)
          ? { capability: 'interpreter' }
          : null;
      }
      if (OS_NAMES.has(name)) {
        return { capability: OS_NAMES.get(name)! };
      }
      if (OS_PROCESS_PREFIX.test(name)) {
        return { capability: 'process' };
      }
      return OS_SAFE.has(name) ? null : { capability: 'interpreter' };
    case 'sys':
      if (name === 'path') {
        return member && MUTATORS.has(member)
          ? { capability: 'interpreter' }
          : null;
      }
      return SYS_SAFE.has(name) ? null : { capability: 'interpreter' };
    case 'shutil':
      if (name === 'rmtree' || name === 'move') {
        return { capability: 'delete' };
      }
      return SHUTIL_SAFE.has(name)
        ? null
        : { capability: name === 'unpack_archive' ? 'write' : 'interpreter' };
    case 'pathlib':
      if (PATH_CLASSES.has(name) && member) {
        if (PATH_DELETES.has(member)) {
          return { capability: 'delete' };
        }
        if (PATH_WRITE_METHODS.has(member)) {
          return { capability: 'write' };
        }
      }
      return null;
    default:
      return null;
  }
}

namespace Private {
  /** Nodes are made afresh on each visit: the same node has the same span and type. */
  export function same(a: SyntaxNode | null, b: SyntaxNode): boolean {
    return !!a && a.from === b.from && a.to === b.to && a.type === b.type;
  }

  // IPython shell methods that run shell commands.
  const IPYTHON_SHELL = new Set([
    'system',
    'getoutput',
    'system_piped',
    'system_raw'
  ]);
  const OPENERS = new Set([
    'builtins.open',
    'io.open',
    'codecs.open',
    'os.fdopen'
  ]);

  export class Walker {
    constructor(code: ICode, resolver: Resolver) {
      this._code = code;
      this._resolver = resolver;
    }

    readonly uses: ICapabilityUse[] = [];

    visit(node: SyntaxNode): void {
      if (
        this._code.magics.has(lineOf(this._code, node.from)) &&
        node.name === 'VariableName'
      ) {
        return; // the stand-in name of a magic, judged as a magic
      }
      switch (node.name) {
        case 'ImportStatement':
          this._import(node);
          return;
        case 'VariableName':
          this._name(node);
          break;
        case 'MemberExpression':
          this._member(node);
          break;
        case 'CallExpression':
          this._call(node);
          break;
        case 'AssignStatement':
        case 'UpdateStatement':
        case 'DeleteStatement':
          this._targets(node);
          break;
      }
      for (let child = node.firstChild; child; child = child.nextSibling) {
        this.visit(child);
      }
    }

    private _text(node: SyntaxNode): string {
      return this._code.python.slice(node.from, node.to).normalize('NFKC');
    }

    private _use(
      capability: Capability,
      detail: string,
      node: SyntaxNode
    ): void {
      const short = detail.length > 60 ? `${detail.slice(0, 57)}...` : detail;
      if (
        !this.uses.some(u => u.capability === capability && u.detail === short)
      ) {
        this.uses.push({
          capability,
          detail: short,
          from: node.from,
          to: node.to
        });
      }
    }

    private _values(node: SyntaxNode): Value[] {
      return this._resolver.values(this._code, node);
    }

    private _import(node: SyntaxNode): void {
      const names: string[] = [];
      let from = '';
      let dotted: string[] = [];
      let afterImport = false;
      let alias = false;
      const flush = () => {
        if (dotted.length > 0) {
          names.push(from ? `${from}.${dotted.join('.')}` : dotted.join('.'));
        }
        dotted = [];
        alias = false;
      };
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.name === 'import') {
          from = dotted.join('.');
          dotted = [];
          afterImport = true;
        } else if (child.name === 'VariableName' && !alias) {
          dotted.push(this._text(child));
        } else if (child.name === 'as') {
          alias = true;
          names.push(from ? `${from}.${dotted.join('.')}` : dotted.join('.'));
          dotted = [];
        } else if (child.name === ',' && afterImport) {
          flush();
        } else if (child.name === '*' && ROOT_MODULES.has(from.split('.')[0])) {
          this._use('interpreter', `from ${from} import *`, node);
        }
        if (child.name === 'VariableName' && alias) {
          alias = false;
        }
      }
      flush();
      for (const name of names) {
        const verdict = moduleVerdict(name);
        if (verdict && verdict.pathArg === undefined) {
          this._use(verdict.capability, `import of ${name}`, node);
        }
      }
    }

    private _isCallee(node: SyntaxNode): boolean {
      return (
        node.parent?.name === 'CallExpression' &&
        same(node.parent.firstChild, node)
      );
    }

    private _name(node: SyntaxNode): void {
      const parent = node.parent;
      if (
        isBindingSite(node) ||
        (parent?.name === 'MemberExpression' && same(parent.firstChild, node))
      ) {
        return;
      }
      const name = this._text(node);
      const callee = this._isCallee(node);
      // An alias (`x = os`) is followed where it is used; anywhere else a module is handed on.
      const aliased = parent?.name === 'AssignStatement' && !callee;
      for (const value of this._values(node)) {
        if (value.kind === 'module') {
          this._module(value.path, node, callee);
          if (ROOT_MODULES.has(value.path) && !aliased) {
            this._use(
              'dynamic',
              `the module ${value.path} handed to other code`,
              node
            );
          }
        } else if (value.kind === 'builtin') {
          this._builtin(value.name, node, callee);
        } else if (value.kind === 'ipython') {
          this._use('ipython', 'the IPython shell', node);
        } else if (value.kind === 'free' && callee && DISTINCTIVE.has(name)) {
          this._use(DISTINCTIVE.get(name)!, `${name}(...)`, node);
        }
      }
    }

    private _builtin(name: string, node: SyntaxNode, callee: boolean): void {
      if (DYNAMIC_BUILTINS.has(name)) {
        this._use('dynamic', name, node);
      } else if (name === '__builtins__') {
        this._use('interpreter', name, node);
      } else if (name === 'get_ipython') {
        this._use('ipython', 'get_ipython()', node);
      } else if (
        !callee &&
        ['getattr', 'setattr', 'delattr', 'vars', 'globals', 'locals'].includes(
          name
        )
      ) {
        this._use('dynamic', `${name} handed to other code`, node);
      }
    }

    private _module(path: string, node: SyntaxNode, callee: boolean): void {
      const verdict = moduleVerdict(path);
      // A path write is judged by its path where it is called.
      if (verdict && (verdict.pathArg === undefined || !callee)) {
        this._use(verdict.capability, path, node);
      }
    }

    private _member(node: SyntaxNode): void {
      if (node.getChild('[')) {
        return; // its object and index are visited on their own
      }
      const name = node.lastChild ? this._text(node.lastChild) : '';
      if (ESCAPES.has(name)) {
        this._use('dynamic', `.${name}`, node);
      }
      const callee = this._isCallee(node);
      for (const value of this._values(node)) {
        if (value.kind === 'module') {
          this._module(value.path, node, callee);
        } else if (value.kind === 'member') {
          this._method(value.of, value.name, node);
        }
      }
    }

    /** An attribute of a value that is not a module. */
    private _method(of: Value, name: string, node: SyntaxNode): void {
      if (of.kind === 'path') {
        if (PATH_DELETES.has(name)) {
          this._use('delete', `Path.${name}`, node);
        } else if (PATH_WRITE_METHODS.has(name) && unsafeTarget(of.text)) {
          this._use('write', `Path(${of.text ?? '?'}).${name}`, node);
        }
        return;
      }
      if (of.kind === 'ipython') {
        this._use(
          IPYTHON_SHELL.has(name) ? 'shell' : 'ipython',
          `get_ipython().${name}`,
          node
        );
        return;
      }
      if (
        name === '__dict__' &&
        (of.kind === 'free' || of.kind === 'unknown')
      ) {
        this._use('dynamic', '.__dict__', node);
      }
      if (DISTINCTIVE.has(name)) {
        this._use(DISTINCTIVE.get(name)!, this._text(node), node);
      }
    }

    private _call(node: SyntaxNode): void {
      const callee = node.firstChild;
      if (!callee) {
        return;
      }
      const args = argumentsIn(this._code.python, node);
      const positional = args.filter(arg => !arg.name && !arg.star);
      const said = this._text(node);
      let shownOnly = false;
      for (const value of this._values(callee)) {
        const path =
          value.kind === 'module'
            ? value.path
            : value.kind === 'builtin'
              ? `builtins.${value.name}`
              : '';
        const last =
          value.kind === 'member' ? value.name : (path.split('.').pop() ?? '');
        shownOnly ||= SHOWN_ONLY.has(last);
        const write = moduleVerdict(path);
        if (
          write?.pathArg !== undefined &&
          this._outside(positional[write.pathArg], args)
        ) {
          this._use('write', said, node);
        }
        if (
          OPENERS.has(path) &&
          this._opensOutside(positional[0], positional[1], args)
        ) {
          this._use('write', said, node);
        }
        if (
          value.kind === 'member' &&
          value.of.kind === 'path' &&
          value.name === 'open'
        ) {
          const mode = positional[0] ?? args.find(arg => arg.name === 'mode');
          if (this._writes(mode) && unsafeTarget(value.of.text)) {
            this._use('write', said, node);
          }
        }
        if (WRITER_METHODS.has(last) && !OPENERS.has(path)) {
          const arg = positional[WRITER_METHODS.get(last)!];
          const texts = arg
            ? this._resolver.strings(this._code, arg.value)
            : [];
          if (texts.some(text => text !== null && unsafeTarget(text))) {
            this._use('write', said, node);
          }
        }
        this._reflection(path, positional, node);
      }
      if (!shownOnly) {
        for (const arg of args) {
          const texts = this._resolver.strings(this._code, arg.value);
          if (texts.some(text => text !== null && URL.test(text))) {
            this._use('network', said, node);
          }
        }
      }
    }

    /** getattr, setattr, vars, globals: reaching names by strings. */
    private _reflection(
      path: string,
      args: IArgument[],
      node: SyntaxNode
    ): void {
      const said = this._text(node);
      const target = args[0] ? this._values(args[0].value) : [];
      // A name bound nowhere may be a module, unless the notebook's imports say it is not.
      const moduleLike = target.some(
        v =>
          v.kind === 'module' ||
          (v.kind === 'free' && !this._resolver.knowsImports) ||
          v.kind === 'ipython' ||
          (v.kind === 'builtin' && v.name === '__builtins__')
      );
      switch (path) {
        case 'builtins.getattr': {
          const names = this._resolver.strings(this._code, args[1]?.value);
          if (names.some(name => name === null) && moduleLike) {
            this._use('dynamic', said, node);
          }
          for (const name of names) {
            if (name !== null) {
              for (const value of this._resolver.member(target, name)) {
                if (value.kind === 'module') {
                  this._module(value.path, node, false);
                } else if (value.kind === 'member') {
                  this._method(value.of, value.name, node);
                }
              }
            }
          }
          return;
        }
        case 'builtins.setattr':
        case 'builtins.delattr':
          if (moduleLike) {
            this._use('interpreter', said, node);
          }
          return;
        case 'builtins.vars':
          if (args.length === 0 || moduleLike) {
            this._use('dynamic', said, node);
          }
          return;
        case 'builtins.globals':
        case 'builtins.locals':
          this._use('dynamic', said, node);
          return;
      }
    }

    /** Whether a path argument (positional, or by keyword) may point outside the folder. */
    private _outside(
      arg: IArgument | undefined,
      args: readonly IArgument[]
    ): boolean {
      const chosen = arg ?? args.find(a => a.name && PATH_KEYWORDS.has(a.name));
      if (!chosen) {
        return false;
      }
      const texts = this._resolver.strings(this._code, chosen.value);
      return texts.length === 0 || texts.some(text => unsafeTarget(text));
    }

    private _opensOutside(
      path: IArgument | undefined,
      mode: IArgument | undefined,
      args: readonly IArgument[]
    ): boolean {
      const chosenMode = mode ?? args.find(arg => arg.name === 'mode');
      return this._writes(chosenMode) && this._outside(path, args);
    }

    /** Whether an open mode writes; a mode not known is taken to. */
    private _writes(mode: IArgument | undefined): boolean {
      if (!mode) {
        return false;
      }
      const texts = this._resolver.strings(this._code, mode.value);
      return (
        texts.length === 0 ||
        texts.some(text => text === null || /[wax+]/.test(text))
      );
    }

    /** Assignments to a module's attributes, `os.environ[...]`, `sys.path[...]`. */
    private _targets(node: SyntaxNode): void {
      const targets: SyntaxNode[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.name === 'AssignOp' || child.name === 'UpdateOp') {
          break;
        }
        targets.push(child);
      }
      for (const target of targets) {
        if (target.name !== 'MemberExpression' || !target.firstChild) {
          continue;
        }
        for (const value of this._values(target.firstChild)) {
          const root = value.kind === 'module' ? value.path.split('.')[0] : '';
          if (ROOT_MODULES.has(root) || root === 'IPython') {
            this._use('interpreter', `${this._text(target)} changed`, target);
          }
        }
      }
    }

    private readonly _code: ICode;
    private readonly _resolver: Resolver;
  }
}
