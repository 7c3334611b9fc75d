import type { ProposalTarget } from '../model/types';
import { summarizeError } from '../diagnosis/traceback';
import type { ICellResult } from '../execution/types';
import type { IAttempt } from '../llm/prompt';
import type { IFixRequest } from '../model/types';

/** Places asked about for one failure: its root cause and the cell that failed. */
const TARGETS_PER_FAILURE = 2;
/** Asks per place and failure: once, and once more after a rejected proposal. */
const ASKS_PER_TARGET = 2;

/**
 * What the LLM fixer remembers between calls: how often it was asked about each place for
 * a failure (the loop passes one result object per failure), and its proposals per target,
 * to tell the model on the next call how they did.
 */
export class LLMFixMemory {
  /** Why not to ask about this request's target for its failure; undefined to go ahead (counted). */
  ask(request: IFixRequest): string | undefined {
    const { failure } = request;
    if (request.kind !== 'error-repair') {
      return undefined;
    }
    if (!failure || failure.status === 'ok') {
      return 'nothing failed';
    }
    const asked = this._asked.get(failure) ?? new Map<string, number>();
    const key = Private.key(request.target);
    const times = asked.get(key) ?? 0;
    if (times === 0 && asked.size >= TARGETS_PER_FAILURE) {
      return `asked about ${TARGETS_PER_FAILURE} places for this failure already`;
    }
    if (times >= ASKS_PER_TARGET) {
      return `asked ${ASKS_PER_TARGET} times about this place for this failure already`;
    }
    asked.set(key, times + 1);
    this._asked.set(failure, asked);
    return undefined;
  }

  /** Records a proposal, to learn on the next call about its target whether it did. */
  proposed(target: ProposalTarget, before: string, after: string): void {
    this._latest.set(Private.key(target), { before, after });
  }

  /** Earlier proposals for the target that did not do, and why, oldest first. */
  attempts(request: IFixRequest): IAttempt[] {
    const key = Private.key(request.target);
    const attempts = this._tried.get(key) ?? [];
    const last = this._latest.get(key);
    if (last) {
      this._latest.delete(key);
      if (request.source === last.after && request.failure) {
        attempts.push({
          source: last.after,
          outcome: `it ran and failed: ${summarizeError(request.failure)}`
        });
      } else if (request.source === last.before) {
        attempts.push({
          source: last.after,
          outcome: 'it was not applied (rejected in review)'
        });
      }
      this._tried.set(key, attempts);
    }
    return attempts;
  }

  private readonly _asked = new WeakMap<ICellResult, Map<string, number>>();
  private readonly _latest = new Map<
    string,
    { before: string; after: string }
  >();
  private readonly _tried = new Map<string, IAttempt[]>();
}

namespace Private {
  export function key(target: ProposalTarget): string {
    return target.kind === 'cell'
      ? `cell:${target.cellId}`
      : `module:${target.path}`;
  }
}
