import {
  clientFromEnvironment,
  LLMFixer,
  type FixKind,
  type ILLMClient,
  type ILLMFixerOptions,
  type IProposal,
  type LLMFixEvent,
  type ProposalTarget
} from '../core';
import type { IRunCommandOptions } from './args';
import type { IOutputStream } from './progress';

/** The LLM a run uses after the rules. */
export interface ILLMSetup {
  client: ILLMClient;
  model: string;
  baseURL: string;
}

/** One LLM fix (or attempt) in the JSON report. */
export interface ILLMFixRecord {
  /** The proposal's id, when one came of it. */
  proposal?: string;
  where: string;
  kind: FixKind;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  /** Why no proposal came of it. */
  reason?: string;
}

/** A notebook's use of the LLM, in the JSON report. */
export interface ILLMReport {
  model: string;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  fixes: ILLMFixRecord[];
  /** The endpoint failure that ended the LLM's fixes for this notebook. */
  error?: { kind: string; message: string };
}

/**
 * The LLM of a run: none with --offline or without OPENAI_BASE_URL. The model is
 * --model, else $MODERNIZER_MODEL, else the first the endpoint lists; rejects with an
 * LLMError when the endpoint cannot be asked, or an Error when it lists no model.
 */
export async function llmSetup(
  options: IRunCommandOptions,
  env: Record<string, string | undefined> = process.env
): Promise<ILLMSetup | undefined> {
  if (options.offline) {
    return undefined;
  }
  const client = clientFromEnvironment(env);
  if (!client) {
    return undefined;
  }
  let model = options.model ?? (env.MODERNIZER_MODEL?.trim() || undefined);
  if (!model) {
    [model] = await client.models();
    if (!model) {
      throw new Error(
        `the language model at ${env.OPENAI_BASE_URL} lists no models; pass --model NAME.`
      );
    }
  }
  return { client, model, baseURL: env.OPENAI_BASE_URL!.trim() };
}

/** The LLM's use over all notebooks, for the summary and the JSON report. */
export function totalUsage(
  setup: ILLMSetup,
  reports: readonly { llm?: ILLMReport }[]
): Omit<ILLMReport, 'fixes' | 'error'> {
  const total = {
    model: setup.model,
    promptTokens: 0,
    completionTokens: 0,
    requests: 0
  };
  for (const { llm } of reports) {
    total.promptTokens += llm?.promptTokens ?? 0;
    total.completionTokens += llm?.completionTokens ?? 0;
    total.requests += llm?.requests ?? 0;
  }
  return total;
}

/** One notebook's LLM fixer: says what it asks and what it costs, and keeps the record. */
export class NotebookLLM {
  constructor(
    private readonly _setup: ILLMSetup,
    asking: Pick<
      ILLMFixerOptions,
      'tokenBudget' | 'allowInstalls' | 'granularity'
    >,
    private readonly _out: IOutputStream,
    private readonly _err: IOutputStream,
    /** `cell 5` for a cell id. */
    private readonly _label: (cellId: string) => string
  ) {
    this.fixer = new LLMFixer({
      client: _setup.client,
      model: _setup.model,
      ...asking,
      onEvent: event => this._handle(event)
    });
  }

  readonly fixer: LLMFixer;

  /** The line printed under an LLM proposal: its tokens and the notebook's so far. */
  tokensLine(proposal: IProposal): string | undefined {
    const usage = this.fixer.usageOf(proposal.id);
    if (!usage) {
      return undefined;
    }
    return `  tokens: ${Private.tokens(usage)} (notebook so far: ${Private.total(this.fixer.usage)})`;
  }

  /** The record for the JSON report. */
  report(): ILLMReport {
    const error = this.fixer.error;
    return {
      model: this._setup.model,
      ...this.fixer.usage,
      fixes: this._fixes,
      ...(error ? { error: { kind: error.kind, message: error.message } } : {})
    };
  }

  private _handle(event: LLMFixEvent): void {
    const where = this._where(event.target);
    switch (event.kind) {
      case 'request':
        this._line(
          event.attempt === 1
            ? `LLM: asking ${this._setup.model} about ${where} (${event.fix}, about ${event.estimatedPromptTokens} prompt tokens)`
            : `LLM: asking again about ${where}: its reply could not be read`
        );
        return;
      case 'partial':
        return;
      case 'finished':
        this._fixes.push({
          ...(event.proposal ? { proposal: event.proposal.id } : {}),
          where,
          kind: event.fix,
          ...event.usage,
          ...(event.reason ? { reason: event.reason } : {})
        });
        if (event.ignored.length > 0) {
          this._line(
            `LLM: its reply also changed ${event.ignored.join(', ')}; ignored (only ${where} was asked for)`
          );
        }
        if (!event.proposal) {
          this._line(
            `LLM: no proposal for ${where}: ${event.reason}; tokens: ${Private.tokens(event.usage)}`
          );
        }
        return;
      case 'error':
        this._err.write(
          `LLM error (${event.error.kind}): ${event.error.message} No more fixes from the LLM for this notebook.\n`
        );
        return;
    }
  }

  private _where(target: ProposalTarget): string {
    return target.kind === 'cell' ? this._label(target.cellId) : target.path;
  }

  private _line(text: string): void {
    this._out.write(`${text}\n`);
  }

  private readonly _fixes: ILLMFixRecord[] = [];
}

namespace Private {
  export function tokens(usage: {
    promptTokens: number;
    completionTokens: number;
  }): string {
    return `${usage.promptTokens} prompt + ${usage.completionTokens} completion`;
  }

  export function total(usage: {
    promptTokens: number;
    completionTokens: number;
  }): string {
    return `${usage.promptTokens + usage.completionTokens}`;
  }
}
