import type { SampleInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import { OURA_SOURCE } from './oura-api';
import { atOffset, offsetSecondsOf, parseInstant } from './oura-time';
import type { OuraSleep } from './oura-types';

/**
 * Oura sleep periods → `sleep` summaries, plus the night's hypnogram (from `sleep_phase_5_min`) and HRV
 * samples (from the 5-minute `hrv` series). Deleted periods and "rest" (a detection the person rejected)
 * are not sleep. Oura's phase codes (1 deep, 2 light, 3 REM, 4 awake) are the hypnogram's own codes.
 */

const SLEEP_TYPE: Record<string, 'long_sleep' | 'short_sleep' | 'unknown'> = {
  long_sleep: 'long_sleep',
  sleep: 'short_sleep',
  late_nap: 'short_sleep',
};
const EPOCH_S = 300;

export interface MappedSleep {
  summaries: SummaryInput[];
  timeseries: TimeseriesInput[];
}

export function mapOuraSleeps(sleeps: OuraSleep[]): MappedSleep {
  const summaries: SummaryInput[] = [];
  const hypnogram: SampleInput[] = [];
  const hrv: SampleInput[] = [];
  for (const s of sleeps) {
    if (s.type === 'deleted' || s.type === 'rest') continue;
    const start = parseInstant(s.bedtime_start);
    const end = parseInstant(s.bedtime_end);
    if (start === null || end === null || typeof s.id !== 'string') continue;
    const offset = offsetSecondsOf(s.bedtime_start);
    summaries.push(sleepSummary(s, offset));
    hypnogram.push(...hypnogramOf(s.sleep_phase_5_min, start, end, offset));
    if (s.hrv && Array.isArray(s.hrv.items))
      hrv.push(...seriesOf(s.hrv.items, s.hrv.timestamp, s.hrv.interval, offset));
  }
  const timeseries: TimeseriesInput[] = [];
  if (hypnogram.length > 0)
    timeseries.push({ resource: 'hypnogram', source: { ...OURA_SOURCE }, samples: hypnogram });
  if (hrv.length > 0) timeseries.push({ resource: 'hrv', source: { ...OURA_SOURCE }, samples: hrv });
  return { summaries, timeseries };
}

function sleepSummary(s: OuraSleep, offset: number | null): SummaryInput {
  const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    kind: 'sleep',
    source: { ...OURA_SOURCE },
    provider_id: s.id,
    timezone_offset: offset,
    fields: {
      bedtime_start: s.bedtime_start,
      bedtime_stop: s.bedtime_end,
      type: (s.type && SLEEP_TYPE[s.type]) ?? 'unknown',
      timezone_offset: offset,
      duration: num(s.time_in_bed) ?? 0,
      total: num(s.total_sleep_duration) ?? 0,
      awake: num(s.awake_time) ?? 0,
      light: num(s.light_sleep_duration) ?? 0,
      rem: num(s.rem_sleep_duration) ?? 0,
      deep: num(s.deep_sleep_duration) ?? 0,
      efficiency: num(s.efficiency),
      latency: num(s.latency),
      hr_lowest: num(s.lowest_heart_rate),
      hr_average: num(s.average_heart_rate),
      average_hrv: num(s.average_hrv),
      respiratory_rate: num(s.average_breath),
      recovery_readiness_score: num(s.readiness?.score),
      temperature_delta: num(s.readiness?.temperature_deviation),
      state: 'confirmed',
    },
  };
}

/** Runs of equal 5-minute phases as hypnogram intervals, clipped to the bedtime. */
function hypnogramOf(
  phases: string | null | undefined,
  start: number,
  end: number,
  offset: number | null,
): SampleInput[] {
  if (typeof phases !== 'string' || phases.length === 0) return [];
  const out: SampleInput[] = [];
  let runStart = 0;
  for (let i = 1; i <= phases.length; i += 1) {
    if (i < phases.length && phases[i] === phases[runStart]) continue;
    const code = Number(phases[runStart]);
    const from = start + runStart * EPOCH_S * 1000;
    const to = Math.min(end, start + i * EPOCH_S * 1000);
    if (code >= 1 && code <= 4 && to > from) {
      out.push({
        timestamp: atOffset(from, offset),
        end: atOffset(to, offset),
        timezone_offset: offset,
        value: code,
        unit: 'stage',
      });
    }
    runStart = i;
  }
  return out;
}

/** An Oura sample series (start + fixed interval, nulls where the ring lost contact) as point samples. */
export function seriesOf(
  items: (number | null)[],
  timestamp: string,
  intervalS: number,
  offset: number | null,
): SampleInput[] {
  const start = parseInstant(timestamp);
  if (start === null || !(intervalS > 0)) return [];
  const out: SampleInput[] = [];
  items.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return;
    out.push({
      timestamp: atOffset(start + i * intervalS * 1000, offset),
      timezone_offset: offset,
      value: v,
      unit: 'ms',
    });
  });
  return out;
}
