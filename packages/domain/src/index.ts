export * from './errors';
export * from './events';
export * from './ids';
export * from './keys';
export * from './providers';
export * from './resources';
export * from './rules';
export * from './tenancy';
// The time module's files one by one (not through time/index.ts): each re-export level is a getter on every
// call from another package, and these run per sample.
export * from './time/calendar-date';
export * from './time/iso-date-time';
export * from './time/range-bound';
export * from './time/time-zone';
export * from './time/wire-date-time';
export * from './users';
export * from './health';
export * from './lab-reports';
export * from './event-catalog';
export * from './audit';
export * from './lab-testing';
