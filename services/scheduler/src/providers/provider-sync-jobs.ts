import { createProviderSyncJobs, type SyncDeps } from '@meridian/sync';
import type { ScheduledJob } from '../scheduled-jobs';

/**
 * The provider sync engine's jobs on the scheduler: `provider_sync` (task `scheduler.task.provider_sync`,
 * data `{connection_id}`) and the leader's `provider_sync_sweep`, which runs due streams each tick.
 */
export interface ProviderSyncOptions extends SyncDeps {
  /** Connections the sweep runs per tick (default 25). */
  perTick?: number;
}

export function providerSyncJobs(options: ProviderSyncOptions | undefined): ScheduledJob[] {
  return options ? createProviderSyncJobs(options) : [];
}
