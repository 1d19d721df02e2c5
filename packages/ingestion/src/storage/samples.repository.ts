import type { Knex } from 'knex';
import type { NormalisedSample } from '../validation/normalise-timeseries';

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

const HEART_RATE_SLOTS = `
  select zoned, slot, source_type, app_id, device_id,
    sum(v)::float8 as sum, count(*)::int as count, min(v)::float8 as min, max(v)::float8 as max,
    coalesce(sum(v) filter (where type = 'resting'), 0)::float8 as resting_sum,
    (count(*) filter (where type = 'resting'))::int as resting_count,
    coalesce(sum(v) filter (where type = 'walking'), 0)::float8 as walking_sum,
    (count(*) filter (where type = 'walking'))::int as walking_count,
    (extract(epoch from max(start_at)) * 1000)::float8 as latest_ms,
    (max(latest))[2]::int as latest_offset
  from (
    select source_type, app_id, device_id, type, start_at, coalesce(value, 0) as v,
      -- The latest sample's offset: arrays compare element by element (no sort per group needed).
      array[date_part('epoch', start_at), timezone_offset] as latest,
      (timezone_offset is null and ?::boolean) as zoned,
      -- float8 arithmetic (date_part), not numeric (extract): exact for the day and quarter-hour slots.
      (case when timezone_offset is null and ?::boolean
        then floor(date_part('epoch', start_at) / ${ZONED_SLOT_SECONDS})
        else floor((date_part('epoch', start_at) + coalesce(timezone_offset, 0)) / 86400) end) as slot
    from timeseries_samples
    where user_id = ? and provider = ? and resource = 'heartrate' and start_at >= ? and start_at < ?
  ) h
  group by zoned, slot, source_type, app_id, device_id`;

/** The key's fixed part (all but the start): one value per statement, a bound parameter. */
const KEY_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['resource', 'text'],
  ['provider', 'text'],
  ['source_type', 'text'],
  ['type', 'text'],
];

/**
 * What else a row holds: an array literal per column, unnested side by side (a typed NULL when no row of the
 * chunk has the column). Instants travel as epoch milliseconds (exact in a float8, and to_timestamp keeps
 * them to the microsecond).
 */
const ROW_COLUMNS: ReadonlyArray<{ column: string; type: string; sent: string; value: string }> = [
  { column: 'start_at', type: 'timestamptz', sent: 'float8', value: 'to_timestamp(r.start_at / 1000)' },
  { column: 'end_at', type: 'timestamptz', sent: 'float8', value: 'to_timestamp(r.end_at / 1000)' },
  { column: 'timezone_offset', type: 'integer', sent: 'integer', value: 'r.timezone_offset' },
  { column: 'value', type: 'double precision', sent: 'float8', value: 'r.value' },
  { column: 'value_text', type: 'text', sent: 'text', value: 'r.value_text' },
  { column: 'systolic', type: 'double precision', sent: 'float8', value: 'r.systolic' },
  { column: 'diastolic', type: 'double precision', sent: 'float8', value: 'r.diastolic' },
  { column: 'app_id', type: 'text', sent: 'text', value: 'r.app_id' },
  { column: 'device_id', type: 'uuid', sent: 'uuid', value: 'r.device_id' },
  { column: 'workout_id', type: 'uuid', sent: 'uuid', value: 'r.workout_id' },
  { column: 'sport', type: 'text', sent: 'text', value: 'r.sport' },
  { column: 'extras', type: 'jsonb', sent: 'jsonb', value: 'r.extras' },
];

const VALUE_COLUMNS = [
  'end_at',
  'timezone_offset',
  'value',
  'value_text',
  'systolic',
  'diastolic',
  'app_id',
  'device_id',
  'workout_id',
  'sport',
  'extras',
];

const INSERT_COLUMNS = [
  'user_id',
  ...KEY_COLUMNS.map(([c]) => c),
  ...ROW_COLUMNS.map((c) => c.column),
  'created_at',
  'updated_at',
];

/**
 * One chunk of rows sharing the key's fixed part: that part as parameters, the rest as arrays; a column no
 * row of the chunk has is a typed NULL rather than an array of NULLs.
 */
function insertSql(present: readonly boolean[]): string {
  const sent = ROW_COLUMNS.filter((_, i) => present[i]);
  return `
  insert into timeseries_samples as t (${INSERT_COLUMNS.join(', ')})
  select ?::uuid, ${KEY_COLUMNS.map(([, type]) => `?::${type}`).join(', ')},
    ${ROW_COLUMNS.map((c, i) => (present[i] ? c.value : `null::${c.type}`)).join(', ')}, ?::timestamptz, ?::timestamptz
  from unnest(${sent.map((c) => `?::${c.sent}[]`).join(', ')}) as r(${sent.map((c) => c.column).join(', ')})`;
}

/** An unchanged row fails the WHERE and is not returned; `xmax = 0` tells a fresh insert from an update. */
const ON_CONFLICT = `
  on conflict (user_id, resource, start_at, provider, source_type, type) do update set
    ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at
  where (${VALUE_COLUMNS.map((c) => `t.${c}`).join(', ')})
    is distinct from (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;

const upsertSql = (present: readonly boolean[]) => `${insertSql(present)}${ON_CONFLICT}`;

/**
 * The outcome of every row of the chunk as one text, a letter per row in the order sent: `c` created, `u`
 * changed, `-` stored already with the same values. The rows of a chunk share the key's fixed part, so the
 * start identifies a row; nothing per row crosses the wire.
 */
function outcomeSql(present: readonly boolean[]): string {
  const sent = ROW_COLUMNS.filter((_, i) => present[i]);
  return `
  with r as (
    select * from unnest(${sent.map((c) => `?::${c.sent}[]`).join(', ')}) with ordinality
      as r(${sent.map((c) => c.column).join(', ')}, ord)
  ), written as (
    insert into timeseries_samples as t (${INSERT_COLUMNS.join(', ')})
    select ?::uuid, ${KEY_COLUMNS.map(([, type]) => `?::${type}`).join(', ')},
      ${ROW_COLUMNS.map((c, i) => (present[i] ? c.value : `null::${c.type}`)).join(', ')}, ?::timestamptz, ?::timestamptz
    from r order by r.ord${ON_CONFLICT}
    returning t.start_at, (t.xmax = 0) as inserted
  )
  select coalesce(string_agg(case when w.inserted then 'c' when w.inserted is null then '-' else 'u' end, ''
    order by r.ord), '') as outcomes
  from r left join written w on w.start_at = to_timestamp(r.start_at / 1000)`;
}

/** Only how many rows were created and changed: nothing per row crosses the wire. */
const counting = (upsert: string) => `with written as (${upsert} returning (t.xmax = 0) as inserted)
  select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
  from written`;

/**
 * The upsert statement the repository sends for rows sharing the key's fixed part, counting what it created and
 * changed: what `pnpm bench:ingest` runs bare as its baseline (parameters: user id, the key's fixed part, the
 * created/updated instant, then one array literal per present column of `SAMPLE_ROW_COLUMNS`).
 */
export const countingUpsertSql = (present: readonly boolean[]) => counting(upsertSql(present));

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

/**
 * The row arrays of a chunk, in ROW_COLUMNS order (null: no row has the column, and then nothing is built
 * for it). Numbers (instants as epoch milliseconds) are their shortest round-trip text and need no quoting;
 * texts are quoted (a text repeating the row before's, such as an app id, once).
 */
function rowArrays(samples: readonly NormalisedSample[]): Array<string | null> {
  const n = samples.length;
  // Which columns some row has: only those are built.
  let hasEnd = false;
  let hasOffset = false;
  let hasValue = false;
  let hasText = false;
  let hasSystolic = false;
  let hasDiastolic = false;
  let hasApp = false;
  let hasDevice = false;
  let hasWorkout = false;
  let hasSport = false;
  let hasExtras = false;
  for (let i = 0; i < n; i += 1) {
    const s = samples[i]!;
    hasEnd ||= s.endMs !== null;
    hasOffset ||= s.timezoneOffset !== null;
    hasValue ||= s.value !== null;
    hasText ||= s.valueText !== null;
    hasSystolic ||= s.systolic !== null;
    hasDiastolic ||= s.diastolic !== null;
    hasApp ||= s.source.appId !== null;
    hasDevice ||= s.source.deviceId !== null;
    hasWorkout ||= s.source.workoutId !== null;
    hasSport ||= s.source.sport !== null;
    hasExtras ||= s.extras !== null;
  }
  const column = (has: boolean) => (has ? new Array<string>(n) : null);
  const start = new Array<string>(n);
  const end = column(hasEnd);
  const offset = column(hasOffset);
  const value = column(hasValue);
  const text = column(hasText);
  const systolic = column(hasSystolic);
  const diastolic = column(hasDiastolic);
  const app = hasApp ? new QuotedColumn(n) : null;
  const device = hasDevice ? new QuotedColumn(n) : null;
  const workout = hasWorkout ? new QuotedColumn(n) : null;
  const sport = hasSport ? new QuotedColumn(n) : null;
  const extras = hasExtras ? new QuotedColumn(n) : null;
  for (let i = 0; i < n; i += 1) {
    const s = samples[i]!;
    start[i] = String(s.startMs);
    if (end) end[i] = numberElement(s.endMs);
    if (offset) offset[i] = numberElement(s.timezoneOffset);
    if (value) value[i] = numberElement(s.value);
    if (text) text[i] = s.valueText === null ? 'NULL' : quoted(s.valueText);
    if (systolic) systolic[i] = numberElement(s.systolic);
    if (diastolic) diastolic[i] = numberElement(s.diastolic);
    app?.set(i, s.source.appId);
    device?.set(i, s.source.deviceId);
    workout?.set(i, s.source.workoutId);
    sport?.set(i, s.source.sport);
    extras?.set(i, s.extras === null ? null : JSON.stringify(s.extras));
  }
  const literal = (elements: string[] | null) => (elements === null ? null : `{${elements.join(',')}}`);
  return [
    n > 0 ? literal(start) : null,
    literal(end),
    literal(offset),
    literal(value),
    literal(text),
    literal(systolic),
    literal(diastolic),
    literal(app?.elements ?? null),
    literal(device?.elements ?? null),
    literal(workout?.elements ?? null),
    literal(sport?.elements ?? null),
    literal(extras?.elements ?? null),
  ];
}

const numberElement = (v: number | null) => (v === null ? 'NULL' : String(v));

/** A text column's elements, quoted; a text repeating the row before's is quoted once. */
class QuotedColumn {
  readonly elements: string[];
  private lastText: string | null = null;
  private lastQuoted = 'NULL';
  constructor(n: number) {
    this.elements = new Array<string>(n);
  }

  set(i: number, text: string | null): void {
    if (text === null) this.elements[i] = 'NULL';
    else {
      if (text !== this.lastText) {
        this.lastText = text;
        this.lastQuoted = quoted(text);
      }
      this.elements[i] = this.lastQuoted;
    }
  }
}

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

interface Chunk {
  part: number;
  present: boolean[];
  /** The user id, the key's fixed part and the created/updated instants. */
  head: unknown[];
  /** The array literals of the present row columns. */
  arrays: unknown[];
  rows: readonly NormalisedSample[];
}

const paramsOf = (c: Chunk) => [...c.head, ...c.arrays] as Knex.RawBinding[];

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

const CREATED = 'c'.charCodeAt(0);
const UPDATED = 'u'.charCodeAt(0);

export function createSamplesRepository(trx: Knex.Transaction) {
  /**
   * Plain INSERTs of chunks whose rows are all new, under one savepoint: the number inserted per chunk, or
   * null (rolled back to the savepoint, nothing written) when a row with one of the keys is stored already.
   */
  async function insertAll(chunks: readonly Chunk[]): Promise<number[] | null> {
    await trx.raw('savepoint samples_insert');
    const inserted: number[] = [];
    try {
      for (const c of chunks) {
        inserted.push((await trx.raw<{ rowCount: number }>(insertSql(c.present), paramsOf(c))).rowCount);
      }
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
      await trx.raw('rollback to savepoint samples_insert');
      return null;
    }
    await trx.raw('release savepoint samples_insert');
    return inserted;
  }

  /** The counts of an upsert of the chunk. */
  async function upsertCounting(c: Chunk, into: SamplesWritten): Promise<void> {
    const result = await trx.raw<{ rows: Array<{ created: number; updated: number }> }>(
      counting(upsertSql(c.present)),
      paramsOf(c),
    );
    into.created += result.rows[0]?.created ?? 0;
    into.updated += result.rows[0]?.updated ?? 0;
  }

  /** An upsert of the chunk with the outcome of each row (one letter per row, see `outcomeSql`). */
  async function upsertPerRow(c: Chunk, into: SamplesWritten): Promise<void> {
    const result = await trx.raw<{ rows: Array<{ outcomes: string }> }>(outcomeSql(c.present), [
      ...c.arrays,
      ...c.head,
    ] as Knex.RawBinding[]);
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
      const [written] = await repo.upsertMany(userId, [{ samples, perSample }], now);
      return written!;
    },

    /**
     * `upsert` of several sets at once (one result per set, in order): the sets' chunks are written one
     * after the other, and those that need only counts are first tried as plain inserts under one savepoint.
     */
    async upsertMany(userId: string, parts: readonly SamplesToWrite[], now: Date): Promise<SamplesWritten[]> {
      const chunks: Chunk[] = [];
      parts.forEach(({ samples }, part) => {
        for (const group of byKeyPrefix(samples)) {
          const head = [userId, ...keyPrefixOf(group[0]!), now, now];
          for (let i = 0; i < group.length; i += CHUNK) {
            const rows = group.length <= CHUNK ? group : group.slice(i, i + CHUNK);
            const arrays = rowArrays(rows);
            chunks.push({
              part,
              present: arrays.map((a) => a !== null),
              head,
              arrays: arrays.filter((a) => a !== null),
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
      // If any row is stored already, that is rolled back and everything upserted. Daily batches overlap
      // what is stored (incremental windows start before the last sync): upserted at once, so they never
      // make the database log a conflict.
      const countsOnly = chunks.filter((c) => !parts[c.part]!.perSample);
      const inserted = countsOnly.length > 0 ? await insertAll(countsOnly) : null;
      if (inserted) countsOnly.forEach((c, i) => (written[c.part]!.created += inserted[i]!));
      for (const c of chunks) {
        if (parts[c.part]!.perSample) await upsertPerRow(c, written[c.part]!);
        else if (!inserted) await upsertCounting(c, written[c.part]!);
      }
      return written;
    },

    /** One provider's heart rate starting in [from, to), summed per slot (see HeartRateSlotRow). */
    async heartRateSlots(
      userId: string,
      provider: string,
      hasFallbackZone: boolean,
      from: Date,
      to: Date,
    ): Promise<HeartRateSlotRow[]> {
      const result = await trx.raw<{ rows: HeartRateSlotRow[] }>(HEART_RATE_SLOTS, [
        hasFallbackZone,
        hasFallbackZone,
        userId,
        provider,
        from,
        to,
      ]);
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
      return trx('timeseries_samples')
        .select(
          'resource',
          'provider',
          'source_type',
          'type',
          trx.raw('(extract(epoch from start_at) * 1000)::float8 as start_ms'),
          trx.raw('(extract(epoch from end_at) * 1000)::float8 as end_ms'),
          'timezone_offset',
          'value',
          'app_id',
          'device_id',
          'extras',
        )
        .where({ user_id: userId, provider })
        .whereIn('resource', resources)
        .where('start_at', '>=', from)
        .where('start_at', '<', to);
    },
  };
  return repo;
}
