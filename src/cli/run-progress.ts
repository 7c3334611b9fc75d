import {
  nowText,
  summarizeError,
  unifiedDiff,
  verdictText,
  type IProposal,
  type LoopEvent
} from '../core';
import { formatSeconds, type IOutputStream } from './progress';

/** Prints a modernization session's events as plain lines: what ran, what changed, why. */
export class RunPrinter {
  constructor(
    private readonly _out: IOutputStream,
    /** `cell 5` for a cell id (1-based, all cells counted). */
    private readonly _label: (cellId: string) => string,
    private readonly _showDiffs: boolean,
    /** A line to print under a proposal (an LLM proposal's tokens), if any. */
    private readonly _detail?: (proposal: IProposal) => string | undefined
  ) {}

  /** Takes one event of the session. */
  handle(event: LoopEvent): void {
    switch (event.kind) {
      case 'scan': {
        const offline = event.findings.filter(f => f.offline).length;
        this._line(
          `Preflight scan: ${event.findings.length} eroded line(s), ${offline} with an offline fix`
        );
        return;
      }
      case 'check':
        if (event.event.kind === 'cell-finished') {
          const { cell, result, expected } = event.event;
          const status =
            result.status === 'ok'
              ? 'ok'
              : expected
                ? `raised ${result.ename} as in the original`
                : summarizeError(result);
          this._line(
            `  cell ${cell.index + 1} ${status} ${formatSeconds(result.durationMs)}`
          );
        }
        return;
      case 'diagnosis':
        this._line(
          `Diagnosis: fix ${this._where(event.diagnosis.target)}: ${event.diagnosis.reason}`
        );
        return;
      case 'proposal':
        this._proposal(event.proposal);
        return;
      case 'applied':
        this._line('  applied');
        return;
      case 'rejected':
        this._line(`  not applied${event.reason ? `: ${event.reason}` : ''}`);
        return;
      case 'stale':
        this._line('  not applied: the target changed since the proposal');
        return;
      case 'reverted': {
        const { proposal, why } = event.change;
        this._line(
          `Taken back: the change to ${this._where(proposal.target)} (${proposal.ruleIds.join(', ') || proposal.fixer}): ${why}`
        );
        return;
      }
      case 'restart':
        this._line(`Restarting the kernel (${event.why})`);
        return;
      case 'scores': {
        const off = event.comparison.rows.filter(row => !row.withinTolerance);
        this._line(
          `Scores: ${event.comparison.rows.length} compared, ${off.length} out of tolerance` +
            off
              .map(
                row =>
                  `\n  ${this._label(row.cellId)} ${row.label}: ${row.original} → ${nowText(row)}`
              )
              .join('')
        );
        return;
      }
      case 'verified':
        this._line(
          `Verification ${event.passed ? 'passed' : 'did not pass'}` +
            (event.firstRun ? ' (the clean first run from a fresh kernel)' : '')
        );
        return;
      case 'finished':
        this._line(
          `Verdict: ${verdictText(event.verdict, this._label)}; ` +
            `${event.changes.length} fix(es) applied, ${event.executions} cell executions, ` +
            formatSeconds(event.elapsedMs)
        );
        return;
      case 'step':
        return;
    }
  }

  private _proposal(proposal: IProposal): void {
    const rules = proposal.ruleIds.length
      ? `: ${proposal.ruleIds.join(', ')}`
      : '';
    this._line(
      `Proposal for ${this._where(proposal.target)} (${proposal.kind}; ${proposal.fixer}${rules}): ${proposal.rationale}`
    );
    const detail = this._detail?.(proposal);
    if (detail) {
      this._line(detail);
    }
    if (proposal.unsafe.length > 0) {
      this._line(`  UNSAFE: ${proposal.unsafe.join(', ')}`);
    }
    if (this._showDiffs) {
      const label =
        proposal.target.kind === 'cell'
          ? this._label(proposal.target.cellId)
          : undefined;
      const diff = unifiedDiff(proposal, label)
        .split('\n')
        .map(line => `    ${line}`)
        .join('\n');
      this._line(diff.trimEnd());
    }
  }

  private _where(target: IProposal['target']): string {
    return target.kind === 'cell' ? this._label(target.cellId) : target.path;
  }

  private _line(text: string): void {
    this._out.write(`${text}\n`);
  }
}
