export * from './config';
export * from './process';
export * from './worker';
export * from './leader-lock';
export * from './scheduler';
export * from './scheduled-jobs';
export * from './lab-reports/lab-report-sweep';
export * from './providers/provider-sync-jobs';
