export * from './types';
export * from './rules-fixer';
export * from './llm-fixer';
