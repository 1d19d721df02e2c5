import type { Knex } from '@meridian/db';
import type { PushAnswer } from './push-batch';
import type { OutboxRow } from './push-resource';
import { WITH_COMMIT } from './pipelined-transaction';
import { namedStatement } from './prepared-statements';
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

/**
 * The INSERT of outbox rows (as `createOutboxRepository().append` writes them, in the given order), as SQL
 * text and bindings: alone, or as a CTE of the push's last statement. `rows` must not be empty.
 */
export function outboxInsert(rows: readonly OutboxRow[]): { sql: string; bindings: Knex.RawBinding[] } {
  const records = rows.map((e) => ({
    id: e.id,
    team_id: e.teamId,
    environment: e.environment,
    user_id: e.userId,
    event_type: e.envelope.event_type,
    payload: e.envelope,
    etl_only: e.etlOnly ?? false,
  }));
  return {
    sql: `insert into outbox (id, team_id, environment, user_id, event_type, payload, etl_only)
          select r.id, r.team_id, r.environment, r.user_id, r.event_type, r.payload, r.etl_only
            from rows from (json_to_recordset(?::json) as (id uuid, team_id uuid, environment text,
                 user_id uuid, event_type text, payload jsonb, etl_only boolean))
                 with ordinality as r(id, team_id, environment, user_id, event_type, payload, etl_only, n)
           order by r.n`,
    bindings: [JSON.stringify(records)],
  };
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
        .onConflict(['device_id', 'batch_id', 'user_id'])
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
     * The answer of a batch stored in one transaction (which holds the batch: `beginPush`), with what its
     * push touched, in one statement: the push's data events, the resources' checkpoints (`checkpoints`, when
     * their acknowledged anchors are known), the device's last push and the connection's last sync (when
     * `pushed`), the batch answered (a new row, or the claim of a crashed request taken over when `takeOver`),
     * and the device's batches older than `purgeBefore` forgotten.
     */
    async completeWithPush(c: {
      deviceId: string;
      batchId: string;
      userId: string;
      provider: string;
      requestHash: string;
      sentAt: Date | null;
      takeOver: boolean;
      pushed: boolean;
      checkpoints: readonly StoredCheckpoint[];
      /** The push's data events, written after everything the transaction wrote to the outbox so far. */
      events: readonly OutboxRow[];
      response: PushAnswer;
      now: Date;
      purgeBefore: Date;
      /**
       * The transaction's last statement, run by `withPipelinedTransaction`: sent with its COMMIT (it answers
       * at once; its error is the commit's).
       */
      withCommit?: boolean;
    }): Promise<void> {
      const checkpoints = c.checkpoints.length > 0 ? storedCheckpointsInsert(c.checkpoints, c.userId) : null;
      const events = c.events.length > 0 ? outboxInsert(c.events) : null;
      const answered = c.takeOver
        ? {
            sql: `update sdk_push_batches set status = 'completed', response = ?::jsonb, completed_at = ?,
                    claimed_until = null, received_at = ?, sent_at = ?
                   where device_id = ? and batch_id = ? and status = 'processing' and request_hash = ?`,
            bindings: [
              JSON.stringify(c.response),
              c.now,
              c.now,
              c.sentAt,
              c.deviceId,
              c.batchId,
              c.requestHash,
            ],
          }
        : {
            sql: `insert into sdk_push_batches (device_id, user_id, batch_id, provider, request_hash, status,
                    response, sent_at, received_at, completed_at)
                  values (?, ?::uuid, ?, ?, ?, 'completed', ?::jsonb, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
            bindings: [
              c.deviceId,
              c.userId,
              c.batchId,
              c.provider,
              c.requestHash,
              JSON.stringify(c.response),
              c.sentAt,
              c.now,
              c.now,
            ],
          };
      // Named (prepared-statements.ts): a handful of texts (events or not, the number of checkpoints, taken over).
      const sql = `with ${events ? `events as (${events.sql} returning 1), ` : ''}${checkpoints ? `checkpoints as (${checkpoints.sql} returning 1), ` : ''}device as (
           update sdk_devices set last_push_at = ? where ? and id = ? returning 1
         ), connection as (
           update provider_connections set last_sync_at = ? where ? and user_id = ? and provider = ? returning 1
         ), purged as (
           delete from sdk_push_batches where device_id = ? and status = 'completed' and received_at < ? returning 1
         )
         ${answered.sql}`;
      await db
        .raw(sql, [
          ...(events?.bindings ?? []),
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
          ...answered.bindings,
        ])
        .options(c.withCommit ? { ...namedStatement(sql), ...WITH_COMMIT } : namedStatement(sql));
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
