import type { SampleInput } from '@meridian/ingestion';
import { ProviderResponseError } from '../../errors';
import { localInstant, wireTime } from './fitbit-time';
import type { FitbitIntraday, FitbitIntradayPoint } from './fitbit-types';

/**
 * Fitbit intraday datasets (`activities-<resource>-intraday.dataset`, one point a minute, local `time` of
 * the requested date) → samples in [start, end). Steps and distance become minute intervals (zero
 * minutes are left out: Fitbit lists every minute of the day); heart rate becomes points.
 */

export function intradayDataset(body: FitbitIntraday, resource: string): FitbitIntradayPoint[] {
  const intraday = body[`activities-${resource}-intraday`] as { dataset?: unknown } | undefined;
  if (!intraday || !Array.isArray(intraday.dataset))
    throw new ProviderResponseError(`Fitbit ${resource} intraday answer without a dataset`);
  return intraday.dataset.filter(
    (p): p is FitbitIntradayPoint =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as FitbitIntradayPoint).time === 'string' &&
      typeof (p as FitbitIntradayPoint).value === 'number',
  );
}

export interface MinuteWindow {
  date: string;
  zone: string;
  start: Date;
  end: Date;
}

export function intradaySamples(
  points: FitbitIntradayPoint[],
  w: MinuteWindow,
  shape: { interval: boolean; unit: string; skipZero: boolean },
): SampleInput[] {
  const out: SampleInput[] = [];
  for (const p of points) {
    if (shape.skipZero && p.value === 0) continue;
    const at = localInstant(`${w.date}T${p.time}`, w.zone);
    if (!at || at.ms < w.start.getTime() || at.ms >= w.end.getTime()) continue;
    out.push({
      timestamp: wireTime(at.ms, at.offset),
      ...(shape.interval ? { end: wireTime(at.ms + 60_000, at.offset) } : {}),
      timezone_offset: at.offset,
      value: p.value,
      unit: shape.unit,
    });
  }
  return out;
}
