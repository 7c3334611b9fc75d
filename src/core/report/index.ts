export * from './report';
export * from './markdown';
