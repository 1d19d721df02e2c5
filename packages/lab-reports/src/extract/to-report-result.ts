/** A printed row → the ReportResult of api-shapes §4.7, with its LOINC matches. */
import type { ReportResult } from '@meridian/domain';
import { LOINC_CATALOG, matchLoinc } from '../loinc';
import { correctTestName } from '../loinc/ocr-name';
import type { MatchLoincResult } from '../loinc/types';
import { unitClass } from '../loinc/units';
import type { PrintedRow } from './extract-rows';
import {
  interpret,
  numericValue,
  parseReferenceRange,
  resultType,
  splitRangeAndUnits,
} from './result-fields';
import type { ReferenceRange } from './result-fields';
import { readMisreadUnits } from './unit-misreadings';

function readRange(text: string | null): { range: ReferenceRange | null; units: string | null } {
  if (!text) return { range: null, units: null };
  const parsed = parseReferenceRange(text);
  if (parsed) return { range: parsed, units: null };
  // `3.5–5.0 mmol/L`: the units printed inside the range cell.
  const split = splitRangeAndUnits(text);
  const withUnits = split ? parseReferenceRange(split.range) : null;
  if (split && withUnits) return { range: withUnits, units: split.units };
  // Any printed range that is not numeric is a qualitative range (`Negative`, `Yellow`, `<1:40`).
  return { range: { min: null, max: null, qualitative: text }, units: null };
}

/**
 * The units as printed, or as a scan misread them read back (`mgrdL` → `mg/dL`); digits alone in the units' place
 * (`107`, a power of ten without its exponent) are no unit. Other text is kept as read.
 */
export function printedUnits(row: PrintedRow): string | null {
  const { units: rangeUnits } = readRange(row.range);
  const raw = row.units ?? rangeUnits;
  if (!raw) return null;
  if (/^[\d\s.,]+$/.test(raw.trim())) return null;
  return readMisreadUnits(raw) ?? raw;
}

const key = (unit: string): string => unit.toLowerCase().replace(/[µμ]/g, 'u');

/**
 * The micro sign read as a look-alike (`pmol/L`, `ng/L`, `ymol/L` for `µmol/L`): when the test's LOINC term is never
 * reported in the unit as read but is in the same unit with micro, the glyph was the micro sign.
 */
export function microMisread(units: string | null, expected: readonly string[]): string | null {
  if (!units || !/^[pnyH][A-Za-z]*\//.test(units)) return units;
  const known = new Set(expected.map(key));
  if (known.has(key(units)) || !known.has(key(`u${units.slice(1)}`))) return units;
  return `µ${units.slice(1)}`;
}

/** Powers of ten printed for white cell / platelet counts and, in the same system, for red cell counts. */
const COUNT_SYSTEMS: readonly [string, string][] = [
  ['10^9/L', '10^12/L'],
  ['x10^9/L', 'x10^12/L'],
  ['×10^9/L', '×10^12/L'],
  ['x10E9/L', 'x10E12/L'],
  ['10*9/L', '10*12/L'],
  ['10^3/uL', '10^6/uL'],
  ['x10E3/uL', 'x10E6/uL'],
  ['x10^3/uL', 'x10^6/uL'],
  ['10*3/uL', '10*6/uL'],
  ['K/uL', 'M/uL'],
  ['10^3/µL', '10^6/µL'],
  ['x10E3/µL', 'x10E6/µL'],
];

interface RowUnits {
  units: string | null;
  /** The units the row's LOINC term is reported in (empty when no term or a unitless one). */
  expected: readonly string[];
  /** The same for each of the row's first few LOINC terms of the same analyte: what it may be measured in. */
  candidates: readonly (readonly string[])[];
  numeric: boolean;
}

/** The analyte of a LOINC long common name: `Lymphocytes [#/volume] in Blood`, `Lymphocytes/100 leukocytes`. */
const component = (name: string): string => (name.split(/\s*[[/]|\s+in\s+/)[0] ?? name).toLowerCase();

const ENTRIES = new Map(LOINC_CATALOG.map((entry) => [entry.code, entry]));
const documents = new WeakMap<readonly PrintedRow[], RowUnits[]>();

function documentUnits(rows: readonly PrintedRow[]): RowUnits[] {
  let found = documents.get(rows);
  if (!found) {
    found = rows.map((row) => {
      const units = printedUnits(row);
      const match = matchLoinc({ testName: row.name, units, panelName: row.panel, limit: 3 });
      const expected = match.best?.units ?? [];
      return {
        units: microMisread(units, expected),
        expected,
        // The same analyte in the same specimen measured otherwise (`Glucose [Mass/volume]`, `[Moles/volume]`).
        candidates: match.matches
          .map((m) => ENTRIES.get(m.loinc_code))
          .filter(
            (e) =>
              e &&
              match.best &&
              e.system === match.best.system &&
              component(e.long_common_name) === component(match.best.long_common_name),
          )
          .map((e) => e?.units ?? []),
        numeric: numericValue(row.value.trim()) !== null,
      };
    });
    documents.set(rows, found);
  }
  return found;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((u, i) => u === b[i]);

/** The one spelling every row in `from` prints, or null when none prints units or they disagree. */
function agreed(from: RowUnits[]): string | null {
  const spellings = new Set(from.map((r) => r.units).filter((u): u is string => u !== null));
  return spellings.size === 1 ? ([...spellings][0] as string) : null;
}

/** Whether printed units are one of `list`, or of the same kind as one of them (a row whose term did not fit). */
function measuredIn(units: string | null, list: readonly string[]): boolean {
  if (units === null) return false;
  if (list.map(key).includes(key(units))) return true;
  const kind = unitClass(units);
  return kind !== null && list.some((u) => unitClass(u) === kind);
}

/** Units that every lab prints the same way: a cell volume in fL, a cell's haemoglobin in pg. */
const UNIVERSAL = new Set(['fL', 'pg']);

/** What a row measured in one of the units of `list` would print, told by the other rows of the report. */
function proposal(list: readonly string[], others: RowUnits[]): string | null {
  if (list.length === 0 || list.every((u) => ['ratio', 'time', null].includes(unitClass(u)))) return null;
  const same = agreed(others.filter((r) => sameList(r.expected, list) && measuredIn(r.units, list)));
  if (same) return same;
  if (list.length === 1 && UNIVERSAL.has(list[0] as string)) return list[0] as string;
  // A count in the other power of ten of the same system (white cells ↔ red cells).
  const mine = list.map(key);
  const isRed = mine.includes(key('x10E6/uL'));
  if (!isRed && !mine.includes(key('x10E3/uL'))) return null;
  const printed = agreed(
    others.filter(
      (r) =>
        r.expected.map(key).includes(key(isRed ? 'x10E3/uL' : 'x10E6/uL')) && measuredIn(r.units, r.expected),
    ),
  );
  const system = COUNT_SYSTEMS.find(([white, red]) => printed === (isRed ? white : red));
  return system ? (isRed ? system[1] : system[0]) : null;
}

/**
 * Units a scan lost from a numeric row, told by the report itself: a lab prints one unit for the tests reported in
 * the same unit (sodium and potassium in `mmol/L`, ALT and AST in `U/L`, white cells and platelets in `10^9/L`),
 * so the row takes the spelling every other such row of the report prints; a red cell count takes the power of ten
 * that goes with the report's white cell unit (`10^9/L` → `10^12/L`, `x10E3/uL` → `x10E6/uL`); a cell volume is in
 * fL and a cell's haemoglobin in pg on every report. A name without its units may be several tests (`Lymphocytes`:
 * a percentage or a count; `Glucose`: mg/dL or mmol/L): each of its likely LOINC terms is asked, and the row gets
 * units only when those that the report answers for agree. Null when the report prints no units on other rows.
 */
export function lostUnits(rows: readonly PrintedRow[], index: number): string | null {
  const all = documentUnits(rows);
  const self = all[index];
  if (!self || self.units !== null || !self.numeric) return null;
  const others = all.filter((r, i) => i !== index && r.numeric && r.units !== null);
  if (others.length === 0) return null;
  const proposals = new Set(
    [self.expected, ...self.candidates]
      .map((list) => proposal(list, others))
      .filter((u): u is string => u !== null),
  );
  if (proposals.size !== 1) return null;
  const units = [...proposals][0] as string;
  // A percentage is at most a hundred.
  if (units === '%' && Number(numericValue(rows[index]?.value ?? '')?.value) > 100) return null;
  return units;
}

/**
 * A printed row → ReportResult. A row of a text layer keeps its units as printed. A scanned row, called as
 * `rows.map(toReportResult)` (OCR pages only), also has units a scan misread read back (printedUnits), and sees the
 * other rows of the report, which tell the units a scan lost (lostUnits) and the micro sign it misread (microMisread).
 */
export function toReportResult(row: PrintedRow, index?: number, rows?: readonly PrintedRow[]): ReportResult {
  const { range, units: rangeUnits } = readRange(row.range);
  const scanned = rows !== undefined && index !== undefined && rows[index] === row;
  let units = scanned ? printedUnits(row) : (row.units ?? rangeUnits);
  let loinc: MatchLoincResult = matchLoinc({ testName: row.name, units, panelName: row.panel, limit: 3 });
  if (scanned) {
    units = microMisread(units, loinc.best?.units ?? []);
    if (units === null) {
      units = lostUnits(rows, index);
      if (units !== null) loinc = matchLoinc({ testName: row.name, units, panelName: row.panel, limit: 3 });
    }
  }
  const judged = interpret(row.value, range, row.flag);
  // A panel heading names tests in the catalogue's words (`Bl12/Folate` is `B12/Folate` misread).
  const panel = scanned && row.panel !== null ? correctTestName(row.panel) : row.panel;
  return {
    test_name: row.name,
    value: row.value,
    type: resultType(row.value, units),
    units,
    min_reference_range: range?.min ?? null,
    max_reference_range: range?.max ?? null,
    interpretation: judged.interpretation,
    is_above_max_range: judged.isAboveMax,
    is_below_min_range: judged.isBelowMin,
    loinc_matches: loinc.matches,
    source_panel_name: panel,
    sample_type: loinc.best?.sample_type ?? 'unknown',
    measurement_kind: loinc.best?.measurement_kind ?? 'unknown',
    sensitivity: loinc.best?.sensitivity ?? 'unknown',
    loinc_match_status: loinc.status,
  };
}
