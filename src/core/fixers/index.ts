export * from './rules-fixer';
export * from './llm-fixer';
export * from './llm-fixer-types';
