export * from './config';
export * from './process';
export * from './parse-job';
export * from './worker';
export * from './metrics';
