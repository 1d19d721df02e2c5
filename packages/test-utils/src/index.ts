export * from './database-url';
export * from './template-database';
export * from './test-database';
export * from './wait-for';
export * from './fixtures';
export * from './fault-proxy';
export * from './webhook-receiver';
export * from './event-hubs-emulator';
