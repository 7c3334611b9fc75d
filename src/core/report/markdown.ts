import { unifiedDiff } from '../review/diff';
import { nowText } from '../scores/stability';
import type { IModernizeReport } from './report';

/** The report as Markdown: outcome, libraries, scores, then every change as a diff. */
export function reportMarkdown(report: IModernizeReport): string {
  const lines = [
    `# Modernization of ${report.notebook}`,
    '',
    `**Outcome: ${report.outcome}.** ${report.changes.length} change(s), ` +
      `${report.executions} cell executions for ${report.codeCells} code cells, ` +
      `${report.seconds} s (${report.tool.name} ${report.tool.version}, ${report.date}).`,
    '',
    '## Libraries',
    '',
    '| library | version |',
    '|---|---|',
    ...Object.entries(report.libraries).map(([name, v]) => `| ${name} | ${v} |`)
  ];
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
    const target = change.module
      ? { kind: 'module' as const, path: change.module }
      : { kind: 'cell' as const, cellId: change.cellId ?? '' };
    lines.push(
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
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

namespace Private {
  export function escape(text: string): string {
    return text.replace(/\|/g, '\\|');
  }
}
