import type { Knex } from 'knex';
import {
  FOR_ACTIVITY,
  HEART_RATE_SLOTS,
  heartRateSlotsBindings,
  type ActivitySampleRow,
  type HeartRateSlotRow,
} from './samples.repository';
import { namedStatement } from './named-statements';
import { RAN_AHEAD_OPTION, type RunAhead } from './run-ahead';

/** A stored workout as activity derivation reads it (instants as epoch milliseconds). */
export interface ActivityWorkoutRow {
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  start_ms: number | null;
  end_ms: number | null;
  payload: Record<string, unknown>;
}

/** What one provider's activity days are derived from (see `activityInputs`). */
export interface ActivityInputs {
  samples: ActivitySampleRow[];
  heartRate: HeartRateSlotRow[];
  workouts: ActivityWorkoutRow[];
}

const WORKOUTS = `
  select source_type, app_id, device_id,
    (extract(epoch from start_at) * 1000)::float8 as start_ms,
    (extract(epoch from end_at) * 1000)::float8 as end_ms,
    payload
  from summaries
  where user_id = ? and kind = 'workouts' and provider = ? and calendar_date between ?::date and ?::date`;

/**
 * The three reads of one provider's activity derivation in one round trip, each as a JSON array of its rows
 * (json numbers are float8's own shortest text, as the row protocol sends them): the samples of `resources`
 * (`FOR_ACTIVITY`), heart rate summed per slot (`HEART_RATE_SLOTS`) and the workouts dated within the range.
 */
const ACTIVITY_INPUTS = `
  select
    (select coalesce(json_agg(a), '[]'::json) from (${FOR_ACTIVITY}) a) as samples,
    (select coalesce(json_agg(h), '[]'::json) from (${HEART_RATE_SLOTS}) h) as heart_rate,
    (select coalesce(json_agg(w), '[]'::json) from (${WORKOUTS}) w) as workouts`;

export interface ActivityInputsQuery {
  userId: string;
  provider: string;
  /** Resources read sample by sample (heart rate is summed per slot instead). */
  resources: readonly string[];
  /** Samples of `resources` starting in [from, to). */
  samplesFrom: Date;
  samplesTo: Date;
  /** Heart rate starting in [from, to), of the day slots only those of `heartRateDays` (see HeartRateSlotRow). */
  heartRateFrom: Date;
  heartRateTo: Date;
  heartRateDays: readonly number[];
  hasFallbackZone: boolean;
  /** Workouts dated within [from, to] (`YYYY-MM-DD`). */
  workoutsFrom: string;
  workoutsTo: string;
}

/** The parameters of `ACTIVITY_INPUTS` for `q`. */
function activityInputsBindings(q: ActivityInputsQuery): Knex.RawBinding[] {
  return [
    q.userId,
    q.userId,
    q.provider,
    [...q.resources],
    q.samplesFrom,
    q.samplesTo,
    ...heartRateSlotsBindings(
      q.userId,
      q.provider,
      q.hasFallbackZone,
      q.heartRateFrom,
      q.heartRateTo,
      q.heartRateDays,
    ),
    q.userId,
    q.provider,
    q.workoutsFrom,
    q.workoutsTo,
  ];
}

/**
 * `activityInputs(trx, q)` as a read that may run ahead (see run-ahead.ts), or undefined when it runs unnamed
 * (past the bound of named statements).
 */
export function activityInputsAhead(trx: Knex.Transaction, q: ActivityInputsQuery): RunAhead | undefined {
  const { name } = namedStatement(ACTIVITY_INPUTS);
  if (name === undefined) return undefined;
  const native = trx.raw(ACTIVITY_INPUTS, activityInputsBindings(q)).toSQL().toNative();
  return { key: {}, text: native.sql, values: native.bindings, name };
}

/**
 * The inputs of one provider's activity derivation; `ahead`: this very read (same `q`) as `activityInputsAhead`
 * made it, which the transaction's driver may have sent already.
 */
export async function activityInputs(
  trx: Knex.Transaction,
  q: ActivityInputsQuery,
  ahead?: RunAhead,
): Promise<ActivityInputs> {
  const { rows } = await trx
    .raw<{
      rows: Array<{
        samples: ActivitySampleRow[];
        heart_rate: HeartRateSlotRow[];
        workouts: ActivityWorkoutRow[];
      }>;
    }>(ACTIVITY_INPUTS, activityInputsBindings(q))
    .options(
      ahead
        ? { ...namedStatement(ACTIVITY_INPUTS), [RAN_AHEAD_OPTION]: ahead.key }
        : namedStatement(ACTIVITY_INPUTS),
    );
  const row = rows[0]!;
  return { samples: row.samples, heartRate: row.heart_rate, workouts: row.workouts };
}
