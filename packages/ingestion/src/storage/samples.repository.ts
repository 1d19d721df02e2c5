import type { Knex } from 'knex';
import type { NormalisedSample } from '../validation/normalise-timeseries';
import { alongside } from './alongside';
import { namedStatement } from './named-statements';
import { RUN_AHEAD_OPTION, type RunAhead } from './run-ahead';

export type WriteOutcome = 'created' | 'updated';

/** Rows per INSERT: one statement per fixed key part and chunk keeps a 30-day minute pull to a few round trips. */
const CHUNK = 25_000;

/** A stored sample as activity derivation reads it (instants as epoch milliseconds). */
export interface ActivitySampleRow {
  resource: string;
  provider: string;
  source_type: string;
  type: string;
  start_ms: number;
  end_ms: number | null;
  timezone_offset: number | null;
  value: number | null;
  app_id: string | null;
  device_id: string | null;
  extras: Record<string, unknown> | null;
}

/**
 * Heart rate summed in the database, per slot and source context: a UTC-offset day number (`zoned` false:
 * the samples' own offset, or UTC when neither they nor the user has a zone) or, for samples to be dated in
 * the user's fallback zone, a 15-minute slot (zone offsets and their changes fall on quarter hours, so a
 * slot lies within one local date, which the caller works out).
 */
export interface HeartRateSlotRow {
  zoned: boolean;
  slot: number;
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  sum: number;
  count: number;
  min: number;
  max: number;
  resting_sum: number;
  resting_count: number;
  walking_sum: number;
  walking_count: number;
  latest_ms: number;
  latest_offset: number | null;
}

export const ZONED_SLOT_SECONDS = 900;

/** The largest UTC offset a sample may carry (±18 h, see `checkTimezoneOffset`), in seconds. */
const MAX_OFFSET_SECONDS = 18 * 3600;

/**
 * The parameters of `HEART_RATE_SLOTS`: the user, whether the user has a fallback zone, the provider, the
 * instants [from, to) and the days (local dates as days since the epoch) whose day slots are summed.
 */
export function heartRateSlotsBindings(
  userId: string,
  provider: string,
  hasFallbackZone: boolean,
  from: Date,
  to: Date,
  days: readonly number[],
): Knex.RawBinding[] {
  // The UTC instants the days' slots span, as epoch seconds (without days: [from, to), for the zoned slots).
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    if (day < first) first = day;
    if (day > last) last = day;
  }
  const daysFrom = days.length > 0 ? first * 86_400 : from.getTime() / 1000;
  const daysTo = days.length > 0 ? (last + 1) * 86_400 : to.getTime() / 1000;
  return [
    userId,
    hasFallbackZone,
    hasFallbackZone,
    hasFallbackZone,
    hasFallbackZone,
    userId,
    userId,
    provider,
    from,
    to,
    daysFrom,
    daysTo,
    [...days],
  ];
}

// The user's few contexts are read once (`c`): joined per row, a lookup in sample_contexts itself cost most of
// the statement whenever the planner expected few rows (today's samples lie beyond the statistics). The UTC
// offsets the contexts give (`w`: a context's own; one without, dated in the fallback zone: any up to ±18 h;
// else UTC), a second either side, narrow the instants read to those whose day slot may be one of the days
// asked for: a day of minute heart rate is read without most of the day before (a slot of another day is
// dropped by the last filter anyway, as before).
export const HEART_RATE_SLOTS = `
  with c as materialized (
    select id, timezone_offset, app_id, device_id from sample_contexts where user_id = ?
  ), w as materialized (
    select min(o) - 1 as lo, max(o) + 1 as hi from (
      select coalesce(timezone_offset, 0) as o from c where timezone_offset is not null or not ?::boolean
      union all select b from c, (values (-${MAX_OFFSET_SECONDS}), (${MAX_OFFSET_SECONDS})) as z(b)
        where c.timezone_offset is null and ?::boolean
    ) o
  )
  select zoned, slot, source_type, app_id, device_id,
    sum(v)::float8 as sum, count(*)::int as count, min(v)::float8 as min, max(v)::float8 as max,
    coalesce(sum(v) filter (where type = 'resting'), 0)::float8 as resting_sum,
    (count(*) filter (where type = 'resting'))::int as resting_count,
    coalesce(sum(v) filter (where type = 'walking'), 0)::float8 as walking_sum,
    (count(*) filter (where type = 'walking'))::int as walking_count,
    (extract(epoch from max(start_at)) * 1000)::float8 as latest_ms,
    (max(latest))[2]::int as latest_offset
  from (
    select s.source_type, c.app_id, c.device_id, s.type, x.start_at, coalesce(x.value, 0) as v,
      -- The latest sample's offset: arrays compare element by element (no sort per group needed).
      array[date_part('epoch', x.start_at), c.timezone_offset] as latest,
      (c.timezone_offset is null and ?::boolean) as zoned,
      -- float8 arithmetic (date_part), not numeric (extract): exact for the day and quarter-hour slots.
      (case when c.timezone_offset is null and ?::boolean
        then floor(date_part('epoch', x.start_at) / ${ZONED_SLOT_SECONDS})
        else floor((date_part('epoch', x.start_at) + coalesce(c.timezone_offset, 0)) / 86400) end) as slot
    from samples x
    join sample_series s on s.user_id = x.user_id and s.id = x.series
    join c on c.id = x.context
    where x.user_id = ? and s.user_id = ? and s.provider = ? and s.resource = 'heartrate'
      and x.start_at >= ? and x.start_at < ?
      and x.start_at >= (select to_timestamp(?::float8 - w.hi) from w)
      and x.start_at < (select to_timestamp(?::float8 - w.lo) from w)
  ) h
  -- A day slot (UTC offset known) of a date the caller does not derive would be summed for nothing.
  where zoned or slot = any(?::float8[])
  group by zoned, slot, source_type, app_id, device_id`;

/** The reserved `extras` keys of the samples encoding (see the samples migration). */
const RESERVED_EXTRAS = "array['_text', '_systolic', '_diastolic']";

export const FOR_ACTIVITY = `
  select s.resource, s.provider, s.source_type, s.type,
    (extract(epoch from x.start_at) * 1000)::float8 as start_ms,
    (extract(epoch from x.end_at) * 1000)::float8 as end_ms,
    c.timezone_offset, case when x.diastolic is null then x.value end as value, c.app_id, c.device_id,
    case when jsonb_exists_any(x.extras, ${RESERVED_EXTRAS})
      then nullif(x.extras - ${RESERVED_EXTRAS}, '{}'::jsonb) else x.extras end as extras
  from samples x
  join sample_series s on s.user_id = x.user_id and s.id = x.series
  join sample_contexts c on c.user_id = x.user_id and c.id = x.context
  where x.user_id = ? and s.user_id = ? and s.provider = ? and s.resource = any(?::text[])
    and x.start_at >= ? and x.start_at < ?`;

/** The key's fixed part (all but the start): one value per statement, resolved to the user's series id. */
const SERIES = '(select sample_series_id(?::uuid, ?::text, ?::text, ?::text, ?::text))';

/**
 * What else a row holds, in `samples` encoding: an array literal per column, unnested side by side (a typed
 * NULL when no row of the chunk has the column). `value` is the value or, for blood pressure, the systolic;
 * a note's text is the `_text` key of `extras`. Instants travel as epoch milliseconds (exact in a float8, and
 * to_timestamp keeps them to the microsecond). `context` is the row's index into the chunk's contexts.
 */
const ROW_COLUMNS: ReadonlyArray<{ column: string; type: string; sent: string; value: string }> = [
  { column: 'start_at', type: 'timestamptz', sent: 'float8', value: 'to_timestamp(r.start_at / 1000)' },
  { column: 'value', type: 'double precision', sent: 'float8', value: 'r.value' },
  { column: 'end_at', type: 'timestamptz', sent: 'float8', value: 'to_timestamp(r.end_at / 1000)' },
  { column: 'diastolic', type: 'double precision', sent: 'float8', value: 'r.diastolic' },
  { column: 'context', type: 'integer', sent: 'integer', value: 'c.id' },
  { column: 'extras', type: 'jsonb', sent: 'jsonb', value: 'r.extras' },
];

/** The chunk's distinct contexts (UTC offset, app, device, workout, sport), one array each: resolved to ids. */
const contextsCte = (name: string) => `${name} as materialized (
    select c.ord::int as ord, sample_context_id(?::uuid, c.tz, c.app, c.dev, c.wk, c.sp) as id
    from unnest(?::int[], ?::text[], ?::uuid[], ?::uuid[], ?::text[]) with ordinality as c(tz, app, dev, wk, sp, ord)
  )`;

const CONTEXTS = contextsCte('contexts');

const VALUE_COLUMNS = ['value', 'end_at', 'diastolic', 'context', 'extras'];

const INSERT_COLUMNS = ['user_id', 'series', ...ROW_COLUMNS.map((c) => c.column)];

/** The chunk's rows joined to their context ids (`c`, from the CTE named `contexts`). */
function rowsFrom(present: readonly boolean[], contexts = 'contexts'): string {
  const sent = ROW_COLUMNS.filter((_, i) => present[i]);
  return `unnest(${sent.map((c) => `?::${c.sent}[]`).join(', ')}) as r(${sent.map((c) => c.column).join(', ')})
    join ${contexts} c on c.ord = r.context`;
}

/**
 * One chunk of rows sharing the key's fixed part: that part as parameters, the rest as arrays; a column no
 * row of the chunk has is a typed NULL rather than an array of NULLs. Parameters: the user id and the chunk's
 * contexts (CONTEXTS), the user id and the key's fixed part (SERIES), the present arrays.
 */
function insertBody(table: string, present: readonly boolean[], contexts = 'contexts'): string {
  return `insert into ${table} as t (${INSERT_COLUMNS.join(', ')})
  select ?::uuid, ${SERIES}, ${ROW_COLUMNS.map((c, i) => (present[i] ? c.value : `null::${c.type}`)).join(', ')}
  from ${rowsFrom(present, contexts)}`;
}

const insertSql = (table: string, present: readonly boolean[]) =>
  `with ${CONTEXTS}\n  ${insertBody(table, present)}`;

/**
 * Advisory locks (`pg_advisory_xact_lock(classId, hashtext(key))`, one per key, in the order given) taken in a
 * statement of the write: one uninterpolated subquery whose parameters are the class id and a text array.
 */
const LOCKS = `(select count(*) from (
    select pg_advisory_xact_lock(?::int, hashtext(k)) from unnest(?::text[]) as k
  ) l)::int`;

/**
 * Whether none of the series' rows is stored between the chunk's first and last start. Parameters: the user id,
 * the user id and the key's fixed part (SERIES; both as a chunk's `head`), the first and last start (epoch
 * milliseconds).
 */
const probeSql = (table: string) => `not exists (select 1 from ${table} x where x.user_id = ?::uuid
    and x.series = ${SERIES}
    and x.start_at between to_timestamp(?::float8 / 1000) and to_timestamp(?::float8 / 1000))`;

/**
 * `insertSql` behind a gate run once before any row is written (a one-time filter): the gate takes the locks
 * asked for (LOCKS) and, with `probe`, inserts nothing when a row of the chunk's series is stored within its
 * span (`probeSql`: then the chunk is to be upserted instead). Parameters: the class id and the keys (with
 * `lock`), the probe's (with `probe`), then as `insertSql`.
 */
function gatedInsertSql(table: string, present: readonly boolean[], lock: boolean, probe: boolean): string {
  if (!lock && !probe) return insertSql(table, present);
  return `with gate as materialized (
    select ${lock ? LOCKS : '0'} as locks, ${probe ? probeSql(table) : 'true'} as fresh
  ), ${CONTEXTS}
  ${insertBody(table, present)}
  where (select g.fresh and g.locks >= 0 from gate g)`;
}

/** A chunk of `gatedInsertsSql`: which row columns it has, and whether its insert is gated by its probe. */
interface GatedChunk {
  present: readonly boolean[];
  probe: boolean;
}

/**
 * Several chunks' `gatedInsertSql` in one statement (one round trip for all): one gate, run before any row is
 * written, takes the locks asked for (LOCKS) and runs the probe of every chunk with `probe` (`f<i>`: nothing
 * of its series is stored within its span); each chunk's insert (its contexts resolved in a CTE of its own)
 * inserts nothing unless its gate passed. The probes all see the statement's snapshot, which none of its
 * inserts changes (the chunks' keys are distinct), so each answers as it would in a statement of its own. A
 * row whose key is stored fails the statement (unique violation), as an insert of its own would. Answers the
 * rows inserted per chunk (`n<i>`). Parameters: the class id and the keys (with `lock`), the probe's of each
 * probed chunk in order, then per chunk as `insertSql`.
 */
function gatedInsertsSql(table: string, chunks: readonly GatedChunk[], lock: boolean): string {
  const gate = `select ${lock ? LOCKS : '0'} as locks, ${chunks
    .map((c, i) => `${c.probe ? probeSql(table) : 'true'} as f${i}`)
    .join(', ')}`;
  const inserts = chunks.map(
    (c, i) => `${contextsCte(`contexts${i}`)}, ins${i} as (
  ${insertBody(table, c.present, `contexts${i}`)}
  where (select g.f${i} and g.locks >= 0 from gate g)
  returning 1
  )`,
  );
  return `with gate as materialized (
    ${gate}
  ), ${inserts.join(', ')}
  select ${chunks.map((_, i) => `(select count(*) from ins${i})::int as n${i}`).join(', ')}`;
}

/** An unchanged row fails the WHERE and is not returned; `xmax = 0` tells a fresh insert from an update. */
const ON_CONFLICT = `
  on conflict (user_id, series, start_at) do update set
    ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
  where (${VALUE_COLUMNS.map((c) => `t.${c}`).join(', ')})
    is distinct from (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;

/**
 * The outcome of every row of the chunk as one text, a letter per row in the order sent: `c` created, `u`
 * changed, `-` stored already with the same values. The rows of a chunk share the key's fixed part, so the
 * start identifies a row; nothing per row crosses the wire. Parameters as `insertSql`.
 */
function outcomeSql(table: string, present: readonly boolean[]): string {
  const sent = ROW_COLUMNS.filter((_, i) => present[i]);
  return `
  with ${CONTEXTS}, r as (
    select * from unnest(${sent.map((c) => `?::${c.sent}[]`).join(', ')}) with ordinality
      as r(${sent.map((c) => c.column).join(', ')}, ord)
  ), written as (
    insert into ${table} as t (${INSERT_COLUMNS.join(', ')})
    select ?::uuid, ${SERIES}, ${ROW_COLUMNS.map((c, i) => (present[i] ? c.value : `null::${c.type}`)).join(', ')}
    from r join contexts c on c.ord = r.context order by r.ord${ON_CONFLICT}
    returning t.start_at, (t.xmax = 0) as inserted
  )
  select coalesce(string_agg(case when w.inserted then 'c' when w.inserted is null then '-' else 'u' end, ''
    order by r.ord), '') as outcomes
  from r left join written w on w.start_at = to_timestamp(r.start_at / 1000)`;
}

/** Only how many rows were created and changed: nothing per row crosses the wire. Parameters as `insertSql`. */
const countingSql = (table: string, present: readonly boolean[]) => `with ${CONTEXTS},
  written as (${insertBody(table, present)}${ON_CONFLICT} returning (t.xmax = 0) as inserted)
  select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
  from written`;

/**
 * The upsert statement the repository sends for rows sharing the key's fixed part, counting what it created and
 * changed: what `pnpm bench:ingest` runs bare as its baseline. Parameters: the user id,
 * the five context arrays (UTC offset, app, device, workout, sport), the user id and the key's fixed part,
 * then one array literal per present column of `SAMPLE_ROW_COLUMNS` (`context`: 1-based index into the
 * context arrays).
 */
export const countingUpsertSql = countingSql;

const PARTITION_OF = 'select samples_partition(?::uuid) as name';

/** Partition names by user (a user's partition never changes while the process runs); bounded. */
const partitions = new Map<string, string>();

/**
 * The partition of `samples` holding the user's rows: upserts write there directly, since PostgreSQL does not
 * return `xmax` (created or updated) from an INSERT into the partitioned table itself.
 */
export async function samplesPartitionOf(db: Knex | Knex.Transaction, userId: string): Promise<string> {
  const known = partitions.get(userId);
  if (known) return known;
  const { rows } = await db
    .raw<{ rows: { name: string | null }[] }>(PARTITION_OF, [userId])
    .options(namedStatement(PARTITION_OF));
  const name = rows[0]?.name;
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('samples: no partition for the user');
  if (partitions.size >= 100_000) partitions.clear();
  partitions.set(userId, name);
  return name;
}

/** The row columns an upsert sends as arrays, in order (see `countingUpsertSql`). */
export const SAMPLE_ROW_COLUMNS: readonly string[] = ROW_COLUMNS.map((c) => c.column);

/** A text element of an array literal: always quoted, `"` and `\` escaped. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

const keyPrefixOf = (s: NormalisedSample): string[] => [
  s.spec.resource,
  s.source.provider,
  s.source.sourceType,
  s.type,
];

/**
 * Samples by the key's fixed part, each group ascending by start, groups in the order of that part: rows are
 * written in key order (fixed part, then start), one order for every writer, so concurrent batches of a user
 * never deadlock on them.
 */
function byKeyPrefix(samples: readonly NormalisedSample[]): NormalisedSample[][] {
  // Samples of one series share their spec and source objects: grouped by identity first, by value after.
  const byIdentity = new Map<object, Map<object, Map<string, NormalisedSample[]>>>();
  // An index loop, per sample: a for-of iterator here allocated a result object per step.
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    let bySpec = byIdentity.get(s.source);
    if (!bySpec) byIdentity.set(s.source, (bySpec = new Map()));
    let byType = bySpec.get(s.spec);
    if (!byType) bySpec.set(s.spec, (byType = new Map()));
    const group = byType.get(s.type);
    if (group) group.push(s);
    else byType.set(s.type, [s]);
  }
  const byPrefix = new Map<string, NormalisedSample[]>();
  for (const bySpec of byIdentity.values()) {
    for (const byType of bySpec.values()) {
      for (const group of byType.values()) {
        const key = JSON.stringify(keyPrefixOf(group[0]!));
        const same = byPrefix.get(key);
        if (same) same.push(...group);
        else byPrefix.set(key, group);
      }
    }
  }
  return [...byPrefix.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, group]) => (ascending(group) ? group : group.sort((a, b) => a.startMs - b.startMs)));
}

/** Whether the starts ascend already (a provider page usually does): then sorting (and its copy) is skipped. */
function ascending(group: readonly NormalisedSample[]): boolean {
  for (let i = 1; i < group.length; i += 1) if (group[i - 1]!.startMs > group[i]!.startMs) return false;
  return true;
}

/** A chunk's contexts: the five arrays CONTEXTS unnests (UTC offset, app, device, workout, sport). */
class Contexts {
  private readonly tz: string[] = [];
  private readonly app: string[] = [];
  private readonly device: string[] = [];
  private readonly workout: string[] = [];
  private readonly sport: string[] = [];
  private readonly byKey = new Map<string, number>();
  private last: NormalisedSample | null = null;
  private lastOrd = 0;

  /** The 1-based index of the sample's context (a sample sharing the one before's source and offset: at once). */
  ordOf(s: NormalisedSample): number {
    const last = this.last;
    if (last && last.source === s.source && last.timezoneOffset === s.timezoneOffset) return this.lastOrd;
    const src = s.source;
    const key = `${s.timezoneOffset}|${src.appId}|${src.deviceId}|${src.workoutId}|${src.sport}`;
    let ord = this.byKey.get(key);
    if (ord === undefined) {
      this.tz.push(numberElement(s.timezoneOffset));
      this.app.push(src.appId === null ? 'NULL' : quoted(src.appId));
      this.device.push(src.deviceId === null ? 'NULL' : quoted(src.deviceId));
      this.workout.push(src.workoutId === null ? 'NULL' : quoted(src.workoutId));
      this.sport.push(src.sport === null ? 'NULL' : quoted(src.sport));
      ord = this.tz.length;
      this.byKey.set(key, ord);
    }
    this.last = s;
    this.lastOrd = ord;
    return ord;
  }

  arrays(): string[] {
    return [this.tz, this.app, this.device, this.workout, this.sport].map((a) => `{${a.join(',')}}`);
  }
}

/**
 * The row arrays of a chunk, in ROW_COLUMNS order (null: no row has the column, and then nothing is built
 * for it), and its contexts. Numbers (instants as epoch milliseconds) are their shortest round-trip text and
 * need no quoting; texts are quoted.
 */
function rowArrays(samples: readonly NormalisedSample[]): { rows: Array<string | null>; contexts: string[] } {
  const n = samples.length;
  // Which columns some row has: only those are built.
  let hasEnd = false;
  let hasValue = false;
  let hasDiastolic = false;
  let hasExtras = false;
  for (let i = 0; i < n; i += 1) {
    const s = samples[i]!;
    hasEnd ||= s.endMs !== null;
    hasValue ||= s.value !== null || s.systolic !== null;
    hasDiastolic ||= s.diastolic !== null;
    hasExtras ||= s.extras !== null || s.valueText !== null;
  }
  const column = (has: boolean) => (has ? new Array<string>(n) : null);
  const start = new Array<string>(n);
  const end = column(hasEnd);
  const value = column(hasValue);
  const diastolic = column(hasDiastolic);
  const context = new Array<string>(n);
  const extras = column(hasExtras);
  const contexts = new Contexts();
  for (let i = 0; i < n; i += 1) {
    const s = samples[i]!;
    start[i] = String(s.startMs);
    if (end) end[i] = numberElement(s.endMs);
    // Blood pressure: the systolic in `value` (with its diastolic); every other shape has a value or a text.
    if (value) value[i] = numberElement(s.value ?? s.systolic);
    if (diastolic) diastolic[i] = numberElement(s.diastolic);
    context[i] = String(contexts.ordOf(s));
    if (extras) {
      extras[i] =
        s.valueText !== null
          ? quoted(JSON.stringify({ ...s.extras, _text: s.valueText }))
          : s.extras === null
            ? 'NULL'
            : quoted(JSON.stringify(s.extras));
    }
  }
  const literal = (elements: string[] | null) => (elements === null ? null : `{${elements.join(',')}}`);
  return {
    rows: [
      n > 0 ? literal(start) : null,
      literal(value),
      literal(end),
      literal(diastolic),
      n > 0 ? literal(context) : null,
      literal(extras),
    ],
    contexts: contexts.arrays(),
  };
}

const numberElement = (v: number | null) => (v === null ? 'NULL' : String(v));

/** What an upsert changed: counts always; per sample only when asked for. */
export interface SamplesWritten {
  created: number;
  updated: number;
  /** The outcome of every created or changed sample (by the sample itself); null when not asked for. */
  outcomes: Map<NormalisedSample, WriteOutcome> | null;
}

/** One set of samples to upsert (unique by key: the caller keeps one per key). */
export interface SamplesToWrite {
  samples: readonly NormalisedSample[];
  /** Whether the outcome of every sample is needed (data events), not just the counts. */
  perSample: boolean;
}

/**
 * Transaction-scoped advisory locks (`pg_advisory_xact_lock(classId, hashtext(key))`, keys in the order given)
 * the upsert takes with its first statement rather than in a round trip of its own.
 */
export interface AdvisoryLocks {
  classId: number;
  keys: readonly string[];
}

/** What `upsertMany` wrote, per set, and whether it holds the locks asked for (see `AdvisoryLocks`). */
export interface SamplesUpserted {
  sets: SamplesWritten[];
  /** False when no statement took them (nothing to write, or the statement was rolled back): take them. */
  locked: boolean;
}

/**
 * The savepoint under which the plain inserts run (see `upsertMany`): a caller may take it itself in its own
 * last statement before the write (then it tells `upsertMany` so: `savepointTaken`), saving a round trip.
 */
export const SAMPLES_SAVEPOINT = 'samples_insert';

interface Chunk {
  part: number;
  present: boolean[];
  /** The user id and the chunk's five context arrays (CONTEXTS). */
  contexts: unknown[];
  /** The user id, then the user id and the key's fixed part (SERIES). */
  head: unknown[];
  /** The array literals of the present row columns. */
  arrays: unknown[];
  rows: readonly NormalisedSample[];
}

const paramsOf = (c: Chunk) => [...c.contexts, ...c.head, ...c.arrays] as Knex.RawBinding[];

/** The chunk's first and last start (epoch milliseconds). */
function spanOf(c: Chunk): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < c.rows.length; j += 1) {
    const start = c.rows[j]!.startMs;
    if (start < lo) lo = start;
    if (start > hi) hi = start;
  }
  return [lo, hi];
}

/** How `upsertMany` runs (see there). */
export interface UpsertManyOptions {
  /** The caller took `SAMPLES_SAVEPOINT` with its last statement, and wrote nothing since. */
  savepointTaken?: boolean;
  /**
   * Work of the caller's to do while the database runs the plain inserts (e.g. what the batch's events will
   * be if every row is created): run once, after that statement went out, before its answer is awaited; not
   * run when there is nothing to write. It must not throw, nor use the transaction.
   */
  whileInserting?: () => void;
  /**
   * A read that may run ahead with the plain inserts' statement (see run-ahead.ts): the caller's next
   * statement when every chunk is inserted there and nothing else is to be written before it.
   */
  thenRead?: RunAhead;
}

/** The options of a named statement, with a read that may run ahead of it (see run-ahead.ts). */
function withRead(sql: string, thenRead: RunAhead | undefined): Record<string, unknown> {
  const named = namedStatement(sql);
  return thenRead ? { ...named, [RUN_AHEAD_OPTION]: thenRead } : named;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

const CREATED = 'c'.charCodeAt(0);
const UPDATED = 'u'.charCodeAt(0);

export function createSamplesRepository(trx: Knex.Transaction) {
  /**
   * Plain INSERTs of chunks whose rows are all new, under one savepoint, in one statement: the number inserted
   * per chunk (0 for a chunk in `probed` whose probe found a stored row of its series within its span), or
   * null (rolled back to the savepoint, nothing written) when a row with one of the keys is stored already.
   * The statement takes `locks` before it writes a row (released again if rolled back to the savepoint).
   * The savepoint is not released (a round trip that changes nothing): it ends with the transaction, or with
   * a savepoint of the caller's taken before it, which also releases or rolls back this one. `savepointTaken`:
   * the caller took it (`SAMPLES_SAVEPOINT`) with its last statement, and nothing was written since.
   */
  async function insertAll(
    table: string,
    chunks: readonly Chunk[],
    locks: AdvisoryLocks | null,
    probed: ReadonlySet<Chunk>,
    savepointTaken: boolean,
    whileInserting: (() => void) | undefined,
    thenRead: RunAhead | undefined,
  ): Promise<number[] | null> {
    if (!savepointTaken) await trx.raw(`savepoint ${SAMPLES_SAVEPOINT}`);
    try {
      const statement =
        chunks.length === 1
          ? insertOne(table, chunks[0]!, locks, probed.has(chunks[0]!), thenRead)
          : insertTogether(table, chunks, locks, probed, thenRead);
      if (whileInserting) await alongside(statement, whileInserting);
      return await statement;
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
      await trx.raw(`rollback to savepoint ${SAMPLES_SAVEPOINT}`);
      return null;
    }
  }

  /** One chunk's gated insert (`gatedInsertSql`): the rows it inserted. */
  async function insertOne(
    table: string,
    c: Chunk,
    locks: AdvisoryLocks | null,
    probe: boolean,
    thenRead: RunAhead | undefined,
  ): Promise<number[]> {
    const sql = gatedInsertSql(table, c.present, locks !== null, probe);
    const bindings: Knex.RawBinding[] = [
      ...(locks ? [locks.classId, [...locks.keys]] : []),
      ...(probe ? [...(c.head as Knex.RawBinding[]), ...spanOf(c)] : []),
      ...paramsOf(c),
    ];
    const result = await trx.raw<{ rowCount: number }>(sql, bindings).options(withRead(sql, thenRead));
    return [result.rowCount];
  }

  /** Several chunks' gated inserts in one statement (`gatedInsertsSql`): the rows each inserted. */
  async function insertTogether(
    table: string,
    chunks: readonly Chunk[],
    locks: AdvisoryLocks | null,
    probed: ReadonlySet<Chunk>,
    thenRead: RunAhead | undefined,
  ): Promise<number[]> {
    const sql = gatedInsertsSql(
      table,
      chunks.map((c) => ({ present: c.present, probe: probed.has(c) })),
      locks !== null,
    );
    const bindings: Knex.RawBinding[] = locks ? [locks.classId, [...locks.keys]] : [];
    for (const c of chunks) {
      if (probed.has(c)) bindings.push(...(c.head as Knex.RawBinding[]), ...spanOf(c));
    }
    for (const c of chunks) bindings.push(...paramsOf(c));
    const { rows } = await trx
      .raw<{ rows: Array<Record<string, number>> }>(sql, bindings)
      .options(withRead(sql, thenRead));
    return chunks.map((_, i) => Number(rows[0]?.[`n${i}`] ?? -1));
  }

  /** The counts of an upsert of the chunk. */
  async function upsertCounting(table: string, c: Chunk, into: SamplesWritten): Promise<void> {
    const sql = countingSql(table, c.present);
    const result = await trx
      .raw<{ rows: Array<{ created: number; updated: number }> }>(sql, paramsOf(c))
      .options(namedStatement(sql));
    into.created += result.rows[0]?.created ?? 0;
    into.updated += result.rows[0]?.updated ?? 0;
  }

  /** An upsert of the chunk with the outcome of each row (one letter per row, see `outcomeSql`). */
  async function upsertPerRow(table: string, c: Chunk, into: SamplesWritten): Promise<void> {
    const sql = outcomeSql(table, c.present);
    const result = await trx
      .raw<{ rows: Array<{ outcomes: string }> }>(sql, [
        ...c.contexts,
        ...c.arrays,
        ...c.head,
      ] as Knex.RawBinding[])
      .options(namedStatement(sql));
    const letters = result.rows[0]?.outcomes ?? '';
    if (letters.length !== c.rows.length) throw new Error('samples upsert: one outcome per row expected');
    for (let i = 0; i < letters.length; i += 1) {
      const letter = letters.charCodeAt(i);
      if (letter === CREATED) {
        into.outcomes?.set(c.rows[i]!, 'created');
        into.created += 1;
      } else if (letter === UPDATED) {
        into.outcomes?.set(c.rows[i]!, 'updated');
        into.updated += 1;
      }
    }
  }

  const repo = {
    /**
     * Upserts samples (unique by key: the caller keeps one per key), one statement per fixed key part and
     * chunk; a sample whose stored values are identical is not rewritten and counts as neither created nor
     * updated. With `perSample`, also reports the outcome of every created or changed sample (what data
     * events need); without, only the counts come back.
     */
    async upsert(
      userId: string,
      samples: readonly NormalisedSample[],
      now: Date,
      perSample = true,
    ): Promise<SamplesWritten> {
      const { sets } = await repo.upsertMany(userId, [{ samples, perSample }], now);
      return sets[0]!;
    },

    /**
     * `upsert` of several sets at once (one result per set, in order): the sets' chunks are first tried as
     * plain inserts in one statement under one savepoint (those that need every outcome only where their probe
     * finds nothing stored), and what that did not write is upserted chunk by chunk.
     * (`_now`: samples keep no write instants since the compact layout; the argument stays for callers.)
     * `locks`: advisory locks to take with the first statement, before any row is written (see `locked`).
     * `opts`: see `UpsertManyOptions`.
     */
    async upsertMany(
      userId: string,
      parts: readonly SamplesToWrite[],
      _now: Date,
      locks: AdvisoryLocks | null = null,
      opts: UpsertManyOptions = {},
    ): Promise<SamplesUpserted> {
      const pending = locks && locks.keys.length > 0 ? locks : null;
      let locked = false;
      const chunks: Chunk[] = [];
      parts.forEach(({ samples }, part) => {
        for (const group of byKeyPrefix(samples)) {
          const head = [userId, userId, ...keyPrefixOf(group[0]!)];
          for (let i = 0; i < group.length; i += CHUNK) {
            const rows = group.length <= CHUNK ? group : group.slice(i, i + CHUNK);
            const arrays = rowArrays(rows);
            chunks.push({
              part,
              present: arrays.rows.map((a) => a !== null),
              contexts: [userId, ...arrays.contexts],
              head,
              arrays: arrays.rows.filter((a) => a !== null),
              rows,
            });
          }
        }
      });
      const written: SamplesWritten[] = parts.map((p) => ({
        created: 0,
        updated: 0,
        outcomes: p.perSample ? new Map() : null,
      }));
      // A historical chunk (counts only) mostly lands where nothing is stored yet: its rows are inserted
      // outright first (no conflict handling, markedly cheaper for the database), all under one savepoint.
      // If any row is stored already, that is rolled back and everything upserted. Daily batches often
      // overlap what is stored (incremental windows start before the last sync): a daily chunk is inserted
      // outright only when nothing of its series is stored within its span (one index probe per chunk, run by
      // the insert statement itself before it writes a row; every row is then created), so an overlap never
      // makes the database log a conflict: a chunk whose probe finds a row inserts nothing and is upserted
      // below. Every chunk goes in one statement, which takes the locks first.
      const table = chunks.length > 0 ? await samplesPartitionOf(trx, userId) : 'samples';
      const probed = new Set(chunks.filter((c) => parts[c.part]!.perSample));
      const inserted =
        chunks.length > 0
          ? await insertAll(
              table,
              chunks,
              pending,
              probed,
              opts.savepointTaken === true,
              opts.whileInserting,
              opts.thenRead,
            )
          : null;
      if (inserted && pending) locked = true;
      const done = new Set<Chunk>();
      if (inserted) {
        chunks.forEach((c, i) => {
          const count = inserted[i]!;
          // A probed chunk that met a stored row: nothing inserted, upserted below.
          if (probed.has(c) && count === 0) return;
          if (count !== c.rows.length) throw new Error('samples insert: every row of the chunk expected');
          done.add(c);
          const into = written[c.part]!;
          into.created += count;
          if (into.outcomes) for (const row of c.rows) into.outcomes.set(row, 'created');
        });
      }
      for (const c of chunks) {
        if (done.has(c)) continue;
        if (parts[c.part]!.perSample) await upsertPerRow(table, c, written[c.part]!);
        else await upsertCounting(table, c, written[c.part]!);
      }
      return { sets: written, locked };
    },

    /**
     * One provider's heart rate starting in [from, to), summed per slot (see HeartRateSlotRow); of the day
     * slots, only those of `days` (local dates as days since the epoch).
     */
    async heartRateSlots(
      userId: string,
      provider: string,
      hasFallbackZone: boolean,
      from: Date,
      to: Date,
      days: readonly number[],
    ): Promise<HeartRateSlotRow[]> {
      const result = await trx
        .raw<{ rows: HeartRateSlotRow[] }>(
          HEART_RATE_SLOTS,
          heartRateSlotsBindings(userId, provider, hasFallbackZone, from, to, days),
        )
        .options(namedStatement(HEART_RATE_SLOTS));
      return result.rows;
    },

    /** One provider's samples of `resources` starting in [from, to). */
    async forActivity(
      userId: string,
      provider: string,
      resources: readonly string[],
      from: Date,
      to: Date,
    ): Promise<ActivitySampleRow[]> {
      const result = await trx
        .raw<{ rows: ActivitySampleRow[] }>(FOR_ACTIVITY, [
          userId,
          userId,
          provider,
          [...resources],
          from,
          to,
        ])
        .options(namedStatement(FOR_ACTIVITY));
      return result.rows;
    },
  };
  return repo;
}
