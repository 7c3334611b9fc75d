import type { ITextEdit } from '../rules/types';
import { collectBindings } from './bindings';
import { capabilityUses, type ICapabilityUse } from './capabilities';
import { LABELS, type Capability } from './capability-rules';
import {
  changedUnits,
  lineOf,
  prepareCode,
  type ICode,
  type IUnit
} from './changed-code';
import { cellMagicFindings, lineMagicFindings } from './magics';
import { steeredUnits } from './steered-units';
import { trustedSpans } from './trusted-edits';
import { Resolver } from './values';

export type { Capability } from './capability-rules';

/** What else the analysis may know about the code it judges. */
export interface IUnsafeOptions {
  /** Names the notebook's imports bind, over all its cells (`o` → `os`). */
  imports?: ReadonlyMap<string, string>;
  /** Other code whose names count (the whole cell, when one hunk is judged); never judged. */
  context?: string;
  /**
   * Edits a migration rule declares, as offsets in `before`: the text they insert is the
   * rule's own and is not judged; everything else the proposal changes is.
   */
  trusted?: readonly ITextEdit[];
}

/** One thing the proposed code would do that needs a person's consent. */
export interface IUnsafeFlag {
  capability: Capability;
  /** The capability as said to the user: `deletes files`. */
  reason: string;
  /** What in the code does it, as resolved: `shutil.rmtree`, `%pip install x`. */
  detail: string;
  /** 1-based line in `after`. */
  line: number;
}

/**
 * What the code `after` adds or changes over `before` would do that needs consent: file
 * deletions and writes outside the notebook's folder, processes, shells and installs,
 * network calls, changes to the interpreter, code built at run time, IPython's own
 * machinery. Judged on the syntax tree, with names followed through every import and
 * assignment of the whole text; only code that would run and did not run before counts.
 */
export function unsafeFlags(
  before: string,
  after: string,
  options: IUnsafeOptions = {}
): IUnsafeFlag[] {
  if (before === after) {
    return [];
  }
  const [old, code] = Private.fragments(before, after, options.context);
  const units = changedUnits(old, code);
  if (units.length === 0) {
    return [];
  }
  const codes = options.context
    ? [code, Private.prepared(options.context)]
    : [code];
  const bindings = collectBindings(codes);
  const resolver = new Resolver(bindings, options.imports);
  const steered = steeredUnits(code, units, bindings, resolver);
  const uses = [
    ...Private.magicUses(code, units),
    ...capabilityUses(code, [...units, ...steered], resolver)
  ];
  const spans = options.trusted?.length
    ? trustedSpans(before, after, options.trusted)
    : [];
  const imported = Private.importsOf(old, options.imports);
  const flags: IUnsafeFlag[] = [];
  for (const use of uses) {
    if (
      spans.some(([from, to]) => use.from < to && from < use.to) ||
      imported.has(use.detail)
    ) {
      continue;
    }
    flags.push({
      capability: use.capability,
      reason: LABELS[use.capability],
      detail: use.detail,
      line: lineOf(code, use.from) + 1
    });
  }
  return flags;
}

/**
 * Why a change must not be accepted without a person: each kind of capability its added
 * or changed code uses (`starts a process`, `deletes files`), in a fixed order.
 */
export function unsafeReasons(
  before: string,
  after: string,
  options: IUnsafeOptions = {}
): string[] {
  const found = new Set(
    unsafeFlags(before, after, options).map(f => f.capability)
  );
  return (Object.keys(LABELS) as Capability[])
    .filter(capability => found.has(capability))
    .map(capability => LABELS[capability]);
}

/** The flags in one line: `deletes files: shutil.rmtree (line 2); ...`. */
export function describeFlags(flags: readonly IUnsafeFlag[]): string {
  return flags.map(f => `${f.reason}: ${f.detail} (line ${f.line})`).join('; ');
}

namespace Private {
  // The texts parsed last: while a proposal streams, `before` stays the same.
  const cache = new Map<string, ICode>();
  const CACHE_SIZE = 8;

  export function prepared(text: string): ICode {
    let code = cache.get(text);
    if (!code) {
      code = prepareCode(text);
      if (cache.size >= CACHE_SIZE) {
        cache.delete(cache.keys().next().value!);
      }
      cache.set(text, code);
    }
    return code;
  }

  /**
   * The two texts ready to compare. A hunk judged alone (with `context`) may start
   * indented: both are dedented by the indentation of its first line.
   */
  export function fragments(
    before: string,
    after: string,
    context: string | undefined
  ): [ICode, ICode] {
    const indent = context
      ? /^[ \t]*/.exec(after.split('\n').find(l => l.trim()) ?? '')![0]
      : '';
    if (!indent) {
      return [prepared(before), prepared(after)];
    }
    const dedent = (text: string) =>
      text
        .split('\n')
        .map(line =>
          line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()
        )
        .join('\n');
    return [prepared(dedent(before)), prepared(dedent(after))];
  }

  /**
   * The flagged imports `before` made already (`import of IPython.core.display.Image`):
   * an import statement that changed still binding one of them does nothing new with it.
   */
  export function importsOf(
    code: ICode,
    imports: ReadonlyMap<string, string> | undefined
  ): Set<string> {
    const all = changedUnits(prepared(''), code);
    const resolver = new Resolver(collectBindings([code]), imports);
    return new Set(
      capabilityUses(code, all, resolver)
        .map(use => use.detail)
        .filter(detail => detail.startsWith('import of '))
    );
  }

  /** The magics and shell escapes of the judged units, and a non-Python cell's body. */
  export function magicUses(
    code: ICode,
    units: readonly IUnit[]
  ): ICapabilityUse[] {
    const uses: ICapabilityUse[] = [];
    if (code.cell) {
      const { header, body } = code.cell;
      const keys = new Set(units.map(unit => unit.key));
      const headerChanged = keys.has(header);
      const lines = headerChanged
        ? body
        : body.filter(line => keys.has(`${header}\n${line}`));
      if (!headerChanged && lines.length === 0) {
        return [];
      }
      return (cellMagicFindings(header, lines) ?? []).map(finding => ({
        ...finding,
        from: 0,
        to: code.source.length
      }));
    }
    const seen = new Set<number>();
    for (const unit of units) {
      const first = lineOf(code, unit.from);
      const last = lineOf(code, unit.to);
      for (let line = first; line <= last; line++) {
        const magic = code.magics.get(line);
        if (magic === undefined || seen.has(line)) {
          continue;
        }
        seen.add(line);
        const from = code.lineStarts[line];
        const findings =
          line === Private.firstLine(code) && magic.startsWith('%%')
            ? (cellMagicFindings(magic, []) ?? [])
            : lineMagicFindings(magic);
        for (const finding of findings) {
          uses.push({ ...finding, from, to: from + magic.length });
        }
      }
    }
    return uses;
  }

  export function firstLine(code: ICode): number {
    return code.source.split('\n').findIndex(line => line.trim() !== '');
  }
}
