import type { Knex } from 'knex';
import type { NormalisedSample } from '../validation/normalise-timeseries';
import { sampleKey } from './sample-key';

export type WriteOutcome = 'created' | 'updated';

/** Rows per INSERT: one statement per chunk keeps a 30-day minute pull to a handful of round trips. */
const CHUNK = 5_000;

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
    (array_agg(timezone_offset order by start_at desc))[1] as latest_offset
  from (
    select source_type, app_id, device_id, type, start_at, timezone_offset, coalesce(value, 0) as v,
      (timezone_offset is null and ?::boolean) as zoned,
      (case when timezone_offset is null and ?::boolean
        then floor(extract(epoch from start_at) / ${ZONED_SLOT_SECONDS})
        else floor((extract(epoch from start_at) + coalesce(timezone_offset, 0)) / 86400) end)::float8 as slot
    from timeseries_samples
    where user_id = ? and provider = ? and resource = 'heartrate' and start_at >= ? and start_at < ?
  ) h
  group by zoned, slot, source_type, app_id, device_id`;

const COLUMNS = `resource text, provider text, source_type text, type text, start_at timestamptz, end_at timestamptz,
  timezone_offset integer, value double precision, value_text text, systolic double precision,
  diastolic double precision, app_id text, device_id uuid, workout_id uuid, sport text, extras jsonb`;

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

/**
 * An unchanged row fails the WHERE and is not returned; `xmax = 0` tells a fresh insert from an update.
 * Rows arrive as one JSON parameter (json_to_recordset) to keep a 5,000-row statement to one bind.
 */
const UPSERT = `
  insert into timeseries_samples as t (user_id, resource, provider, source_type, type, start_at, end_at,
    timezone_offset, value, value_text, systolic, diastolic, app_id, device_id, workout_id, sport, extras,
    created_at, updated_at)
  select ?::uuid, r.resource, r.provider, r.source_type, r.type, r.start_at, r.end_at, r.timezone_offset,
    r.value, r.value_text, r.systolic, r.diastolic, r.app_id, r.device_id, r.workout_id, r.sport, r.extras,
    ?::timestamptz, ?::timestamptz
  from json_to_recordset(?::json) as r(${COLUMNS})
  on conflict (user_id, resource, start_at, provider, source_type, type) do update set
    ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at
  where (${VALUE_COLUMNS.map((c) => `t.${c}`).join(', ')})
    is distinct from (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;

/** The key of every created or changed row; the instant as epoch milliseconds (no timestamp parsing). */
const UPSERT_RETURNING_KEYS = `${UPSERT}
  returning (t.xmax = 0) as inserted, t.resource, (extract(epoch from t.start_at) * 1000)::float8 as start_ms,
    t.provider, t.source_type, t.type`;

/** Only how many rows were created and changed: nothing per row crosses the wire. */
const UPSERT_COUNTING = `with written as (${UPSERT} returning (t.xmax = 0) as inserted)
  select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
  from written`;

function toRecord(s: NormalisedSample) {
  return {
    resource: s.spec.resource,
    provider: s.source.provider,
    source_type: s.source.sourceType,
    type: s.type,
    start_at: new Date(s.startMs).toISOString(),
    end_at: s.endMs === null ? null : new Date(s.endMs).toISOString(),
    timezone_offset: s.timezoneOffset,
    value: s.value,
    value_text: s.valueText,
    systolic: s.systolic,
    diastolic: s.diastolic,
    app_id: s.source.appId,
    device_id: s.source.deviceId,
    workout_id: s.source.workoutId,
    sport: s.source.sport,
    extras: s.extras,
  };
}

interface ReturnedKey {
  inserted: boolean;
  resource: string;
  start_ms: number;
  provider: string;
  source_type: string;
  type: string;
}

/** What an upsert changed: counts always; per sample key only when asked for. */
export interface SamplesWritten {
  created: number;
  updated: number;
  /** Sample key → outcome of every created or changed sample; null when not asked for. */
  outcomes: Map<string, WriteOutcome> | null;
}

export function createSamplesRepository(trx: Knex.Transaction) {
  return {
    /**
     * Upserts samples (unique by key); a sample whose stored values are identical is not rewritten and
     * counts as neither created nor updated. With `perSample`, also reports the outcome by sample key
     * (what data events need); without, only the counts come back.
     */
    async upsert(
      userId: string,
      samples: readonly NormalisedSample[],
      now: Date,
      perSample = true,
    ): Promise<SamplesWritten> {
      const written: SamplesWritten = { created: 0, updated: 0, outcomes: perSample ? new Map() : null };
      for (let i = 0; i < samples.length; i += CHUNK) {
        const params = [userId, now, now, JSON.stringify(samples.slice(i, i + CHUNK).map(toRecord))];
        if (!written.outcomes) {
          const result = await trx.raw<{ rows: Array<{ created: number; updated: number }> }>(
            UPSERT_COUNTING,
            params,
          );
          written.created += result.rows[0]?.created ?? 0;
          written.updated += result.rows[0]?.updated ?? 0;
          continue;
        }
        const result = await trx.raw<{ rows: ReturnedKey[] }>(UPSERT_RETURNING_KEYS, params);
        for (const r of result.rows) {
          const key = sampleKey(r.resource, Math.round(r.start_ms), r.provider, r.source_type, r.type);
          written.outcomes.set(key, r.inserted ? 'created' : 'updated');
          if (r.inserted) written.created += 1;
          else written.updated += 1;
        }
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
}
