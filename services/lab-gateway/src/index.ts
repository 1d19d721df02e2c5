export * from './config';
export * from './lab-endpoints';
export * from './lab-routing';
export * from './metrics';
export * from './order-submissions';
export * from './process';
export * from './result-listener';
export * from './submission-sweep';
