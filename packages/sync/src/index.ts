/**
 * `@meridian/sync`: the provider connection lifecycle — establishing a connection (sealed tokens,
 * scheduled historical pulls, `provider.connection.created`), single-flight token refresh, historical and
 * incremental pulls through the connectors into the one ingestion path, inbound provider webhooks,
 * refresh requests and deregistration.
 */
export * from './sync-deps';
export { establishConnection, type EstablishConnectionInput } from './establish-connection';
export {
  resolveClientCredentials,
  connectorContextFor,
  type ResolvedClient,
  type CredentialSource,
} from './client-credentials';
export { deregisterConnection } from './deregister-connection';
export { requestRefresh, type RefreshReport } from './request-refresh';
export { handleProviderWebhook, type WebhookResponse } from './provider-webhook';
export { createProviderSyncJobs, parseSyncTask, type ProviderSyncJob } from './provider-sync-jobs';
export {
  PROVIDER_SYNC_TASK,
  PROVIDER_SYNC_JOB,
  PROVIDER_SYNC_SWEEP_JOB,
  type ProviderSyncTaskData,
} from './provider-sync-task';
export { runConnectionSync, type SyncRunResult } from './sync-connection';
export { markConnectionError, type ConnectionErrorType } from './connection-error';
export { LeaseLostError, newLease } from './stream-lease';
