import type { IFinding, ISkippedCell } from '../../core';
import { StateModel } from '../state-model';

/** A finding of the preflight scan, with the cell's number as the panel shows it. */
export interface IFindingEntry extends IFinding {
  /** 1-based position of the cell among the notebook's non-empty code cells. */
  position: number;
}

/** A cell the scan could not read, with its number. */
export interface ISkippedEntry extends ISkippedCell {
  position: number;
}

/**
 * The preflight scan as the panel shows it: `waiting` until the kernel's library
 * versions are known (rules are gated by them), then the findings of the latest scan.
 */
export interface IScanState {
  state: 'waiting' | 'scanning' | 'ready' | 'failed';
  findings: readonly IFindingEntry[];
  skipped: readonly ISkippedEntry[];
  error?: string;
}

/** The latest preflight scan of one notebook; emits on each new result. */
export class ScanModel extends StateModel<IScanState> {
  constructor() {
    super({ state: 'waiting', findings: [], skipped: [] });
  }
}
