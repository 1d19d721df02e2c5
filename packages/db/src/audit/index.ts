export * from './audit-events.repository';
export * from './audit-writer';
