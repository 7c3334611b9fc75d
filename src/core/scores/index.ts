// Scores: what a notebook printed (extractScores), paired with what it prints now
// (matchScores, matchReference) and compared within a tolerance (compareScores); over
// several runs, their mean and spread (meanScores).
export * from './types';
export * from './metrics';
export * from './extract';
export * from './seeding';
export * from './match';
export * from './compare';
export * from './stability';
