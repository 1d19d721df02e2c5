import type { Knex } from '@meridian/db';
import type { PushAnswer } from './push-batch';
import { storedCheckpointsInsert, type StoredCheckpoint } from './sync-checkpoints.repository';

/** `sdk_push_batches`: a device's batches by its own `batch_id`, claimed while processed, then answered. */

export interface StoredBatch {
  status: 'processing' | 'completed';
  requestHash: string;
  response: PushAnswer | null;
  claimedUntil: Date | null;
}

interface BatchRow {
  status: 'processing' | 'completed';
  request_hash: string;
  response: PushAnswer | null;
  claimed_until: Date | null;
}

export interface BatchClaim {
  deviceId: string;
  batchId: string;
  provider: string;
  requestHash: string;
  sentAt: Date | null;
  now: Date;
  claimedUntil: Date;
}

export function createPushBatchesRepository(db: Knex | Knex.Transaction) {
  const one = (deviceId: string, batchId: string) =>
    db('sdk_push_batches').where({ device_id: deviceId, batch_id: batchId });

  return {
    async find(deviceId: string, batchId: string): Promise<StoredBatch | undefined> {
      const row = await one(deviceId, batchId).first<BatchRow | undefined>(
        'status',
        'request_hash',
        'response',
        'claimed_until',
      );
      return row
        ? {
            status: row.status,
            requestHash: row.request_hash,
            response: row.response,
            claimedUntil: row.claimed_until,
          }
        : undefined;
    },

    /** True when this call claimed the batch; false when a row for it exists already. */
    async claim(c: BatchClaim): Promise<boolean> {
      const rows = await db('sdk_push_batches')
        .insert({
          device_id: c.deviceId,
          batch_id: c.batchId,
          provider: c.provider,
          request_hash: c.requestHash,
          status: 'processing',
          sent_at: c.sentAt,
          received_at: c.now,
          claimed_until: c.claimedUntil,
        })
        .onConflict(['device_id', 'batch_id'])
        .ignore()
        .returning<{ batch_id: string }[]>('batch_id');
      return rows.length === 1;
    },

    /** Takes over the claim a crashed process left (same request, claim run out); true when taken. */
    async takeOver(c: BatchClaim): Promise<boolean> {
      const n = await one(c.deviceId, c.batchId)
        .where({ status: 'processing', request_hash: c.requestHash })
        .where('claimed_until', '<=', c.now)
        .update({ claimed_until: c.claimedUntil, received_at: c.now, sent_at: c.sentAt });
      return n === 1;
    },

    async complete(deviceId: string, batchId: string, response: PushAnswer, now: Date): Promise<void> {
      await one(deviceId, batchId)
        .where({ status: 'processing' })
        .update({
          status: 'completed',
          response: JSON.stringify(response),
          completed_at: now,
          claimed_until: null,
        });
    },

    /**
     * The answer of a batch stored in one transaction, with what its push touched, in one statement: the
     * resources' checkpoints (`checkpoints`, when their acknowledged anchors are known), the device's last
     * push and the connection's last sync (when `pushed`), the batch answered, and the device's batches older
     * than `purgeBefore` forgotten.
     */
    async completeWithPush(c: {
      deviceId: string;
      batchId: string;
      userId: string;
      provider: string;
      pushed: boolean;
      checkpoints: readonly StoredCheckpoint[];
      response: PushAnswer;
      now: Date;
      purgeBefore: Date;
    }): Promise<void> {
      const checkpoints = c.checkpoints.length > 0 ? storedCheckpointsInsert(c.checkpoints) : null;
      await db.raw(
        `with ${checkpoints ? `checkpoints as (${checkpoints.sql} returning 1), ` : ''}device as (
           update sdk_devices set last_push_at = ? where ? and id = ? returning 1
         ), connection as (
           update provider_connections set last_sync_at = ? where ? and user_id = ? and provider = ? returning 1
         ), purged as (
           delete from sdk_push_batches where device_id = ? and status = 'completed' and received_at < ? returning 1
         )
         update sdk_push_batches set status = 'completed', response = ?::jsonb, completed_at = ?, claimed_until = null
          where device_id = ? and batch_id = ? and status = 'processing'`,
        [
          ...(checkpoints?.bindings ?? []),
          c.now,
          c.pushed,
          c.deviceId,
          c.now,
          c.pushed,
          c.userId,
          c.provider,
          c.deviceId,
          c.purgeBefore,
          JSON.stringify(c.response),
          c.now,
          c.deviceId,
          c.batchId,
        ],
      );
    },

    /** Forgets an unfinished batch (a resource failed): a resend is processed again, not answered from here. */
    async release(deviceId: string, batchId: string): Promise<void> {
      await one(deviceId, batchId).where({ status: 'processing' }).delete();
    },

    /** Batches of the device received before `before` (their replay window is over). */
    async purgeBefore(deviceId: string, before: Date): Promise<number> {
      return db('sdk_push_batches')
        .where({ device_id: deviceId, status: 'completed' })
        .where('received_at', '<', before)
        .delete();
    },
  };
}

export type PushBatchesRepository = ReturnType<typeof createPushBatchesRepository>;
