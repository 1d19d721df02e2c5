import type { Knex } from '@meridian/db';

/**
 * `connection_sync_streams`: per stream, how far history is fetched (`done_until` + the provider's
 * `page_token`), where incremental syncing stands, and who holds it (`locked_until`, also the lease token:
 * every write of a runner is conditioned on the lease it holds, so a runner that lost its lease writes nothing).
 */

export type StreamStatus = 'scheduled' | 'in_progress' | 'success' | 'failure' | 'retrying';

export interface SyncStream {
  connectionId: string;
  stream: string;
  phase: 'historical' | 'incremental';
  rangeStart: Date;
  rangeEnd: Date;
  doneUntil: Date;
  pageToken: string | null;
  incrementalSince: Date | null;
  status: StreamStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  lockedUntil: Date | null;
}

interface StreamRow {
  connection_id: string;
  stream: string;
  phase: 'historical' | 'incremental';
  range_start: Date;
  range_end: Date;
  done_until: Date;
  page_token: string | null;
  incremental_since: Date | null;
  status: StreamStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  locked_until: Date | null;
}

const toStream = (r: StreamRow): SyncStream => ({
  connectionId: r.connection_id,
  stream: r.stream,
  phase: r.phase,
  rangeStart: r.range_start,
  rangeEnd: r.range_end,
  doneUntil: r.done_until,
  pageToken: r.page_token,
  incrementalSince: r.incremental_since,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  lockedUntil: r.locked_until,
});

/** Due: waiting or retrying and its time has come, or held by a runner whose lease ran out (it died). */
function due(q: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  return q
    .whereIn('s.status', ['scheduled', 'retrying', 'in_progress'])
    .where('s.next_attempt_at', '<=', now)
    .where((w) => w.whereNull('s.locked_until').orWhere('s.locked_until', '<', now));
}

export interface StreamKey {
  connectionId: string;
  stream: string;
  /** The lease this runner holds (the row's `locked_until` as it set it). */
  lease: Date;
}

export interface NewStream {
  stream: string;
  rangeStart: Date;
  rangeEnd: Date;
}

export function createSyncStreamsRepository(db: Knex | Knex.Transaction) {
  const held = (key: StreamKey) =>
    db('connection_sync_streams').where({
      connection_id: key.connectionId,
      stream: key.stream,
      locked_until: key.lease,
    });

  return {
    async listForConnection(connectionId: string): Promise<SyncStream[]> {
      const rows = await db<StreamRow>('connection_sync_streams')
        .where({ connection_id: connectionId })
        .orderBy('stream');
      return rows.map(toStream);
    },

    /** Takes the connection's due streams (skipping any another runner holds) under a new lease. */
    async claimDue(connectionId: string, now: Date, lease: Date): Promise<SyncStream[]> {
      const rows = await db('connection_sync_streams')
        .whereIn(['connection_id', 'stream'], (sub) =>
          due(sub.from('connection_sync_streams as s').where('s.connection_id', connectionId), now)
            .select('s.connection_id', 's.stream')
            .forUpdate()
            .skipLocked(),
        )
        .update({ status: 'in_progress', locked_until: lease, updated_at: now })
        .returning<StreamRow[]>('*');
      return rows.map(toStream).sort((a, b) => a.stream.localeCompare(b.stream));
    },

    /** Connections of connected, active users with a due stream (the sweep's work list). */
    async dueConnections(now: Date, limit: number): Promise<string[]> {
      const rows = await due(
        db('connection_sync_streams as s')
          .join('provider_connections as c', 'c.id', 's.connection_id')
          .join('users as u', 'u.id', 'c.user_id')
          .whereNull('u.deleted_at')
          .where('c.status', 'connected'),
        now,
      )
        .groupBy('s.connection_id')
        .orderByRaw('min(s.next_attempt_at)')
        .limit(limit)
        .select<{ connection_id: string }[]>('s.connection_id');
      return rows.map((r) => r.connection_id);
    },

    /** Records a page's progress and renews the lease; false when the lease was lost. */
    async advance(
      key: StreamKey,
      next: { doneUntil: Date; pageToken: string | null; lease: Date; now: Date },
    ): Promise<boolean> {
      const n = await held(key).update({
        done_until: next.doneUntil,
        page_token: next.pageToken,
        locked_until: next.lease,
        attempts: 0,
        last_error: null,
        updated_at: next.now,
      });
      return n > 0;
    },

    async renewLease(key: StreamKey, lease: Date, now: Date): Promise<boolean> {
      const n = await held(key).update({ locked_until: lease, updated_at: now });
      return n > 0;
    },

    /** History complete: the stream turns incremental from the end of its range. */
    async finishHistory(
      key: StreamKey,
      input: { rangeEnd: Date; nextAttemptAt: Date; now: Date },
    ): Promise<boolean> {
      const n = await held(key).update({
        phase: 'incremental',
        done_until: input.rangeEnd,
        page_token: null,
        incremental_since: input.rangeEnd,
        status: 'scheduled',
        attempts: 0,
        last_error: null,
        next_attempt_at: input.nextAttemptAt,
        locked_until: null,
        updated_at: input.now,
      });
      return n > 0;
    },

    async advanceIncremental(
      key: StreamKey,
      input: { since: Date; lease: Date; now: Date },
    ): Promise<boolean> {
      const n = await held(key).update({
        incremental_since: input.since,
        locked_until: input.lease,
        attempts: 0,
        last_error: null,
        updated_at: input.now,
      });
      return n > 0;
    },

    /** Hands the stream back: waiting for its next attempt (or at once), or stopped for good. */
    async release(
      key: StreamKey,
      input: {
        status: StreamStatus;
        attempts: number;
        nextAttemptAt: Date;
        lastError: string | null;
        now: Date;
      },
    ): Promise<boolean> {
      const n = await held(key).update({
        status: input.status,
        attempts: input.attempts,
        next_attempt_at: input.nextAttemptAt,
        last_error: input.lastError,
        locked_until: null,
        updated_at: input.now,
      });
      return n > 0;
    },

    async remainingHistorical(connectionId: string): Promise<number> {
      const row = await db('connection_sync_streams')
        .where({ connection_id: connectionId, phase: 'historical' })
        .count<{ count: string }[]>('* as count')
        .first();
      return Number(row?.count ?? 0);
    },

    async span(connectionId: string): Promise<{ start: Date; end: Date } | undefined> {
      const row = await db('connection_sync_streams')
        .where({ connection_id: connectionId })
        .first<{ start: Date | null; end: Date | null }>(
          db.raw('min(range_start) as start, max(range_end) as "end"'),
        );
      return row?.start && row.end ? { start: row.start, end: row.end } : undefined;
    },

    /** Creates missing streams; existing ones keep their progress and restart from any error state. */
    async upsertForConnection(connectionId: string, streams: readonly NewStream[], now: Date): Promise<void> {
      await db('connection_sync_streams')
        .where({ connection_id: connectionId })
        .whereNotIn(
          'stream',
          streams.map((s) => s.stream),
        )
        .del();
      if (streams.length === 0) return;
      await db('connection_sync_streams')
        .insert(
          streams.map((s) => ({
            connection_id: connectionId,
            stream: s.stream,
            phase: 'historical',
            range_start: s.rangeStart,
            range_end: s.rangeEnd,
            done_until: s.rangeStart,
            page_token: null,
            status: 'scheduled',
            next_attempt_at: now,
            updated_at: now,
          })),
        )
        .onConflict(['connection_id', 'stream', 'user_id'])
        .ignore();
      // A reconnect: streams in error go again from where they stopped.
      await db('connection_sync_streams')
        .where({ connection_id: connectionId })
        .whereIn('status', ['failure', 'retrying'])
        .update({
          status: 'scheduled',
          attempts: 0,
          last_error: null,
          next_attempt_at: now,
          locked_until: null,
          updated_at: now,
        });
    },

    /** Stops every stream of the connection (an authorization failure). */
    async failAll(connectionId: string, lastError: string, now: Date): Promise<void> {
      await db('connection_sync_streams')
        .where({ connection_id: connectionId })
        .update({ status: 'failure', last_error: lastError, locked_until: null, updated_at: now });
    },

    /**
     * Makes streams due now (webhook, refresh request): incremental ones that are not stopped, and optionally
     * historical ones waiting for a retry. Streams a runner holds are left to it. Returns the streams touched.
     */
    async markDue(
      connectionId: string,
      input: { streams: readonly string[] | null; now: Date; includeHistorical: boolean },
    ): Promise<number> {
      let q = db('connection_sync_streams')
        .where({ connection_id: connectionId })
        .whereIn('status', ['scheduled', 'retrying', 'success'])
        .where((w) => w.whereNull('locked_until').orWhere('locked_until', '<', input.now));
      if (!input.includeHistorical) q = q.where('phase', 'incremental');
      if (input.streams !== null) q = q.whereIn('stream', input.streams);
      return q.update({ status: 'scheduled', next_attempt_at: input.now, updated_at: input.now });
    },
  };
}

export type SyncStreamsRepository = ReturnType<typeof createSyncStreamsRepository>;
