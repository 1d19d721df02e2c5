export * from './knex';
export * from './migrate';
export * from './transaction';
export * from './outbox.repository';
