import type { SampleExtra, TimeseriesSpec } from '@meridian/domain';
import { formatDateTime } from './format-date-time';

/** The stored columns of one sample (as the `timeseries_samples` view decodes a `samples` row) that its wire shape needs. */
export interface StoredSample {
  start_at: Date;
  end_at: Date | null;
  timezone_offset: number | null;
  /** '' when the sample has no type. */
  type: string;
  value: number | null;
  value_text: string | null;
  systolic: number | null;
  diastolic: number | null;
  extras: Partial<Record<SampleExtra, unknown>> | null;
}

interface WireSampleCommon {
  /** Deprecated; always null. */
  id: null;
  timezone_offset: number | null;
  type: string | null;
  unit: string;
  timestamp: string;
  [extra: string]: unknown;
}

export interface WirePointSample extends WireSampleCommon {
  value: number;
}

export interface WireIntervalSample extends WireSampleCommon {
  start: string;
  end: string;
  value: number | string;
}

export interface WireBloodPressureSample extends WireSampleCommon {
  systolic: number;
  diastolic: number;
}

export type WireSample = WirePointSample | WireIntervalSample | WireBloodPressureSample;

/**
 * One sample in the per-slug shape of api-shapes §4.3 (point, interval, blood pressure + the slug's extras).
 * Instants may come as Dates (stored rows) or epoch milliseconds (a batch's samples, for its data events).
 */
export function renderSample(
  spec: TimeseriesSpec,
  row: Omit<StoredSample, 'start_at' | 'end_at'> & { start_at: Date | number; end_at: Date | number | null },
): WireSample {
  const offset = row.timezone_offset;
  const timestamp = formatDateTime(row.start_at, offset);
  const type = row.type === '' ? null : row.type;
  // One object literal per shape (keys in the wire order), not a common part spread into each.
  let sample: WireSample;
  switch (spec.shape) {
    case 'point':
      sample = { id: null, timezone_offset: offset, type, unit: spec.unit, timestamp, value: row.value ?? 0 };
      break;
    case 'interval':
      sample = {
        id: null,
        timezone_offset: offset,
        type,
        unit: spec.unit,
        timestamp,
        start: timestamp,
        end: formatDateTime(row.end_at ?? row.start_at, offset),
        value: spec.textValue ? (row.value_text ?? '') : (row.value ?? 0),
      };
      break;
    case 'blood_pressure':
      sample = {
        id: null,
        timezone_offset: offset,
        type,
        unit: spec.unit,
        timestamp,
        systolic: row.systolic ?? 0,
        diastolic: row.diastolic ?? 0,
      };
      break;
  }
  const extras = spec.extras;
  if (extras) for (const extra of extras) sample[extra] = row.extras?.[extra] ?? null;
  return sample;
}
