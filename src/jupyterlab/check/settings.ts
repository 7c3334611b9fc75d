import type { ITolerance } from '../../core';
import type { ICheckLimits } from './check-runner';

/** The settings a session reads (schema/plugin.json), current at each use. */
export interface ISessionSettings extends ICheckLimits {
  /** How far a score may move and still count as reproduced. */
  tolerance: ITolerance;
  /** How many fixes a Modernize run may apply before it stops. */
  maxFixes: number;
  /** Runs from a restart that verify a Modernize run; the scores' mean decides. */
  verificationRuns: number;
}
