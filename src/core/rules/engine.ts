import { parser } from '@lezer/python';
import type { SyntaxNode, Tree } from '@lezer/common';
import type { IKernelProbe } from '../execution/types';
import { pythonStringValue } from '../environment/versions';
import { ruleApplies } from './versions';
import type {
  INotebookEvidence,
  IRule,
  IRuleContext,
  IRuleMatch,
  IScanResult,
  ITextEdit
} from './types';

// Cell magics whose body is still Python; any other (%%bash, %%html, ...) is not scanned.
const PYTHON_CELL_MAGICS = /^%%(time|timeit|capture|prun|debug|python3?)\b/;
// Line magics, shell escapes and `name?` help: not Python, blanked before parsing.
const MAGIC_LINE = /^[ \t]*([%!]|[\w.]+\?\??[ \t]*$)/;
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
  /** False to ignore version gating (evidence uses it: which removed APIs are used). */
  gate?: boolean;
}

/** A source ready for the rules: Python with magics blanked, parsed once. */
export interface IPreparedSource {
  source: string;
  /** The parsed text: `source` with magic lines replaced by spaces (same offsets). */
  python: string;
  tree: Tree;
  /** Why the source cannot be scanned (a non-Python cell magic). */
  skip?: string;
}

/** The source with magic and shell lines replaced by spaces; null for a non-Python cell magic. */
export function blankMagics(source: string): string | null {
  const lines = source.split('\n');
  const first = lines.findIndex(line => line.trim() !== '');
  if (first >= 0 && lines[first].trimStart().startsWith('%%')) {
    if (!PYTHON_CELL_MAGICS.test(lines[first].trimStart())) {
      return null;
    }
    lines[first] = ' '.repeat(lines[first].length);
  }
  return lines
    .map(line => (MAGIC_LINE.test(line) ? ' '.repeat(line.length) : line))
    .join('\n');
}

/** Blanks magics and parses; a non-Python cell magic gives an empty tree and a reason. */
export function prepareSource(source: string): IPreparedSource {
  const python = blankMagics(source);
  if (python === null) {
    const magic = source.trimStart().split(/\s/)[0];
    return {
      source,
      python: '',
      tree: parser.parse(''),
      skip: `${magic} cell is not Python`
    };
  }
  return { source, python, tree: parser.parse(python) };
}

/**
 * What each imported name refers to, over all the given trees: `import numpy as np` binds
 * `np` → `numpy`; `from sklearn.ensemble import RandomForestClassifier as RF` binds `RF` →
 * `sklearn.ensemble.RandomForestClassifier`; `import os.path` binds `os` → `os`.
 */
export function importTable(
  prepared: readonly IPreparedSource[]
): Map<string, string> {
  const table = new Map<string, string>();
  for (const { python, tree } of prepared) {
    if (!python.includes('import')) {
      continue;
    }
    const cursor = tree.cursor();
    do {
      if (cursor.name === 'ImportStatement') {
        Private.bindImport(cursor.node, python, table);
      }
    } while (cursor.next());
  }
  return table;
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
    versions: environment.versions,
    evidence: environment.evidence ?? NO_EVIDENCE,
    files: environment.files ?? new Set()
  };
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
  matches.sort((a, b) => a.from - b.from || a.to - b.to);
  const errors = Private.hasErrors(prepared.tree) ? context.nodes('⚠') : [];
  const unexplained = errors.find(
    error => !matches.some(m => m.from <= error.from && error.to <= m.to)
  );
  if (unexplained) {
    const { line, column } = lineColumn(prepared.source, unexplained.from);
    return {
      matches: [],
      skip: `syntax error at line ${line}, column ${column}`
    };
  }
  return { matches };
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
  const byId = new Map(rules.map(rule => [rule.id, rule]));
  // Gate once for the notebook rather than once per cell.
  const gated = applicable(rules, environment);
  const result: IScanResult = { findings: [], skipped: [] };
  cells.forEach((cell, i) => {
    const { matches, skip } = scanPrepared(prepared[i], gated, {
      ...environment,
      imports,
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

/** 1-based line and column of an offset. */
export function lineColumn(
  source: string,
  offset: number
): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Applies sorted, non-overlapping edits (identical duplicates count once). */
export function applyEdits(
  source: string,
  edits: readonly ITextEdit[]
): string {
  const sorted = Private.normalize(edits);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.from < at || edit.to < edit.from || edit.to > source.length) {
      throw new Error(`Overlapping or invalid edit at ${edit.from}-${edit.to}`);
    }
    result += source.slice(at, edit.from) + edit.insert;
    at = edit.to;
  }
  return result + source.slice(at);
}

/**
 * The source with the matches' edits applied, and which rules took part. A match is left
 * out when its edits overlap an earlier one's or when they would add a syntax error; null
 * when nothing is left. Only the edits' spans change.
 */
export function proposeRewrite(
  source: string,
  matches: readonly IRuleMatch[]
): { source: string; ruleIds: string[] } | null {
  const baseline = Private.errorCount(source);
  let edits: ITextEdit[] = [];
  const ruleIds: string[] = [];
  for (const match of matches) {
    if (match.edits.length === 0) {
      continue;
    }
    const candidate = [...edits, ...match.edits];
    let rewritten: string;
    try {
      rewritten = applyEdits(source, candidate);
    } catch {
      continue;
    }
    if (Private.errorCount(rewritten) > baseline) {
      continue;
    }
    edits = candidate;
    if (!ruleIds.includes(match.ruleId)) {
      ruleIds.push(match.ruleId);
    }
  }
  return edits.length === 0
    ? null
    : { source: applyEdits(source, edits), ruleIds };
}

/**
 * Asks the kernel the matches' questions (silently: nothing is left in the user's
 * namespace) and fills in the edits each answer decides. A question the kernel cannot
 * answer (the name is not defined yet) leaves its match without edits.
 */
export async function answerQuestions(
  matches: readonly IRuleMatch[],
  probe: IKernelProbe
): Promise<IRuleMatch[]> {
  const answered: IRuleMatch[] = [];
  for (const match of matches) {
    if (!match.question || match.edits.length > 0) {
      answered.push(match);
      continue;
    }
    let edits: ITextEdit[] | null = null;
    try {
      const answer = await probe.evaluate(match.question.expression);
      edits = match.question.decide(Private.unquote(answer));
    } catch {
      edits = null;
    }
    answered.push({ ...match, edits: edits ?? [] });
  }
  return answered;
}

namespace Private {
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

  /** Adds the names one import statement binds. */
  export function bindImport(
    statement: SyntaxNode,
    code: string,
    table: Map<string, string>
  ): void {
    const text = (node: SyntaxNode) => code.slice(node.from, node.to);
    let from: string | null = null;
    let dotted: string[] = [];
    let alias = false;
    let afterImport = false;
    const bind = () => {
      if (dotted.length > 0 && !alias) {
        const name = dotted.join('.');
        table.set(dotted[0], from ? `${from}.${name}` : dotted[0]);
      }
      dotted = [];
      alias = false;
    };
    for (let child = statement.firstChild; child; child = child.nextSibling) {
      if (child.name === 'import') {
        from = dotted.length > 0 ? dotted.join('.') : null;
        dotted = [];
        afterImport = true;
      } else if (child.name === 'VariableName') {
        if (alias) {
          const target = dotted.join('.');
          table.set(text(child), from ? `${from}.${target}` : target);
          dotted = [];
          alias = false;
          continue;
        }
        dotted.push(text(child));
      } else if (child.name === 'as') {
        alias = true;
      } else if (child.name === ',' && afterImport) {
        bind();
      }
    }
    if (afterImport) {
      bind();
    }
  }

  /** Sorted edits without identical duplicates. */
  export function normalize(edits: readonly ITextEdit[]): ITextEdit[] {
    const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
    return sorted.filter(
      (edit, i) =>
        i === 0 ||
        edit.from !== sorted[i - 1].from ||
        edit.to !== sorted[i - 1].to ||
        edit.insert !== sorted[i - 1].insert
    );
  }

  /** Syntax error nodes in a source's Python (magics blanked). */
  export function errorCount(source: string): number {
    const python = blankMagics(source) ?? '';
    let count = 0;
    const cursor = parser.parse(python).cursor();
    do {
      if (cursor.type.isError) {
        count++;
      }
    } while (cursor.next());
    return count;
  }

  /** A kernel answer is a str repr; decide() gets its value. */
  export function unquote(answer: string): string {
    try {
      return pythonStringValue(answer);
    } catch {
      return answer;
    }
  }
}
