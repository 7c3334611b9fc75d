import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  compareScores,
  extractScores,
  NotebookFormatError,
  parseNotebook,
  type INotebookDocument,
  type IScore,
  type IScoreCell,
  type IScoreReport
} from '../core';
import { ExitCode, type IScoresCommandOptions } from './args';
import type { IOutputStream } from './progress';

/** What a scores command writes to. */
export interface IScoresContext {
  stdout: IOutputStream;
  stderr: IOutputStream;
}

/** The JSON of `scores --json`: the saved scores and, given a run, the comparison. */
export interface IScoresJson {
  notebook: string;
  scores: IScore[];
  executed?: string;
  comparison?: IScoreReport;
}

/**
 * `scores ORIGINAL [EXECUTED]`: the scores ORIGINAL's saved outputs hold, by the same rule
 * the run and the panel use, and with EXECUTED (the notebook as it ran now) each one
 * against its counterpart. Exit 0 when every score is within tolerance (or none was
 * compared), 1 when one is not.
 */
export async function scoresCommand(
  options: IScoresCommandOptions,
  context: IScoresContext
): Promise<number> {
  const { stdout, stderr } = context;
  const originalPath = resolve(options.original);
  const original = await Private.read(originalPath, stderr);
  if (!original) {
    return ExitCode.badInput;
  }
  const saved = extractScores(original.cells);
  const json: IScoresJson = { notebook: originalPath, scores: saved };
  if (options.executed) {
    const executedPath = resolve(options.executed);
    const executed = await Private.read(executedPath, stderr);
    if (!executed) {
      return ExitCode.badInput;
    }
    const now = extractScores(Private.aligned(original, executed));
    json.executed = executedPath;
    json.comparison = compareScores(saved, now, {
      tolerance: { mode: 'relative', value: options.tolerance }
    });
  }
  if (options.json === '-') {
    stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    stdout.write(Private.text(json));
    if (options.json) {
      await writeFile(options.json, `${JSON.stringify(json, null, 2)}\n`);
    }
  }
  return json.comparison?.allWithin === false
    ? ExitCode.failed
    : ExitCode.passed;
}

namespace Private {
  /** The parsed notebook, or undefined after saying on stderr why it cannot be read. */
  export async function read(
    path: string,
    stderr: IOutputStream
  ): Promise<INotebookDocument | undefined> {
    try {
      return parseNotebook(await readFile(path, 'utf8'));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const message =
        code === 'ENOENT'
          ? 'no such file'
          : error instanceof NotebookFormatError || error instanceof Error
            ? error.message
            : String(error);
      stderr.write(`${path}: ${message}\n`);
      return undefined;
    }
  }

  /**
   * The executed notebook's cells under the original's ids: a runner may drop or renumber
   * ids (nbformat < 4.5 has none), and scores are paired by cell. With as many cells as the
   * original they are paired by position, else by id.
   */
  export function aligned(
    original: INotebookDocument,
    executed: INotebookDocument
  ): IScoreCell[] {
    const same = executed.cells.length === original.cells.length;
    return executed.cells.map(cell => ({
      ...cell,
      id: same ? original.cells[cell.index].id : cell.id
    }));
  }

  /** The scores (and the comparison) as lines for a terminal. */
  export function text(json: IScoresJson): string {
    const lines = [
      `${json.scores.length} saved score(s) in ${json.notebook}` +
        (json.scores.length ? ':' : '.')
    ];
    for (const score of json.scores) {
      lines.push(
        `  cell ${score.cellIndex + 1}  ${score.metric}  ${score.printed}  "${score.label}"`
      );
    }
    const report = json.comparison;
    if (report) {
      lines.push('', `Now, in ${json.executed}:`);
      for (const row of report.rows) {
        const now = row.now === null ? 'missing' : String(row.now);
        const moved =
          row.deviation === null
            ? ''
            : row.mode === 'relative'
              ? ` (${(100 * row.deviation).toFixed(1)}%)`
              : ` (${row.deviation >= 0 ? '+' : ''}${row.deviation.toPrecision(3)})`;
        lines.push(
          `  cell ${row.cellIndex + 1}  ${row.metric}  ${row.original} -> ${now}${moved}  ` +
            `${row.withinTolerance ? 'within' : 'OUT of'} tolerance` +
            (row.note ? `; ${row.note}` : '')
        );
      }
      const percent = Math.round(100 * report.tolerance.value);
      lines.push(
        report.allWithin
          ? `Every score within ${percent}%.`
          : `Scores out of tolerance (${percent}%).`
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
