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
    let ms = utcSecondsInstant(timestamp) ?? isoDateTimeMs(timestamp);
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

const digit = (text: string, at: number) => {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
};
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Epoch milliseconds of the form Oura's heart rate comes in, `YYYY-MM-DDTHH:MM:SS+00:00` (a valid calendar
 * date and time, year 1000 on), read without a regular expression; undefined for any other text, which the
 * general ISO 8601 reader then handles.
 */
export function utcSecondsInstant(text: string): number | undefined {
  if (text.length !== 25 || !text.endsWith('+00:00')) return undefined;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':')
    return undefined;
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (!(year >= 1000 && month >= 1 && month <= 12 && hour <= 23 && minute <= 59 && second <= 59))
    return undefined;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (!(day >= 1 && day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0))) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}
