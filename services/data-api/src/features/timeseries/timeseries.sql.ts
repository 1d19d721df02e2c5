import type { TeamScope, TimeseriesSpec } from '@meridian/domain';
import { instantOfMicros, isoMicros, type SortKey, type TimeRange } from './timeseries-params';

/**
 * The SQL of the timeseries reads. Each is one range scan of the primary key (user_id, resource, start_at,
 * provider, source_type, type) in key order, selecting only the columns the slug's shape renders; start and
 * end come out as µs since the epoch (float8 is exact there) so no timestamp is parsed per row.
 * Exported with their bindings so the benchmark's bare node:http + pg server runs exactly this SQL.
 */

/** A statement in knex form (`?` placeholders); `toPgText` gives the `$n` text PostgreSQL receives. */
export interface SqlStatement {
  sql: string;
  bindings: (string | number)[];
}

const START_US = '(extract(epoch from start_at) * 1000000)::float8 as t';
const END_US = '(extract(epoch from end_at) * 1000000)::float8 as e';
const COMMON = `${START_US}, timezone_offset as tz, provider, source_type, type, app_id, device_id, workout_id, sport`;
const ORDER = 'order by start_at, provider, source_type, type';
const PROVIDER_FILTER = "(?::text = '' or provider = ?)";

function columns(spec: TimeseriesSpec): string {
  const value = spec.textValue ? 'value_text as value' : 'value';
  const shaped =
    spec.shape === 'point'
      ? value
      : spec.shape === 'interval'
        ? `${END_US}, ${value}`
        : 'systolic, diastolic';
  return `${COMMON}, ${shaped}${spec.extras?.length ? ', extras' : ''}`;
}

interface SlugSql {
  firstPage: string;
  afterKey: string;
  legacy: string;
}

/**
 * Tenant isolation inside the read itself: the samples come back only when the user is the caller's
 * (team + environment) and not deleted. PostgreSQL evaluates the uncorrelated EXISTS once per query, so a
 * read is one round trip; an empty result is followed by a user lookup only to tell 404 from "no data".
 */
const TENANT =
  'exists (select 1 from users u where u.id = ? and u.team_id = ? and u.environment = ? and u.deleted_at is null)';

function buildSql(spec: TimeseriesSpec): SlugSql {
  const select = `select ${columns(spec)} from timeseries_samples where ${TENANT} and user_id = ? and resource = ?`;
  return {
    firstPage: `${select} and start_at >= ?::timestamptz and start_at <= ?::timestamptz and ${PROVIDER_FILTER} ${ORDER} limit ?`,
    // The key comparison alone bounds the scan from below (the cursor is never before start_date).
    afterKey: `${select} and (start_at, provider, source_type, type) > (?::timestamptz, ?, ?, ?) and start_at <= ?::timestamptz and ${PROVIDER_FILTER} ${ORDER} limit ?`,
    legacy: `${select} and start_at >= ?::timestamptz and start_at <= ?::timestamptz and ${PROVIDER_FILTER} and (?::text = '' or type = ?) ${ORDER} limit ?`,
  };
}

const sqlBySlug = new Map<string, SlugSql>();

function sqlOf(spec: TimeseriesSpec): SlugSql {
  let sql = sqlBySlug.get(spec.slug);
  if (!sql) {
    sql = buildSql(spec);
    sqlBySlug.set(spec.slug, sql);
  }
  return sql;
}

const NO_UPPER_BOUND = 'infinity';

function tenantBindings(scope: TeamScope, userId: string): string[] {
  return [userId, scope.teamId, scope.environment];
}

export interface GroupedPageQuery {
  /** The caller's team and environment. */
  scope: TeamScope;
  userId: string;
  range: TimeRange;
  /** '' = every provider. */
  provider: string;
  /** The sort key of the previous page's last sample; null for the first page. */
  after: SortKey | null;
  /** Rows to fetch: the page size + 1 (the extra row says there is a next page). */
  limit: number;
}

/** One page of a grouped read, in sort order (start, provider, source type, type). */
export function groupedPageStatement(spec: TimeseriesSpec, q: GroupedPageQuery): SqlStatement {
  const sql = sqlOf(spec);
  const { start } = q.range;
  const end = q.range.end ? isoMicros(q.range.end) : NO_UPPER_BOUND;
  if (q.after) {
    const [startUs, provider, sourceType, type] = q.after;
    const after = instantOfMicros(startUs);
    // A cursor from before start_date (the caller moved start_date) is ignored: the page starts at start_date.
    if (after.ms > start.ms || (after.ms === start.ms && after.us >= start.us)) {
      return {
        sql: sql.afterKey,
        bindings: [
          ...tenantBindings(q.scope, q.userId),
          q.userId,
          spec.resource,
          isoMicros(after),
          provider,
          sourceType,
          type,
          end,
          q.provider,
          q.provider,
          q.limit,
        ],
      };
    }
  }
  return {
    sql: sql.firstPage,
    bindings: [
      ...tenantBindings(q.scope, q.userId),
      q.userId,
      spec.resource,
      isoMicros(start),
      end,
      q.provider,
      q.provider,
      q.limit,
    ],
  };
}

/** The legacy ungrouped read: the first `limit` samples in sort order, optionally of one `type`. */
export function legacySamplesStatement(
  spec: TimeseriesSpec,
  q: { scope: TeamScope; userId: string; range: TimeRange; provider: string; type: string; limit: number },
): SqlStatement {
  const end = q.range.end ? isoMicros(q.range.end) : NO_UPPER_BOUND;
  return {
    sql: sqlOf(spec).legacy,
    bindings: [
      ...tenantBindings(q.scope, q.userId),
      q.userId,
      spec.resource,
      isoMicros(q.range.start),
      end,
      q.provider,
      q.provider,
      q.type,
      q.type,
      q.limit,
    ],
  };
}

/** The resources of a sleep stream. */
export const SLEEP_STREAM_RESOURCES = ['hrv', 'heartrate', 'hypnogram', 'respiratory_rate'] as const;

/** A sleep's samples: same user and provider as the sleep, start within [sleep start, sleep end). */
export const SLEEP_STREAM_SQL = `select ts.resource,
    (extract(epoch from ts.start_at) * 1000000)::float8 as t,
    (extract(epoch from ts.end_at) * 1000000)::float8 as e,
    ts.timezone_offset as tz, ts.provider, ts.source_type, ts.type, ts.app_id, ts.device_id, ts.workout_id,
    ts.sport, ts.value
  from summaries s
  join timeseries_samples ts
    on ts.user_id = s.user_id and ts.provider = s.provider
   and ts.resource in (${SLEEP_STREAM_RESOURCES.map((r) => `'${r}'`).join(', ')})
   and ts.start_at >= s.start_at and ts.start_at < s.end_at
  where s.id = ? and s.kind = 'sleep'
  order by ts.resource, ts.start_at, ts.provider, ts.source_type, ts.type`;

/** `?` placeholders → `$1..$n`, as knex sends them to PostgreSQL. */
export function toPgText(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
