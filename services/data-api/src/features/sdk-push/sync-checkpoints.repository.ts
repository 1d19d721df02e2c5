import type { Knex } from '@meridian/db';

/** `sdk_sync_checkpoints`: where each device stands per mobile provider and resource. */

export interface SyncCheckpoint {
  deviceId: string;
  provider: string;
  resource: string;
  anchor: string | null;
  acknowledgedAt: Date | null;
  lastPushAt: Date | null;
  lastBatchId: string | null;
  lastError: { type: string; message: string; at: Date } | null;
  recordsStored: number;
  historicalCompletedAt: Date | null;
}

interface CheckpointRow {
  device_id: string;
  provider: string;
  resource: string;
  anchor: string | null;
  acknowledged_at: Date | null;
  last_push_at: Date | null;
  last_batch_id: string | null;
  last_error_type: string | null;
  last_error_message: string | null;
  last_error_at: Date | null;
  records_stored: string | number;
  historical_completed_at: Date | null;
}

const toCheckpoint = (r: CheckpointRow): SyncCheckpoint => ({
  deviceId: r.device_id,
  provider: r.provider,
  resource: r.resource,
  anchor: r.anchor,
  acknowledgedAt: r.acknowledged_at,
  lastPushAt: r.last_push_at,
  lastBatchId: r.last_batch_id,
  lastError:
    r.last_error_type !== null && r.last_error_at !== null
      ? { type: r.last_error_type, message: r.last_error_message ?? '', at: r.last_error_at }
      : null,
  recordsStored: Number(r.records_stored),
  historicalCompletedAt: r.historical_completed_at,
});

export interface CheckpointKey {
  deviceId: string;
  provider: string;
  resource: string;
}

export interface StoredCheckpoint extends CheckpointKey {
  anchor: string | null;
  batchId: string;
  recordsStored: number;
  historicalDone: boolean;
  now: Date;
}

/**
 * The upsert of `recordStored` for several checkpoints, as SQL text and bindings (to run alone or in a CTE).
 * `userId`: the device's user when the caller knows it, so the row does not need the `user_id` fill trigger's
 * lookup of the device (null: the trigger fills it).
 */
export function storedCheckpointsInsert(
  entries: readonly StoredCheckpoint[],
  userId: string | null = null,
): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  const bindings: Knex.RawBinding[] = [];
  const tuples = entries.map((key) => {
    bindings.push(
      key.deviceId,
      userId,
      key.provider,
      key.resource,
      key.anchor,
      key.now,
      key.now,
      key.batchId,
      key.recordsStored,
      key.historicalDone ? key.now : null,
      key.now,
      key.now,
    );
    return '(?, ?::uuid, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?, ?::bigint, ?::timestamptz, ?::timestamptz, ?::timestamptz)';
  });
  const sql = `insert into sdk_sync_checkpoints as c (device_id, user_id, provider, resource, anchor, acknowledged_at,
      last_push_at, last_batch_id, records_stored, historical_completed_at, created_at, updated_at)
    values ${tuples.join(', ')}
    on conflict (device_id, provider, resource, user_id) do update set
      anchor = coalesce(excluded.anchor, c.anchor),
      acknowledged_at = excluded.acknowledged_at,
      last_push_at = excluded.last_push_at,
      last_batch_id = excluded.last_batch_id,
      last_error_type = null, last_error_message = null, last_error_at = null,
      records_stored = c.records_stored + excluded.records_stored,
      historical_completed_at = coalesce(c.historical_completed_at, excluded.historical_completed_at),
      updated_at = excluded.updated_at`;
  return { sql, bindings };
}

export function createSyncCheckpointsRepository(db: Knex | Knex.Transaction) {
  return {
    async find(key: CheckpointKey): Promise<SyncCheckpoint | undefined> {
      const row = await db('sdk_sync_checkpoints')
        .where({ device_id: key.deviceId, provider: key.provider, resource: key.resource })
        .first<CheckpointRow | undefined>();
      return row ? toCheckpoint(row) : undefined;
    },

    /**
     * A stored push: the anchor it carried (a push without one keeps the stored anchor) is acknowledged and
     * the last error cleared. Returns the acknowledged anchor.
     */
    async recordStored(
      key: CheckpointKey & {
        anchor: string | null;
        batchId: string;
        recordsStored: number;
        historicalDone: boolean;
        now: Date;
      },
    ): Promise<string | null> {
      const rows = await db.raw<{ rows: { anchor: string | null }[] }>(
        `insert into sdk_sync_checkpoints as c (device_id, provider, resource, anchor, acknowledged_at,
           last_push_at, last_batch_id, records_stored, historical_completed_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (device_id, provider, resource, user_id) do update set
           anchor = coalesce(excluded.anchor, c.anchor),
           acknowledged_at = excluded.acknowledged_at,
           last_push_at = excluded.last_push_at,
           last_batch_id = excluded.last_batch_id,
           last_error_type = null, last_error_message = null, last_error_at = null,
           records_stored = c.records_stored + excluded.records_stored,
           historical_completed_at = coalesce(c.historical_completed_at, excluded.historical_completed_at),
           updated_at = excluded.updated_at
         returning anchor`,
        [
          key.deviceId,
          key.provider,
          key.resource,
          key.anchor,
          key.now,
          key.now,
          key.batchId,
          key.recordsStored,
          key.historicalDone ? key.now : null,
          key.now,
          key.now,
        ],
      );
      return rows.rows[0]?.anchor ?? null;
    },

    /**
     * `recordStored` for every resource of a batch in one statement. Returns the acknowledged anchor by
     * resource.
     */
    async recordStoredMany(entries: readonly StoredCheckpoint[]): Promise<Map<string, string | null>> {
      const acknowledged = new Map<string, string | null>();
      if (entries.length === 0) return acknowledged;
      const insert = storedCheckpointsInsert(entries);
      const rows = await db.raw<{ rows: { resource: string; anchor: string | null }[] }>(
        `${insert.sql} returning resource, anchor`,
        insert.bindings,
      );
      for (const row of rows.rows) acknowledged.set(row.resource, row.anchor);
      return acknowledged;
    },

    /** A push of the resource that could not be stored: the anchor stays where it was. */
    async recordFailure(
      key: CheckpointKey & { batchId: string; errorType: string; message: string; now: Date },
    ): Promise<void> {
      await db('sdk_sync_checkpoints')
        .insert({
          device_id: key.deviceId,
          provider: key.provider,
          resource: key.resource,
          last_push_at: key.now,
          last_batch_id: key.batchId,
          last_error_type: key.errorType,
          last_error_message: key.message,
          last_error_at: key.now,
          created_at: key.now,
          updated_at: key.now,
        })
        .onConflict(['device_id', 'provider', 'resource', 'user_id'])
        .merge([
          'last_push_at',
          'last_batch_id',
          'last_error_type',
          'last_error_message',
          'last_error_at',
          'updated_at',
        ]);
    },

    async listForDevices(deviceIds: readonly string[]): Promise<SyncCheckpoint[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db('sdk_sync_checkpoints')
        .whereIn('device_id', deviceIds)
        .orderBy(['device_id', 'provider', 'resource'])
        .select<CheckpointRow[]>();
      return rows.map(toCheckpoint);
    },
  };
}

export type SyncCheckpointsRepository = ReturnType<typeof createSyncCheckpointsRepository>;
