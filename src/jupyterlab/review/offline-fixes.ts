import type { TranslationBundle } from '@jupyterlab/translation';
import {
  allRules,
  answerQuestions,
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource,
  unsafeReasons,
  type FixKind,
  type ICheckCell,
  type IKernelProbe,
  type IProposal,
  type IRuleMatch,
  type IScanEnvironment
} from '../../core';

/** What {@link offlineProposals} needs. */
export interface IOfflineFixOptions {
  /** The notebook's code cells, in order. */
  cells: readonly ICheckCell[];
  environment: IScanEnvironment;
  /** The live kernel, for rules whose rewrite depends on an object; null without one. */
  probe: IKernelProbe | null;
  /** Filled in with why some eroded lines got no proposal. */
  tally?: IOfflineTally;
}

/** What came of the eroded lines the rules found, for the panel to say. */
export interface IOfflineTally {
  /** Eroded lines found. */
  lines: number;
  /** Lines whose rewrite depends on an object the cells before them have not made yet. */
  waiting: number;
  /** Lines a rule points at but cannot rewrite by itself. */
  pointOnly: number;
  /** Rewrites left out: they overlap another one, or would break the cell's syntax. */
  leftOut: number;
}

/** One sentence on why `tally`'s lines got fewer proposals than lines; null when nothing to say. */
export function tallyText(
  tally: IOfflineTally,
  proposals: number,
  trans: TranslationBundle
): string | null {
  const why = [
    tally.waiting > 0 &&
      trans.__(
        '%1 must wait until the cells before them have run (Modernize asks the kernel then)',
        tally.waiting
      ),
    tally.pointOnly > 0 &&
      trans.__(
        '%1 have no automatic rewrite (see their notes in the preflight scan)',
        tally.pointOnly
      ),
    tally.leftOut > 0 &&
      trans.__(
        '%1 overlap another rewrite and are proposed once it is in',
        tally.leftOut
      )
  ].filter(Boolean);
  if (proposals === 0 || (proposals === tally.lines && why.length === 0)) {
    return null;
  }
  const head = trans._n(
    '%1 proposal for %2: one per cell, with every rewrite of that cell.',
    '%1 proposals for %2: one per cell, with every rewrite of that cell.',
    proposals,
    trans._n('%1 eroded line', '%1 eroded lines', tally.lines)
  );
  return why.length === 0
    ? head
    : trans.__('%1 Not proposed: %2.', head, why.join('; '));
}

const RULES = new Map(allRules.map(rule => [rule.id, rule]));
/** The preflight scan's rules: one that acts only on its own failure has none to act on. */
const OFFLINE_RULES = allRules.filter(rule => !rule.onFailureOnly);
let nextId = 0;

/**
 * One proposal per eroded cell, made at once from the migration rules (every cell is
 * scanned again as it is now, so an edit typed a moment ago counts): the rewrites of
 * every match of the cell, with the rules' summaries as the rationale. Rules that must
 * ask the kernel about an object are answered by `probe` (silently); a question it cannot
 * answer yet (the object is not defined before the cells run) leaves that match out.
 */
export async function offlineProposals(
  options: IOfflineFixOptions
): Promise<IProposal[]> {
  const { cells, probe } = options;
  const prepared = cells.map(cell => prepareSource(cell.source));
  const environment: IScanEnvironment = {
    ...options.environment,
    imports: importTable(prepared),
    cells: prepared
  };
  const proposals: IProposal[] = [];
  for (const cell of cells) {
    let matches = scanSource(cell.source, OFFLINE_RULES, environment);
    if (probe && matches.some(match => match.question)) {
      matches = await answerQuestions(matches, probe);
    }
    const rewrite = proposeRewrite(cell.source, matches);
    if (options.tally) {
      Private.count(options.tally, matches, rewrite?.ruleIds ?? []);
    }
    if (!rewrite || rewrite.source === cell.source) {
      continue;
    }
    const rules = rewrite.ruleIds.map(id => RULES.get(id)!);
    const summaries = [...new Set(rules.map(rule => rule.summary))];
    proposals.push({
      id: `offline-${++nextId}`,
      target: { kind: 'cell', cellId: cell.id },
      kind: Private.kindOf(rules.map(rule => rule.kind)),
      before: cell.source,
      after: rewrite.source,
      rationale: summaries.join(' '),
      ruleIds: rewrite.ruleIds,
      fixer: 'rules',
      // The edits' own text, and the imports of the names they need, are the rules'.
      unsafe: unsafeReasons(cell.source, rewrite.edited, {
        imports: environment.imports,
        trusted: matches.flatMap(match => match.edits)
      })
    });
  }
  return proposals;
}

namespace Private {
  /** Adds a cell's matches to the tally: which were rewritten, and why the others were not. */
  export function count(
    tally: IOfflineTally,
    matches: readonly IRuleMatch[],
    applied: readonly string[]
  ): void {
    for (const match of matches) {
      tally.lines++;
      if (match.edits.length === 0) {
        tally[match.question ? 'waiting' : 'pointOnly']++;
      } else if (!applied.includes(match.ruleId)) {
        tally.leftOut++;
      }
    }
  }

  /** A cell fixed for a failure and a score at once is an error repair first. */
  export function kindOf(kinds: readonly FixKind[]): FixKind {
    for (const kind of [
      'runtime-reduction',
      'error-repair',
      'score-calibration'
    ] as const) {
      if (kinds.includes(kind)) {
        return kind;
      }
    }
    return 'error-repair';
  }
}
