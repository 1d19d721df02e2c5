import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import { GARMIN_SOURCE, garminRecord, garminStart, garminTime, optionalNumber } from './garmin-payload';

/**
 * A daily summary (`dailies`) → heart rate (`timeOffsetHeartRateSamples`: seconds after the day's start →
 * bpm), the resting heart rate (type `resting`), basal calories, floors and the day's average stress, as
 * points at the day's start. Steps, distance and active calories come from the 15-minute epochs instead:
 * the day's totals would start at the same instant as the first epoch and overwrite it.
 */
export function mapGarminDaily(raw: unknown): TimeseriesInput[] {
  const daily = garminRecord(raw, 'daily summary');
  const { seconds, offset } = garminStart(daily, 'daily summary');
  const atStart = (value: number | undefined, unit: string, type?: string): SampleInput[] =>
    value === undefined
      ? []
      : [
          {
            timestamp: garminTime(seconds, offset),
            timezone_offset: offset,
            value,
            unit,
            ...(type ? { type } : {}),
          },
        ];
  const hrSamples = Object.entries(
    typeof daily.timeOffsetHeartRateSamples === 'object' && daily.timeOffsetHeartRateSamples !== null
      ? (daily.timeOffsetHeartRateSamples as Record<string, unknown>)
      : {},
  ).flatMap(([after, bpm]): SampleInput[] =>
    /^\d+$/.test(after) && typeof bpm === 'number' && bpm > 0
      ? [
          {
            timestamp: garminTime(seconds + Number(after), offset),
            timezone_offset: offset,
            value: bpm,
            unit: 'bpm',
          },
        ]
      : [],
  );
  const stress = optionalNumber(daily.averageStressLevel);
  const series: TimeseriesInput[] = [
    {
      resource: 'heartrate',
      source: GARMIN_SOURCE,
      samples: [
        ...hrSamples,
        ...atStart(optionalNumber(daily.restingHeartRateInBeatsPerMinute), 'bpm', 'resting'),
      ],
    },
    {
      resource: 'calories_basal',
      source: GARMIN_SOURCE,
      samples: atStart(optionalNumber(daily.bmrKilocalories), 'kcal'),
    },
    {
      resource: 'floors_climbed',
      source: GARMIN_SOURCE,
      samples: atStart(optionalNumber(daily.floorsClimbed), 'count'),
    },
    // Garmin writes -1 (and -2) for "not enough data"; only 0–100 is a stress level.
    {
      resource: 'stress_level',
      source: GARMIN_SOURCE,
      samples: stress !== undefined && stress >= 0 ? atStart(stress, '%') : [],
    },
  ];
  return series.filter((s) => s.samples.length > 0);
}
