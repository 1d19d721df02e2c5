import type { Knex } from '@meridian/db';
import { newId, type Environment } from '@meridian/domain';
import type { BatchClaim, StoredBatch } from './push-batches.repository';

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

interface OwnerAndBatchRow {
  id: string | null;
  team_id: string | null;
  environment: Environment | null;
  client_user_id: string | null;
  fallback_time_zone: string | null;
  per_device: boolean | null;
  batch_status: StoredBatch['status'] | null;
  request_hash: string | null;
  response: StoredBatch['response'];
  claimed_until: Date | null;
  claimed: boolean;
}

export function createSdkConnectionsRepository(db: Knex | Knex.Transaction) {
  const pull = (userId: string, provider: string, resource: string) =>
    db('historical_pulls').where({ user_id: userId, provider, resource });

  return {
    /**
     * The active user of the device's team environment (with the team setting pushes depend on), the
     * device's stored batch (if any) and, when the user is there and the batch is not, the batch claimed, in
     * one round trip. `claimed` is false when the batch existed (`batch`), the user is gone
     * (`owner` undefined) or another request claimed it at the same moment.
     */
    async findOwnerAndClaim(
      owner: { userId: string; teamId: string; environment: Environment },
      c: BatchClaim,
    ): Promise<{ owner: PushOwner | undefined; batch: StoredBatch | undefined; claimed: boolean }> {
      const result = await db.raw<{ rows: OwnerAndBatchRow[] }>(
        `with o as (
           select u.id, u.team_id, u.environment, u.client_user_id, u.fallback_time_zone,
                  (t.settings -> u.environment ->> 'sdk_per_device_activity_timeseries')::boolean as per_device
             from users u join teams t on t.id = u.team_id
            where u.id = ? and u.team_id = ? and u.environment = ? and u.deleted_at is null
         ), b as (
           select status, request_hash, response, claimed_until from sdk_push_batches
            where device_id = ? and batch_id = ?
         ), claimed as (
           insert into sdk_push_batches (device_id, batch_id, provider, request_hash, status, sent_at,
                                         received_at, claimed_until)
           select ?, ?, ?, ?, 'processing', ?::timestamptz, ?::timestamptz, ?::timestamptz
            where exists (select 1 from o) and not exists (select 1 from b)
           on conflict (device_id, batch_id) do nothing
           returning 1
         )
         select o.id, o.team_id, o.environment, o.client_user_id, o.fallback_time_zone, o.per_device,
                b.status as batch_status, b.request_hash, b.response, b.claimed_until,
                exists (select 1 from claimed) as claimed
           from (values (1)) as one(x) left join o on true left join b on true`,
        [
          owner.userId,
          owner.teamId,
          owner.environment,
          c.deviceId,
          c.batchId,
          c.deviceId,
          c.batchId,
          c.provider,
          c.requestHash,
          c.sentAt,
          c.now,
          c.claimedUntil,
        ],
      );
      const row = result.rows[0]!;
      return {
        owner: row.id
          ? {
              id: row.id,
              teamId: row.team_id!,
              environment: row.environment!,
              clientUserId: row.client_user_id!,
              fallbackTimeZone: row.fallback_time_zone,
              perDeviceActivity: row.per_device === true,
            }
          : undefined,
        batch: row.batch_status
          ? {
              status: row.batch_status,
              requestHash: row.request_hash!,
              response: row.response,
              claimedUntil: row.claimed_until,
            }
          : undefined,
        claimed: row.claimed,
      };
    },

    /**
     * The user's connection of `provider`, created (connected, `auth_type` sdk) when there is none; `created`
     * tells the caller to announce it. Concurrent pushes wait on the unique (user, provider) insert, so
     * exactly one creates it.
     */
    async ensureConnection(
      userId: string,
      provider: string,
      availability: Record<string, unknown>,
      now: Date,
    ): Promise<{ connectionId: string; created: boolean }> {
      const find = () =>
        db('provider_connections')
          .where({ user_id: userId, provider })
          .first<{ id: string } | undefined>('id');
      const existing = await find();
      if (existing) return { connectionId: existing.id, created: false };
      const inserted = await db('provider_connections')
        .insert({
          id: newId(),
          user_id: userId,
          provider,
          status: 'connected',
          auth_type: 'sdk',
          credential_source: 'platform',
          resource_availability: JSON.stringify(availability),
          created_on: now,
          updated_at: now,
        })
        .onConflict(['user_id', 'provider'])
        .ignore()
        .returning<{ id: string }[]>('id');
      if (inserted[0]) return { connectionId: inserted[0].id, created: true };
      // Another push created it between our look and our insert (the insert waited for its commit).
      return { connectionId: (await find())!.id, created: false };
    },

    /** Something of the batch was stored: the device's last push and the connection's last sync. */
    async recordPush(deviceId: string, userId: string, provider: string, now: Date): Promise<void> {
      await db('sdk_devices').where({ id: deviceId }).update({ last_push_at: now });
      await db('provider_connections').where({ user_id: userId, provider }).update({ last_sync_at: now });
    },

    /** A new connection: pulls left from an earlier connection of the provider no longer count. */
    async forgetHistoricalPulls(userId: string, provider: string): Promise<void> {
      await db('historical_pulls').where({ user_id: userId, provider }).delete();
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
     * In one round trip: the user's connection of `provider` (null when there is none) and, when there is
     * one, the resources' historical pulls that exist, locked in resource order until the transaction ends.
     */
    async connectionAndPulls(
      userId: string,
      provider: string,
      resources: readonly string[],
    ): Promise<{ connectionId: string | null; pulls: Map<string, HistoricalPullState> }> {
      const result = await db.raw<{
        rows: {
          connection_id: string | null;
          pulls: { resource: string; status: HistoricalPullState['status'] }[] | null;
        }[];
      }>(
        `select c.id as connection_id,
                case when c.id is null then null else (
                  select json_agg(json_build_object('resource', p.resource, 'status', p.status))
                    from (select resource, status from historical_pulls
                           where user_id = ? and provider = ? and resource = any(?::text[])
                           order by resource for update) p
                ) end as pulls
           from (values (1)) as one(x)
           left join provider_connections c on c.user_id = ? and c.provider = ?`,
        [userId, provider, [...resources].sort(), userId, provider],
      );
      const row = result.rows[0]!;
      const pulls = new Map<string, HistoricalPullState>();
      for (const p of row.pulls ?? []) pulls.set(p.resource, { status: p.status });
      return { connectionId: row.connection_id, pulls };
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
      const sorted = [...resources].sort();
      const locked = async (which: readonly string[]) => {
        const rows = await db.raw<{ rows: { resource: string; status: HistoricalPullState['status'] }[] }>(
          `select resource, status from historical_pulls
            where user_id = ? and provider = ? and resource = any(?::text[])
            order by resource for update`,
          [userId, provider, [...which]],
        );
        return rows.rows;
      };
      const states = new Map<string, HistoricalPullState>();
      for (const row of await locked(sorted)) states.set(row.resource, { status: row.status });
      const missing = sorted.filter((r) => !states.has(r));
      if (missing.length === 0) return states;
      await db('historical_pulls')
        .insert(
          missing.map((resource) => ({
            user_id: userId,
            provider,
            resource,
            status: 'in_progress',
            scheduled_at: now,
            started_at: now,
            days_with_data: 0,
            trace_id: traceId,
          })),
        )
        .onConflict(['user_id', 'provider', 'resource'])
        .ignore();
      for (const row of await locked(missing)) states.set(row.resource, { status: row.status });
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
           select (start_at at time zone 'UTC')::date as d from timeseries_samples
            where user_id = ? and provider = ? and resource = ? and start_at >= ? and start_at <= ?
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
