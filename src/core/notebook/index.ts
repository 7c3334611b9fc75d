export * from './parse';
export * from './original';
