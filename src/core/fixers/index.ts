export * from './types';
export * from './rules-fixer';
