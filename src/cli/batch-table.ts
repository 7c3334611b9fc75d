/** One notebook's row in a batch's final table. */
export interface IBatchRow {
  notebook: string;
  /** The report's outcome, or why there is no report (not run, could not run). */
  verdict: string;
  fixes?: number;
  executions?: number;
  seconds?: number;
  /** LLM tokens (prompt and reply), when an LLM was configured. */
  tokens?: number;
}

/**
 * The table printed when a batch ends, one notebook a line in the order given. The
 * verdict comes last: it is the one column of any length ("fails at cell 7 (...)"), so
 * the numbers stay lined up. The tokens column shows only when a row has tokens.
 */
export function formatBatchTable(rows: readonly IBatchRow[]): string {
  const withTokens = rows.some(row => row.tokens !== undefined);
  const header = [
    'notebook',
    'fixes',
    'executions',
    'seconds',
    ...(withTokens ? ['tokens'] : []),
    'verdict'
  ];
  const cells = rows.map(row => [
    row.notebook,
    Private.number(row.fixes),
    Private.number(row.executions),
    row.seconds === undefined ? '-' : row.seconds.toFixed(1),
    ...(withTokens ? [Private.number(row.tokens)] : []),
    row.verdict
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map(line => line[column].length))
  );
  const last = header.length - 1;
  const format = (line: string[]) =>
    line
      .map((text, column) =>
        column === last
          ? text
          : column === 0
            ? text.padEnd(widths[column])
            : text.padStart(widths[column])
      )
      .join('  ')
      .trimEnd();
  return [header, ...cells].map(line => `  ${format(line)}`).join('\n');
}

namespace Private {
  export function number(value: number | undefined): string {
    return value === undefined ? '-' : String(value);
  }
}
