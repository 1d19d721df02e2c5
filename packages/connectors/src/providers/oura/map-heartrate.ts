import type { TimeseriesInput } from '@meridian/ingestion';
import { OURA_SOURCE } from './oura-api';
import { parseInstant } from './oura-time';
import type { OuraHeartRateRow } from './oura-types';

/**
 * Oura heart-rate rows → `heartrate` samples (bpm). Rows outside [start, end) are left to the window
 * that owns them, so every sample is fetched by exactly one window. Oura's timestamps are UTC: they say
 * nothing of the wearer's zone, so the samples carry no offset.
 */
export function mapOuraHeartRate(rows: OuraHeartRateRow[], start: Date, end: Date): TimeseriesInput[] {
  const samples = [];
  for (const row of rows) {
    const ms = typeof row.timestamp === 'string' ? parseInstant(row.timestamp) : null;
    if (ms === null || typeof row.bpm !== 'number') continue;
    if (ms < start.getTime() || ms >= end.getTime()) continue;
    samples.push({ timestamp: new Date(ms).toISOString(), value: row.bpm, unit: 'bpm' });
  }
  return samples.length > 0 ? [{ resource: 'heartrate', source: { ...OURA_SOURCE }, samples }] : [];
}
