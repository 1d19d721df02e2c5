import type { TeamScope, TimeseriesSpec } from '@meridian/domain';
import { instantOfMicros, isoMicros, type SortKey, type TimeRange } from './timeseries-params';

/**
 * The SQL of the timeseries reads, on the compact samples layout (`samples` rows keyed by the user's series
 * and pointing to a context; see the samples migration). A read takes the user's series of the resource and,
 * per series, one range scan of the primary key (user_id, series, start_at) in start order bounded by the
 * page size; the series' rows are merged in sort order (start, provider, source type, type). Only the
 * columns the slug's shape renders are selected; start and end come out as µs since the epoch (float8 is
 * exact there) so no timestamp is parsed per row.
 * Exported with their bindings so the benchmark's bare node:http + pg server runs exactly this SQL (in its
 * full row form, the presenter's: the issue's baseline; the data API's JSON writer reads the compact form).
 */

/** A statement in knex form (`?` placeholders); `toPgText` gives the `$n` text PostgreSQL receives. */
export interface SqlStatement {
  sql: string;
  bindings: (string | number)[];
}

/**
 * µs since the epoch as float8, exact: within 1900–2100 `round(date_part('epoch', …) * 1e6)` (float8 arithmetic,
 * a third of the CPU of numeric `extract`, and exact there: the error before rounding stays under 0.5 µs),
 * `extract` outside.
 */
const epochMicros = (column: string) =>
  `(case when ${column} >= '1900-01-01T00:00:00Z' and ${column} < '2100-01-01T00:00:00Z'
    then round(date_part('epoch', ${column}) * 1000000) else (extract(epoch from ${column}) * 1000000)::float8 end)`;
const START_US = `${epochMicros('x.start_at')} as t`;
const END_US = `${epochMicros('x.end_at')} as e`;
const COMMON = `${START_US}, c.timezone_offset as tz, s.provider, s.source_type, s.type, c.app_id, c.device_id, c.workout_id, c.sport`;
const ORDER = 'order by x.start_at, s.provider, s.source_type, s.type';
const PROVIDER_FILTER = "(?::text = '' or s.provider = ?)";

/** The decoding of the samples encoding (blood pressure in value + diastolic, a note's text in extras). */
const RESERVED_EXTRAS = "array['_text', '_systolic', '_diastolic']";
const VALUE = 'case when x.diastolic is null then x.value end as value';
const TEXT_VALUE = "x.extras->>'_text' as value";
const PRESSURE = `case when x.diastolic is not null then x.value else (x.extras->>'_systolic')::float8 end as systolic,
  coalesce(x.diastolic, (x.extras->>'_diastolic')::float8) as diastolic`;
const EXTRAS = `case when jsonb_exists_any(x.extras, ${RESERVED_EXTRAS})
  then nullif(x.extras - ${RESERVED_EXTRAS}, '{}'::jsonb) else x.extras end as extras`;

/**
 * Compact rows (issue 16), for the JSON writer: a sample's series (`k`, the series' integer id) on every
 * row, and the series' provider, source type and type only on the series' first row of the page (`fresh`:
 * one index probe per series for its first start within the page's bounds); on the other rows they are
 * null and the writer takes them from that row (`compactRowExpander`). The first row of a series sorts
 * before its other rows, so it is in the page whenever they are. PostgreSQL formats and sends, and
 * node-postgres makes a string of, one small integer per sample instead of three texts.
 */
const COMPACT_COMMON = `${START_US}, s.id as k, c.timezone_offset as tz,
  case when x.fresh then s.provider end as provider,
  case when x.fresh then s.source_type end as source_type,
  case when x.fresh then s.type end as type, c.app_id, c.device_id, c.workout_id, c.sport`;

function columns(spec: TimeseriesSpec, compact: boolean): string {
  const value = spec.textValue ? TEXT_VALUE : VALUE;
  const shaped =
    spec.shape === 'point' ? value : spec.shape === 'interval' ? `${END_US}, ${value}` : PRESSURE;
  return `${compact ? COMPACT_COMMON : COMMON}, ${shaped}${spec.extras?.length ? `, ${EXTRAS}` : ''}`;
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

/**
 * The page: the user's series of the resource (filtered by provider, and type for the legacy read), each
 * series' first `limit` rows from the lower bound (a lateral index range scan), merged and cut to `limit`.
 * `lower` bounds a series' rows from below; it may refer to the series (`s`).
 */
function pageSql(spec: TimeseriesSpec, lower: string, typeFilter: string, compact: boolean): string {
  // Compact: whether a row is its series' first in the page's bounds (bound again: `seriesBindings`), an
  // uncorrelated subquery of the series scan, so PostgreSQL probes the index once per series.
  const fresh = compact
    ? `, x.start_at = (
      select f.start_at from samples f
      where f.user_id = ?::uuid and f.series = s.id and ${lower.replace(/\bx\./g, 'f.')} and f.start_at <= ?::timestamptz
      order by f.start_at limit 1
    ) as fresh`
    : '';
  return `select ${columns(spec, compact)}
  from sample_series s
  cross join lateral (
    select x.*${fresh} from samples x
    where x.user_id = ?::uuid and x.series = s.id and ${lower} and x.start_at <= ?::timestamptz
    order by x.start_at limit ?
  ) x
  join sample_contexts c on c.user_id = s.user_id and c.id = x.context
  where ${TENANT} and s.user_id = ? and s.resource = ? and ${PROVIDER_FILTER}${typeFilter}
  ${ORDER} limit ?`;
}

function buildSql(spec: TimeseriesSpec, compact: boolean): SlugSql {
  return {
    firstPage: pageSql(spec, 'x.start_at >= ?::timestamptz', '', compact),
    // The key comparison bounds each series' scan from below (the cursor is never before start_date).
    afterKey: pageSql(
      spec,
      'x.start_at >= ?::timestamptz and (x.start_at, s.provider, s.source_type, s.type) > (?::timestamptz, ?, ?, ?)',
      '',
      compact,
    ),
    legacy: pageSql(spec, 'x.start_at >= ?::timestamptz', " and (?::text = '' or s.type = ?)", compact),
  };
}

const sqlBySlug = new Map<string, SlugSql>();

function sqlOf(spec: TimeseriesSpec, compact = false): SlugSql {
  const key = compact ? `${spec.slug} compact` : spec.slug;
  let sql = sqlBySlug.get(key);
  if (!sql) {
    sql = buildSql(spec, compact);
    sqlBySlug.set(key, sql);
  }
  return sql;
}

/** Row form of a statement: `full` rows (every column on every row, the presenter's) or `compact` ones. */
export interface RowForm {
  /** Compact rows (see COMPACT_COMMON): only a writer that expands them (`compactRowExpander`) reads them. */
  compact?: boolean;
}

const NO_UPPER_BOUND = 'infinity';

function tenantBindings(scope: TeamScope, userId: string): string[] {
  return [userId, scope.teamId, scope.environment];
}

/** The series scan's bindings (ending with its limit), after the compact form's first-start probe's. */
function seriesBindings(scan: (string | number)[], compact: boolean | undefined): (string | number)[] {
  return compact ? [...scan.slice(0, -1), ...scan] : scan;
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
export function groupedPageStatement(
  spec: TimeseriesSpec,
  q: GroupedPageQuery,
  form: RowForm = {},
): SqlStatement {
  const sql = sqlOf(spec, form.compact);
  const { start } = q.range;
  const end = q.range.end ? isoMicros(q.range.end) : NO_UPPER_BOUND;
  if (q.after) {
    const [startUs, provider, sourceType, type] = q.after;
    const after = instantOfMicros(startUs);
    // A cursor from before start_date (the caller moved start_date) is ignored: the page starts at start_date.
    if (after.ms > start.ms || (after.ms === start.ms && after.us >= start.us)) {
      const at = isoMicros(after);
      return {
        sql: sql.afterKey,
        bindings: [
          ...seriesBindings([q.userId, at, at, provider, sourceType, type, end, q.limit], form.compact),
          ...tenantBindings(q.scope, q.userId),
          q.userId,
          spec.resource,
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
      ...seriesBindings([q.userId, isoMicros(start), end, q.limit], form.compact),
      ...tenantBindings(q.scope, q.userId),
      q.userId,
      spec.resource,
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
  form: RowForm = {},
): SqlStatement {
  const end = q.range.end ? isoMicros(q.range.end) : NO_UPPER_BOUND;
  return {
    sql: sqlOf(spec, form.compact).legacy,
    bindings: [
      ...seriesBindings([q.userId, isoMicros(q.range.start), end, q.limit], form.compact),
      ...tenantBindings(q.scope, q.userId),
      q.userId,
      spec.resource,
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
export const SLEEP_STREAM_SQL = `select ss.resource,
    ${START_US}, ${END_US},
    c.timezone_offset as tz, ss.provider, ss.source_type, ss.type, c.app_id, c.device_id, c.workout_id,
    c.sport, case when x.diastolic is null then x.value end as value
  from summaries m
  join sample_series ss
    on ss.user_id = m.user_id and ss.provider = m.provider
   and ss.resource in (${SLEEP_STREAM_RESOURCES.map((r) => `'${r}'`).join(', ')})
  join samples x on x.user_id = m.user_id and x.series = ss.id and x.start_at >= m.start_at and x.start_at < m.end_at
  join sample_contexts c on c.user_id = x.user_id and c.id = x.context
  where m.id = ? and m.kind = 'sleep'
  order by ss.resource, x.start_at, ss.provider, ss.source_type, ss.type`;

/** `?` placeholders → `$1..$n`, as knex sends them to PostgreSQL. */
export function toPgText(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
