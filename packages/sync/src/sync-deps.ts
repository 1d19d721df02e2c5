import type { Knex } from '@meridian/db';
import type { ProviderSettings } from '@meridian/connectors';
import type { Transport } from '@meridian/messaging';
import type { Logger, SecretBox, TargetAllowList } from '@meridian/platform';

/** What every sync use case receives (built once in each process's composition root). */
export interface SyncDeps {
  db: Knex;
  /** Seals provider tokens and opens team custom credentials. */
  secretBox: SecretBox;
  /** Per-provider URLs and the platform's OAuth apps (`providerSettingsFromEnv`, or the emulators). */
  providers: Map<string, ProviderSettings>;
  /** SSRF rules for provider URLs; null when talking to local emulators or in tests. */
  allowList: TargetAllowList | null;
  clock: () => Date;
  logger: Logger;
  /** Publishes `scheduler.task.provider_sync`; absent in tests that drive the engine directly. */
  transport?: Pick<Transport, 'publish'>;
  /** The hosted link widget's URL, for the re-link hint in `provider.connection.error`. */
  linkWebUrl?: string;
  /**
   * The data API's public base URL (`DATA_API_PUBLIC_URL`): provider webhooks are subscribed at
   * `${webhookBaseUrl}/v2/provider_webhooks/{provider}`. Absent: no subscription is made.
   */
  webhookBaseUrl?: string;
  /** Engine timings; defaults in `SYNC_TUNING_DEFAULTS`. */
  tuning?: Partial<SyncTuning>;
}

export interface SyncTuning {
  /** How long a claimed stream stays ours without progress (extended at every page). */
  leaseMs: number;
  /** A run hands its streams back (due at once, task re-published) after this long, to share workers. */
  runBudgetMs: number;
  /** Failed attempts in a row after which a stream stops with `retry_quota_exhausted`. */
  maxAttempts: number;
  /** First backoff of an outage; doubled per attempt, capped by `maxBackoffMs`. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Wait after a 429 that carries no Retry-After. */
  defaultRetryAfterMs: number;
  /** The previous refresh token stays usable this long after a rotation (a lost token response). */
  refreshGraceMs: number;
  /** Incremental windows start this much before the last sync (late-arriving provider data). */
  incrementalOverlapMs: number;
  /**
   * Historical pages are gathered up to this many items (samples, summaries, streams) and written in one
   * transaction with the progress of the last page: fewer, larger transactions for a backfill.
   */
  historicalBatchItems: number;
}

export const SYNC_TUNING_DEFAULTS: SyncTuning = Object.freeze({
  leaseMs: 5 * 60_000,
  runBudgetMs: 60_000,
  maxAttempts: 8,
  baseBackoffMs: 30_000,
  maxBackoffMs: 6 * 3_600_000,
  defaultRetryAfterMs: 60_000,
  refreshGraceMs: 10 * 60_000,
  incrementalOverlapMs: 2 * 3_600_000,
  historicalBatchItems: 20_000,
});

export function tuningOf(deps: Pick<SyncDeps, 'tuning'>): SyncTuning {
  return { ...SYNC_TUNING_DEFAULTS, ...deps.tuning };
}
