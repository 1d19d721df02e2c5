import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';
import {
  activityLock,
  ingestionUserColumns,
  toIngestionUser,
  type IngestionUser,
  type IngestionUserRow,
} from '@meridian/ingestion';
import { ROTATION_GRACE_MS } from '../sdk-auth/sdk-auth.policy';
import { namedStatement } from './prepared-statements';
import type { StoredBatch } from './push-batches.repository';

/**
 * What a push writes besides health data and checkpoints: the user's connection of the mobile provider
 * (`auth_type` sdk, created by the first stored push) and the historical pull of each resource, which the
 * first push of the resource for the connection is (introspection reports it from `historical_pulls`).
 */

export interface PushOwner {
  id: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
  fallbackTimeZone: string | null;
  /** The team environment's `sdk_per_device_activity_timeseries` setting. */
  perDeviceActivity: boolean;
}

export interface HistoricalPullState {
  status: 'scheduled' | 'in_progress' | 'success' | 'failure' | 'retrying';
}

/** Advisory-lock class (two-key form) of a push batch being stored: key hashtext('<device id>:<batch id>'). */
const PUSH_BATCH_LOCK_CLASS = 724_115_102;

type BeginPushRow = Partial<IngestionUserRow> & {
  session_active: boolean;
  per_device: boolean | null;
  locked: boolean;
  batch_status: StoredBatch['status'] | null;
  request_hash: string | null;
  response: StoredBatch['response'];
  claimed_until: Date | null;
  connection_id: string | null;
  pulls: { resource: string; status: HistoricalPullState['status'] }[] | null;
};

/** `beginPush`'s statement (see there); named, it is parsed and planned once per connection. */
const BEGIN_PUSH = `with lk as materialized (
           select t.got,
                  case when t.got then (select 1 from (select pg_advisory_xact_lock(?, hashtext(?))) x) end as activity
             from (select pg_try_advisory_xact_lock(?, hashtext(?)) as got) t
         ), o as (
           select ${ingestionUserColumns('u')},
                  (t.settings -> u.environment ->> 'sdk_per_device_activity_timeseries')::boolean as per_device
             from users u join teams t on t.id = u.team_id
            where u.id = ? and u.team_id = ? and u.environment = ? and u.deleted_at is null
            for key share of u
         ), b as (
           select status, request_hash, response, claimed_until from sdk_push_batches
            where device_id = ? and batch_id = ?
         ), c as (
           select id from provider_connections where user_id = ? and provider = ?
         ), sess as (
           select 1 from sdk_sessions s join sdk_devices d on d.id = s.device_id
             join users u on u.id = d.user_id and u.team_id = d.team_id and u.environment = d.environment
            where s.id = ? and s.device_id = ? and s.revoked_at is null and d.revoked_at is null
              and u.deleted_at is null
              and s.access_expires_at > ?::timestamptz
              and (s.rotated_at is null or s.rotated_at > ?::timestamptz)
         )
         select o.*, lk.got as locked, exists (select 1 from sess) as session_active,
                b.status as batch_status, b.request_hash, b.response, b.claimed_until,
                (select id from c) as connection_id,
                case when lk.got and o.id is not null and exists (select 1 from c) and exists (select 1 from sess)
                          and (b.status is null or (b.status = 'processing' and b.claimed_until <= ?::timestamptz))
                  then (
                    select json_agg(json_build_object('resource', p.resource, 'status', p.status))
                      from (select resource, status from historical_pulls
                             where user_id = ? and provider = ? and resource = any(?::text[])
                             order by resource for update) p
                  ) end as pulls
           from lk left join o on true left join b on true`;

/**
 * `lockHistoricalPulls`' statement: the resources' pulls started (`in_progress`) where missing; an existing
 * pull meets its conflict and is updated to itself, which locks its row as `for update` would (and returns
 * it). Rows are taken in resource order (the insert's order), as every push takes them.
 */
const LOCK_PULLS = `insert into historical_pulls as h (user_id, provider, resource, status, scheduled_at, started_at,
           days_with_data, trace_id)
         select ?::uuid, ?::text, r.resource, 'in_progress', ?::timestamptz, ?::timestamptz, 0, ?::text
           from unnest(?::text[]) as r(resource)
          order by r.resource
         on conflict (user_id, provider, resource) do update set status = h.status
         returning h.resource, h.status`;

export function createSdkConnectionsRepository(db: Knex | Knex.Transaction) {
  const pull = (userId: string, provider: string, resource: string) =>
    db('historical_pulls').where({ user_id: userId, provider, resource });

  return {
    /** Something of the batch was stored: the device's last push and the connection's last sync. */
    async recordPush(deviceId: string, userId: string, provider: string, now: Date): Promise<void> {
      await db('sdk_devices').where({ id: deviceId }).update({ last_push_at: now });
      await db('provider_connections').where({ user_id: userId, provider }).update({ last_sync_at: now });
    },

    /**
     * The resource's historical pull, started (`in_progress`) when there is none, locked until the
     * transaction ends: pushes of one resource for one connection take turns, so only one of them closes it.
     */
    async lockHistoricalPull(
      userId: string,
      provider: string,
      resource: string,
      now: Date,
      traceId: string | null,
    ): Promise<HistoricalPullState> {
      const locked = () =>
        pull(userId, provider, resource)
          .first<{ status: HistoricalPullState['status'] } | undefined>('status')
          .forUpdate();
      const existing = await locked();
      if (existing) return existing;
      await db('historical_pulls')
        .insert({
          user_id: userId,
          provider,
          resource,
          status: 'in_progress',
          scheduled_at: now,
          started_at: now,
          days_with_data: 0,
          trace_id: traceId,
        })
        .onConflict(['user_id', 'provider', 'resource'])
        .ignore();
      return (await locked())!;
    },

    /**
     * The first statement of a push's transaction, in one round trip:
     * - whether the device session is still active (`sessionActive`: the rule of the device-token lookup,
     *   `findActiveByAccessHash`, for the session the push authenticated with, which may have been cached:
     *   session and device not revoked, access token current, the device's user not deleted),
     * - the batch taken for this transaction (`locked`; a transaction-scoped advisory lock on device and
     *   batch id, so a concurrent request with the same batch is answered 409 instead of storing it twice),
     *   and then the user's activity lock of the provider taken (ingestion's `activityLock`, waited for before
     *   anything else is locked, so pushes of one user and provider take turns from here, always locking in
     *   this order; ingestion reads the activity in later statements, which see what the previous holder
     *   committed),
     * - the device's stored batch (if any: a resend, or the claim of a request storing it resource by resource),
     * - the active user of the device's team environment, as ingestion reads it (`ingestionUserColumns`) with
     *   the team setting pushes depend on, locked `for key share` until the transaction ends (the purge cannot
     *   remove the user while the push writes),
     * - the user's connection of `provider` (null when there is none) and, when there is one and the batch
     *   is to be stored (taken, the user there, not answered or claimed by another request), the resources'
     *   historical pulls that exist, locked in resource order until the transaction ends.
     */
    async beginPush(
      owner: { userId: string; teamId: string; environment: Environment; sessionId: string },
      c: { deviceId: string; batchId: string; provider: string; now: Date; resources: readonly string[] },
    ): Promise<{
      /** The device session is active (not revoked, nor its device; its access token current). */
      sessionActive: boolean;
      locked: boolean;
      /** When `locked`: the provider whose activity lock of the user the transaction holds from now on (`activityLock`). */
      activityLocked: string;
      owner: PushOwner | undefined;
      user: IngestionUser | undefined;
      batch: StoredBatch | undefined;
      connectionId: string | null;
      pulls: Map<string, HistoricalPullState>;
    }> {
      const activity = activityLock(owner.userId, c.provider);
      const result = await db
        .raw<{ rows: BeginPushRow[] }>(BEGIN_PUSH, [
          activity.classId,
          activity.key,
          PUSH_BATCH_LOCK_CLASS,
          `${c.deviceId}:${c.batchId}`,
          owner.userId,
          owner.teamId,
          owner.environment,
          c.deviceId,
          c.batchId,
          owner.userId,
          c.provider,
          owner.sessionId,
          c.deviceId,
          c.now,
          new Date(c.now.getTime() - ROTATION_GRACE_MS),
          c.now,
          owner.userId,
          c.provider,
          [...c.resources].sort(),
        ])
        .options(namedStatement(BEGIN_PUSH));
      const row = result.rows[0]!;
      const pulls = new Map<string, HistoricalPullState>();
      for (const p of row.pulls ?? []) pulls.set(p.resource, { status: p.status });
      return {
        sessionActive: row.session_active,
        locked: row.locked,
        activityLocked: c.provider,
        owner: row.id
          ? {
              id: row.id,
              teamId: row.team_id!,
              environment: row.environment!,
              clientUserId: row.client_user_id!,
              fallbackTimeZone: row.fallback_time_zone ?? null,
              perDeviceActivity: row.per_device === true,
            }
          : undefined,
        user: row.id ? toIngestionUser(row as IngestionUserRow) : undefined,
        batch: row.batch_status
          ? {
              status: row.batch_status,
              requestHash: row.request_hash!,
              response: row.response,
              claimedUntil: row.claimed_until,
            }
          : undefined,
        connectionId: row.connection_id,
        pulls,
      };
    },

    /**
     * `lockHistoricalPull` for several resources at once: their pulls (started where missing) locked in
     * resource order until the transaction ends. Returns each resource's state.
     */
    async lockHistoricalPulls(
      userId: string,
      provider: string,
      resources: readonly string[],
      now: Date,
      traceId: string | null,
    ): Promise<Map<string, HistoricalPullState>> {
      // One statement: the missing pulls inserted, the existing ones locked by a no-op update of the
      // conflicting row (a row lock as `for update` takes, held until the transaction ends), in resource order;
      // both return their state.
      const result = await db
        .raw<{ rows: { resource: string; status: HistoricalPullState['status'] }[] }>(LOCK_PULLS, [
          userId,
          provider,
          now,
          now,
          traceId,
          [...resources].sort(),
        ])
        .options(namedStatement(LOCK_PULLS));
      const states = new Map<string, HistoricalPullState>();
      for (const row of result.rows) states.set(row.resource, { status: row.status });
      return states;
    },

    /** The span of the resource's stored data from this provider (ingestion's resource stats). */
    async dataSpan(
      userId: string,
      provider: string,
      resource: string,
    ): Promise<{ oldest: Date | null; newest: Date | null }> {
      const row = await db('resource_stats')
        .where({ user_id: userId, provider, resource })
        .first<{ oldest_data: Date | null; newest_data: Date | null } | undefined>(
          'oldest_data',
          'newest_data',
        );
      return { oldest: row?.oldest_data ?? null, newest: row?.newest_data ?? null };
    },

    /** Distinct UTC days with stored data of the resource in [start, end]: samples' days and summaries' dates. */
    async daysWithData(userId: string, provider: string, resource: string, start: Date, end: Date) {
      const result = await db.raw<{ rows: { days: string }[] }>(
        `select count(*) as days from (
           select (x.start_at at time zone 'UTC')::date as d
             from sample_series s join samples x on x.user_id = s.user_id and x.series = s.id
            where s.user_id = ? and x.user_id = s.user_id and s.provider = ? and s.resource = ?
              and x.start_at >= ? and x.start_at <= ?
           union
           select calendar_date from summaries
            where user_id = ? and provider = ? and kind = ? and calendar_date is not null
              and calendar_date >= (?::timestamptz at time zone 'UTC')::date
              and calendar_date <= (?::timestamptz at time zone 'UTC')::date
         ) x`,
        [userId, provider, resource, start, end, userId, provider, resource, start, end],
      );
      return Number(result.rows[0]?.days ?? 0);
    },

    /**
     * `dataSpan`, `daysWithData` and `completeHistoricalPull` for several resources of one provider in one
     * statement: each resource's pull closed over the span of its stored data (from the resource statistics;
     * `now` when there are none, and never ending before `now`). Returns each resource's range.
     */
    async completeHistoricalPulls(
      userId: string,
      provider: string,
      resources: readonly string[],
      now: Date,
    ): Promise<Map<string, { rangeStart: Date; rangeEnd: Date }>> {
      const result = await db.raw<{ rows: { resource: string; range_start: Date; range_end: Date }[] }>(
        `with ranged as (
           select r.resource, coalesce(rs.oldest_data, ?::timestamptz) as range_start,
                  greatest(coalesce(rs.newest_data, ?::timestamptz), ?::timestamptz) as range_end
             from unnest(?::text[]) as r(resource)
             left join resource_stats rs on rs.user_id = ? and rs.provider = ? and rs.resource = r.resource
         ), days as (
           select g.resource, (
             select count(*) from (
               select (x.start_at at time zone 'UTC')::date as d
                 from sample_series s join samples x on x.user_id = s.user_id and x.series = s.id
                where s.user_id = ? and x.user_id = s.user_id and s.provider = ? and s.resource = g.resource
                  and x.start_at >= g.range_start and x.start_at <= g.range_end
               union
               select calendar_date from summaries
                where user_id = ? and provider = ? and kind = g.resource and calendar_date is not null
                  and calendar_date >= (g.range_start at time zone 'UTC')::date
                  and calendar_date <= (g.range_end at time zone 'UTC')::date
             ) x
           ) as n
             from ranged g
         ), closed as (
           update historical_pulls h set status = 'success', range_start = g.range_start,
                  range_end = g.range_end, ended_at = ?, days_with_data = d.n, error_details = null
             from ranged g join days d on d.resource = g.resource
            where h.user_id = ? and h.provider = ? and h.resource = g.resource
           returning 1
         )
         select resource, range_start, range_end from ranged`,
        [
          now,
          now,
          now,
          [...resources],
          userId,
          provider,
          userId,
          provider,
          userId,
          provider,
          now,
          userId,
          provider,
        ],
      );
      return new Map(
        result.rows.map((r) => [r.resource, { rangeStart: r.range_start, rangeEnd: r.range_end }]),
      );
    },

    async completeHistoricalPull(
      userId: string,
      provider: string,
      resource: string,
      done: { rangeStart: Date; rangeEnd: Date; daysWithData: number; now: Date },
    ): Promise<void> {
      await pull(userId, provider, resource).update({
        status: 'success',
        range_start: done.rangeStart,
        range_end: done.rangeEnd,
        ended_at: done.now,
        days_with_data: done.daysWithData,
        error_details: null,
      });
    },
  };
}

export type SdkConnectionsRepository = ReturnType<typeof createSdkConnectionsRepository>;
