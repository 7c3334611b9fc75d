export * from './imports';
export * from './versions';
export * from './repository';
