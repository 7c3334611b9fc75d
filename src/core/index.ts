// The core's public API: plain TypeScript, usable from JupyterLab and from Node.
export * from './execution/types';
export * from './model/types';
export * from './agent/check-run';
export * from './diagnosis/traceback';
export * from './environment';
export * from './notebook';
export * from './execution/answers';
export * from './execution/kernel-executor';
export * from './execution/output-collector';
export * from './scores';
export * from './rules';
export * from './agent/policy';
export * from './agent/loop';
export { DEFAULT_MAX_FIXES } from './agent/loop-session';
export type {
  IExpectedError,
  ILoopState,
  LoopEvent,
  NextStep,
  StopReason,
  Verdict
} from './agent/types';
export * from './diagnosis/root-cause';
export * from './diagnosis/blocker';
export * from './diagnosis/expected-errors';
export * from './fixers';
export * from './llm';
export * from './llm/prompt';
export * from './llm/reply';
export * from './llm/data-preview';
export * from './review';
export * from './proposals/registry';
export * from './proposals/writer';
export * from './report';
