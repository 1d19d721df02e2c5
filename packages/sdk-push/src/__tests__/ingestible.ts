import { zoneOffsetSeconds } from '@meridian/domain';
import { normaliseBatch } from '../../../ingestion/src/validation/normalise-batch';
import { mapNativeResource } from '../map-native-resource';
import type { MapContext, MapResult, MobileProvider } from '../types';

/** Test helpers: map one entry, and run what came out through ingestion's own validation. */
export const DEVICE_ID = '5f0c1e2a-3b4c-4d5e-8f60-718293a4b5c6';
const USER_ID = '0b6f7c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d';

export function ctx(over: Partial<MapContext> = {}): MapContext {
  return { resourceIndex: 0, deviceId: DEVICE_ID, fallbackTimeZone: null, perDeviceActivity: false, ...over };
}

export function map(
  provider: MobileProvider,
  resource: string,
  records: unknown[],
  over: Partial<MapContext> = {},
): MapResult {
  return mapNativeResource(provider, { resource, records }, ctx(over));
}

export type Mapped = Extract<MapResult, { ok: true }>;

/** Maps and expects success; the inputs must pass ingestion's validation unchanged. */
export function mapOk(
  provider: MobileProvider,
  resource: string,
  records: unknown[],
  over: Partial<MapContext> = {},
): Mapped {
  const result = map(provider, resource, records, over);
  if (!result.ok) throw new Error(`Expected success, got issues: ${JSON.stringify(result.issues, null, 1)}`);
  normaliseBatch(
    {
      mode: 'daily',
      timeseries: result.timeseries,
      summaries: result.summaries,
      workoutStreams: result.workoutStreams,
    },
    {
      userId: USER_ID,
      fallbackZone: null,
      now: new Date('2026-06-01T00:00:00Z'),
      zoneOffsets: zoneOffsetSeconds,
    },
  );
  return result;
}

/** Maps and expects refusal; returns the issues. */
export function mapIssues(
  provider: MobileProvider,
  resource: string,
  records: unknown[],
  over: Partial<MapContext> = {},
) {
  const result = map(provider, resource, records, over);
  if (result.ok) throw new Error(`Expected issues, got success: ${JSON.stringify(result).slice(0, 500)}`);
  return result.issues;
}

/**
 * Every sample of every series, flattened with its source; `timestamp` and `end` as UTC ISO strings (the
 * mapper passes a received date-time text on as it is; ingestion reads the instant).
 */
export function samples(result: Mapped) {
  const utc = (text: string) => new Date(Date.parse(text)).toISOString();
  return result.timeseries.flatMap((t) =>
    t.samples.map((s) => ({
      resource: t.resource,
      source: t.source,
      ...s,
      timestamp: utc(s.timestamp),
      ...(typeof s.end === 'string' ? { end: utc(s.end) } : {}),
    })),
  );
}
