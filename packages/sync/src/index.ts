/**
 * `@meridian/sync`: the provider connection lifecycle — establishing a connection (sealed tokens,
 * scheduled historical pulls, `provider.connection.created`), single-flight token refresh, historical and
 * incremental pulls through the connectors into the one ingestion path, inbound provider webhooks,
 * refresh requests and deregistration.
 */
export * from './sync-deps';
