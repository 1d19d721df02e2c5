import { createMessage } from '@meridian/messaging';
import { contextHeaders } from '@meridian/platform';
import type { SyncDeps } from './sync-deps';

/** Routing key and message type of "sync this connection's due streams now" (data `{connection_id}`). */
export const PROVIDER_SYNC_TASK = 'scheduler.task.provider_sync';
/** The scheduler job the task starts (the part after `scheduler.task.`). */
export const PROVIDER_SYNC_JOB = 'provider_sync';
export const PROVIDER_SYNC_SWEEP_JOB = 'provider_sync_sweep';

export interface ProviderSyncTaskData {
  connection_id: string;
}

/** Best effort: a lost message only delays the work until the scheduler's sweep finds the due streams. */
export async function publishSyncTask(
  deps: Pick<SyncDeps, 'transport' | 'logger'>,
  connectionId: string,
): Promise<boolean> {
  if (!deps.transport) return false;
  try {
    await deps.transport.publish(
      PROVIDER_SYNC_TASK,
      createMessage<ProviderSyncTaskData>(PROVIDER_SYNC_TASK, { connection_id: connectionId }),
      { headers: contextHeaders() },
    );
    return true;
  } catch (err) {
    deps.logger.warn('could not publish the provider sync task; the scheduler sweep picks the streams up', {
      err,
      connection_id: connectionId,
    });
    return false;
  }
}
