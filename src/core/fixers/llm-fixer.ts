import type { IProposal, ProposalTarget } from '../agent/types';
import { summarizeError } from '../diagnosis/traceback';
import type { ICellResult } from '../execution/types';
import {
  buildPrompt,
  estimateTokens,
  type IAttempt,
  type IPromptLimits
} from '../llm/prompt';
import { parseReply, partialSource, ReplyParseError } from '../llm/reply';
import { LLMError, type IChatMessage, type ILLMClient } from '../llm/types';
import { unsafeReasons } from '../review/safety';
import type { FixKind, IRule } from '../rules/types';
import type { IFixer, IFixRequest } from './types';

/** Tokens spent, as the endpoint reported them (or estimated where it did not). */
export interface ITokenUsage {
  promptTokens: number;
  completionTokens: number;
  /** Chat requests made. */
  requests: number;
}

/** What the LLM fixer is doing, for views: a request going out, the source growing, the end. */
export type LLMFixEvent =
  | {
      kind: 'request';
      target: ProposalTarget;
      fix: FixKind;
      /** 1, or 2 for the retry after a reply that could not be read. */
      attempt: number;
      estimatedPromptTokens: number;
    }
  /** The target's new source as far as the reply has come. */
  | { kind: 'partial'; target: ProposalTarget; source: string }
  | {
      kind: 'finished';
      target: ProposalTarget;
      fix: FixKind;
      usage: ITokenUsage;
      proposal?: IProposal;
      /** Why there is no proposal. */
      reason?: string;
      /** Ids of other cells the reply tried to change (never applied). */
      ignored: string[];
    }
  /** The endpoint failed (key refused, unreachable, rate limit, timeout): the fixer stops. */
  | { kind: 'error'; target: ProposalTarget; error: LLMError };

/** How the LLM fixer asks. */
export interface ILLMFixerOptions {
  client: ILLMClient;
  model: string;
  /** Omitted: the model's default. */
  temperature?: number;
  /** The longest reply, in tokens. */
  maxTokens?: number;
  /** Prompt and completion tokens for all fixes together; a fix that would pass it is refused. */
  tokenBudget?: number;
  /**
   * The kinds of fix to ask the model for; default error-repair and runtime-reduction.
   * Score-calibration is asked cell by cell without the scores (the request has none), so
   * it is opt-in.
   */
  kinds?: readonly FixKind[];
  /** Runtime-reduction may sample data or use fewer epochs. */
  allowApproximations?: boolean;
  /** The rules whose notes go into prompts; default allRules. */
  rules?: readonly IRule[];
  promptLimits?: Partial<IPromptLimits>;
  /** Told of requests, the growing source and each fix's end. */
  onEvent?: (event: LLMFixEvent) => void;
}

/** The kinds of fix asked for by default. */
const DEFAULT_KINDS: readonly FixKind[] = ['error-repair', 'runtime-reduction'];

/** Places asked about for one failure: its root cause and the cell that failed. */
const TARGETS_PER_FAILURE = 2;
/** Asks per place and failure: once, and once more after a rejected proposal. */
const ASKS_PER_TARGET = 2;

/**
 * Fixes from a language model, after the migration rules. Error-repair only for a
 * failure; at most two places per failure, each asked at most twice. A reply that cannot be read is asked for once
 * more with the reason. An endpoint failure (key refused, unreachable, rate limit or
 * timeout after the client's retries) is not retried per fix: it is reported as an
 * `error` event, kept in `error`, and every later call refuses with it.
 */
export class LLMFixer implements IFixer {
  constructor(private readonly _options: ILLMFixerOptions) {}

  readonly name = 'llm';

  /** Tokens of every request so far. */
  get usage(): ITokenUsage {
    return { ...this._usage };
  }

  /** Why the latest call made no proposal; undefined after a proposal. */
  get lastReason(): string | undefined {
    return this._lastReason;
  }

  /** The endpoint failure that stopped this fixer, if one did. */
  get error(): LLMError | undefined {
    return this._error;
  }

  /** The tokens a proposal cost, its retry included. */
  usageOf(proposalId: string): ITokenUsage | undefined {
    return this._perProposal.get(proposalId);
  }

  async propose(
    request: IFixRequest,
    signal?: AbortSignal
  ): Promise<IProposal | null> {
    const refusal = this._refusal(request);
    if (refusal) {
      this._lastReason = refusal;
      return null;
    }
    const { target } = request;
    const prompt = buildPrompt(request, {
      attempts: this._attempts(request),
      allowApproximations: this._options.allowApproximations,
      rules: this._options.rules,
      limits: this._options.promptLimits
    });
    const usage: ITokenUsage = {
      promptTokens: 0,
      completionTokens: 0,
      requests: 0
    };
    const finish = (
      reason?: string,
      proposal?: IProposal,
      ignored: string[] = []
    ) => {
      this._lastReason = reason;
      this._options.onEvent?.({
        kind: 'finished',
        target,
        fix: request.kind,
        usage,
        ignored,
        ...(proposal ? { proposal } : {}),
        ...(reason ? { reason } : {})
      });
      return proposal ?? null;
    };
    let messages = prompt.messages;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const estimated = estimateTokens(messages.map(m => m.content).join(''));
      const completion = estimateTokens(request.source) + 100;
      const over = this._overBudget(estimated + completion);
      if (over) {
        return finish(over);
      }
      this._options.onEvent?.({
        kind: 'request',
        target,
        fix: request.kind,
        attempt,
        estimatedPromptTokens: estimated
      });
      let reply: { text: string; finishReason: string };
      try {
        reply = await this._ask(
          messages,
          request,
          prompt.targetId,
          usage,
          estimated,
          signal
        );
      } catch (error) {
        if (!(error instanceof LLMError)) {
          throw error;
        }
        if (error.kind === 'cancelled') {
          return finish('cancelled');
        }
        if (error.kind !== 'malformed') {
          this._error = error;
          this._options.onEvent?.({ kind: 'error', target, error });
          return finish(`the language model failed: ${error.message}`);
        }
        reply = { text: '', finishReason: `broken (${error.message})` };
      }
      try {
        const parsed = Private.read(reply, prompt.targetId);
        if (!parsed.cell) {
          return finish(
            'the model has no change for this code',
            undefined,
            parsed.ignored
          );
        }
        const after = Private.likeBefore(request.source, parsed.cell.source);
        if (after === request.source) {
          return finish(
            'the model proposed no change',
            undefined,
            parsed.ignored
          );
        }
        const proposal: IProposal = {
          id: `llm-${++LLMFixer._count}`,
          target,
          kind: request.kind,
          before: request.source,
          after,
          rationale: parsed.cell.rationale || 'Rewritten by the language model',
          ruleIds: [],
          fixer: this.name,
          unsafe: unsafeReasons(request.source, after)
        };
        this._perProposal.set(proposal.id, usage);
        this._history.set(Private.key(target), {
          before: request.source,
          after
        });
        return finish(undefined, proposal, parsed.ignored);
      } catch (error) {
        if (!(error instanceof ReplyParseError)) {
          throw error;
        }
        if (attempt === 2) {
          return finish(
            `the model's reply could not be read: ${error.message}`
          );
        }
        messages = Private.retry(
          prompt.messages,
          reply.text,
          error,
          prompt.targetId
        );
      }
    }
    return finish('no usable reply');
  }

  /** Why not to ask at all: the fixer stopped, nothing failed, or this failure was asked about enough. */
  private _refusal(request: IFixRequest): string | undefined {
    if (this._error) {
      return `the language model is unavailable: ${this._error.message}`;
    }
    const kinds = this._options.kinds ?? DEFAULT_KINDS;
    if (!kinds.includes(request.kind)) {
      return `not asked for ${request.kind}`;
    }
    const { failure } = request;
    if (request.kind === 'error-repair') {
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
    }
    return undefined;
  }

  /** A reason when `tokens` more would pass the budget. */
  private _overBudget(tokens: number): string | undefined {
    const budget = this._options.tokenBudget;
    const used = this._usage.promptTokens + this._usage.completionTokens;
    if (budget === undefined || used + tokens <= budget) {
      return undefined;
    }
    return `the token budget would be exceeded: ${used} of ${budget} used, this fix needs about ${tokens}`;
  }

  /** One streamed request: the reply's text, tokens counted into `usage` and the total. */
  private async _ask(
    messages: IChatMessage[],
    request: IFixRequest,
    targetId: string,
    usage: ITokenUsage,
    estimated: number,
    signal?: AbortSignal
  ): Promise<{ text: string; finishReason: string }> {
    const { client, model, temperature, tokenBudget } = this._options;
    const used = this._usage.promptTokens + this._usage.completionTokens;
    const room =
      tokenBudget === undefined
        ? undefined
        : Math.max(1, tokenBudget - used - estimated);
    const limits = [this._options.maxTokens, room].filter(
      (n): n is number => n !== undefined
    );
    let text = '';
    let shown: string | null = null;
    let reported:
      { promptTokens: number; completionTokens: number } | undefined;
    let finishReason = '';
    const count = () => {
      const tokens = reported ?? {
        promptTokens: estimated,
        completionTokens: estimateTokens(text)
      };
      for (const total of [usage, this._usage]) {
        total.promptTokens += tokens.promptTokens;
        total.completionTokens += tokens.completionTokens;
        total.requests++;
      }
    };
    try {
      for await (const event of client.stream(
        {
          model,
          messages,
          ...(temperature === undefined ? {} : { temperature }),
          ...(limits.length ? { maxTokens: Math.min(...limits) } : {})
        },
        { signal }
      )) {
        if (event.type === 'delta') {
          text += event.text;
          const source = partialSource(text, targetId);
          if (source !== null && source !== shown) {
            shown = source;
            this._options.onEvent?.({
              kind: 'partial',
              target: request.target,
              source
            });
          }
        } else if (event.type === 'usage') {
          reported = event;
        } else {
          finishReason = event.finishReason;
        }
      }
    } finally {
      count();
    }
    return { text, finishReason };
  }

  /** Earlier proposals of this fixer for the target that did not do, and why. */
  private _attempts(request: IFixRequest): IAttempt[] {
    const key = Private.key(request.target);
    const attempts = this._tried.get(key) ?? [];
    const last = this._history.get(key);
    if (last) {
      this._history.delete(key);
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

  private static _count = 0;
  private readonly _usage: ITokenUsage = {
    promptTokens: 0,
    completionTokens: 0,
    requests: 0
  };
  private readonly _perProposal = new Map<string, ITokenUsage>();
  /** Asks per target and failure (the loop passes one result object per failure). */
  private readonly _asked = new WeakMap<ICellResult, Map<string, number>>();
  /** The latest proposal per target, to learn on the next call whether it did. */
  private readonly _history = new Map<
    string,
    { before: string; after: string }
  >();
  private readonly _tried = new Map<string, IAttempt[]>();
  private _lastReason: string | undefined;
  private _error: LLMError | undefined;
}

namespace Private {
  export function key(target: ProposalTarget): string {
    return target.kind === 'cell'
      ? `cell:${target.cellId}`
      : `module:${target.path}`;
  }

  /** The parsed reply; a reply cut short is never taken, even if its JSON closed. */
  export function read(
    reply: { text: string; finishReason: string },
    targetId: string
  ): ReturnType<typeof parseReply> {
    if (reply.finishReason === 'length') {
      throw new ReplyParseError(
        'The reply was cut off at the token limit; give only the JSON object, shorter.'
      );
    }
    if (reply.finishReason.startsWith('broken')) {
      throw new ReplyParseError(`The reply broke off: ${reply.finishReason}.`);
    }
    return parseReply(reply.text, targetId);
  }

  /** The prompt again, with the unreadable reply and why it could not be used. */
  export function retry(
    messages: IChatMessage[],
    text: string,
    error: ReplyParseError,
    targetId: string
  ): IChatMessage[] {
    const previous = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
    return [
      ...messages,
      ...(previous ? [{ role: 'assistant' as const, content: previous }] : []),
      {
        role: 'user',
        content:
          `That reply could not be used: ${error.message} Reply again with only the JSON ` +
          `object {"cells": [{"id": "${targetId}", "source": "...", "rationale": "..."}]}.`
      }
    ];
  }

  /** The new source with the old one's ending: no trailing newline added to a cell. */
  export function likeBefore(before: string, after: string): string {
    return before.endsWith('\n') ? after : after.replace(/\n+$/, '');
  }
}
