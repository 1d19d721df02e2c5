import type { SampleInput, SourceInput } from '@meridian/ingestion';
import type { MapContext, MobileProvider } from '../types';
import type { Issues, Loc } from './issues';
import { iso } from './local-time';
import { specOf } from './measure';
import type { Output } from './output';
import { isRecord, RecordReader } from './read';

/** Everything a resource mapper needs: where records sit in the request, and where inputs go. */
export interface MapEnv {
  provider: MobileProvider;
  resource: string;
  ctx: MapContext;
  issues: Issues;
  out: Output;
}

export type ResourceMapper = (records: readonly unknown[], env: MapEnv) => void;

export function recordLoc(env: MapEnv, j: number): Loc {
  return ['body', 'resources', env.ctx.resourceIndex, 'records', j];
}

/** Calls `fn` with a reader per record; a record that is not an object is an issue. */
export function eachRecord(
  records: readonly unknown[],
  env: MapEnv,
  fn: (reader: RecordReader, j: number) => void,
): void {
  for (let j = 0; j < records.length && !env.issues.full && !env.out.overflow; j++) {
    const raw = records[j];
    if (!isRecord(raw)) {
      env.issues.add(recordLoc(env, j), 'Input should be a valid dictionary (a native record)', 'dict_type');
      continue;
    }
    fn(new RecordReader(raw, recordLoc(env, j), env.issues), j);
  }
}

/** Instantaneous records on interval resources get this span (ingestion needs end > start). */
export const INSTANT_SPAN_MS = 1000;

export interface SampleParts {
  startMs: number;
  /** The start as received, when it was ISO 8601 text (saves formatting it again). */
  startText?: string | null;
  endMs?: number | null;
  offset: number | null;
  value: number;
  unit: string;
  type?: string | null;
  sensorLocation?: string | null;
}

/** One sample in the resource's shape (point: its instant; interval: start and end). */
export function emitSample(env: MapEnv, resource: string, source: SourceInput, p: SampleParts): void {
  const spec = specOf(resource);
  const sample: SampleInput = {
    timestamp: p.startText ?? iso(p.startMs),
    timezone_offset: p.offset,
    value: p.value,
    unit: p.unit,
  };
  if (p.type) sample.type = p.type;
  if (spec.shape === 'interval') {
    const end = p.endMs !== null && p.endMs !== undefined && p.endMs > p.startMs ? p.endMs : null;
    sample.end = iso(end ?? p.startMs + INSTANT_SPAN_MS);
  }
  if (p.sensorLocation) sample.sensor_location = p.sensorLocation;
  env.out.sample(resource, source, sample);
}

/** Reads a record's start and end; an end before the start is an issue at the end field. */
export function checkSpan(
  reader: RecordReader,
  start: { ms: number } | null,
  end: { ms: number } | null,
  endPath: string,
  startPath: string,
): boolean {
  if (start && end && end.ms < start.ms) {
    reader.fail(endPath, `${endPath} must not be before ${startPath}`, 'greater_than_equal');
    return false;
  }
  return start !== null;
}
