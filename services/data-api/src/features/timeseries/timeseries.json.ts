import type { TimeseriesSpec } from '@meridian/domain';
import type { SortKey } from './timeseries-params';
import { sampleRenderer, sourceOf, type SampleRow } from './timeseries.presenter';
import { formatWireTimestamp } from './wire-timestamp';

/**
 * The timeseries reads rendered straight to JSON text (issue 16): rows arrive as arrays (pg `rowMode:
 * 'array'`), each sample is written as text with no object per sample, and the page is one string. The
 * output is byte for byte what `JSON.stringify` of the presenter's objects gives (timeseries.json.test.ts
 * compares them over a varied dataset); the presenter stays the reference and the fallback for shapes this
 * writer does not know.
 */

/** Rows as the pg driver returns them in array mode, with the selected column names. */
export interface ArrayRows {
  fields: readonly string[];
  rows: readonly (readonly unknown[])[];
}

interface Columns {
  t: number;
  tz: number;
  provider: number;
  source_type: number;
  type: number;
  app_id: number;
  device_id: number;
  workout_id: number;
  sport: number;
  e: number;
  value: number;
  systolic: number;
  diastolic: number;
  extras: number;
}

function columnsOf(fields: readonly string[]): Columns {
  const at = (name: string) => fields.indexOf(name);
  return {
    t: at('t'),
    tz: at('tz'),
    provider: at('provider'),
    source_type: at('source_type'),
    type: at('type'),
    app_id: at('app_id'),
    device_id: at('device_id'),
    workout_id: at('workout_id'),
    sport: at('sport'),
    e: at('e'),
    value: at('value'),
    systolic: at('systolic'),
    diastolic: at('diastolic'),
    extras: at('extras'),
  };
}

const cell = (row: readonly unknown[], i: number): unknown => (i < 0 ? undefined : row[i]);

/** An array row as the presenter's SampleRow (cursor keys, the fallback renderer, sources). */
function sampleRowOf(row: readonly unknown[], c: Columns): SampleRow {
  const r: SampleRow = {
    t: row[c.t] as number,
    tz: row[c.tz] as number | null,
    provider: row[c.provider] as string,
    source_type: row[c.source_type] as string,
    type: row[c.type] as string,
    app_id: row[c.app_id] as string | null,
    device_id: row[c.device_id] as string | null,
    workout_id: row[c.workout_id] as string | null,
    sport: row[c.sport] as string | null,
  };
  if (c.e >= 0) r.e = row[c.e] as number | null;
  if (c.value >= 0) r.value = row[c.value] as number | string | null;
  if (c.systolic >= 0) r.systolic = row[c.systolic] as number | null;
  if (c.diastolic >= 0) r.diastolic = row[c.diastolic] as number | null;
  if (c.extras >= 0) r.extras = row[c.extras] as Record<string, unknown> | null;
  return r;
}

/** JSON text of a value, with numbers (the common case) written without the generic stringify. */
function jsonOf(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (v === null) return 'null';
  return JSON.stringify(v);
}

const strings = new Map<string, string>();
/** JSON text of a short repeated string (provider, type, source type), remembered. */
function jsonString(s: string): string {
  let text = strings.get(s);
  if (text === undefined) {
    text = JSON.stringify(s);
    if (strings.size < 10_000 && s.length <= 64) strings.set(s, text);
  }
  return text;
}

const nullableString = (v: unknown): string => (v === null ? 'null' : jsonOf(v));

type SampleWriter = (row: readonly unknown[], c: Columns) => string;

/** The presenter's sample keys, in the order it writes them. */
const BASE_KEYS = new Set(['id', 'timezone_offset', 'type', 'unit', 'timestamp', 'start', 'end', 'value']);
const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/;

function buildWriter(spec: TimeseriesSpec): SampleWriter {
  const render = sampleRenderer(spec);
  const fallback: SampleWriter = (row, c) => JSON.stringify(render(sampleRowOf(row, c)));
  if (typeof spec.unit !== 'string') return fallback;
  const unit = `,"unit":${JSON.stringify(spec.unit)}`;
  const missing = spec.textValue ? '""' : '0';
  // `id` then `timezone_offset`, `type`, `unit`, `timestamp` open every shape.
  const head = (row: readonly unknown[], c: Columns, tz: unknown): string => {
    const type = row[c.type] as string;
    return `{"id":null,"timezone_offset":${tz === null ? 'null' : jsonOf(tz)},"type":${type ? jsonString(type) : 'null'}${unit}`;
  };
  const valueOf = (v: unknown): string => (v === null || v === undefined ? missing : jsonOf(v));
  switch (spec.shape) {
    case 'point': {
      // The hot shape (heart rate, steps, ...): consecutive samples mostly share offset and type, so the
      // text up to the timestamp is reused from the previous sample.
      let lastTz: unknown = Symbol('none');
      let lastType: unknown = Symbol('none');
      let prefix = '';
      return (row, c) => {
        const tz = row[c.tz] as number | null;
        const type = row[c.type] as string;
        if (tz !== lastTz || type !== lastType) {
          prefix = `{"id":null,"timezone_offset":${tz === null ? 'null' : jsonOf(tz)},"type":${type ? jsonString(type) : 'null'}${unit},"timestamp":"`;
          lastTz = tz;
          lastType = type;
        }
        const v = c.value < 0 ? null : row[c.value];
        return `${prefix}${formatWireTimestamp(row[c.t] as number, tz)}","value":${v === null || v === undefined ? missing : typeof v === 'number' && Number.isFinite(v) ? `${v}` : jsonOf(v)}}`;
      };
    }
    case 'blood_pressure':
      return (row, c) => {
        const tz = row[c.tz] as number | null;
        return `${head(row, c, tz)},"timestamp":"${formatWireTimestamp(row[c.t] as number, tz)}","systolic":${valueOf0(cell(row, c.systolic))},"diastolic":${valueOf0(cell(row, c.diastolic))}}`;
      };
    case 'interval': {
      const extras = spec.extras ?? [];
      // Extras that would reorder or overwrite the common keys are left to the presenter.
      if (extras.some((k) => BASE_KEYS.has(k) || INTEGER_LIKE.test(k))) return fallback;
      const extraKeys = extras.map((k) => `,${JSON.stringify(k)}:`);
      return (row, c) => {
        const tz = row[c.tz] as number | null;
        const t = row[c.t] as number;
        const start = formatWireTimestamp(t, tz);
        const e = cell(row, c.e) as number | null | undefined;
        let text = `${head(row, c, tz)},"timestamp":"${start}","start":"${start}","end":"${formatWireTimestamp(e ?? t, tz)}","value":${valueOf(cell(row, c.value))}`;
        if (extraKeys.length > 0) {
          const stored = cell(row, c.extras) as Record<string, unknown> | null | undefined;
          for (let k = 0; k < extras.length; k++)
            text += extraKeys[k]! + jsonOf(stored?.[extras[k]!] ?? null);
        }
        return `${text}}`;
      };
    }
    default:
      return fallback;
  }
}

/** Blood pressure: a missing reading is 0, whatever the slug's value kind. */
const valueOf0 = (v: unknown): string => (v === null || v === undefined ? '0' : jsonOf(v));

const writers = new Map<string, SampleWriter>();

function writerOf(spec: TimeseriesSpec): SampleWriter {
  let writer = writers.get(spec.slug);
  if (!writer) {
    writer = buildWriter(spec);
    writers.set(spec.slug, writer);
  }
  return writer;
}

interface TextGroup {
  provider: string;
  sourceType: string;
  appId: unknown;
  deviceId: unknown;
  sport: unknown;
  workoutId: unknown;
  /** `{"source":{...},"data":[` */
  opening: string;
  /** The samples' JSON texts (joined once at the end: cheaper than growing one string). */
  samples: string[];
}

function sameContext(g: TextGroup, row: readonly unknown[], c: Columns): boolean {
  return (
    g.provider === row[c.provider] &&
    g.sourceType === ((row[c.source_type] as string) || 'unknown') &&
    g.appId === row[c.app_id] &&
    g.deviceId === row[c.device_id] &&
    g.sport === row[c.sport] &&
    g.workoutId === row[c.workout_id]
  );
}

function contextKey(row: readonly unknown[], c: Columns): string {
  return JSON.stringify([
    row[c.provider],
    (row[c.source_type] as string) || 'unknown',
    row[c.app_id],
    row[c.device_id],
    row[c.sport],
    row[c.workout_id],
  ]);
}

/** `{"source":{...},"data":[` of a row's source context (once per group). */
function groupOpening(row: readonly unknown[], c: Columns): string {
  const s = sourceOf(sampleRowOf(row, c));
  return `{"source":{"provider":${jsonString(s.provider)},"type":${jsonString(s.type)},"app_id":${nullableString(s.app_id)},"name":${JSON.stringify(s.name)},"slug":${jsonString(s.slug)},"logo":${JSON.stringify(s.logo)},"device_id":${nullableString(s.device_id)},"sport":${nullableString(s.sport)},"workout_id":${nullableString(s.workout_id)}},"data":[`;
}

/**
 * The grouped page (api-shapes §4.3) of up to `pageSize + 1` rows in sort order, as JSON text: the same
 * groups, order and cursor as `buildGroupedPage` + `JSON.stringify`.
 */
export function renderGroupedPageJson(
  result: ArrayRows,
  spec: TimeseriesSpec,
  pageSize: number,
  sealCursor: (key: SortKey) => string,
): string {
  const { rows } = result;
  const c = columnsOf(result.fields);
  const write = writerOf(spec);
  const more = rows.length > pageSize;
  const count = more ? pageSize : rows.length;
  // Keys in the order JSON.stringify walks an object's own keys (integer-like first), as the presenter's.
  const byProvider = Object.create(null) as Record<string, TextGroup[]>;
  const byKey = new Map<string, TextGroup>();
  let last: TextGroup | undefined;
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    if (last === undefined || !sameContext(last, row, c)) {
      const key = contextKey(row, c);
      last = byKey.get(key);
      if (last === undefined) {
        const provider = row[c.provider] as string;
        last = {
          provider,
          sourceType: (row[c.source_type] as string) || 'unknown',
          appId: row[c.app_id],
          deviceId: row[c.device_id],
          sport: row[c.sport],
          workoutId: row[c.workout_id],
          opening: groupOpening(row, c),
          samples: [],
        };
        byKey.set(key, last);
        (byProvider[provider] ??= []).push(last);
      }
    }
    last.samples.push(write(row, c));
  }
  const providers: string[] = [];
  for (const provider of Object.keys(byProvider)) {
    const groups = byProvider[provider]!.map((g) => `${g.opening}${g.samples.join(',')}]}`);
    providers.push(`${jsonString(provider)}:[${groups.join(',')}]`);
  }
  const next = more ? JSON.stringify(sealCursor(sortKeyOfArray(rows[count - 1]!, c))) : 'null';
  return `{"groups":{${providers.join(',')}},"next_cursor":${next},"next":${next}}`;
}

function sortKeyOfArray(row: readonly unknown[], c: Columns): SortKey {
  return [row[c.t] as number, row[c.provider] as string, row[c.source_type] as string, row[c.type] as string];
}

/** The legacy flat array of samples, as JSON text (`JSON.stringify(rows.map(sampleRenderer(spec)))`). */
export function renderSamplesJson(result: ArrayRows, spec: TimeseriesSpec): string {
  const { rows } = result;
  if (rows.length === 0) return '[]';
  const c = columnsOf(result.fields);
  const write = writerOf(spec);
  const samples = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) samples[i] = write(rows[i]!, c);
  return `[${samples.join(',')}]`;
}
