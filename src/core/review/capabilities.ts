import type { SyntaxNode } from '@lezer/common';
import { isBindingSite, isKeywordName } from './bindings';
import { type Capability } from './capability-rules';
import {
  DISTINCTIVE,
  DYNAMIC_BUILTINS,
  ESCAPES,
  PATH_DELETES,
  PATH_WRITE_METHODS,
  ROOT_MODULES
} from './call-rules';
import { callUses, type IUseSink } from './call-uses';
import { lineOf, type ICode, type IUnit } from './changed-code';
import { moduleVerdict } from './module-verdict';
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

  export class Walker implements IUseSink {
    constructor(code: ICode, resolver: Resolver) {
      this.code = code;
      this.resolver = resolver;
    }

    readonly code: ICode;
    readonly resolver: Resolver;

    readonly uses: ICapabilityUse[] = [];

    visit(node: SyntaxNode): void {
      if (
        this.code.magics.has(lineOf(this.code, node.from)) &&
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

    text(node: SyntaxNode): string {
      return this.code.python.slice(node.from, node.to).normalize('NFKC');
    }

    use(capability: Capability, detail: string, node: SyntaxNode): void {
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

    values(node: SyntaxNode): Value[] {
      return this.resolver.values(this.code, node);
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
          dotted.push(this.text(child));
        } else if (child.name === 'as') {
          alias = true;
          names.push(from ? `${from}.${dotted.join('.')}` : dotted.join('.'));
          dotted = [];
        } else if (child.name === ',' && afterImport) {
          flush();
        } else if (child.name === '*' && ROOT_MODULES.has(from.split('.')[0])) {
          this.use('interpreter', `from ${from} import *`, node);
        }
        if (child.name === 'VariableName' && alias) {
          alias = false;
        }
      }
      flush();
      for (const name of names) {
        const verdict = moduleVerdict(name);
        if (verdict && verdict.pathArg === undefined) {
          this.use(verdict.capability, `import of ${name}`, node);
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
        isKeywordName(node) ||
        (parent?.name === 'MemberExpression' && same(parent.firstChild, node))
      ) {
        return;
      }
      const name = this.text(node);
      const callee = this._isCallee(node);
      // An alias (`x = os`) is followed where it is used; anywhere else a module is handed on.
      const aliased = parent?.name === 'AssignStatement' && !callee;
      for (const value of this.values(node)) {
        if (value.kind === 'module') {
          this.module(value.path, node, callee);
          if (ROOT_MODULES.has(value.path) && !aliased) {
            this.use(
              'dynamic',
              `the module ${value.path} handed to other code`,
              node
            );
          }
        } else if (value.kind === 'builtin') {
          this._builtin(value.name, node, callee);
        } else if (value.kind === 'ipython') {
          this.use('ipython', 'the IPython shell', node);
        } else if (value.kind === 'free' && callee && DISTINCTIVE.has(name)) {
          this.use(DISTINCTIVE.get(name)!, `${name}(...)`, node);
        }
      }
    }

    private _builtin(name: string, node: SyntaxNode, callee: boolean): void {
      if (DYNAMIC_BUILTINS.has(name)) {
        this.use('dynamic', name, node);
      } else if (name === '__builtins__') {
        this.use('interpreter', name, node);
      } else if (name === 'get_ipython') {
        this.use('ipython', 'get_ipython()', node);
      } else if (
        !callee &&
        ['getattr', 'setattr', 'delattr', 'vars', 'globals', 'locals'].includes(
          name
        )
      ) {
        this.use('dynamic', `${name} handed to other code`, node);
      }
    }

    module(path: string, node: SyntaxNode, callee: boolean): void {
      const verdict = moduleVerdict(path);
      // A path write is judged by its path where it is called.
      if (verdict && (verdict.pathArg === undefined || !callee)) {
        this.use(verdict.capability, path, node);
      }
    }

    private _member(node: SyntaxNode): void {
      if (node.getChild('[')) {
        return; // its object and index are visited on their own
      }
      const name = node.lastChild ? this.text(node.lastChild) : '';
      if (ESCAPES.has(name)) {
        this.use('dynamic', `.${name}`, node);
      }
      const callee = this._isCallee(node);
      for (const value of this.values(node)) {
        if (value.kind === 'module') {
          this.module(value.path, node, callee);
        } else if (value.kind === 'member') {
          this.method(value.of, value.name, node);
        }
      }
    }

    /** An attribute of a value that is not a module. */
    method(of: Value, name: string, node: SyntaxNode): void {
      if (of.kind === 'path') {
        if (PATH_DELETES.has(name)) {
          this.use('delete', `Path.${name}`, node);
        } else if (PATH_WRITE_METHODS.has(name) && unsafeTarget(of.text)) {
          this.use('write', `Path(${of.text ?? '?'}).${name}`, node);
        }
        return;
      }
      if (of.kind === 'ipython') {
        this.use(
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
        this.use('dynamic', '.__dict__', node);
      }
      if (DISTINCTIVE.has(name)) {
        this.use(DISTINCTIVE.get(name)!, this.text(node), node);
      }
    }

    private _call(node: SyntaxNode): void {
      callUses(this, node);
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
        for (const value of this.values(target.firstChild)) {
          const root = value.kind === 'module' ? value.path.split('.')[0] : '';
          if (ROOT_MODULES.has(root) || root === 'IPython') {
            this.use('interpreter', `${this.text(target)} changed`, target);
          }
        }
      }
    }
  }
}
