import type { IProposal, ProposalTarget } from '../model/types';
import type { IPromptLimits } from '../llm/prompt';
import type { ILLMClient, LLMError } from '../llm/types';
import type { FixKind, IRule } from '../rules/types';

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
      /** The id the proposal will have, if one comes of it. */
      proposalId: string;
      fix: FixKind;
      /** 1, or 2 for the retry after a reply that could not be read. */
      attempt: number;
      estimatedPromptTokens: number;
    }
  /** The target's new source as far as the reply has come. */
  | {
      kind: 'partial';
      target: ProposalTarget;
      proposalId: string;
      fix: FixKind;
      source: string;
    }
  | {
      kind: 'finished';
      target: ProposalTarget;
      proposalId: string;
      fix: FixKind;
      usage: ITokenUsage;
      proposal?: IProposal;
      /** Why there is no proposal. */
      reason?: string;
      /** Ids of other cells the reply tried to change (never applied). */
      ignored: string[];
    }
  /** The endpoint failed (key refused, unreachable, rate limit, timeout): the fixer stops. */
  | {
      kind: 'error';
      target: ProposalTarget;
      proposalId: string;
      error: LLMError;
    };

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
   * The kinds of fix to ask the model for; default all three. Score-calibration is asked
   * only with the scores of the cell that moved (`IFixRequest.scores`).
   */
  kinds?: readonly FixKind[];
  /** Runtime-reduction may sample data or use fewer epochs. */
  allowApproximations?: boolean;
  /** A fix may install a missing package (flagged unsafe all the same: never auto-accepted). */
  allowInstalls?: boolean;
  /** The context the model sees: the target's dependencies (`cell`) or every cell. */
  granularity?: 'cell' | 'notebook';
  /** The rules whose notes go into prompts; default allRules. */
  rules?: readonly IRule[];
  promptLimits?: Partial<IPromptLimits>;
  /** Told of requests, the growing source and each fix's end. */
  onEvent?: (event: LLMFixEvent) => void;
}
