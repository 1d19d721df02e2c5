import type { Knex } from 'knex';
import type { NormalisedSample } from '../validation/normalise-timeseries';
import { sampleKey } from './sample-key';

export type WriteOutcome = 'created' | 'updated';

/** Rows per INSERT: one statement per chunk keeps a 30-day minute pull to a handful of round trips. */
const CHUNK = 5_000;

/** A stored sample as activity derivation reads it. */
export interface ActivitySampleRow {
  resource: string;
  provider: string;
  source_type: string;
  type: string;
  start_at: Date;
  end_at: Date | null;
  timezone_offset: number | null;
  value: number | null;
  app_id: string | null;
  device_id: string | null;
  extras: Record<string, unknown> | null;
}

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
    is distinct from (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})
  returning (t.xmax = 0) as inserted, t.resource, t.start_at, t.provider, t.source_type, t.type`;

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
  start_at: Date;
  provider: string;
  source_type: string;
  type: string;
}

export function createSamplesRepository(trx: Knex.Transaction) {
  return {
    /**
     * Upserts samples (unique by key) and reports, by sample key, those created or changed; a sample
     * whose stored values are identical is not rewritten and is absent from the result.
     */
    async upsert(
      userId: string,
      samples: readonly NormalisedSample[],
      now: Date,
    ): Promise<Map<string, WriteOutcome>> {
      const outcomes = new Map<string, WriteOutcome>();
      for (let i = 0; i < samples.length; i += CHUNK) {
        const records = samples.slice(i, i + CHUNK).map(toRecord);
        const result = await trx.raw<{ rows: ReturnedKey[] }>(UPSERT, [
          userId,
          now,
          now,
          JSON.stringify(records),
        ]);
        for (const r of result.rows) {
          const key = sampleKey(r.resource, r.start_at.getTime(), r.provider, r.source_type, r.type);
          outcomes.set(key, r.inserted ? 'created' : 'updated');
        }
      }
      return outcomes;
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
          'start_at',
          'end_at',
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
