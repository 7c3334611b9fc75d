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
  type IScanEnvironment
} from '../../core';

/** What {@link offlineProposals} needs. */
export interface IOfflineFixOptions {
  /** The notebook's code cells, in order. */
  cells: readonly ICheckCell[];
  environment: IScanEnvironment;
  /** The live kernel, for rules whose rewrite depends on an object; null without one. */
  probe: IKernelProbe | null;
}

const RULES = new Map(allRules.map(rule => [rule.id, rule]));
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
  const environment: IScanEnvironment = {
    ...options.environment,
    imports: importTable(cells.map(cell => prepareSource(cell.source)))
  };
  const proposals: IProposal[] = [];
  for (const cell of cells) {
    let matches = scanSource(cell.source, allRules, environment);
    if (probe && matches.some(match => match.question)) {
      matches = await answerQuestions(matches, probe);
    }
    const rewrite = proposeRewrite(cell.source, matches);
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
      unsafe: unsafeReasons(cell.source, rewrite.source, {
        imports: environment.imports,
        trusted: matches.flatMap(match => match.edits)
      })
    });
  }
  return proposals;
}

namespace Private {
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
