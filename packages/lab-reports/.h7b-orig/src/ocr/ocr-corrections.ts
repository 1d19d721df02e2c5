/**
 * Fixes for the usual OCR misreadings in result rows: units in the wrong case or with a misread character
 * (`x10E3/ul`, `Pg`, `[HPF`), and letters read for digits inside numbers (`1O.2`). Text layers are never touched.
 */
import type { PrintedRow } from '../extract/extract-rows';

const KNOWN_UNITS = [
  'mg/dL',
  'g/dL',
  'mg/L',
  'g/L',
  'ng/dL',
  'ng/mL',
  'pg/mL',
  'ug/dL',
  'ug/L',
  'ug/mL',
  'mmol/L',
  'umol/L',
  'nmol/L',
  'pmol/L',
  'mEq/L',
  'IU/L',
  'U/L',
  'mIU/mL',
  'uIU/mL',
  'IU/mL',
  'U/mL',
  'x10E3/uL',
  'x10E6/uL',
  'x10E9/L',
  'x10E12/L',
  'fL',
  'pg',
  '%',
  'sec',
  'mL/min/1.73m2',
  '/HPF',
  '/LPF',
  'cells/uL',
  'mm/hr',
  'mg/g',
  'ratio',
];

/** Spelling-insensitive key: case, `l`/`I`/`1` and `µ`/`u` confusions, a bracket read for the leading slash. */
const canonicalKey = (units: string): string =>
  units
    .toLowerCase()
    .replace(/^[[(|]/, '/')
    .replace(/ull$/, 'ul')
    .replace(/mll/g, 'ml')
    .replace(/[µμ]/g, 'u')
    .replace(/^w\//, 'iu/')
    .replace(/[l1|]/g, 'i');

const CANONICAL = new Map(KNOWN_UNITS.map((u) => [canonicalKey(u), u]));

export function correctUnits(units: string | null): string | null {
  if (!units) return units;
  return CANONICAL.get(canonicalKey(units)) ?? units;
}

/** `1O.2` → `10.2`, `<l.5` → `<1.5`: only when the text is otherwise a number or a numeric range. */
export function correctNumber(text: string | null): string | null {
  if (!text || !/\d/.test(text) || !/^[<>=]*\s*[\dOoIl.,]+(?:\s*-\s*[\dOoIl.,]+)?$/.test(text)) return text;
  return text.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
}

/**
 * A decimal point lost in the upper bound (`1.5-45`, `0.1-9`): printed ranges give both bounds the same decimals,
 * so the upper bound gets the lower bound's decimals back when that keeps it above the lower bound.
 */
export function correctRangeDecimals(printed: string | null): string | null {
  // A lost hyphen first: `0.04.4` is `0.0-4.4` (both bounds with the same decimals).
  const glued = printed ? /^(\d+\.(\d+))(\d+\.(\d+))$/.exec(printed.trim()) : null;
  const range =
    glued?.[1] && glued[3] && glued[2]?.length === glued[4]?.length ? `${glued[1]}-${glued[3]}` : printed;
  const m = range ? /^(\d+)\.(\d+)\s*-\s*(\d+)$/.exec(range.trim()) : null;
  if (!range || !m?.[1] || !m[2] || !m[3]) return range;
  const decimals = m[2].length;
  const digits = m[3].padStart(decimals + 1, '0');
  const upper = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return Number(upper) > Number(`${m[1]}.${m[2]}`) ? `${m[1]}.${m[2]}-${upper}` : range;
}

export function correctOcrRow(row: PrintedRow): PrintedRow {
  return {
    ...row,
    value: correctNumber(row.value) ?? row.value,
    units: correctUnits(row.units),
    range: correctRangeDecimals(correctNumber(row.range)),
  };
}

/**
 * A lab writes enzyme units one way throughout a report; OCR drops the `I` of `IU/L` now and then. The spelling
 * most rows of the document use wins.
 */
export function harmoniseEnzymeUnits(rows: PrintedRow[]): PrintedRow[] {
  const iu = rows.filter((r) => r.units === 'IU/L').length;
  const u = rows.filter((r) => r.units === 'U/L').length;
  if (iu === u) return rows;
  const [from, to] = iu > u ? ['U/L', 'IU/L'] : ['IU/L', 'U/L'];
  return rows.map((r) => (r.units === from ? { ...r, units: to } : r));
}
