import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';
import type { HistoricalPullStatus } from './historical-pull-status';
import type { UserPosition } from './introspection-cursor';

/** Reads for the introspection endpoints. Users are scoped to one team environment and not deleted. */

export type StatsTable = 'resource_stats' | 'historical_pulls';

export interface UsersPageQuery {
  userId?: string;
  /** Only users connected to, or with rows in `table` for, this slug; empty = no filter. */
  provider: string;
  table: StatsTable;
  after: UserPosition | null;
  limit: number;
}

export interface ConnectionRecord {
  userId: string;
  provider: string;
  createdOn: Date;
}

export interface ResourceStatsRecord {
  userId: string;
  provider: string;
  resource: string;
  lastAttemptAt: Date | null;
  lastAttemptStatus: string | null;
  oldestData: Date | null;
  newestData: Date | null;
  sentCount: number | null;
}

export interface HistoricalPullRecord {
  userId: string;
  provider: string;
  resource: string;
  status: HistoricalPullStatus;
  rangeStart: Date | null;
  rangeEnd: Date | null;
  scheduledAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  daysWithData: number;
  release: string;
  traceId: string | null;
  errorDetails: string | null;
}

interface ResourceStatsRow {
  user_id: string;
  provider: string;
  resource: string;
  last_attempt_at: Date | null;
  last_attempt_status: string | null;
  oldest_data: Date | null;
  newest_data: Date | null;
  sent_count: number | string | null;
}

interface HistoricalPullRow {
  user_id: string;
  provider: string;
  resource: string;
  status: HistoricalPullStatus;
  range_start: Date | null;
  range_end: Date | null;
  scheduled_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  days_with_data: number;
  release: string;
  trace_id: string | null;
  error_details: string | null;
}

/** created_on in UTC at microsecond precision: the cursor must not lose what JS Dates would drop. */
const POSITION_SQL = `to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function createIntrospectionRepository(db: Knex | Knex.Transaction) {
  function withProvider(table: StatsTable | 'provider_connections', provider: string) {
    return db(table).select(db.raw('1')).whereRaw('??.user_id = users.id', [table]).andWhere({ provider });
  }

  /** Rows of `table` for these users (of `provider` when given), by user, provider, then `thenBy`. */
  async function byUserAndProvider<T>(
    table: StatsTable | 'provider_connections',
    userIds: readonly string[],
    provider: string,
    thenBy: string,
  ): Promise<T[]> {
    const q = db(table).whereIn('user_id', userIds);
    const rows: unknown[] = await (provider === '' ? q : q.where({ provider })).orderBy([
      'user_id',
      'provider',
      thenBy,
    ]);
    return rows as T[];
  }

  return {
    /** Up to `limit` users after `after`, ordered by created_on then id. */
    async pageUsers(scope: TeamScope, query: UsersPageQuery): Promise<UserPosition[]> {
      let q = db('users')
        .select({ userId: 'id' }, db.raw(`${POSITION_SQL} as "createdOn"`))
        .where({ team_id: scope.teamId, environment: scope.environment })
        .whereNull('deleted_at');
      if (query.userId !== undefined) q = q.where({ id: query.userId });
      if (query.after) {
        q = q.whereRaw('(created_on, id) > (?::timestamptz, ?::uuid)', [
          query.after.createdOn,
          query.after.userId,
        ]);
      }
      if (query.provider !== '') {
        const provider = query.provider;
        q = q.where((w) =>
          w
            .whereExists(withProvider('provider_connections', provider))
            .orWhereExists(withProvider(query.table, provider)),
        );
      }
      return q.orderBy(['created_on', 'id']).limit(query.limit);
    },

    async connections(userIds: readonly string[], provider: string): Promise<ConnectionRecord[]> {
      if (userIds.length === 0) return [];
      const rows = await byUserAndProvider<{ user_id: string; provider: string; created_on: Date }>(
        'provider_connections',
        userIds,
        provider,
        'created_on',
      );
      return rows.map((r) => ({ userId: r.user_id, provider: r.provider, createdOn: r.created_on }));
    },

    async resourceStats(userIds: readonly string[], provider: string): Promise<ResourceStatsRecord[]> {
      if (userIds.length === 0) return [];
      const rows = await byUserAndProvider<ResourceStatsRow>('resource_stats', userIds, provider, 'resource');
      return rows.map((r) => ({
        userId: r.user_id,
        provider: r.provider,
        resource: r.resource,
        lastAttemptAt: r.last_attempt_at,
        lastAttemptStatus: r.last_attempt_status,
        oldestData: r.oldest_data,
        newestData: r.newest_data,
        sentCount: r.sent_count === null ? null : Number(r.sent_count),
      }));
    },

    async historicalPulls(userIds: readonly string[], provider: string): Promise<HistoricalPullRecord[]> {
      if (userIds.length === 0) return [];
      const rows = await byUserAndProvider<HistoricalPullRow>(
        'historical_pulls',
        userIds,
        provider,
        'resource',
      );
      return rows.map((r) => ({
        userId: r.user_id,
        provider: r.provider,
        resource: r.resource,
        status: r.status,
        rangeStart: r.range_start,
        rangeEnd: r.range_end,
        scheduledAt: r.scheduled_at,
        startedAt: r.started_at,
        endedAt: r.ended_at,
        daysWithData: r.days_with_data,
        release: r.release,
        traceId: r.trace_id,
        errorDetails: r.error_details,
      }));
    },
  };
}

export type IntrospectionRepository = ReturnType<typeof createIntrospectionRepository>;
