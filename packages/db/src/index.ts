export * from './knex';
export * from './migrate';
export * from './transaction';
export * from './outbox.repository';
export * from './repositories/credentials.repository';
export * from './bootstrap/tenancy-bootstrap';
export * from './repositories/user-purge.repository';
export * from './repositories/lab-report-jobs.repository';
