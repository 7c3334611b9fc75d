export * from './types';
export * from './metrics';
export * from './extract';
export * from './seeding';
export * from './match';
export * from './compare';
