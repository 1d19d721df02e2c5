/**
 * `@meridian/connectors`: one module per real provider (authorization, token lifecycle, data endpoints,
 * webhooks), all mapping onto the one ingestion path. Stateless: the sync engine keeps tokens and progress.
 */
export * from './connector';
export * from './errors';
export * from './http';
export * from './oauth';
export * from './registry';
export * from './capabilities';
export * from './provider-targets';
