import { isoDateTimeMs } from '@meridian/domain';
import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import { OURA_SOURCE } from './oura-api';
import { parseInstant } from './oura-time';
import type { OuraHeartRateRow } from './oura-types';

/**
 * Oura heart-rate rows → `heartrate` samples (bpm). Rows outside [start, end) are left to the window
 * that owns them, so every sample is fetched by exactly one window. Oura's timestamps are UTC: they say
 * nothing of the wearer's zone, so the samples carry no offset. A timestamp ingestion reads as it is
 * (`2024-03-01T07:05:00+00:00`) is passed on unchanged; any other form Oura might send is rewritten.
 */
export function mapOuraHeartRate(rows: OuraHeartRateRow[], start: Date, end: Date): TimeseriesInput[] {
  const from = start.getTime();
  const to = end.getTime();
  const samples: SampleInput[] = [];
  for (const row of rows) {
    if (typeof row.timestamp !== 'string' || typeof row.bpm !== 'number') continue;
    let timestamp: string = row.timestamp;
    let ms = isoDateTimeMs(timestamp);
    if (ms === null) {
      ms = parseInstant(timestamp);
      if (ms === null) continue;
      timestamp = new Date(ms).toISOString();
    }
    if (ms < from || ms >= to) continue;
    samples.push({ timestamp, value: row.bpm, unit: 'bpm' });
  }
  return samples.length > 0 ? [{ resource: 'heartrate', source: { ...OURA_SOURCE }, samples }] : [];
}
