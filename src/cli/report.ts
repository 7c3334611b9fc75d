import type {
  CellStatus,
  ICheckCell,
  ICheckSummary,
  ICellResult,
  IEnvironment,
  IKernelChoice
} from '../core';

/** One code cell in the JSON report. */
export interface IReportCell {
  id: string;
  /** Index in the notebook, all cell types counted. */
  index: number;
  status: CellStatus | 'not-run';
  ename?: string;
  evalue?: string;
  durationMs?: number;
  executionCount?: number | null;
}

/** The JSON report of a check (`--json`). */
export interface ICheckReport {
  tool: { name: string; version: string };
  notebook: string;
  nbformat: string;
  kernel: IKernelChoice;
  python: string | null;
  versions: IEnvironment['modules'];
  verdict: ICheckSummary['verdict'];
  stoppedBy?: ICheckSummary['stoppedBy'];
  ran: number;
  total: number;
  cells: IReportCell[];
  failure?: {
    id: string;
    index: number;
    position: number;
    status: CellStatus;
    ename?: string;
    evalue?: string;
    traceback: string;
  };
  startedAt: string;
  elapsedMs: number;
}

/** Everything the report is made of. */
export interface IReportInput {
  version: string;
  notebook: string;
  nbformat: string;
  kernel: IKernelChoice;
  environment: IEnvironment | null;
  cells: ICheckCell[];
  results: Map<string, ICellResult>;
  summary: ICheckSummary;
  startedAt: Date;
  elapsedMs: number;
}

/** Builds the JSON report: every non-empty code cell, `not-run` after a failure. */
export function buildReport(input: IReportInput): ICheckReport {
  const { summary } = input;
  const failure = summary.failure;
  return {
    tool: { name: 'jupyterlab-modernizer', version: input.version },
    notebook: input.notebook,
    nbformat: input.nbformat,
    kernel: input.kernel,
    python: input.environment?.python ?? null,
    versions: input.environment?.modules ?? [],
    verdict: summary.verdict,
    ...(summary.stoppedBy ? { stoppedBy: summary.stoppedBy } : {}),
    ran: summary.ran,
    total: summary.total,
    cells: input.cells
      .filter(cell => cell.source.trim() !== '')
      .map(cell => {
        const result = input.results.get(cell.id);
        return result
          ? {
              id: cell.id,
              index: cell.index,
              status: result.status,
              ...(result.ename ? { ename: result.ename } : {}),
              ...(result.evalue !== undefined ? { evalue: result.evalue } : {}),
              durationMs: result.durationMs,
              executionCount: result.executionCount
            }
          : { id: cell.id, index: cell.index, status: 'not-run' as const };
      }),
    ...(failure
      ? {
          failure: {
            id: failure.cell.id,
            index: failure.cell.index,
            position: failure.position,
            status: failure.result.status,
            ename: failure.result.ename,
            evalue: failure.result.evalue,
            traceback: failure.traceback
          }
        }
      : {}),
    startedAt: input.startedAt.toISOString(),
    elapsedMs: input.elapsedMs
  };
}
