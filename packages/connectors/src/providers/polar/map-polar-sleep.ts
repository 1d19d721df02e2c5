import type { SampleInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import type { PolarNightlyRecharge } from './polar-api-types';
import { clockEntries, optionalNumber, polarRecord, polarString } from './polar-payload';
import { clockInNight, isoAt, localToInstant, parseZoned, type Instant } from './polar-time';
import { ProviderResponseError } from '../../errors';

/**
 * A Polar night (Sleep Plus Stages `GET /v3/users/sleep`) plus its Nightly Recharge (same `date`) →
 * one sleep summary, its hypnogram, and the in-night heart rate, HRV (RMSSD) and breathing samples.
 */

export const POLAR_SOURCE = { provider: 'polar', type: 'watch' } as const;

/** Polar hypnogram codes → Meridian's (1 deep, 2 light, 3 rem, 4 awake, -1 missing). */
const STAGES: Record<number, number> = { 0: 4, 1: 3, 2: 2, 3: 2, 4: 1, 5: -1 };

export interface PolarSleepMapping {
  summaries: SummaryInput[];
  timeseries: TimeseriesInput[];
}

export function mapPolarNight(rawNight: unknown, recharge: PolarNightlyRecharge | null): PolarSleepMapping {
  const night = polarRecord(rawNight, 'sleep night');
  const date = polarString(night, 'date', 'sleep night');
  const start = parseZoned(polarString(night, 'sleep_start_time', 'sleep night'));
  const end = parseZoned(polarString(night, 'sleep_end_time', 'sleep night'));
  if (!start || !end) throw new ProviderResponseError('Polar sleep night has unreadable start or end times');

  const light = optionalNumber(night.light_sleep);
  const deep = optionalNumber(night.deep_sleep);
  const rem = optionalNumber(night.rem_sleep);
  const total =
    light !== undefined || deep !== undefined || rem !== undefined
      ? (light ?? 0) + (deep ?? 0) + (rem ?? 0)
      : undefined;
  const heartRate = clockEntries(night.heart_rate_samples).map(([clock, bpm]) => ({
    at: clockInNight(start, clock),
    bpm,
  }));
  const durationS = Math.round((end.ms - start.ms) / 1000);

  const fields: Record<string, unknown> = {
    bedtime_start: isoAt(start),
    bedtime_stop: isoAt(end),
    light,
    deep,
    rem,
    awake: optionalNumber(night.total_interruption_duration),
    total,
    score: optionalNumber(night.sleep_score),
    efficiency:
      total !== undefined && durationS > 0 ? Math.round((total / durationS) * 1000) / 10 : undefined,
    hr_lowest: heartRate.length > 0 ? Math.min(...heartRate.map((h) => h.bpm)) : undefined,
    hr_average: optionalNumber(recharge?.heart_rate_avg),
    average_hrv: optionalNumber(recharge?.heart_rate_variability_avg),
    respiratory_rate: optionalNumber(recharge?.breathing_rate_avg),
  };
  const summary: SummaryInput = {
    kind: 'sleep',
    source: POLAR_SOURCE,
    // Polar keys a night by its date (one Sleep Plus Stages result per night).
    provider_id: date,
    timezone_offset: start.offset,
    fields,
  };
  const timeseries: TimeseriesInput[] = [
    { resource: 'hypnogram', source: POLAR_SOURCE, samples: hypnogram(night.hypnogram, start, end) },
    {
      resource: 'heartrate',
      source: POLAR_SOURCE,
      samples: heartRate.map((h) => point(h.at, h.bpm, 'bpm')),
    },
  ];
  if (recharge) timeseries.push(...rechargeSeries(recharge, start));
  return { summaries: [summary], timeseries: timeseries.filter((t) => t.samples.length > 0) };
}

/** Nightly Recharge samples; anchored at the night's start when known, else the evening before `date`. */
export function rechargeSeries(
  recharge: PolarNightlyRecharge,
  nightStart: Instant | null,
): TimeseriesInput[] {
  const anchor = nightStart ?? localToInstant(`${addDays(recharge.date, -1)}T12:00:00`, { offset: null });
  if (!anchor) return [];
  const series = (resource: string, values: unknown, unit: string): TimeseriesInput => ({
    resource,
    source: POLAR_SOURCE,
    samples: clockEntries(values).map(([clock, v]) => point(clockInNight(anchor, clock), v, unit)),
  });
  return [
    series('hrv', recharge.hrv_samples, 'ms'),
    series('respiratory_rate', recharge.breathing_samples, 'bpm'),
  ];
}

function hypnogram(raw: unknown, start: Instant, end: Instant): SampleInput[] {
  const marks = clockEntries(raw)
    .map(([clock, code]) => ({ at: clockInNight(start, clock), stage: STAGES[code] ?? -1 }))
    .filter((m) => m.at.ms >= start.ms && m.at.ms < end.ms)
    .sort((a, b) => a.at.ms - b.at.ms);
  return marks
    .map((m, i) => ({ m, until: marks[i + 1]?.at ?? end }))
    .filter(({ m, until }) => until.ms > m.at.ms)
    .map(({ m, until }) => ({
      timestamp: isoAt(m.at),
      end: isoAt(until),
      timezone_offset: m.at.offset,
      value: m.stage,
    }));
}

function point(at: Instant, value: number, unit: string): SampleInput {
  return { timestamp: isoAt(at), timezone_offset: at.offset, value, unit };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
