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
  'mU/L',
  'mIU/L',
  'mmol/mol',
  'L/L',
  'x10E9/L',
  'ng/L',
  'nmol/L',
  'mcg/dL',
  'mL/min',
];

/** Spelling-insensitive key: case, `l`/`I`/`1`, `q`/`g` and `µ`/`u` confusions, a bracket read for the leading slash. */
const canonicalKey = (units: string): string =>
  units
    .toLowerCase()
    .replace(/^[[({|]/, '/')
    .replace(/ull$/, 'ul')
    .replace(/mll/g, 'ml')
    .replace(/[µμ]/g, 'u')
    .replace(/^w\//, 'iu/')
    .replace(/q/g, 'g')
    .replace(/[l1|]/g, 'i');

/** Every way of reading each `/` of a key: kept, read as `l`/`i`/`1` (one key: `i`), or lost. */
function slashReadings(key: string): string[] {
  const parts = key.split('/');
  let out = [parts[0] as string];
  for (const part of parts.slice(1))
    out = out.flatMap((head) => [`${head}/${part}`, `${head}i${part}`, `${head}${part}`]);
  return out;
}

/**
 * Known units by spelling-insensitive key, including the keys with a slash misread (`mgiL`, `mmolL`, `uiL`); a
 * misreading two units share (`U/L` and `IU/L` lose their slash alike only in theory) is left uncorrected.
 */
const CANONICAL = (() => {
  const exact = new Map(KNOWN_UNITS.map((u) => [canonicalKey(u), u]));
  const misread = new Map<string, string | null>();
  for (const unit of KNOWN_UNITS) {
    for (const reading of slashReadings(canonicalKey(unit))) {
      if (exact.has(reading)) continue;
      const seen = misread.get(reading);
      misread.set(reading, seen === undefined || seen === unit ? unit : null);
    }
  }
  for (const [reading, unit] of misread) if (unit !== null) exact.set(reading, unit);
  return exact;
})();

export function correctUnits(units: string | null): string | null {
  if (!units) return units;
  return CANONICAL.get(canonicalKey(units)) ?? units;
}

/**
 * `1O.2` → `10.2`, `<l.5` → `<1.5`, `S.4` → `5.4`: only when the text is otherwise a number or a numeric range with
 * at least one real digit (`B12` is a name, not `812`: `B` is left alone).
 */
export function correctNumber(text: string | null): string | null {
  if (!text || !/\d/.test(text) || !/^[<>=]*\s*[\dOoIlS.,]+(?:\s*-\s*[\dOoIlS.,]+)?$/.test(text)) return text;
  return text.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5');
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
