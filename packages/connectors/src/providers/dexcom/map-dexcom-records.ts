import type { SampleInput, SourceInput, TimeseriesInput } from '@meridian/ingestion';
import { ProviderResponseError } from '../../errors';
import { localOffsetSeconds, systemInstant } from './dexcom-time';

/**
 * Dexcom v3 records → ingestion inputs. EGVs become `glucose` samples in the unit Dexcom states (ingestion
 * converts mg/dL to mmol/L); `carbs` events become `carbohydrates`, `insulin` events `insulin_injection`.
 * Records are kept only inside the requested window [start, end): Dexcom's window bounds are inclusive.
 */

export const DEXCOM = 'dexcom_v3';

export interface DexcomEnvelope {
  recordType?: unknown;
  userId?: unknown;
  records?: unknown;
}

type DexcomRecord = Record<string, unknown>;

/** The `records` array of a v3 response; anything else is a response we cannot read. */
export function recordsOf(body: unknown): DexcomRecord[] {
  const records = (body as DexcomEnvelope | null)?.records;
  if (!Array.isArray(records)) throw new ProviderResponseError('Dexcom answered without a records array');
  return records.filter((r): r is DexcomRecord => typeof r === 'object' && r !== null);
}

interface Timed {
  timestamp: string;
  ms: number;
  timezone_offset: number | null;
}

function timing(record: DexcomRecord, window: { start: Date; end: Date }): Timed | null {
  const ms = systemInstant(record.systemTime);
  if (ms === null || ms < window.start.getTime() || ms >= window.end.getTime()) return null;
  return {
    timestamp: new Date(ms).toISOString(),
    ms,
    timezone_offset: localOffsetSeconds(ms, record.displayTime),
  };
}

function numeric(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export function mapEgvs(records: DexcomRecord[], window: { start: Date; end: Date }): TimeseriesInput[] {
  const samples: SampleInput[] = [];
  for (const r of records) {
    const t = timing(r, window);
    const value = numeric(r.value);
    if (t === null || value === null) continue;
    samples.push({
      timestamp: t.timestamp,
      timezone_offset: t.timezone_offset,
      value,
      // EGVs are integers in mg/dL (mmol/L is a display preference); an `unknown` unit is read as mg/dL.
      unit: r.unit === 'mmol/L' ? 'mmol/L' : 'mg/dL',
    });
  }
  // A CGM reads on its own schedule, without a person's action: the `automatic` source type.
  return samples.length > 0
    ? [{ resource: 'glucose', source: { provider: DEXCOM, type: 'automatic' }, samples }]
    : [];
}

/** A logged event has no duration; it is stored as the minute that starts at it. */
const EVENT_SPAN_MS = 60_000;

const INSULIN_TYPES: Record<string, { type: string; delivery_mode: string }> = {
  fastActing: { type: 'rapid_acting', delivery_mode: 'bolus' },
  longActing: { type: 'long_acting', delivery_mode: 'basal' },
};

export function mapEvents(records: DexcomRecord[], window: { start: Date; end: Date }): TimeseriesInput[] {
  const byKey = new Map<string, TimeseriesInput>();
  const add = (resource: string, source: SourceInput, sample: SampleInput) => {
    const key = `${resource}|${source.type ?? ''}`;
    let series = byKey.get(key);
    if (!series) byKey.set(key, (series = { resource, source, samples: [] }));
    series.samples.push(sample);
  };
  for (const r of records) {
    // A deleted entry is reported with eventStatus "deleted"; it is not health data any more.
    if (r.eventStatus === 'deleted') continue;
    const t = timing(r, window);
    const value = numeric(r.value);
    if (t === null || value === null || value < 0) continue;
    const base = {
      timestamp: t.timestamp,
      end: new Date(t.ms + EVENT_SPAN_MS).toISOString(),
      timezone_offset: t.timezone_offset,
    };
    // Entries made in the phone app are `app`; a receiver's entries have no better source type.
    const fromApp = r.displayDevice === 'iOS' || r.displayDevice === 'android';
    const source: SourceInput = { provider: DEXCOM, type: fromApp ? 'app' : 'unknown' };
    if (r.eventType === 'carbs' && (r.unit === 'grams' || r.unit === null || r.unit === undefined)) {
      add('carbohydrates', source, { ...base, value, unit: 'g' });
    } else if (
      r.eventType === 'insulin' &&
      typeof r.eventSubType === 'string' &&
      INSULIN_TYPES[r.eventSubType]
    ) {
      // Insulin without a known kind cannot be stored: the kind is part of the sample's identity.
      const kind = INSULIN_TYPES[r.eventSubType]!;
      add('insulin_injection', source, {
        ...base,
        value,
        unit: 'unit',
        type: kind.type,
        delivery_mode: kind.delivery_mode,
      });
    }
    // exercise, health, bloodGlucose and notes events have no Meridian resource yet.
  }
  return [...byKey.values()];
}
