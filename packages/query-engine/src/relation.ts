/**
 * The one relation a query reads, as the `src` CTE: the user's rows of one summary kind or one timeseries,
 * with three computed columns every later stage uses — `_ts` (the index instant), `_off` (the row's own
 * UTC offset in seconds, when it carries one) and `_local` (the index timestamp in the user's local time).
 * The tenant filter (user + team + environment, user not deleted) is part of the statement itself.
 */
import type { QuerySource, TableName } from '@meridian/query-language';
import { nameLiteral, raw, sql, type Sql } from './sql';

export interface Tenant {
  teamId: string;
  environment: string;
  userId: string;
}

/** Local time of an instant: the row's own offset when known, else the user's zone (`ctx.tz`, bound). */
export function localOf(instant: Sql): Sql {
  return sql`(case when r._off is not null then (${instant} at time zone 'UTC') + r._off * interval '1 second' else ${instant} at time zone ctx.tz end)`;
}

const payloadNumber = (key: string) =>
  sql`(case when jsonb_typeof(s.payload->${nameLiteral(key)}) = 'number' then (s.payload->>${nameLiteral(key)})::float8 end)`;

interface TableTiming {
  kind: string;
  /** The index instant, or null when the index is a calendar date (local midnight of `calendar_date`). */
  instant: Sql | null;
  offset: Sql | null;
}

/** README "Index timestamp": which instant each index is dated by. */
const TABLE_TIMING: Record<Exclude<TableName, 'derived_readiness'>, TableTiming> = {
  sleep: { kind: 'sleep', instant: raw('s.end_at'), offset: payloadNumber('timezone_offset') },
  workout: { kind: 'workouts', instant: raw('s.start_at'), offset: payloadNumber('timezone_offset') },
  body: { kind: 'body', instant: raw('s.start_at'), offset: null },
  activity: { kind: 'activity', instant: null, offset: null },
  meal: { kind: 'meal', instant: null, offset: null },
  menstrual_cycle: { kind: 'menstrual_cycle', instant: null, offset: null },
  profile: { kind: 'profile', instant: raw('s.updated_at'), offset: null },
};

export function isStoredTable(table: TableName): table is keyof typeof TABLE_TIMING {
  return table in TABLE_TIMING;
}

/** Instant → local timestamp inside the src CTE (where the row's offset is still `s`-side). */
function localInSrc(instant: Sql, offset: Sql | null): Sql {
  if (!offset) return sql`(${instant} at time zone ctx.tz)`;
  return sql`(case when ${offset} is not null then (${instant} at time zone 'UTC') + ${offset} * interval '1 second' else ${instant} at time zone ctx.tz end)`;
}

const tenantJoin = (t: Tenant, table: Sql) =>
  sql`join users u on u.id = s.user_id cross join ctx
    where s.user_id = ${t.userId}::uuid and u.id = ${t.userId}::uuid and u.team_id = ${t.teamId}::uuid
      and u.environment = ${t.environment} and u.deleted_at is null and ${table}`;

/**
 * The body of the `src` CTE. `withHypnogram` adds `_hyp`, the sleep's `sleep_cycle` payload (value macros
 * that read the stages).
 */
const RESERVED_EXTRAS = raw("array['_text', '_systolic', '_diastolic']");

/**
 * A user's samples of one resource, straight from the compact layout (`samples` with its series and context,
 * see the samples migration), decoded to the columns of the `timeseries_samples` view.
 */
const samplesOf = (userId: string, resource: string) =>
  sql`(select x.user_id, ss.resource, ss.provider, ss.source_type, ss.type, x.start_at, x.end_at, c.timezone_offset,
      case when x.diastolic is null then x.value end as value, x.extras->>'_text' as value_text,
      case when x.diastolic is not null then x.value else (x.extras->>'_systolic')::float8 end as systolic,
      coalesce(x.diastolic, (x.extras->>'_diastolic')::float8) as diastolic,
      c.app_id, c.device_id, c.workout_id, c.sport,
      case when jsonb_exists_any(x.extras, ${RESERVED_EXTRAS})
        then nullif(x.extras - ${RESERVED_EXTRAS}, '{}'::jsonb) else x.extras end as extras
    from sample_series ss
    join samples x on x.user_id = ss.user_id and x.series = ss.id
    join sample_contexts c on c.user_id = x.user_id and c.id = x.context
    where ss.user_id = ${userId}::uuid and x.user_id = ${userId}::uuid and ss.resource = ${resource})`;

/**
 * A coarse window on stored columns, so the scan can use the indexes: local times are within a day of UTC
 * (offsets are bounded to ±18 h), so `[start − 1 day, end + 1 day)` in UTC / dates holds every row whose
 * local index time is in the window; the exact test on `_local` follows in `flt`.
 */
export interface CoarseWindow {
  /** Local `YYYY-MM-DDTHH:MM:SS` start of the timeframe. */
  start: string;
  /** Its last local date (the anchor). */
  anchor: string;
}

/**
 * `offset 0` keeps the relation a subquery of its own: `_local` is computed once per row here, instead of
 * being inlined (and recomputed) into the timeframe filter, the ranking partition and every date_trunc.
 */
const FENCE = raw(' offset 0');

export function sourceRelation(
  source: QuerySource,
  tenant: Tenant,
  opts: { withHypnogram: boolean; window: CoarseWindow | null },
): Sql {
  const w = opts.window;
  if (source.kind === 'timeseries') {
    const offset = raw('s.timezone_offset');
    const coarse = w
      ? sql` and s.start_at >= (${w.start}::timestamp - interval '1 day') at time zone 'UTC'
          and s.start_at < (${w.anchor}::date + 2)::timestamp at time zone 'UTC'`
      : raw('');
    return sql`select s.*, s.start_at as _ts, ${offset}::float8 as _off, ${localInSrc(raw('s.start_at'), offset)} as _local
      from ${samplesOf(tenant.userId, source.timeseries)} s ${tenantJoin(tenant, sql`s.resource = ${source.timeseries}`)}${coarse}${FENCE}`;
  }
  const table = source.table;
  if (!isStoredTable(table)) throw new Error(`query-engine: ${table} has no storage`);
  const timing = TABLE_TIMING[table];
  const offset = timing.offset ? sql`${timing.offset}` : raw('null::float8');
  const instant = timing.instant ?? raw('null::timestamptz');
  const local = timing.instant
    ? sql`coalesce(${localInSrc(timing.instant, timing.offset)}, s.calendar_date::timestamp)`
    : raw('s.calendar_date::timestamp');
  const hypnogram = opts.withHypnogram
    ? raw(`, (select c.payload from summaries c where c.user_id = s.user_id and c.kind = 'sleep_cycle'
          and c.payload->>'sleep_id' = s.id::text order by c.updated_at desc limit 1) as _hyp`)
    : raw('');
  return sql`select s.*, ${instant} as _ts, ${offset} as _off, ${local} as _local ${hypnogram}
    from summaries s ${tenantJoin(tenant, sql`s.kind = ${timing.kind}`)}${coarseDates(table, w)}${FENCE}`;
}

/** Summaries are filed under the local date of their index time (profile: the day it was written, so none). */
function coarseDates(table: TableName, w: CoarseWindow | null): Sql {
  if (!w || table === 'profile') return raw('');
  return sql` and s.calendar_date >= ${w.start}::timestamp::date - 1 and s.calendar_date <= ${w.anchor}::date + 1`;
}
