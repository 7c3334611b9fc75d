import type { IProposal } from '../model/types';
import { dataPreview } from '../llm/data-preview';
import { buildPrompt, estimateTokens } from '../llm/prompt';
import { parseReply, partialSource, ReplyParseError } from '../llm/reply';
import { LLMError, type IChatMessage } from '../llm/types';
import { unsafeReasons } from '../review/safety';
import type { FixKind } from '../rules/types';
import type {
  ILLMFixerOptions,
  ITokenUsage,
  LLMFixEvent
} from './llm-fixer-types';
import { LLMFixMemory } from './llm-memory';
import type { IFixer, IFixRequest } from '../model/types';

/** The kinds of fix asked for by default. */
const DEFAULT_KINDS: readonly FixKind[] = [
  'error-repair',
  'runtime-reduction',
  'score-calibration'
];

/**
 * Fixes from a language model, after the migration rules. Score-calibration only with
 * the scores that moved; error-repair only for a failure, at most two places per failure, each asked at most twice (LLMFixMemory). A
 * reply that cannot be read is asked for once more with the reason. An endpoint failure
 * (key refused, unreachable, rate limit or timeout after the client's retries) is not
 * retried per fix: it is reported as an `error` event, kept in `error`, and every later
 * call refuses with it.
 */
export class LLMFixer implements IFixer {
  constructor(private readonly _options: ILLMFixerOptions) {}

  readonly name = 'llm';

  /** The model asked. */
  get model(): string {
    return this._options.model;
  }

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

  /**
   * Tells `listener` of every later event, as `onEvent` is told (a run that puts the
   * fixer's progress into its own event stream); returns the call that stops it.
   */
  subscribe(listener: (event: LLMFixEvent) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  /** The tokens a proposal cost, its retry included. */
  usageOf(proposalId: string): ITokenUsage | undefined {
    return this._perProposal.get(proposalId);
  }

  async propose(
    request: IFixRequest,
    signal?: AbortSignal
  ): Promise<IProposal | null> {
    // A fix of last resort gives up on code: the model repairs it or says why not.
    if (request.lastResort) {
      return null;
    }
    const refusal = this._refusal(request);
    if (refusal) {
      this._lastReason = refusal;
      return null;
    }
    const { target } = request;
    // Known from the start: a view can show the proposal under its id as it streams.
    const proposalId = `llm-${++LLMFixer._count}`;
    const preview = await dataPreview(request);
    const prompt = buildPrompt(request, {
      dataPreview: preview,
      attempts: this._memory.attempts(request),
      allowApproximations: this._options.allowApproximations,
      allowInstalls: this._options.allowInstalls,
      granularity: this._options.granularity,
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
      this._emit({
        kind: 'finished',
        target,
        proposalId,
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
      this._emit({
        kind: 'request',
        target,
        proposalId,
        fix: request.kind,
        attempt,
        estimatedPromptTokens: estimated
      });
      let reply: { text: string; finishReason: string };
      try {
        reply = await this._ask(
          messages,
          request,
          { targetId: prompt.targetId, proposalId },
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
          this._emit({ kind: 'error', target, proposalId, error });
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
        const proposal = this._proposal(request, parsed.cell, proposalId);
        if (!proposal) {
          return finish(
            'the model proposed no change',
            undefined,
            parsed.ignored
          );
        }
        this._perProposal.set(proposal.id, usage);
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

  /** The proposal of a reply's entry for the target; null when it changes nothing. */
  private _proposal(
    request: IFixRequest,
    cell: { source: string; rationale: string },
    id: string
  ): IProposal | null {
    const before = request.source;
    const after = Private.likeBefore(before, cell.source);
    if (after === before) {
      return null;
    }
    this._memory.proposed(request.target, before, after);
    return {
      id,
      target: request.target,
      kind: request.kind,
      before,
      after,
      rationale: cell.rationale || 'Rewritten by the language model',
      ruleIds: [],
      fixer: this.name,
      unsafe: unsafeReasons(before, after, {
        imports: request.environment.imports
      })
    };
  }

  /** Why not to ask at all: the fixer stopped, it is not asked for this kind, or the memory says no. */
  private _refusal(request: IFixRequest): string | undefined {
    if (this._error) {
      return `the language model is unavailable: ${this._error.message}`;
    }
    const kinds = this._options.kinds ?? DEFAULT_KINDS;
    if (!kinds.includes(request.kind)) {
      return `not asked for ${request.kind}`;
    }
    // Without the scores that moved, the model could only guess at every cell.
    if (request.kind === 'score-calibration' && !request.scores?.length) {
      return 'no score of this cell is out of tolerance';
    }
    return this._memory.ask(request);
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
    ids: { targetId: string; proposalId: string },
    usage: ITokenUsage,
    estimated: number,
    signal?: AbortSignal
  ): Promise<{ text: string; finishReason: string }> {
    const { targetId, proposalId } = ids;
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
    // Without a report, a request that failed before any text is taken to have cost nothing.
    const count = () => {
      const tokens =
        reported ??
        (text === '' && !finishReason
          ? { promptTokens: 0, completionTokens: 0 }
          : {
              promptTokens: estimated,
              completionTokens: estimateTokens(text)
            });
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
            this._emit({
              kind: 'partial',
              target: request.target,
              proposalId,
              fix: request.kind,
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

  private _emit(event: LLMFixEvent): void {
    this._options.onEvent?.(event);
    for (const listener of this._listeners) {
      listener(event);
    }
  }

  private static _count = 0;
  private readonly _usage: ITokenUsage = {
    promptTokens: 0,
    completionTokens: 0,
    requests: 0
  };
  private readonly _perProposal = new Map<string, ITokenUsage>();
  private readonly _memory = new LLMFixMemory();
  private _lastReason: string | undefined;
  private _error: LLMError | undefined;
  private readonly _listeners = new Set<(event: LLMFixEvent) => void>();
}

namespace Private {
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

  /** The new source with the old one's ending (a cell has no final newline, a module one). */
  export function likeBefore(before: string, after: string): string {
    return after.replace(/\s+$/, '') + /\s*$/.exec(before)![0];
  }
}
