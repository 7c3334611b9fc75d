export * from './parse';
export * from './original';
export * from './upgrade-v3';
