/**
 * ALIGN gap filling (api-shapes §5), after aggregation: every date_trunc bucket from the window start (or
 * the first data bucket for a whole-history query) to the window end — never past now — gets a row per
 * partition (the other group keys). Empty buckets become rows of nulls, then take the values of a
 * non-empty bucket of the same partition: the latest earlier one within `max_age` (carry_forward), the
 * earliest later one within `max_age` (carry_backward), or the nearest within `span` (carry_nearest; a tie
 * goes to the earlier). Buckets that had data are never changed.
 */
import { ValidationError } from '@meridian/domain';
import type { AlignNode, PeriodNode } from '@meridian/query-language';

/** Most buckets ALIGN fills per partition. */
export const MAX_ALIGN_BUCKETS = 100_000;

export type Row = unknown[];

/** Local naive date-time `YYYY-MM-DDTHH:MM:SS` ↔ epoch ms read as UTC (wall-clock arithmetic). */
export const toMs = (s: string) => Date.parse(`${s}Z`);
export const toLocal = (ms: number) => new Date(ms).toISOString().slice(0, 19);

export function addPeriod(local: string, period: Pick<PeriodNode, 'unit' | 'value'>, sign = 1): string {
  return toLocal(shiftMs(toMs(local), period, sign));
}

/** Wall-clock arithmetic on epoch ms read as UTC (no formatting, so any JS date is fine). */
export function shiftMs(ms: number, period: Pick<PeriodNode, 'unit' | 'value'>, sign = 1): number {
  const d = new Date(ms);
  const n = period.value * sign;
  switch (period.unit) {
    case 'minute':
      d.setUTCMinutes(d.getUTCMinutes() + n);
      break;
    case 'hour':
      d.setUTCHours(d.getUTCHours() + n);
      break;
    case 'day':
      d.setUTCDate(d.getUTCDate() + n);
      break;
    case 'week':
      d.setUTCDate(d.getUTCDate() + 7 * n);
      break;
    case 'month':
      addMonths(d, n);
      break;
    case 'year':
      addMonths(d, 12 * n);
      break;
  }
  return d.getTime();
}

/** Calendar months, the day clamped to the target month's last day (Mar 31 − 1 month = Feb 28/29). */
function addMonths(d: Date, months: number): void {
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(0);
  last.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  d.setUTCDate(Math.min(day, last.getUTCDate()));
}

export interface AlignInput {
  rows: Row[];
  /** Column position of the date_trunc key. */
  bucketColumn: number;
  /** Column positions of the other group keys (the partition). */
  partitionColumns: number[];
  period: Pick<PeriodNode, 'unit' | 'value'>;
  align: Pick<AlignNode, 'mode' | 'limit' | 'loc'>;
  /** First and last bucket of the range (null when there is nothing to fill). */
  first: string | null;
  last: string | null;
  width: number;
}

export function alignRows(input: AlignInput): Row[] {
  const { rows, bucketColumn, partitionColumns, period, first, last } = input;
  if (first === null || last === null || first > last) return rows;
  const buckets: string[] = [];
  for (let b = first; b <= last; b = addPeriod(b, period)) {
    if (buckets.length >= MAX_ALIGN_BUCKETS) {
      throw ValidationError.single(
        [...input.align.loc],
        `ALIGN would fill more than ${MAX_ALIGN_BUCKETS} buckets; use a coarser date_trunc or a shorter timeframe`,
        'too_many_rows',
        null,
        { max_buckets: MAX_ALIGN_BUCKETS },
      );
    }
    buckets.push(b);
  }
  const partitions = new Map<string, { key: unknown[]; byBucket: Map<string, Row> }>();
  const partitionOf = (row: Row) => {
    const key = partitionColumns.map((c) => row[c]);
    const id = JSON.stringify(key);
    let p = partitions.get(id);
    if (!p) partitions.set(id, (p = { key, byBucket: new Map() }));
    return p;
  };
  for (const row of rows) partitionOf(row).byBucket.set(String(row[bucketColumn]), row);
  if (partitionColumns.length === 0 && partitions.size === 0)
    partitions.set('[]', { key: [], byBucket: new Map() });
  const out: Row[] = [];
  const outside = rows.filter((r) => {
    const b = r[bucketColumn];
    return typeof b !== 'string' || b < first || b > last;
  });
  for (const p of partitions.values()) {
    const filled = buckets.map((b) => p.byBucket.get(b) ?? null);
    buckets.forEach((b, i) => {
      const own = filled[i];
      if (own) {
        out.push(own);
        return;
      }
      const source = carrySource(buckets, filled, i, input.align);
      const row: Row = source ? [...source] : new Array<unknown>(input.width).fill(null);
      row[bucketColumn] = b;
      partitionColumns.forEach((c, k) => (row[c] = p.key[k]));
      out.push(row);
    });
  }
  return [...out, ...outside];
}

function carrySource(
  buckets: string[],
  filled: (Row | null)[],
  i: number,
  align: AlignInput['align'],
): Row | null {
  const target = buckets[i]!;
  const within = (earlier: string, later: string) => !align.limit || addPeriod(earlier, align.limit) >= later;
  const before = (): number => {
    for (let j = i - 1; j >= 0; j--) if (filled[j]) return within(buckets[j]!, target) ? j : -1;
    return -1;
  };
  const after = (): number => {
    for (let j = i + 1; j < buckets.length; j++) if (filled[j]) return within(target, buckets[j]!) ? j : -1;
    return -1;
  };
  switch (align.mode) {
    case 'carry_forward': {
      const j = before();
      return j >= 0 ? filled[j]! : null;
    }
    case 'carry_backward': {
      const j = after();
      return j >= 0 ? filled[j]! : null;
    }
    case 'carry_nearest': {
      const b = before();
      const a = after();
      if (b < 0) return a >= 0 ? filled[a]! : null;
      if (a < 0) return filled[b]!;
      const t = toMs(target);
      return t - toMs(buckets[b]!) <= toMs(buckets[a]!) - t ? filled[b]! : filled[a]!;
    }
  }
}
