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

/** One sample in the per-slug shape of api-shapes §4.3 (point, interval, blood pressure + the slug's extras). */
export function renderSample(spec: TimeseriesSpec, row: StoredSample): WireSample {
  const offset = row.timezone_offset;
  const timestamp = formatDateTime(row.start_at, offset);
  const common = {
    id: null,
    timezone_offset: offset,
    type: row.type === '' ? null : row.type,
    unit: spec.unit,
    timestamp,
  };
  let sample: WireSample;
  switch (spec.shape) {
    case 'point':
      sample = { ...common, value: row.value ?? 0 };
      break;
    case 'interval':
      sample = {
        ...common,
        start: timestamp,
        end: formatDateTime(row.end_at ?? row.start_at, offset),
        value: spec.textValue ? (row.value_text ?? '') : (row.value ?? 0),
      };
      break;
    case 'blood_pressure':
      sample = { ...common, systolic: row.systolic ?? 0, diastolic: row.diastolic ?? 0 };
      break;
  }
  for (const extra of spec.extras ?? []) sample[extra] = row.extras?.[extra] ?? null;
  return sample;
}
