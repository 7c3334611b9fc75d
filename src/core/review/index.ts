export * from './safety';
export * from './diff';
export * from './auto-accept';
export * from './hunks';
