export * from './audit-middleware';
export * from './audit-metrics';
