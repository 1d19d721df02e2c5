import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';

/**
 * LibreLinkUp glucose readings → `glucose` samples. `FactoryTimestamp` is UTC, `Timestamp` the phone's local
 * time, both `M/D/YYYY h:mm:ss AM`; their difference (to the quarter hour) is the local offset. Values are
 * taken in mg/dL (`ValueInMgPerDl`), whatever unit the person displays.
 */

const LLU_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) (AM|PM)$/i;

/** The written time as if it were UTC (epoch ms), or null. */
export function parseLluTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = LLU_TIME.exec(text.trim());
  if (!m) return null;
  const [, mo, d, y, h, mi, s, ampm] = m;
  const hour12 = Number(h);
  if (hour12 < 1 || hour12 > 12) return null;
  const hour = (hour12 % 12) + (ampm!.toUpperCase() === 'PM' ? 12 : 0);
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s));
  return new Date(ms).getUTCDate() === Number(d) ? ms : null;
}

const QUARTER_HOUR_S = 900;

function sampleOf(reading: unknown, window: { start: Date; end: Date }): SampleInput | null {
  const r = reading as { FactoryTimestamp?: unknown; Timestamp?: unknown; ValueInMgPerDl?: unknown } | null;
  const utc = parseLluTime(r?.FactoryTimestamp);
  const value = r?.ValueInMgPerDl;
  if (utc === null || typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (utc < window.start.getTime() || utc >= window.end.getTime()) return null;
  const local = parseLluTime(r?.Timestamp);
  const offset = local === null ? null : Math.round((local - utc) / 1000 / QUARTER_HOUR_S) * QUARTER_HOUR_S;
  return {
    timestamp: new Date(utc).toISOString(),
    timezone_offset: offset !== null && Math.abs(offset) <= 18 * 3600 ? offset : null,
    value,
    unit: 'mg/dL',
  };
}

/** The 15-minute history (`graphData`) and the latest reading (`connection.glucoseMeasurement`). */
export function mapGraph(
  provider: string,
  graph: Record<string, unknown>,
  window: { start: Date; end: Date },
): TimeseriesInput[] {
  const history = Array.isArray(graph.graphData) ? graph.graphData : [];
  const latest = (graph.connection as { glucoseMeasurement?: unknown } | undefined)?.glucoseMeasurement;
  const byTime = new Map<string, SampleInput>();
  for (const reading of [...history, latest]) {
    const s = sampleOf(reading, window);
    if (s) byTime.set(s.timestamp, s);
  }
  const samples = [...byTime.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  // The sensor reads by itself: the `automatic` source type (scans would be `manual_scan`).
  return samples.length > 0
    ? [{ resource: 'glucose', source: { provider, type: 'automatic' }, samples }]
    : [];
}
