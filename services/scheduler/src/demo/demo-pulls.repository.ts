import type { Knex } from '@meridian/db';
import type { Resource } from '@meridian/domain';

/** Historical pull rows of demo connections (api-shapes §9: scheduled → in_progress → success | failure | retrying). */

/**
 * How long a runner holds a demo connection's pull without renewing its lease (it renews after every day it
 * ingests, which takes well under a second). A pull whose runner died (crash, kill, redeploy) is taken over
 * by the next sweep once this has passed.
 */
export const DEMO_PULL_LEASE_MS = 30_000;

export interface ClaimedPull {
  resource: Resource;
  rangeStart: Date;
  rangeEnd: Date;
}

export interface DemoConnectionState {
  connectionId: string;
  userId: string;
  provider: string;
  timeZone: string;
  syncedUntil: Date;
  /** The pull's lease: a runner holds the pull until then; null when nobody does. */
  pullLeaseUntil: Date | null;
}

interface DemoConnectionRow {
  connection_id: string;
  user_id: string;
  provider: string;
  time_zone: string;
  synced_until: Date;
  pull_lease_until: Date | null;
}

const CONNECTION_COLUMNS = [
  'd.connection_id',
  'd.user_id',
  'd.provider',
  'd.time_zone',
  'd.synced_until',
  'd.pull_lease_until',
];

const toState = (row: DemoConnectionRow): DemoConnectionState => ({
  connectionId: row.connection_id,
  userId: row.user_id,
  provider: row.provider,
  timeZone: row.time_zone,
  syncedUntil: row.synced_until,
  pullLeaseUntil: row.pull_lease_until,
});

/** True when a live runner holds the pull: its lease has not run out at `now`. */
export const pullLeaseHeld = (connection: DemoConnectionState, now: Date): boolean =>
  connection.pullLeaseUntil !== null && connection.pullLeaseUntil.getTime() >= now.getTime();

/** True when `lease` is the connection's current lease (the runner that set it still holds the pull). */
export const holdsPullLease = (connection: DemoConnectionState, lease: Date): boolean =>
  connection.pullLeaseUntil?.getTime() === lease.getTime();

export function createDemoPullsRepository(db: Knex | Knex.Transaction) {
  return {
    /** The demo connection of an active user, locked for the caller's transaction. */
    async lockConnection(userId: string, provider: string): Promise<DemoConnectionState | undefined> {
      const row = await db<DemoConnectionRow>('demo_connections as d')
        .join('users as u', 'u.id', 'd.user_id')
        .whereNull('u.deleted_at')
        .where({ 'd.user_id': userId, 'd.provider': provider })
        .first(...CONNECTION_COLUMNS)
        .forUpdate('d');
      return row ? toState(row) : undefined;
    },

    /**
     * Marks the unfinished pulls of (user, provider) in progress and returns them. The caller has checked,
     * under the connection's lock, that no live runner holds them (in progress ones are a dead runner's).
     */
    async claim(userId: string, provider: string, now: Date): Promise<ClaimedPull[]> {
      const rows = await db('historical_pulls')
        .where({ user_id: userId, provider })
        .whereIn('status', ['scheduled', 'retrying', 'in_progress'])
        .update({ status: 'in_progress', started_at: now, ended_at: null, error_details: null })
        .returning<{ resource: Resource; range_start: Date; range_end: Date }[]>([
          'resource',
          'range_start',
          'range_end',
        ]);
      return rows.map((r) => ({ resource: r.resource, rangeStart: r.range_start, rangeEnd: r.range_end }));
    },

    /** Sets the connection's pull lease (the caller holds the connection's lock). */
    async takePullLease(connectionId: string, lease: Date): Promise<void> {
      await db('demo_connections').where({ connection_id: connectionId }).update({ pull_lease_until: lease });
    },

    /** Extends the lease the runner holds to `next`; false when it no longer holds it. */
    async renewPullLease(connectionId: string, held: Date, next: Date): Promise<boolean> {
      const n = await db('demo_connections')
        .where({ connection_id: connectionId, pull_lease_until: held })
        .update({ pull_lease_until: next });
      return n > 0;
    },

    async releasePullLease(connectionId: string, held: Date): Promise<void> {
      await db('demo_connections')
        .where({ connection_id: connectionId, pull_lease_until: held })
        .update({ pull_lease_until: null });
    },

    async markSuccess(
      userId: string,
      provider: string,
      daysWithData: ReadonlyMap<Resource, number>,
      endedAt: Date,
    ): Promise<void> {
      for (const [resource, days] of daysWithData) {
        await db('historical_pulls')
          .where({ user_id: userId, provider, resource, status: 'in_progress' })
          .update({ status: 'success', ended_at: endedAt, days_with_data: days, error_details: null });
      }
    },

    /** `retrying` (temporary) or `failure` (permanent), with an api-shapes §4.5 `error_details` value. */
    async markProblem(
      userId: string,
      provider: string,
      resources: readonly Resource[],
      status: 'retrying' | 'failure',
      errorDetails: string,
      endedAt: Date,
    ): Promise<void> {
      await db('historical_pulls')
        .where({ user_id: userId, provider, status: 'in_progress' })
        .whereIn('resource', resources)
        .update({ status, error_details: errorDetails, ended_at: status === 'failure' ? endedAt : null });
    },

    /**
     * (user, provider) pairs of demo connections with a pull nobody is running: scheduled or retrying for
     * over `graceMs` (its task message was lost or exhausted), or in progress under a lease that ran out
     * (its runner died).
     */
    async findOrphaned(
      now: Date,
      graceMs: number,
      limit: number,
    ): Promise<{ userId: string; provider: string }[]> {
      const before = new Date(now.getTime() - graceMs);
      const rows = await db('historical_pulls as p')
        .join('demo_connections as d', function on() {
          this.on('d.user_id', '=', 'p.user_id').andOn('d.provider', '=', 'p.provider');
        })
        .where((w) =>
          w
            .where((s) => s.where('p.status', 'scheduled').where('p.scheduled_at', '<', before))
            .orWhere((s) => s.where('p.status', 'retrying').where('p.started_at', '<', before))
            .orWhere((s) =>
              s
                .where('p.status', 'in_progress')
                .where((l) => l.whereNull('d.pull_lease_until').orWhere('d.pull_lease_until', '<', now)),
            ),
        )
        .distinct('p.user_id', 'p.provider')
        .orderBy(['p.user_id', 'p.provider'])
        .limit(limit);
      return rows.map((r: { user_id: string; provider: string }) => ({
        userId: r.user_id,
        provider: r.provider,
      }));
    },

    /** Demo connections whose pull succeeded and whose data is at least `everyMs` behind `now`. */
    async findDueUpdates(now: Date, everyMs: number, limit: number): Promise<DemoConnectionState[]> {
      const rows = await db<DemoConnectionRow>('demo_connections as d')
        .join('users as u', 'u.id', 'd.user_id')
        .whereNull('u.deleted_at')
        .where('d.synced_until', '<=', new Date(now.getTime() - everyMs))
        .whereExists((q) =>
          q
            .select(db.raw('1'))
            .from('historical_pulls as p')
            .whereRaw('p.user_id = d.user_id and p.provider = d.provider'),
        )
        .whereNotExists((q) =>
          q
            .select(db.raw('1'))
            .from('historical_pulls as p')
            .whereRaw("p.user_id = d.user_id and p.provider = d.provider and p.status <> 'success'"),
        )
        .orderBy('d.synced_until')
        .limit(limit)
        .select(...CONNECTION_COLUMNS);
      return rows.map(toState);
    },

    async advance(connectionId: string, syncedUntil: Date): Promise<void> {
      await db('demo_connections')
        .where({ connection_id: connectionId })
        .update({ synced_until: syncedUntil });
    },
  };
}
