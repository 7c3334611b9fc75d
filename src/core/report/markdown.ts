import { unifiedDiff } from '../review/diff';
import { nowText } from '../scores/stability';
import type {
  IModernizeReport,
  IReportChange,
  IReportRejection
} from './report';

/**
 * The report as Markdown: outcome, what blocks it, libraries, cells that raised as in
 * the original, scores, every change as a diff, the changes taken back and why, then the
 * proposals rejected with every unsafe flag.
 */
export function reportMarkdown(report: IModernizeReport): string {
  const lines = [
    `# Modernization of ${report.notebook}`,
    '',
    `**Outcome: ${report.outcome}${report.verifiedByFirstRun ? ', verified by its clean first run' : ''}.** ` +
      `${report.changes.length} change(s), ` +
      `${report.executions} cell executions for ${report.codeCells} code cells, ` +
      `${report.seconds} s (${report.tool.name} ${report.tool.version}, ${report.date}).`,
    ''
  ];
  const { blocked } = report;
  if (blocked) {
    lines.push(Private.blockedLine(blocked), '');
  }
  lines.push(
    '## Libraries',
    '',
    '| library | version |',
    '|---|---|',
    ...Object.entries(report.libraries).map(([name, v]) => `| ${name} | ${v} |`)
  );
  if (report.expectedErrors.length > 0) {
    lines.push(
      '',
      '## Errors as in the original',
      '',
      ...report.expectedErrors.map(
        e =>
          `- ${e.where} raised ${e.ename} as in the original (its saved output shows it).`
      )
    );
  }
  if (report.scores.length > 0) {
    lines.push(
      '',
      '## Scores',
      '',
      '| cell | score | original | now | within tolerance |',
      '|---|---|---|---|---|',
      ...report.scores.map(
        row =>
          `| ${row.cellIndex + 1} | ${Private.escape(row.label)} | ${row.original} | ` +
          `${nowText(row)} | ${row.withinTolerance ? 'yes' : 'no'} |`
      )
    );
  }
  lines.push('', '## Changes', '');
  if (report.changes.length === 0) {
    lines.push('None.');
  }
  for (const change of report.changes) {
    lines.push(...Private.change(change));
  }
  if (report.reverted.length > 0) {
    lines.push('## Changes taken back', '');
    for (const change of report.reverted) {
      lines.push(
        ...Private.change({
          ...change,
          why: `Taken back: ${change.whyReverted}. It was: ${change.why}`
        })
      );
    }
  }
  if (report.rejected.length > 0) {
    lines.push('## Proposals rejected', '');
    for (const rejection of report.rejected) {
      lines.push(...Private.rejection(rejection));
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

namespace Private {
  /** What stopped a blocked notebook, and what the user can do about it. */
  export function blockedLine(
    blocked: NonNullable<IModernizeReport['blocked']>
  ): string {
    if (blocked.kind === 'install') {
      return `Not the code: ${blocked.where} imports \`${blocked.module}\`, which is not installed. Install \`${blocked.package}\` and run again.`;
    }
    if (blocked.kind === 'program') {
      return `Not the code: ${blocked.where} needs ${blocked.program} (for ${blocked.for}), which is not installed. Install it and run again.`;
    }
    if (blocked.kind === 'keyboard') {
      return `Not the code: ${blocked.where} asks for keyboard input (\`input()\`), and its saved outputs record no answer to type again. Run the cell in the notebook and answer it.`;
    }
    if (blocked.path) {
      return `Not the code: ${blocked.where} reads \`${blocked.path}\`, which is nowhere in the notebook's repository. Put the data there (as the notebook's author had it) and run again.`;
    }
    const from = blocked.url ? ` from ${blocked.url}` : '';
    return `Not the code: ${blocked.where} downloads data${from}, which is not reachable, and no copy is in the repository. Download it beside the notebook and run again.`;
  }

  export function change(change: IReportChange): string[] {
    const target = change.module
      ? { kind: 'module' as const, path: change.module }
      : { kind: 'cell' as const, cellId: change.cellId ?? '' };
    return [
      `### ${change.where} (${change.kind})`,
      '',
      `${change.why} Rules: ${change.rules.map(r => `\`${r}\``).join(', ')}.`,
      '',
      '```diff',
      unifiedDiff(
        { target, before: change.before, after: change.after },
        change.where
      ).trimEnd(),
      '```',
      ''
    ];
  }

  export function rejection(rejection: IReportRejection): string[] {
    const flags = rejection.flags.length
      ? rejection.flags.map(
          f => `- ${f.reason}: \`${f.detail}\` (line ${f.line})`
        )
      : rejection.unsafe.map(reason => `- ${reason}`);
    return [
      ...change({
        ...rejection,
        why: `Rejected (${rejection.fixer}): ${rejection.reason}. It was: ${rejection.why}`
      }),
      ...(flags.length ? ['Flagged unsafe:', '', ...flags, ''] : [])
    ];
  }

  export function escape(text: string): string {
    return text.replace(/\|/g, '\\|');
  }
}
