export * from './imports';
export * from './versions';
