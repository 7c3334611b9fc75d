import type { ILoopState, NextStep, Verdict } from './types';

/** Verification runs per session: a failed one is repaired and verified once more. */
export const MAX_VERIFICATIONS = 2;

/**
 * What comes next, from where the session stands: a pure function, read as a table.
 * Stops first (user, time budget, max fixes), then in the study's order of need: the
 * preflight fixes, error-repair of a failed cell, running the cells left, comparing
 * scores, score-calibration once when a score is out of tolerance, the verification run
 * (repaired and run once more when a cell fails only from the top). A failure no fixer
 * can repair that is not the code's (a package, data on the network) is `blocked`.
 */
export function nextStep(state: ILoopState): NextStep {
  const done = (verdict: Verdict): NextStep => ({ kind: 'done', verdict });
  if (state.stopped) {
    return done({ kind: 'stopped', reason: 'user' });
  }
  // A cell that failed only from the top (it leaned on the kernel's earlier state) is
  // repaired like any failure, then the session verifies once more.
  const { verification } = state;
  if (
    verification &&
    (!verification.failure ||
      verification.cut ||
      state.verifications >= MAX_VERIFICATIONS)
  ) {
    return done(verificationVerdict(verification));
  }
  if (state.elapsedMs >= state.budgetMs) {
    // Offline there is no runtime-reduction fixer; asking once keeps the table honest.
    return state.noRuntimeFix
      ? done({ kind: 'stopped', reason: 'time-budget' })
      : { kind: 'propose', fix: 'runtime-reduction' };
  }
  if (!state.preflightDone) {
    return { kind: 'preflight' };
  }
  const { failure } = state;
  if (failure) {
    if (state.noFix) {
      return done(
        state.blocker
          ? { kind: 'blocked', ...failure, blocker: state.blocker }
          : { kind: 'fails', ...failure }
      );
    }
    if (state.fixes >= state.maxFixes) {
      return done({ kind: 'stopped', reason: 'max-fixes' });
    }
    // A cell that ran out of time needs to be faster, not different.
    return {
      kind: 'propose',
      fix:
        failure.result.status === 'timeout'
          ? 'runtime-reduction'
          : 'error-repair',
      cellId: failure.cellId,
      result: failure.result
    };
  }
  if (state.nextPosition <= state.total) {
    return { kind: 'run', fromPosition: state.nextPosition };
  }
  if (!state.scores) {
    return { kind: 'compare-scores' };
  }
  if (!state.scores.allWithin && !state.calibrated) {
    return state.fixes >= state.maxFixes
      ? done({ kind: 'stopped', reason: 'max-fixes' })
      : { kind: 'propose', fix: 'score-calibration' };
  }
  return { kind: 'verify' };
}

/** A verification's verdict: only a clean one with scores in tolerance is reproducible. */
export function verificationVerdict(
  verification: NonNullable<ILoopState['verification']>
): Verdict {
  if (verification.cut) {
    return { kind: 'stopped', reason: verification.cut };
  }
  if (verification.failure) {
    return verification.blocker
      ? {
          kind: 'blocked',
          ...verification.failure,
          blocker: verification.blocker
        }
      : { kind: 'fails', ...verification.failure };
  }
  if (verification.scores && !verification.scores.allWithin) {
    return { kind: 'scores-off', comparison: verification.scores };
  }
  return { kind: 'reproducible' };
}
