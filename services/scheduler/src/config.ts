import { commonConfigSpec, config, loadConfig, webhookConfigSpec } from '@meridian/platform';

const dataApiPublicUrl = config.publicUrl(
  (env) => `http://localhost:${config.port(8000).parse(env.DATA_API_PORT, 'DATA_API_PORT')}`,
);

/** Everything but the connections: `main.ts` and `pnpm start` both validate this part the same way. */
export const schedulerProcessConfigSpec = {
  ...commonConfigSpec,
  /** `production` keeps the SSRF rules whole for emulated providers and refuses the public dev key. */
  NODE_ENV: config.optionalString(),
  HEALTH_PORT: config.port(8080),
  SCHEDULER_TICK_MS: config.int({ default: 60_000, min: 100 }),
  /** Database connections of this process (provider syncs hold one per page written or token refreshed). */
  DATABASE_POOL_MAX: config.int({ default: 6, min: 2, max: 200 }),
  /** A lab report parsing job without progress for this long is re-queued by the sweep. */
  LAB_REPORT_STUCK_AFTER_MS: config.int({ default: 15 * 60_000, min: 1_000 }),
  /** Parse attempts after which the sweep fails a stuck job with `processing_error`. */
  LAB_REPORT_MAX_ATTEMPTS: config.int({ default: 5, min: 1, max: 100 }),
  /** Seals provider tokens; opens teams' custom credentials (the same key as the data API's). */
  SECRETS_ENCRYPTION_KEY: webhookConfigSpec.SECRETS_ENCRYPTION_KEY,
  /** Hosts, addresses or CIDRs provider calls may reach although private (SSRF allow-list). */
  PROVIDER_ALLOWED_TARGETS: webhookConfigSpec.WEBHOOK_ALLOWED_TARGETS,
  /** Where providers reach the data API: webhook subscriptions point at `<this>/v2/provider_webhooks/<slug>`. */
  DATA_API_PUBLIC_URL: dataApiPublicUrl,
  /** The hosted link widget, named in `provider.connection.error` so a person knows where to re-link. */
  LINK_WEB_URL: config.publicUrl(
    (env) => `${dataApiPublicUrl.parse(env.DATA_API_PUBLIC_URL, 'DATA_API_PUBLIC_URL', env)}/link`,
  ),
  /** A claimed provider stream is taken over by another worker after this long without progress. */
  PROVIDER_SYNC_LEASE_MS: config.int({ default: 5 * 60_000, min: 1_000 }),
  /** Connections the sweep syncs per tick. */
  PROVIDER_SYNC_PER_TICK: config.int({ default: 25, min: 1, max: 1_000 }),
  /** Days audit trail events are kept (default six years, HIPAA); whole months past it are dropped. */
  AUDIT_RETENTION_DAYS: config.int({ default: 2190, min: 1, max: 36_500 }),
  /** Days a finished continuous-query task (completed, skipped, error) stays in task history. */
  CONTINUOUS_QUERY_TASK_RETENTION_DAYS: config.int({ default: 30, min: 1, max: 3_650 }),
  /** Finished continuous-query tasks kept per query and user (older ones are purged). */
  CONTINUOUS_QUERY_TASK_HISTORY_MAX: config.int({ default: 1_000, min: 1, max: 1_000_000 }),
  /** Hours between passes that pack the samples partitions' primary keys (REINDEX CONCURRENTLY); 0 = off. */
  SAMPLES_REINDEX_INTERVAL_HOURS: config.int({ default: 168, min: 0, max: 8_760 }),
  /** A samples partition's key is rebuilt when it holds more index bytes per row than this (packed ≈ 45). */
  SAMPLES_REINDEX_BYTES_PER_ROW: config.int({ default: 60, min: 40, max: 10_000 }),
};

export const schedulerConfigSpec = {
  ...schedulerProcessConfigSpec,
  DATABASE_URL: config.url({ protocols: ['postgres', 'postgresql'], secret: true }),
  AMQP_URL: config.url({ protocols: ['amqp', 'amqps'], secret: true }),
};

export const loadSchedulerConfig = (env: NodeJS.ProcessEnv) => loadConfig(schedulerConfigSpec, env);
export const loadSchedulerProcessConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig(schedulerProcessConfigSpec, env);
export type SchedulerProcessConfig = ReturnType<typeof loadSchedulerProcessConfig>['values'];
