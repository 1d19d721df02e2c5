/** Lab and phlebotomy partner adapters (issue 13). */
export {};
export * from './phlebotomy';
export * from './lab';
export * from './psc';
export * from './testkit';
