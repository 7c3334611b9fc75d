import { isExpectedError, savedErrors } from '../diagnosis/expected-errors';
import { savedAnswers } from '../execution/answers';
import type { LoopSession } from './loop-session';
import { verificationVerdict } from './policy';
import type { LoopEvent, Verdict } from './types';

/**
 * The last step of a session that leaves the notebook failing: a fix never makes a
 * notebook worse. When cells up to the one that fails were changed, one of the changes
 * can have reached it, and the original is not known to fail by then, the original
 * cells up to it run from a restart, drawing nothing in the notebook. If they all run,
 * the changes made it fail earlier: every cell change is taken back through the
 * session's writer (a cell the user edited since keeps the edit), and a verification
 * run of the notebook as it was gives the verdict.
 * Changed local modules stay (the check ran with them; the loop takes back a module
 * change that made a cell fail earlier as it goes).
 */
export async function* guardRegression(
  session: LoopSession,
  verdict: Verdict
): AsyncGenerator<LoopEvent, Verdict> {
  if (verdict.kind !== 'fails' && verdict.kind !== 'blocked') {
    return verdict;
  }
  const failedAt = verdict.position;
  const cells = session.runnable();
  const positionOf = (cellId: string) =>
    cells.findIndex(c => c.id === cellId) + 1;
  const cellChanges = session.changes.filter(
    change => change.proposal.target.kind === 'cell'
  );
  const known = session.originalFailsBy ?? Infinity;
  if (
    known <= failedAt ||
    session.budgetLeft() <= 0 ||
    !cellChanges.some(change => {
      const { target } = change.proposal;
      const at = target.kind === 'cell' ? positionOf(target.cellId) : 0;
      return at > 0 && at <= failedAt && session.reaches(change, failedAt);
    })
  ) {
    return verdict;
  }
  if (!(await Private.originalRunsTo(session, failedAt))) {
    await session.options.restartKernel();
    return verdict;
  }
  const why = `with the changes the notebook fails at its code cell ${failedAt}, which the original runs`;
  // The latest first: each one finds its cell as it left it.
  for (const change of [...cellChanges].reverse()) {
    yield* session.restore({ change, why });
  }
  yield* session.verify();
  return verificationVerdict(session.state.verification!);
}

namespace Private {
  /** Whether the original cells up to a position run from a restart (as saved, errors allowed). */
  export async function originalRunsTo(
    session: LoopSession,
    position: number
  ): Promise<boolean> {
    const { executor, original, restartKernel, signal } = session.options;
    const saved = savedErrors(original.cells);
    const answers = savedAnswers(original.cells);
    const sources = new Map(original.cells.map(cell => [cell.id, cell.source]));
    await restartKernel();
    session.kernelTouched();
    for (const cell of session.runnable().slice(0, position)) {
      const source = sources.get(cell.id) ?? '';
      const timeoutMs = session.budgetLeft();
      if (signal?.aborted || timeoutMs <= 0) {
        return false;
      }
      if (source.trim() === '') {
        continue;
      }
      // No cell named: the notebook's views draw nothing of this run.
      const result = await executor.execute(source, {
        timeoutMs,
        signal,
        answers: answers.get(cell.id),
        ...{ cellId: '' }
      });
      session.executions++;
      if (
        result.status !== 'ok' &&
        !isExpectedError(result, saved.get(cell.id))
      ) {
        return false;
      }
    }
    return true;
  }
}
