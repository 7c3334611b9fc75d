import type { IExpectedError, Verdict } from '../agent/types';
import type {
  IChange,
  IProposal,
  IRejectedProposal,
  IRevertedChange
} from '../model/types';
import { blockerText, type Blocker } from '../diagnosis/blocker';
import { summarizeError } from '../diagnosis/traceback';
import type { IOriginalNotebook } from '../notebook/original';
import type { FixKind } from '../rules/types';
import { unsafeFlags, type IUnsafeFlag } from '../review/safety';
import type { IScoreReport, IScoreRow } from '../scores';

/** What a finished session hands to the report. */
export interface ISessionRecord {
  tool: { name: string; version: string };
  /** The notebook's path or name. */
  notebook: string;
  original: IOriginalNotebook;
  /** Installed versions by distribution, `python` included. */
  versions: ReadonlyMap<string, string>;
  verdict: Verdict;
  changes: readonly IChange[];
  /** Changes taken back because the notebook was worse with them. */
  reverted?: readonly IRevertedChange[];
  /** Proposals the reviewer turned down. */
  rejected?: readonly IRejectedProposal[];
  /** Cells that raised the exception their saved outputs show. */
  expectedErrors?: readonly IExpectedError[];
  /** The verification counted the clean first pass from a fresh kernel. */
  verifiedByFirstRun?: boolean;
  executions: number;
  elapsedMs: number;
  scores?: IScoreReport;
  date: Date;
}

/** One change in the report. */
export interface IReportChange {
  /** `cell 5` (1-based, all cells counted) or the module's path. */
  where: string;
  cellId?: string;
  module?: string;
  kind: FixKind;
  /** The rules that made it, or the fixer's name when no rule did. */
  rules: string[];
  fixer: string;
  why: string;
  before: string;
  after: string;
}

/** A proposal turned down, with why and everything it was flagged unsafe for. */
export interface IReportRejection {
  where: string;
  cellId?: string;
  module?: string;
  kind: FixKind;
  fixer: string;
  rules: string[];
  why: string;
  /** The reviewer's reason. */
  reason: string;
  /** What the proposal was flagged for when it was made: `deletes files`. */
  unsafe: string[];
  /** Each use in its code that needs consent, with the line in the proposed code. */
  flags: IUnsafeFlag[];
  before: string;
  after: string;
}

/** The report of a session (JSON as is; Markdown from reportMarkdown). */
export interface IModernizeReport {
  tool: { name: string; version: string };
  notebook: string;
  date: string;
  /** `reproducible`, `scores-off`, `fails`, `blocked`, `stopped`. */
  verdict: Verdict['kind'];
  /** One line: "reproducible", "runs but scores off", "fails at cell 7", "blocked: install statsmodels", "stopped: ...". */
  outcome: string;
  /** With a `blocked` verdict: what to install or download, and where it stopped. */
  blocked?: Blocker & { where: string };
  libraries: Record<string, string>;
  changes: IReportChange[];
  /** Changes taken back, each with what got worse with it. */
  reverted: (IReportChange & { whyReverted: string })[];
  /** Proposals turned down (unsafe under auto-accept, or by the user). */
  rejected: IReportRejection[];
  /** The verification was the clean first run from a fresh kernel, not a run of its own. */
  verifiedByFirstRun: boolean;
  /** Cells that raised as in the original (teaching examples): no failure. */
  expectedErrors: { where: string; cellId: string; ename: string }[];
  scores: IScoreRow[];
  executions: number;
  codeCells: number;
  seconds: number;
}

/** The compact record kept in the notebook's metadata (`metadata.modernizer`). */
export interface IMetadataRecord {
  version: string;
  date: string;
  libraries: Record<string, string>;
  changes: {
    cell: string;
    kind: FixKind;
    rules: string[];
    rationale: string;
  }[];
  verdict: string;
}

/** The report of a finished session. */
export function buildReport(record: ISessionRecord): IModernizeReport {
  const label = Private.cellLabels(record.original);
  return {
    tool: record.tool,
    notebook: record.notebook,
    date: record.date.toISOString(),
    verdict: record.verdict.kind,
    outcome: verdictText(record.verdict, label),
    ...(record.verdict.kind === 'blocked'
      ? {
          blocked: {
            ...record.verdict.blocker,
            where: label(record.verdict.cellId)
          }
        }
      : {}),
    libraries: Object.fromEntries(
      [...record.versions].sort(([a], [b]) => a.localeCompare(b))
    ),
    changes: record.changes.map(change => Private.change(change, label)),
    reverted: (record.reverted ?? []).map(change => ({
      ...Private.change(change, label),
      whyReverted: change.why
    })),
    rejected: (record.rejected ?? []).map(rejection =>
      Private.rejection(rejection, label)
    ),
    verifiedByFirstRun: record.verifiedByFirstRun === true,
    expectedErrors: (record.expectedErrors ?? []).map(({ cellId, ename }) => ({
      where: label(cellId),
      cellId,
      ename
    })),
    scores: record.scores?.rows ?? [],
    executions: record.executions,
    codeCells: record.original.cells.filter(
      cell => cell.cellType === 'code' && cell.source.trim() !== ''
    ).length,
    seconds: Math.round(record.elapsedMs / 100) / 10
  };
}

/** The verdict in a few words, cells by their 1-based number in the notebook. */
export function verdictText(
  verdict: Verdict,
  label: (cellId: string) => string = id => `cell ${id}`
): string {
  switch (verdict.kind) {
    case 'reproducible':
      return 'reproducible';
    case 'scores-off':
      return 'runs but scores off';
    case 'fails':
      return `fails at ${label(verdict.cellId)} (${Private.firstLine(summarizeError(verdict.result))})`;
    case 'blocked':
      return `blocked: ${blockerText(verdict.blocker)} (${label(verdict.cellId)}: ${Private.firstLine(summarizeError(verdict.result))})`;
    case 'stopped':
      return `stopped: ${Private.STOP_TEXT[verdict.reason]}`;
  }
}

/** The record for `metadata.modernizer`. */
export function metadataRecord(report: IModernizeReport): IMetadataRecord {
  return {
    version: report.tool.version,
    date: report.date,
    libraries: report.libraries,
    changes: report.changes.map(change => ({
      cell: change.where,
      kind: change.kind,
      rules: change.rules,
      rationale: change.why
    })),
    verdict: report.outcome
  };
}

namespace Private {
  export function change(
    { proposal, applied }: IChange,
    label: (cellId: string) => string
  ): IReportChange {
    const { target } = proposal;
    return {
      where: target.kind === 'cell' ? label(target.cellId) : target.path,
      ...(target.kind === 'cell'
        ? { cellId: target.cellId }
        : { module: target.path }),
      kind: proposal.kind,
      rules: proposal.ruleIds.length ? proposal.ruleIds : [proposal.fixer],
      fixer: proposal.fixer,
      why: proposal.rationale,
      before: proposal.before,
      after: applied
    };
  }

  export function rejection(
    { proposal, reason }: IRejectedProposal,
    label: (cellId: string) => string
  ): IReportRejection {
    const { where, cellId, module, kind, fixer, rules, why, before, after } =
      change({ proposal, applied: proposal.after, at: '' }, label);
    return {
      where,
      ...(cellId !== undefined ? { cellId } : {}),
      ...(module !== undefined ? { module } : {}),
      kind,
      fixer,
      rules,
      why,
      reason: reason ?? 'rejected',
      unsafe: proposal.unsafe,
      flags: flagsOf(proposal),
      before,
      after
    };
  }

  /**
   * The flags as the auto-accept reviewer judges them: a rule's proposal with no flag was
   * judged where it was made, with the edits the rule declares trusted.
   */
  function flagsOf(proposal: IProposal): IUnsafeFlag[] {
    return proposal.fixer === 'rules' && proposal.unsafe.length === 0
      ? []
      : unsafeFlags(proposal.before, proposal.after);
  }

  export const STOP_TEXT: Record<string, string> = {
    user: 'stopped by the user',
    'max-fixes': 'the maximum number of fixes was reached',
    'time-budget': 'the time budget ran out',
    'no-fix': 'no fix is available'
  };

  /** Some errors explain themselves over many lines; a verdict takes the first. */
  export function firstLine(text: string): string {
    // `ImportError: \nload_boston has been removed...`: the message starts a line down.
    const line = text
      .replace(/:\s*\n\s*/, ': ')
      .trim()
      .split('\n')[0]
      .trim();
    return line.length > 160 ? `${line.slice(0, 159)}…` : line;
  }

  /** `cell 5` for a cell id: its 1-based index in the notebook, all cells counted. */
  export function cellLabels(
    original: IOriginalNotebook
  ): (cellId: string) => string {
    const index = new Map(original.cells.map(cell => [cell.id, cell.index]));
    return id => (index.has(id) ? `cell ${index.get(id)! + 1}` : `cell ${id}`);
  }
}
