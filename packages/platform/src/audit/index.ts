export * from './audit-middleware';
export * from './audit-metrics';
export * from './audit-writer-lifetime';
