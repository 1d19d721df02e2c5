import type { TimeseriesSpec } from '@meridian/domain';
import { BufferPool, JsonBytes, utf8 } from './json-bytes';
import type { SortKey } from './timeseries-params';
import { sampleRenderer, sourceOf, type SampleRow } from './timeseries.presenter';
import { writeWireTimestamp } from './wire-timestamp';

/**
 * The timeseries reads rendered straight to JSON bytes (issue 16): rows arrive as arrays (pg `rowMode:
 * 'array'`), each sample is written into one growing buffer with no object or string per sample, and the
 * page is sent as that buffer (one `end()` with a known length). The output is byte for byte what
 * `JSON.stringify` of the presenter's objects gives (timeseries.json.int.test.ts compares them over a varied
 * dataset); the presenter stays the reference and the fallback for shapes this writer does not know.
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

/** The columns a compact row leaves null but on its series' first row of the page (timeseries.sql.ts). */
const SHARED_COLUMNS = ['provider', 'source_type', 'type'];

/**
 * For compact rows (a `k` column: the series): fills a row's series columns, in place, from its series'
 * first row (a "fresh" row: it has its provider, which a series always has). Null for full rows.
 */
export function compactRowExpander(fields: readonly string[]): ((row: readonly unknown[]) => void) | null {
  const k = fields.indexOf('k');
  const provider = fields.indexOf('provider');
  if (k < 0 || provider < 0) return null;
  const shared = SHARED_COLUMNS.map((name) => fields.indexOf(name)).filter((i) => i >= 0);
  const freshOf = new Map<unknown, readonly unknown[]>();
  // The series of the previous row and its fresh row: most pages are one series, most rows its previous's.
  let lastSeries: unknown = undefined;
  let lastFresh: readonly unknown[] | undefined;
  return (row) => {
    const series = row[k];
    if (row[provider] !== null) {
      freshOf.set(series, row);
      lastSeries = series;
      lastFresh = row;
      return;
    }
    const fresh = series === lastSeries ? lastFresh : freshOf.get(series);
    if (fresh === undefined) throw new Error('A compact row came before the first row of its series.');
    lastSeries = series;
    lastFresh = fresh;
    const target = row as unknown[];
    for (let i = 0; i < shared.length; i++) target[shared[i]!] = fresh[shared[i]!];
  };
}

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

/** JSON text of a value (group openings, once per group). */
function jsonOf(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (v === null) return 'null';
  return JSON.stringify(v);
}

const nullableString = (v: unknown): string => (v === null ? 'null' : jsonOf(v));

type SampleWriter = (row: readonly unknown[], c: Columns, out: JsonBytes) => void;

/** The presenter's sample keys, in the order it writes them. */
const BASE_KEYS = new Set(['id', 'timezone_offset', 'type', 'unit', 'timestamp', 'start', 'end', 'value']);
const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/;

const CLOSE_BRACE = 0x7d;
const KEY_VALUE = utf8('","value":');
const KEY_START = utf8('","start":"');
const KEY_END = utf8('","end":"');
const KEY_SYSTOLIC = utf8('","systolic":');
const KEY_DIASTOLIC = utf8(',"diastolic":');

/** `{"id":null,"timezone_offset":…,"type":…,"unit":…,"timestamp":"` for an offset and a type. */
function sampleHead(unit: string, tz: unknown, type: string): Uint8Array {
  const typeText = type ? JSON.stringify(type) : 'null';
  return utf8(
    `{"id":null,"timezone_offset":${tz === null ? 'null' : jsonOf(tz)},"type":${typeText},"unit":${unit},"timestamp":"`,
  );
}

/**
 * The head of the previous sample, reused while offset and type stay the same (consecutive samples of a
 * page mostly share both).
 */
function headCache(unit: string): (tz: unknown, type: string) => Uint8Array {
  let lastTz: unknown = Symbol('none');
  let lastType: unknown = Symbol('none');
  let head = utf8('');
  return (tz, type) => {
    if (tz !== lastTz || type !== lastType) {
      head = sampleHead(unit, tz, type);
      lastTz = tz;
      lastType = type;
    }
    return head;
  };
}

/** A value as the presenter writes it: null or absent is `missing`, numbers and strings as JSON. */
function writeValue(out: JsonBytes, v: unknown, missing: Uint8Array): void {
  if (typeof v === 'number') out.number(v);
  else if (v === null || v === undefined) out.bytes(missing);
  else out.json(v);
}

const ZERO_BYTES = utf8('0');
const EMPTY_STRING_BYTES = utf8('""');

function buildWriter(spec: TimeseriesSpec): SampleWriter {
  const render = sampleRenderer(spec);
  const fallback: SampleWriter = (row, c, out) => out.text(JSON.stringify(render(sampleRowOf(row, c))));
  if (typeof spec.unit !== 'string') return fallback;
  const unit = JSON.stringify(spec.unit);
  const missing = spec.textValue ? EMPTY_STRING_BYTES : ZERO_BYTES;
  switch (spec.shape) {
    case 'point': {
      // The hot shape (heart rate, steps, ...).
      const headOf = headCache(unit);
      return (row, c, out) => {
        const tz = row[c.tz] as number | null;
        out.bytes(headOf(tz, row[c.type] as string));
        writeWireTimestamp(out, row[c.t] as number, tz);
        out.bytes(KEY_VALUE);
        writeValue(out, c.value < 0 ? null : row[c.value], missing);
        out.byte(CLOSE_BRACE);
      };
    }
    case 'blood_pressure': {
      const headOf = headCache(unit);
      return (row, c, out) => {
        const tz = row[c.tz] as number | null;
        out.bytes(headOf(tz, row[c.type] as string));
        writeWireTimestamp(out, row[c.t] as number, tz);
        out.bytes(KEY_SYSTOLIC);
        writeValue(out, cell(row, c.systolic), ZERO_BYTES);
        out.bytes(KEY_DIASTOLIC);
        writeValue(out, cell(row, c.diastolic), ZERO_BYTES);
        out.byte(CLOSE_BRACE);
      };
    }
    case 'interval': {
      const extras = spec.extras ?? [];
      // Extras that would reorder or overwrite the common keys are left to the presenter.
      if (extras.some((k) => BASE_KEYS.has(k) || INTEGER_LIKE.test(k))) return fallback;
      const extraKeys = extras.map((k) => utf8(`,${JSON.stringify(k)}:`));
      const headOf = headCache(unit);
      return (row, c, out) => {
        const tz = row[c.tz] as number | null;
        const t = row[c.t] as number;
        const e = cell(row, c.e) as number | null | undefined;
        out.bytes(headOf(tz, row[c.type] as string));
        writeWireTimestamp(out, t, tz);
        out.bytes(KEY_START);
        writeWireTimestamp(out, t, tz);
        out.bytes(KEY_END);
        // Ingestion requires an end for interval samples; an end-less legacy row reads as an instant.
        writeWireTimestamp(out, e ?? t, tz);
        out.bytes(KEY_VALUE);
        writeValue(out, cell(row, c.value), missing);
        if (extraKeys.length > 0) {
          const stored = cell(row, c.extras) as Record<string, unknown> | null | undefined;
          for (let k = 0; k < extras.length; k++) {
            out.bytes(extraKeys[k]!);
            out.json(stored?.[extras[k]!] ?? null);
          }
        }
        out.byte(CLOSE_BRACE);
      };
    }
    default:
      return fallback;
  }
}

const writers = new Map<string, SampleWriter>();

function writerOf(spec: TimeseriesSpec): SampleWriter {
  let writer = writers.get(spec.slug);
  if (!writer) {
    writer = buildWriter(spec);
    writers.set(spec.slug, writer);
  }
  return writer;
}

/** Bytes per sample of a slug's last answer: a buffer for a known number of rows is sized from it. */
const bytesPerSample = new Map<string, number>();
const INITIAL_BYTES_PER_SAMPLE = 160;
/**
 * Bytes of a slug's recent answers (a slowly decaying maximum): a streamed read, whose row count is unknown
 * until it ends, starts with a buffer that size (untouched capacity costs no memory pages; growing copies).
 */
const recentBytes = new Map<string, number>();
const STREAM_MIN_BYTES = 16 * 1024;
const STREAM_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The page writers' output buffers (issue 16: see BufferPool): up to 16 buffers of at most 2 MiB (a week of
 * heart rate is 1.1 MB), 8 MiB held in all. A writer's buffers return here when its `release` is called.
 */
export const OUTPUT_BUFFERS = new BufferPool(16, 2 * 1024 * 1024, 8 * 1024 * 1024);

function capacityFor(spec: TimeseriesSpec, samples: number | null): number {
  if (samples === null) {
    const recent = recentBytes.get(spec.slug) ?? 64 * 1024;
    return Math.min(STREAM_MAX_BYTES, Math.max(STREAM_MIN_BYTES, Math.ceil(recent * 1.1)));
  }
  return samples * (bytesPerSample.get(spec.slug) ?? INITIAL_BYTES_PER_SAMPLE) + 256;
}

function learnSize(spec: TimeseriesSpec, samples: number, bytes: number): void {
  if (samples >= 16) bytesPerSample.set(spec.slug, Math.ceil((bytes / samples) * 1.05) + 2);
  recentBytes.set(spec.slug, Math.max(bytes, Math.floor((recentBytes.get(spec.slug) ?? 0) * 0.9)));
}

interface ByteGroup {
  provider: string;
  sourceType: string;
  appId: unknown;
  deviceId: unknown;
  sport: unknown;
  workoutId: unknown;
  /** `{"source":{...},"data":[` */
  opening: Uint8Array;
  /** The samples, comma-separated. */
  out: JsonBytes;
  count: number;
}

function sameContext(g: ByteGroup, row: readonly unknown[], c: Columns): boolean {
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
  return `{"source":{"provider":${JSON.stringify(s.provider)},"type":${JSON.stringify(s.type)},"app_id":${nullableString(s.app_id)},"name":${JSON.stringify(s.name)},"slug":${JSON.stringify(s.slug)},"logo":${JSON.stringify(s.logo)},"device_id":${nullableString(s.device_id)},"sport":${nullableString(s.sport)},"workout_id":${nullableString(s.workout_id)}},"data":[`;
}

/** Room before the first group's samples for the page's opening, so a one-group page needs no copy. */
const HEADROOM = 1024;
const GROUP_CLOSE = utf8(']}');
const COMMA = 0x2c;

/** Receives a read's rows one by one as they arrive from PostgreSQL (the repository streams into it). */
export interface RowSink {
  /** The selected column names, before the first row. */
  columns(fields: readonly string[]): void;
  row(row: readonly unknown[]): void;
}

/**
 * The grouped page (api-shapes §4.3) of up to `pageSize + 1` rows in sort order, as JSON bytes: the same
 * groups, order and cursor as `buildGroupedPage` + `JSON.stringify`. Rows are written as they arrive and
 * not kept (the extra row only says that there is a next page).
 */
export class GroupedPageWriter implements RowSink {
  private c: Columns = columnsOf([]);
  private expand: ((row: readonly unknown[]) => void) | null = null;
  private readonly write: SampleWriter;
  private seen = 0;
  private lastShown: readonly unknown[] | undefined;
  // Keys in the order JSON.stringify walks an object's own keys (integer-like first), as the presenter's.
  private readonly byProvider = Object.create(null) as Record<string, ByteGroup[]>;
  private readonly byKey = new Map<string, ByteGroup>();
  private groups = 0;
  private last: ByteGroup | undefined;
  /** The buffer `finish` returned views (one group's), until `release`. */
  private held: JsonBytes | undefined;

  constructor(
    private readonly spec: TimeseriesSpec,
    private readonly pageSize: number,
    private readonly sealCursor: (key: SortKey) => string,
    /** Rows expected (sizes the buffer); null: unknown (streamed), sized from the slug's recent answers. */
    private readonly expected: number | null = null,
  ) {
    this.write = writerOf(spec);
  }

  columns(fields: readonly string[]): void {
    this.c = columnsOf(fields);
    this.expand = compactRowExpander(fields);
  }

  row(row: readonly unknown[]): void {
    if (++this.seen > this.pageSize) return;
    this.expand?.(row);
    const c = this.c;
    let last = this.last;
    if (last === undefined || !sameContext(last, row, c)) {
      const key = contextKey(row, c);
      last = this.byKey.get(key);
      if (last === undefined) {
        const provider = row[c.provider] as string;
        // The first group gets the page's expected size (and headroom); later ones grow from small.
        const out =
          this.groups === 0
            ? new JsonBytes(capacityFor(this.spec, this.expected), HEADROOM, OUTPUT_BUFFERS)
            : new JsonBytes(4096, 0, OUTPUT_BUFFERS);
        last = {
          provider,
          sourceType: (row[c.source_type] as string) || 'unknown',
          appId: row[c.app_id],
          deviceId: row[c.device_id],
          sport: row[c.sport],
          workoutId: row[c.workout_id],
          opening: utf8(groupOpening(row, c)),
          out,
          count: 0,
        };
        this.groups += 1;
        this.byKey.set(key, last);
        (this.byProvider[provider] ??= []).push(last);
      }
      this.last = last;
    }
    if (last.count++ > 0) last.out.byte(COMMA);
    this.write(row, c, last.out);
    this.lastShown = row;
  }

  /** The page's bytes (call once, after the last row). */
  finish(): Buffer {
    const { spec, byProvider, groups } = this;
    const count = Math.min(this.seen, this.pageSize);
    const more = this.seen > this.pageSize;
    const next = more ? JSON.stringify(this.sealCursor(sortKeyOfArray(this.lastShown!, this.c))) : 'null';
    const tail = utf8(`]}]},"next_cursor":${next},"next":${next}}`);
    const providers = Object.keys(byProvider);
    if (groups === 1) {
      // One group: the page's opening goes into the headroom before its samples, the tail after them.
      const g = byProvider[providers[0]!]![0]!;
      const head = utf8(`{"groups":{${JSON.stringify(g.provider)}:[`);
      const start = g.out.start - head.length - g.opening.length;
      if (start >= 0) {
        g.out.buf.set(head, start);
        g.out.buf.set(g.opening, start + head.length);
        g.out.bytes(tail);
        learnSize(spec, count, g.out.pos - g.out.start);
        this.held = g.out;
        return g.out.buf.subarray(start, g.out.pos);
      }
    }
    const parts: Uint8Array[] = [utf8('{"groups":{')];
    providers.forEach((provider, p) => {
      parts.push(utf8(`${p > 0 ? ',' : ''}${JSON.stringify(provider)}:[`));
      byProvider[provider]!.forEach((g, k) => {
        if (k > 0) parts.push(utf8(','));
        parts.push(g.opening, g.out.content(), GROUP_CLOSE);
      });
      parts.push(utf8(']'));
    });
    parts.push(utf8(`},"next_cursor":${next},"next":${next}}`));
    const body = Buffer.concat(parts);
    if (groups > 0) learnSize(spec, count, body.length);
    // The body is a copy: the groups' buffers are free now.
    for (const provider of providers) for (const g of byProvider[provider]!) g.out.release();
    return body;
  }

  /**
   * Gives the page's buffer back for reuse: call when nothing reads what `finish` returned any more (the
   * response's 'finish'). Without it the buffer is simply left to the collector.
   */
  release(): void {
    this.held?.release();
    this.held = undefined;
  }
}

/** `GroupedPageWriter` over rows already read. */
export function renderGroupedPage(
  result: ArrayRows,
  spec: TimeseriesSpec,
  pageSize: number,
  sealCursor: (key: SortKey) => string,
): Buffer {
  const writer = new GroupedPageWriter(spec, pageSize, sealCursor, Math.min(result.rows.length, pageSize));
  writer.columns(result.fields);
  for (const row of result.rows) writer.row(row);
  return writer.finish();
}

function sortKeyOfArray(row: readonly unknown[], c: Columns): SortKey {
  return [row[c.t] as number, row[c.provider] as string, row[c.source_type] as string, row[c.type] as string];
}

/** The legacy flat array of samples, as JSON bytes (`JSON.stringify(rows.map(sampleRenderer(spec)))`). */
export class SamplesWriter implements RowSink {
  private c: Columns = columnsOf([]);
  private expand: ((row: readonly unknown[]) => void) | null = null;
  private readonly write: SampleWriter;
  private readonly out: JsonBytes;
  private count = 0;

  constructor(
    private readonly spec: TimeseriesSpec,
    /** Rows expected (sizes the buffer); null: unknown (streamed). */
    expected: number | null = null,
  ) {
    this.write = writerOf(spec);
    this.out = new JsonBytes(capacityFor(spec, expected), 0, OUTPUT_BUFFERS);
    this.out.byte(0x5b);
  }

  columns(fields: readonly string[]): void {
    this.c = columnsOf(fields);
    this.expand = compactRowExpander(fields);
  }

  row(row: readonly unknown[]): void {
    this.expand?.(row);
    if (this.count++ > 0) this.out.byte(COMMA);
    this.write(row, this.c, this.out);
  }

  finish(): Buffer {
    this.out.byte(0x5d);
    if (this.count > 0) learnSize(this.spec, this.count, this.out.pos);
    return this.out.content();
  }

  /** As `GroupedPageWriter.release`. */
  release(): void {
    this.out.release();
  }
}

/** `SamplesWriter` over rows already read. */
export function renderSamples(result: ArrayRows, spec: TimeseriesSpec): Buffer {
  const writer = new SamplesWriter(spec, result.rows.length);
  writer.columns(result.fields);
  for (const row of result.rows) writer.row(row);
  return writer.finish();
}
