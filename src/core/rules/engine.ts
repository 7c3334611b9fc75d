import type { SyntaxNode, Tree } from '@lezer/common';
import { namesDefined } from './bindings';
import { importTable, prepareSource, type IPreparedSource } from './prepare';
import { ruleApplies } from './versions';

// The engine's API in one place: preparing sources and rewriting them live beside it.
export {
  blankMagics,
  importTable,
  prepareSource,
  type IPreparedSource
} from './prepare';
export { answerQuestions, applyEdits, proposeRewrite } from './rewrite';
export {
  importsNeeded,
  namesBound,
  namesBoundBefore,
  namesDefined,
  spellName,
  type INameTarget,
  type ISpelledName
} from './bindings';
import type {
  INotebookEvidence,
  IRule,
  IRuleContext,
  IRuleMatch,
  IScanResult
} from './types';

const NO_EVIDENCE: INotebookEvidence = { predates: new Map() };

/** What a scan knows besides the source. */
export interface IScanEnvironment {
  /** Installed versions by distribution, the kernel's Python under `python`. */
  versions: ReadonlyMap<string, string>;
  evidence?: INotebookEvidence;
  /** Files and folders beside the notebook, relative to its folder. */
  files?: ReadonlySet<string>;
  /** Names bound by the notebook's imports (all cells); by default the source's own. */
  imports?: ReadonlyMap<string, string>;
  /** Names the notebook binds other than by import (all cells); by default the source's own. */
  defined?: ReadonlySet<string>;
  /** The notebook's code cells, parsed (see IRuleContext.cells). */
  cells?: readonly IPreparedSource[];
  /** False to ignore version gating (evidence uses it: which removed APIs are used). */
  gate?: boolean;
  /** The author never ran the scanned cell (see IRuleContext.neverRan). */
  neverRan?: boolean;
}

/** The context rules see for one prepared source. */
export function createContext(
  prepared: IPreparedSource,
  environment: IScanEnvironment
): IRuleContext {
  // Built on first use: most cells pass every rule's word check and never need it.
  let index: Map<string, SyntaxNode[]> | undefined;
  return {
    source: prepared.source,
    tree: prepared.tree,
    nodes: type =>
      (index ??= Private.indexNodes(prepared.tree)).get(type) ?? [],
    imports: environment.imports ?? importTable([prepared]),
    defined: environment.defined ?? namesDefined([prepared]),
    cells: environment.cells,
    versions: environment.versions,
    evidence: environment.evidence ?? NO_EVIDENCE,
    files: environment.files ?? new Set(),
    neverRan: environment.neverRan
  };
}

/**
 * The notebook's other code cells, each as a rule sees it (none for a module, which sees
 * only itself): a rewrite that takes a name away looks for its uses there too.
 */
export function otherCells(context: IRuleContext): IRuleContext[] {
  return (context.cells ?? [])
    .filter(cell => cell.source !== context.source && !cell.skip)
    .map(cell => createContext(cell, { ...context, neverRan: undefined }));
}

/**
 * Runs the rules over one prepared source. `skip` is set when the source has syntax
 * errors that no matched rule explains (Python 2 `print x` is explained by its rule).
 */
export function scanPrepared(
  prepared: IPreparedSource,
  rules: readonly IRule[],
  environment: IScanEnvironment
): { matches: IRuleMatch[]; skip?: string } {
  if (prepared.skip) {
    return { matches: [], skip: prepared.skip };
  }
  const context = createContext(prepared, environment);
  const matches: IRuleMatch[] = [];
  for (const rule of applicable(rules, environment)) {
    const found = rule.find(context);
    if (found.length > 0) {
      matches.push(...found);
    }
  }
  const kept = matches.filter(match => !Private.covered(match, matches));
  kept.sort((a, b) => a.from - b.from || a.to - b.to);
  const errors = Private.hasErrors(prepared.tree) ? context.nodes('⚠') : [];
  const unexplained = errors.find(
    error => !kept.some(m => m.from <= error.from && error.to <= m.to)
  );
  if (unexplained) {
    const { line, column } = lineColumn(prepared.source, unexplained.from);
    return {
      matches: [],
      skip: `syntax error at line ${line}, column ${column}`
    };
  }
  return { matches: kept };
}

/** The rules that apply to the environment's installed versions. */
export function applicable(
  rules: readonly IRule[],
  environment: IScanEnvironment
): readonly IRule[] {
  return environment.gate === false
    ? rules
    : rules.filter(rule => ruleApplies(rule, environment.versions));
}

/** Every match of the applicable rules in one source, in source order. */
export function scanSource(
  source: string,
  rules: readonly IRule[],
  environment: IScanEnvironment
): IRuleMatch[] {
  return scanPrepared(prepareSource(source), rules, environment).matches;
}

/**
 * The preflight scan: every eroded line of every code cell, before anything runs. Each
 * cell is parsed once; imports are read across all cells (a name imported in the first
 * cell is resolved in the tenth).
 */
export function scanNotebook(
  cells: readonly { id: string; source: string }[],
  rules: readonly IRule[],
  environment: IScanEnvironment
): IScanResult {
  const prepared = cells.map(cell => prepareSource(cell.source));
  const imports = environment.imports ?? importTable(prepared);
  const defined = environment.defined ?? namesDefined(prepared);
  const byId = new Map(rules.map(rule => [rule.id, rule]));
  // Gate once for the notebook rather than once per cell.
  const gated = applicable(rules, environment).filter(
    rule => !rule.onFailureOnly
  );
  const result: IScanResult = { findings: [], skipped: [] };
  cells.forEach((cell, i) => {
    const { matches, skip } = scanPrepared(prepared[i], gated, {
      ...environment,
      imports,
      defined,
      cells: environment.cells ?? prepared,
      gate: false
    });
    if (skip) {
      result.skipped.push({ cellId: cell.id, reason: skip });
    }
    for (const match of matches) {
      const rule = byId.get(match.ruleId)!;
      result.findings.push({
        ruleId: rule.id,
        cellId: cell.id,
        ...lineColumn(cell.source, match.from),
        text: cell.source.slice(match.from, match.to),
        summary: rule.summary,
        link: rule.link,
        kind: rule.kind,
        note: match.note,
        offline: match.edits.length > 0,
        needsKernel: match.question !== undefined && match.edits.length === 0
      });
    }
  });
  return result;
}

/**
 * The rules whose recorded failure is this kernel error (same exception name, message
 * matching), e.g. to explain a failed cell in terms of the change behind it.
 */
export function rulesExplaining(
  rules: readonly IRule[],
  error: { ename: string; evalue: string }
): IRule[] {
  // A fix of last resort names no change of a library: it gives up on the code.
  return rules.filter(rule => !rule.lastResort && raisedBy(rule, error));
}

/** Whether a kernel error is the failure a rule records (name and message). */
export function raisedBy(
  rule: IRule,
  error: { ename?: string; evalue?: string }
): boolean {
  const names = [rule.raises?.ename ?? []].flat();
  return (
    error.ename !== undefined &&
    (names.includes(error.ename) || names.includes('*')) &&
    rule.raises!.message.test(error.evalue ?? '')
  );
}

/** 1-based line and column of an offset. */
export function lineColumn(
  source: string,
  offset: number
): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
namespace Private {
  /** Whether another match's edits already make this one's, within its span. */
  export function covered(
    match: IRuleMatch,
    matches: readonly IRuleMatch[]
  ): boolean {
    return matches.some(
      other =>
        other !== match &&
        other.edits.length > 0 &&
        other.covers?.includes(match.ruleId) &&
        other.from <= match.from &&
        match.to <= other.to
    );
  }

  /** Indexes every node of a tree by type, in one walk. */
  export function indexNodes(tree: Tree): Map<string, SyntaxNode[]> {
    const index = new Map<string, SyntaxNode[]>();
    const cursor = tree.cursor();
    do {
      let bucket = index.get(cursor.name);
      if (!bucket) {
        bucket = [];
        index.set(cursor.name, bucket);
      }
      bucket.push(cursor.node);
    } while (cursor.next());
    return index;
  }

  /** Whether a tree has a syntax error node (a walk that allocates nothing). */
  export function hasErrors(tree: Tree): boolean {
    const cursor = tree.cursor();
    do {
      if (cursor.type.isError) {
        return true;
      }
    } while (cursor.next());
    return false;
  }
}
