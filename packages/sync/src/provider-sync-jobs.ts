import { isUuid } from '@meridian/domain';
import { PermanentError } from '@meridian/messaging';
import { PROVIDER_SYNC_JOB, PROVIDER_SYNC_SWEEP_JOB } from './provider-sync-task';
import { runConnectionSync } from './sync-connection';
import type { SyncDeps } from './sync-deps';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * The scheduler's provider sync jobs: `provider_sync` runs one connection's due streams when its task
 * message arrives (at-least-once safe: a run claims only due streams under a lease), and the leader's sweep
 * runs connections with due streams each tick — incremental polls, retries after backoff, runs whose
 * message was lost, and streams whose runner died (lease expired) — at most `perTick` per tick.
 */

export interface ProviderSyncJob {
  name: string;
  onTick?: boolean;
  run(now: Date, task?: { data: unknown; attempt: number }): Promise<void>;
}

export function parseSyncTask(data: unknown): string {
  const id = (data as { connection_id?: unknown } | null)?.connection_id;
  if (!isUuid(id)) throw new PermanentError('provider_sync needs data {connection_id: uuid}');
  return id;
}

export function createProviderSyncJobs(deps: SyncDeps & { perTick?: number }): ProviderSyncJob[] {
  const perTick = deps.perTick ?? 25;
  return [
    {
      name: PROVIDER_SYNC_JOB,
      onTick: false,
      async run(_now, task) {
        await runConnectionSync(deps, parseSyncTask(task?.data));
      },
    },
    {
      name: PROVIDER_SYNC_SWEEP_JOB,
      async run(now) {
        const due = await createSyncStreamsRepository(deps.db).dueConnections(now, perTick);
        for (const connectionId of due) {
          try {
            await runConnectionSync(deps, connectionId);
          } catch (err) {
            deps.logger.warn('provider sync run failed; the sweep tries again', {
              err,
              connection_id: connectionId,
            });
          }
        }
      },
    },
  ];
}
