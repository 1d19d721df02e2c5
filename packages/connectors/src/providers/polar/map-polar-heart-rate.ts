import type { TimeseriesInput } from '@meridian/ingestion';
import { POLAR_SOURCE } from './map-polar-sleep';
import { polarList, polarNumber, polarRecord, polarString } from './polar-payload';
import { isoAt, localToInstant } from './polar-time';

/**
 * Continuous heart rate of one day (`GET /v3/users/continuous-heart-rate/{date}`): `sample_time` is
 * local wall clock without an offset, so the user's fallback zone places it (UTC, offset unknown, without).
 */
export function mapPolarContinuousHeartRate(
  raw: unknown,
  zone: string | null,
  window: { start: Date; end: Date },
): TimeseriesInput[] {
  const day = polarRecord(raw, 'continuous heart rate');
  const date = polarString(day, 'date', 'continuous heart rate');
  const samples = polarList(day.heart_rate_samples, 'continuous heart rate samples').flatMap((s) => {
    const sample = polarRecord(s, 'heart rate sample');
    const at = localToInstant(`${date}T${polarString(sample, 'sample_time', 'heart rate sample')}`, { zone });
    if (!at || at.ms < window.start.getTime() || at.ms >= window.end.getTime()) return [];
    return [
      {
        timestamp: isoAt(at),
        timezone_offset: at.offset,
        value: polarNumber(sample, 'heart_rate', 'heart rate sample'),
        unit: 'bpm',
      },
    ];
  });
  return samples.length > 0 ? [{ resource: 'heartrate', source: POLAR_SOURCE, samples }] : [];
}
