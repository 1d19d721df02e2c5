/**
 * The ground-truth rules of corpus/README.md as code: from a row as printed (name, value, flag, units, range) to
 * the expected result fields. The generator prints rows and derives their truth here, so the two cannot drift.
 */
import type { Interpretation, ResultType } from '@meridian/domain';
import type { ExpectedResult } from '../types';

export interface PrintedRow {
  /** The full test name (the layout may wrap it over several lines). */
  name: string;
  value: string;
  /** Printed flag (`H`, `L`, `HH`, `LL`, `CRITICAL`, `A`, `High`, `Low`…) or `''`. */
  flag: string;
  units: string | null;
  /** Printed reference range or `''`. */
  range: string;
  loinc: string | null;
  /** A comment printed under the row (belongs to no row in the ground truth). */
  comment?: string;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const VALUE_NUMERIC = new RegExp(String.raw`^(<=|>=|<|>)?\s*${NUM}$`);
const VALUE_RANGE = new RegExp(String.raw`^${NUM}\s*-\s*${NUM}$`);
const VALUE_RATIO = /^\d+:\d+$/;
const RANGE_BOTH = new RegExp(String.raw`^${NUM}\s*-\s*${NUM}$`);
const RANGE_MAX = new RegExp(String.raw`^(?:<=|<|< OR =)\s*${NUM}$`, 'i');
const RANGE_MIN = new RegExp(String.raw`^(?:>=|>|> OR =)\s*${NUM}$`, 'i');
const BOOLEAN_WORDS = new Set([
  'negative',
  'positive',
  'detected',
  'not detected',
  'reactive',
  'non-reactive',
  'nonreactive',
]);
const CRITICAL_FLAGS = new Set(['hh', 'll', 'critical', 'c', '!!', 'panic']);
const ABNORMAL_FLAGS = new Set(['h', 'l', 'a', 'high', 'low', 'abnormal']);

export function numericPart(value: string): number | null {
  const m = VALUE_NUMERIC.exec(value.trim());
  return m ? Number(m[2]) : null;
}

export function parseRange(range: string): { min: number | null; max: number | null } {
  const r = range.trim();
  let m = RANGE_BOTH.exec(r);
  if (m) return { min: Number(m[1]), max: Number(m[2]) };
  m = RANGE_MAX.exec(r);
  if (m) return { min: null, max: Number(m[1]) };
  m = RANGE_MIN.exec(r);
  if (m) return { min: Number(m[1]), max: null };
  return { min: null, max: null };
}

export function resultType(value: string, units: string | null): ResultType {
  const v = value.trim();
  if (VALUE_RATIO.test(v)) return 'ratio';
  if (VALUE_RANGE.test(v)) return 'range';
  if (VALUE_NUMERIC.test(v)) {
    if (units === '%') return 'percentage';
    if (units !== null && ['sec', 's', 'seconds', 'min'].includes(units.toLowerCase())) return 'duration';
    return 'numeric';
  }
  if (BOOLEAN_WORDS.has(v.toLowerCase())) return 'boolean';
  return 'comment';
}

export function flagInterpretation(flag: string): Interpretation | null {
  const f = flag.trim().toLowerCase();
  if (f === '') return null;
  if (CRITICAL_FLAGS.has(f)) return 'critical';
  if (ABNORMAL_FLAGS.has(f)) return 'abnormal';
  throw new Error(`unknown flag ${flag}`);
}

export function expectedResult(row: PrintedRow, panel: string | null): ExpectedResult {
  const { min, max } = parseRange(row.range);
  const n = numericPart(row.value);
  const type = resultType(row.value, row.units);
  const above = n !== null && max !== null ? n > max : null;
  const below = n !== null && min !== null ? n < min : null;
  let interpretation = flagInterpretation(row.flag);
  if (interpretation === null) {
    const rangeValue = VALUE_RANGE.exec(row.value.trim());
    if (n !== null && (min !== null || max !== null)) {
      interpretation = above || below ? 'abnormal' : 'normal';
    } else if (rangeValue && (min !== null || max !== null)) {
      const lo = Number(rangeValue[1]);
      const hi = Number(rangeValue[2]);
      const outside = (min !== null && lo < min) || (max !== null && hi > max);
      interpretation = outside ? 'abnormal' : 'normal';
    } else if (n === null && !rangeValue && row.range.trim() !== '' && min === null && max === null) {
      interpretation =
        row.value.trim().toLowerCase() === row.range.trim().toLowerCase() ? 'normal' : 'abnormal';
    } else {
      interpretation = 'unknown';
    }
  }
  return {
    test_name: row.name.replace(/\s+/g, ' ').trim(),
    value: row.value,
    type,
    units: row.units,
    min_reference_range: min,
    max_reference_range: max,
    interpretation,
    is_above_max_range: above,
    is_below_min_range: below,
    source_panel_name: panel,
    loinc_code: row.loinc,
  };
}
