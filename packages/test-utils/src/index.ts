export * from './database-url';
export * from './template-database';
export * from './test-database';
export * from './wait-for';
export * from './fixtures';
