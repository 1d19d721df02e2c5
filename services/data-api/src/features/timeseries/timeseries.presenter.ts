import { providerBySlug, type TimeseriesSpec } from '@meridian/domain';
import type { components } from '../../generated/openapi';
import type { SortKey } from './timeseries-params';
import { formatWireTimestamp } from './wire-timestamp';

/**
 * Stored samples (`timeseries_samples` rows, as selected by timeseries.sql.ts) → the wire shapes of
 * api-shapes §4.3, in one pass and with no allocation per row beyond the sample itself.
 */

/** One selected row; which value columns are present depends on the slug's shape. */
export interface SampleRow {
  /** start_at, µs since the epoch. */
  t: number;
  /** end_at, µs since the epoch (interval slugs). */
  e?: number | null;
  tz: number | null;
  provider: string;
  source_type: string;
  type: string;
  /** value, or value_text for text slugs (note). */
  value?: number | string | null;
  systolic?: number | null;
  diastolic?: number | null;
  app_id: string | null;
  device_id: string | null;
  workout_id: string | null;
  sport: string | null;
  extras?: Record<string, unknown> | null;
}

export type WireSource = components['schemas']['Source'];
/** Any of the `Ts<Slug>Sample` schemas. */
export type WireSample = Record<string, unknown>;
export interface WireGroup {
  source: WireSource;
  data: WireSample[];
}
export interface GroupedPage {
  groups: Record<string, WireGroup[]>;
  next_cursor: string | null;
  next: string | null;
}

export type SampleRenderer = (row: SampleRow) => WireSample;

function intervalEnd(row: SampleRow): number {
  // Ingestion requires an end for interval samples; an end-less legacy row reads as an instant.
  return row.e ?? row.t;
}

// Same rules as the ingestion package's wire renderer (packages/ingestion/src/wire), which renders the
// event payloads: REST and events agree. Ingestion stores a value for every sample; 0 / '' only guard the shape.
function buildRenderer(spec: TimeseriesSpec): SampleRenderer {
  const unit = spec.unit;
  const missing = spec.textValue ? '' : 0;
  switch (spec.shape) {
    case 'point':
      return (r) => ({
        id: null,
        timezone_offset: r.tz,
        type: r.type || null,
        unit,
        timestamp: formatWireTimestamp(r.t, r.tz),
        value: r.value ?? missing,
      });
    case 'blood_pressure':
      return (r) => ({
        id: null,
        timezone_offset: r.tz,
        type: r.type || null,
        unit,
        timestamp: formatWireTimestamp(r.t, r.tz),
        systolic: r.systolic ?? 0,
        diastolic: r.diastolic ?? 0,
      });
    case 'interval': {
      const extras = spec.extras ?? [];
      const interval = (r: SampleRow): WireSample => {
        const start = formatWireTimestamp(r.t, r.tz);
        return {
          id: null,
          timezone_offset: r.tz,
          type: r.type || null,
          unit,
          timestamp: start,
          start,
          end: formatWireTimestamp(intervalEnd(r), r.tz),
          value: r.value ?? missing,
        };
      };
      if (extras.length === 0) return interval;
      return (r) => {
        const sample = interval(r);
        const stored = r.extras;
        for (const key of extras) sample[key] = stored?.[key] ?? null;
        return sample;
      };
    }
  }
}

const renderers = new Map<string, SampleRenderer>();

/** The row → wire sample function of a slug (built once per slug). */
export function sampleRenderer(spec: TimeseriesSpec): SampleRenderer {
  let render = renderers.get(spec.slug);
  if (!render) {
    render = buildRenderer(spec);
    renderers.set(spec.slug, render);
  }
  return render;
}

const providerFields = new Map<string, { name: string; logo: string }>();

function providerFieldsOf(slug: string): { name: string; logo: string } {
  let fields = providerFields.get(slug);
  if (!fields) {
    // Labs and slugs that left the catalog keep their slug as name and have no logo (like users' sources).
    const info = providerBySlug(slug);
    fields = info ? { name: info.name, logo: info.logo } : { name: slug, logo: '' };
    providerFields.set(slug, fields);
  }
  return fields;
}

export function sourceOf(row: SampleRow): WireSource {
  const { name, logo } = providerFieldsOf(row.provider);
  return {
    provider: row.provider,
    type: (row.source_type || 'unknown') as WireSource['type'],
    app_id: row.app_id,
    name,
    slug: row.provider,
    logo,
    device_id: row.device_id,
    sport: row.sport,
    workout_id: row.workout_id,
  };
}

function sameContext(s: WireSource, r: SampleRow): boolean {
  return (
    s.provider === r.provider &&
    s.type === (r.source_type || 'unknown') &&
    s.app_id === r.app_id &&
    s.device_id === r.device_id &&
    s.sport === r.sport &&
    s.workout_id === r.workout_id
  );
}

const LINEAR_SCAN_MAX = 16;

const contextKey = (s: WireSource) =>
  JSON.stringify([s.provider, s.type, s.app_id, s.device_id, s.sport, s.workout_id]);

/** Finds a page's groups by source context: a linear scan while there are few, an index beyond. */
class GroupIndex {
  private readonly seen: WireGroup[] = [];
  private byKey: Map<string, WireGroup> | undefined;

  find(row: SampleRow): WireGroup | undefined {
    if (this.byKey) return this.byKey.get(contextKey(sourceOf(row)));
    for (const g of this.seen) if (sameContext(g.source, row)) return g;
    return undefined;
  }

  add(group: WireGroup): void {
    this.seen.push(group);
    if (this.byKey) this.byKey.set(contextKey(group.source), group);
    else if (this.seen.length > LINEAR_SCAN_MAX) {
      this.byKey = new Map(this.seen.map((g) => [contextKey(g.source), g]));
    }
  }
}

/**
 * The first `count` rows (sorted by start) as `{provider: [{source, data}]}`: one group per distinct source
 * context, keys and groups in order of first appearance, each group's data in row order. Consecutive rows
 * mostly share a context, so the previous row's group is tried first.
 */
export function groupRows(
  rows: readonly SampleRow[],
  count: number,
  render: SampleRenderer,
): Record<string, WireGroup[]> {
  const groups = Object.create(null) as Record<string, WireGroup[]>;
  const index = new GroupIndex();
  let last: WireGroup | undefined;
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    if (last === undefined || !sameContext(last.source, row)) {
      last = index.find(row);
      if (last === undefined) {
        last = { source: sourceOf(row), data: [] };
        index.add(last);
        (groups[row.provider] ??= []).push(last);
      }
    }
    last.data.push(render(row));
  }
  return groups;
}

export function sortKeyOf(row: SampleRow): SortKey {
  return [row.t, row.provider, row.source_type, row.type];
}

/**
 * A grouped page from up to `pageSize + 1` rows fetched in sort order: the extra row only says that there is
 * a next page, which starts after the last row shown (its sort key, sealed by `sealCursor`).
 */
export function buildGroupedPage(
  rows: readonly SampleRow[],
  spec: TimeseriesSpec,
  pageSize: number,
  sealCursor: (key: SortKey) => string,
): GroupedPage {
  const more = rows.length > pageSize;
  const count = more ? pageSize : rows.length;
  const groups = groupRows(rows, count, sampleRenderer(spec));
  const next = more ? sealCursor(sortKeyOf(rows[count - 1]!)) : null;
  return { groups, next_cursor: next, next };
}
