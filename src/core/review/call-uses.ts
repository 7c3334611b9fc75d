import type { SyntaxNode } from '@lezer/common';
import { argumentsIn, type IArgument } from '../rules/syntax';
import { type Capability } from './capability-rules';
import { PATH_KEYWORDS, SHOWN_ONLY, URL, WRITER_METHODS } from './call-rules';
import type { ICode } from './changed-code';
import { unsafeTarget } from './magics';
import { moduleVerdict } from './module-verdict';
import type { Resolver, Value } from './values';

/** What the checks of a call report to, and read names through. */
export interface IUseSink {
  readonly code: ICode;
  readonly resolver: Resolver;
  use(capability: Capability, detail: string, node: SyntaxNode): void;
  /** Judges a use of a module path (a call's callee when `callee`). */
  module(path: string, node: SyntaxNode, callee: boolean): void;
  /** Judges an attribute of a value that is not a module. */
  method(of: Value, name: string, node: SyntaxNode): void;
  text(node: SyntaxNode): string;
  values(node: SyntaxNode): Value[];
}

/**
 * What a call does by its arguments: writes by where they point (`open(p, 'w')`,
 * `os.makedirs(p)`, `df.to_csv(p)`), URLs it fetches, names reached by strings.
 */
export function callUses(sink: IUseSink, node: SyntaxNode): void {
  const callee = node.firstChild;
  if (!callee) {
    return;
  }
  const args = argumentsIn(sink.code.python, node);
  const positional = args.filter(arg => !arg.name && !arg.star);
  const said = sink.text(node);
  let shownOnly = false;
  for (const value of sink.values(callee)) {
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
      Private.outside(sink, positional[write.pathArg], args)
    ) {
      sink.use('write', said, node);
    }
    if (
      Private.OPENERS.has(path) &&
      Private.opensOutside(sink, positional[0], positional[1], args)
    ) {
      sink.use('write', said, node);
    }
    if (
      value.kind === 'member' &&
      value.of.kind === 'path' &&
      value.name === 'open'
    ) {
      const mode = positional[0] ?? args.find(arg => arg.name === 'mode');
      if (Private.writes(sink, mode) && unsafeTarget(value.of.text)) {
        sink.use('write', said, node);
      }
    }
    if (WRITER_METHODS.has(last) && !Private.OPENERS.has(path)) {
      const arg = positional[WRITER_METHODS.get(last)!];
      const texts = arg ? sink.resolver.strings(sink.code, arg.value) : [];
      if (texts.some(text => text !== null && unsafeTarget(text))) {
        sink.use('write', said, node);
      }
    }
    Private.reflection(sink, path, positional, node);
  }
  if (!shownOnly) {
    for (const arg of args) {
      const texts = sink.resolver.strings(sink.code, arg.value);
      if (texts.some(text => text !== null && URL.test(text))) {
        sink.use('network', said, node);
      }
    }
  }
}

namespace Private {
  export const OPENERS = new Set([
    'builtins.open',
    'io.open',
    'codecs.open',
    'os.fdopen'
  ]);

  /** getattr, setattr, vars, globals: reaching names by strings. */
  export function reflection(
    sink: IUseSink,

    path: string,
    args: IArgument[],
    node: SyntaxNode
  ): void {
    const said = sink.text(node);
    const target = args[0] ? sink.values(args[0].value) : [];
    // A name bound nowhere may be a module, unless the notebook's imports say it is not.
    const moduleLike = target.some(
      v =>
        v.kind === 'module' ||
        (v.kind === 'free' && !sink.resolver.knowsImports) ||
        v.kind === 'ipython' ||
        (v.kind === 'builtin' && v.name === '__builtins__')
    );
    switch (path) {
      case 'builtins.getattr': {
        const names = sink.resolver.strings(sink.code, args[1]?.value);
        if (names.some(name => name === null) && moduleLike) {
          sink.use('dynamic', said, node);
        }
        for (const name of names) {
          if (name !== null) {
            for (const value of sink.resolver.member(target, name)) {
              if (value.kind === 'module') {
                sink.module(value.path, node, false);
              } else if (value.kind === 'member') {
                sink.method(value.of, value.name, node);
              }
            }
          }
        }
        return;
      }
      case 'builtins.setattr':
      case 'builtins.delattr':
        if (moduleLike) {
          sink.use('interpreter', said, node);
        }
        return;
      case 'builtins.vars':
        if (args.length === 0 || moduleLike) {
          sink.use('dynamic', said, node);
        }
        return;
      case 'builtins.globals':
      case 'builtins.locals':
        sink.use('dynamic', said, node);
        return;
    }
  }

  /** Whether a path argument (positional, or by keyword) may point outside the folder. */
  export function outside(
    sink: IUseSink,

    arg: IArgument | undefined,
    args: readonly IArgument[]
  ): boolean {
    const chosen = arg ?? args.find(a => a.name && PATH_KEYWORDS.has(a.name));
    if (!chosen) {
      return false;
    }
    const texts = sink.resolver.strings(sink.code, chosen.value);
    return texts.length === 0 || texts.some(text => unsafeTarget(text));
  }

  export function opensOutside(
    sink: IUseSink,

    path: IArgument | undefined,
    mode: IArgument | undefined,
    args: readonly IArgument[]
  ): boolean {
    const chosenMode = mode ?? args.find(arg => arg.name === 'mode');
    return (
      Private.writes(sink, chosenMode) && Private.outside(sink, path, args)
    );
  }

  /** Whether an open mode writes; a mode not known is taken to. */
  export function writes(sink: IUseSink, mode: IArgument | undefined): boolean {
    if (!mode) {
      return false;
    }
    const texts = sink.resolver.strings(sink.code, mode.value);
    return (
      texts.length === 0 ||
      texts.some(text => text === null || /[wax+]/.test(text))
    );
  }
}
