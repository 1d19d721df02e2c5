import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import {
  GARMIN_SOURCE,
  garminNumber,
  garminRecord,
  garminStart,
  garminTime,
  optionalNumber,
} from './garmin-payload';

/** 15-minute epochs (`epochs`) → steps, distance and active calories as intervals; empty epochs are skipped. */
export function mapGarminEpochs(items: unknown[]): TimeseriesInput[] {
  const steps: SampleInput[] = [];
  const distance: SampleInput[] = [];
  const calories: SampleInput[] = [];
  for (const raw of items) {
    const epoch = garminRecord(raw, 'epoch');
    const { seconds, offset } = garminStart(epoch, 'epoch');
    const duration = garminNumber(epoch, 'durationInSeconds', 'epoch');
    if (duration <= 0) continue;
    const span = (value: number | undefined, unit: string, into: SampleInput[]) => {
      if (value === undefined || value <= 0) return;
      into.push({
        timestamp: garminTime(seconds, offset),
        end: garminTime(seconds + duration, offset),
        timezone_offset: offset,
        value,
        unit,
      });
    };
    span(optionalNumber(epoch.steps), 'count', steps);
    span(optionalNumber(epoch.distanceInMeters), 'm', distance);
    span(optionalNumber(epoch.activeKilocalories), 'kcal', calories);
  }
  const series: TimeseriesInput[] = [
    { resource: 'steps', source: GARMIN_SOURCE, samples: steps },
    { resource: 'distance', source: GARMIN_SOURCE, samples: distance },
    { resource: 'calories_active', source: GARMIN_SOURCE, samples: calories },
  ];
  return series.filter((s) => s.samples.length > 0);
}
