export * from './config';
export * from './worker';
