import type { SampleInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import {
  GARMIN_SOURCE,
  garminNumber,
  garminRecord,
  garminStart,
  garminString,
  garminTime,
  optionalNumber,
} from './garmin-payload';

/**
 * A sleep summary (`sleeps`) → a sleep summary and its hypnogram from `sleepLevelsMap`. The span is
 * `startTimeInSeconds` + `durationInSeconds`; `startTimeOffsetInSeconds` is the local offset (the night's
 * own, which may differ from today's after travel), kept as the summary's `timezone_offset`.
 */

const STAGES: Record<string, number> = { deep: 1, light: 2, rem: 3, awake: 4 };
/** `validation` values still subject to change (Garmin finalises a night later). */
const TENTATIVE = new Set(['AUTO_TENTATIVE', 'ENHANCED_TENTATIVE']);

export function mapGarminSleep(raw: unknown): { summary: SummaryInput; hypnogram: TimeseriesInput | null } {
  const sleep = garminRecord(raw, 'sleep summary');
  const { seconds, offset } = garminStart(sleep, 'sleep summary');
  const duration = garminNumber(sleep, 'durationInSeconds', 'sleep summary');
  const deep = optionalNumber(sleep.deepSleepDurationInSeconds);
  const light = optionalNumber(sleep.lightSleepDurationInSeconds);
  const rem = optionalNumber(sleep.remSleepInSeconds);
  const score =
    typeof sleep.overallSleepScore === 'object' && sleep.overallSleepScore !== null
      ? optionalNumber((sleep.overallSleepScore as Record<string, unknown>).value)
      : undefined;
  const validation = typeof sleep.validation === 'string' ? sleep.validation : null;
  const summary: SummaryInput = {
    kind: 'sleep',
    source: GARMIN_SOURCE,
    provider_id: garminString(sleep, 'summaryId', 'sleep summary'),
    timezone_offset: offset,
    fields: {
      bedtime_start: garminTime(seconds, offset),
      bedtime_stop: garminTime(seconds + duration, offset),
      duration,
      deep,
      light,
      rem,
      awake: optionalNumber(sleep.awakeDurationInSeconds),
      total:
        deep !== undefined || light !== undefined || rem !== undefined
          ? (deep ?? 0) + (light ?? 0) + (rem ?? 0)
          : undefined,
      score,
      state: validation === null ? undefined : TENTATIVE.has(validation) ? 'tentative' : 'confirmed',
    },
  };
  return { summary, hypnogram: hypnogramOf(sleep.sleepLevelsMap, offset) };
}

function hypnogramOf(levels: unknown, offset: number): TimeseriesInput | null {
  if (typeof levels !== 'object' || levels === null) return null;
  const samples: SampleInput[] = [];
  for (const [level, spans] of Object.entries(levels as Record<string, unknown>)) {
    const stage = STAGES[level];
    if (stage === undefined || !Array.isArray(spans)) continue;
    for (const span of spans) {
      const s = garminRecord(span, 'sleep level');
      const from = garminNumber(s, 'startTimeInSeconds', 'sleep level');
      const to = garminNumber(s, 'endTimeInSeconds', 'sleep level');
      if (to <= from) continue;
      samples.push({
        timestamp: garminTime(from, offset),
        end: garminTime(to, offset),
        timezone_offset: offset,
        value: stage,
      });
    }
  }
  samples.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return samples.length > 0 ? { resource: 'hypnogram', source: GARMIN_SOURCE, samples } : null;
}
