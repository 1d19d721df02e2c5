export * from './config';
export * from './process';
export * from './worker';
export * from './outbox-relay';
export * from './delivery';
export * from './metrics';
export * from './etl';
