import type { SampleInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import { FITBIT_SOURCE } from './fitbit-api';
import { localInstant, wireTime } from './fitbit-time';
import type { FitbitSleepLog } from './fitbit-types';

/**
 * Fitbit sleep logs (API 1.2) → `sleep` summaries and hypnogram intervals. Stage logs give deep/light/REM/
 * wake minutes; classic logs (short or older sleeps) only asleep/restless/awake, counted as light and
 * awake. The main sleep is a long sleep; other logs are short sleeps (naps). Times are local to `zone`.
 */

const STAGE_CODE: Record<string, number> = {
  deep: 1,
  light: 2,
  rem: 3,
  wake: 4,
  asleep: 2,
  restless: 2,
  awake: 4,
};

export function mapFitbitSleeps(logs: FitbitSleepLog[], zone: string, start: Date, end: Date) {
  const summaries: SummaryInput[] = [];
  const hypnogram: SampleInput[] = [];
  for (const log of logs) {
    const from = localInstant(log.startTime?.slice(0, 23) ?? '', zone);
    const to = localInstant(log.endTime?.slice(0, 23) ?? '', zone);
    if (!from || !to || typeof log.logId !== 'number') continue;
    // A sleep belongs to the window its end falls in, so it is fetched by exactly one window.
    if (to.ms < start.getTime() || to.ms >= end.getTime()) continue;
    summaries.push(summaryOf(log, from, to));
    for (const level of log.levels?.data ?? []) {
      const code = STAGE_CODE[level.level];
      const at = localInstant(level.dateTime?.slice(0, 23) ?? '', zone);
      if (code === undefined || !at || !(level.seconds > 0)) continue;
      hypnogram.push({
        timestamp: wireTime(at.ms, at.offset),
        end: wireTime(at.ms + level.seconds * 1000, at.offset),
        timezone_offset: at.offset,
        value: code,
        unit: 'stage',
      });
    }
  }
  const timeseries: TimeseriesInput[] =
    hypnogram.length > 0 ? [{ resource: 'hypnogram', source: { ...FITBIT_SOURCE }, samples: hypnogram }] : [];
  return { summaries, timeseries };
}

function summaryOf(
  log: FitbitSleepLog,
  from: { ms: number; offset: number },
  to: { ms: number; offset: number },
): SummaryInput {
  const minutes = (stage: string) => (log.levels?.summary?.[stage]?.minutes ?? 0) * 60;
  const stages = log.type !== 'classic';
  const durationS = Math.round((typeof log.duration === 'number' ? log.duration : to.ms - from.ms) / 1000);
  const awake = stages ? minutes('wake') : (log.minutesAwake ?? 0) * 60;
  return {
    kind: 'sleep',
    source: { ...FITBIT_SOURCE },
    provider_id: String(log.logId),
    timezone_offset: from.offset,
    fields: {
      bedtime_start: wireTime(from.ms, from.offset),
      bedtime_stop: wireTime(to.ms, to.offset),
      type: log.isMainSleep ? 'long_sleep' : 'short_sleep',
      timezone_offset: from.offset,
      duration: durationS,
      total: (log.minutesAsleep ?? 0) * 60,
      awake,
      light: stages ? minutes('light') : (log.minutesAsleep ?? 0) * 60,
      rem: stages ? minutes('rem') : 0,
      deep: stages ? minutes('deep') : 0,
      efficiency: typeof log.efficiency === 'number' ? log.efficiency : null,
      latency: typeof log.minutesToFallAsleep === 'number' ? log.minutesToFallAsleep * 60 : null,
      state: 'confirmed',
    },
  };
}
