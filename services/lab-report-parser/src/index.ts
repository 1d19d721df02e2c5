export * from './config';
export * from './process';
export * from './parse-job';
export * from './worker';
/** For composition roots that run the worker in-process (`pnpm start`). */
export { createLabReportParser } from '@meridian/lab-reports';
export * from './metrics';
