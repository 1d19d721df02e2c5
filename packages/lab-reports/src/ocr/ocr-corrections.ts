/**
 * Fixes for the usual OCR misreadings in result rows: units in the wrong case or with a misread character
 * (`x10E3/ul`, `Pg`, `[HPF`), and letters read for digits inside numbers (`1O.2`). Text layers are never touched.
 */
import type { PrintedRow } from '../extract/extract-rows';
import { confusionSubstitutions, titleCaseMisread } from '../extract/ocr-confusion';
import { correctTestName } from '../loinc/ocr-name';
import {
  parseReferenceRange,
  readFlag,
  splitRangeAndUnits,
  type ReferenceRange,
} from '../extract/result-fields';
import { isPrintedUnit, ocrUnitDistance, PRINTED_UNITS, readMisreadUnits } from '../extract/unit-misreadings';

/** One vocabulary of units for both correctors (see `PRINTED_UNITS`): the spellings listed first win. */
const KNOWN_UNITS = PRINTED_UNITS;

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
    // A leading slash (`/uL`, `/HPF`) is kept: without it the key is another unit's (`UL` is `U/L`).
    out = out.flatMap((head) =>
      head === '' ? [`/${part}`] : [`${head}/${part}`, `${head}i${part}`, `${head}${part}`],
    );
  return out;
}

/**
 * Known units by spelling-insensitive key, including the keys with a slash misread (`mgiL`, `mmolL`, `uiL`); a
 * misreading two units share (`U/L` and `IU/L` lose their slash alike only in theory) is left uncorrected.
 */
/** Readings two known units share once a slash is misread (`mUIL`: `mUI/L` or `mU/L`): no unit is read from them. */
const SHARED_READINGS = new Set<string>();

const CANONICAL = (() => {
  const exact = new Map<string, string>();
  for (const u of KNOWN_UNITS) if (!exact.has(canonicalKey(u))) exact.set(canonicalKey(u), u);
  const misread = new Map<string, string | null>();
  for (const unit of KNOWN_UNITS) {
    for (const reading of slashReadings(canonicalKey(unit))) {
      if (exact.has(reading)) continue;
      const seen = misread.get(reading);
      misread.set(reading, seen === undefined || seen === unit ? unit : null);
    }
  }
  for (const [reading, unit] of misread) if (unit !== null) exact.set(reading, unit);
  // Two spellings of one unit (`ug/dL`, `µg/dL`) sharing a reading are no doubt about the unit.
  const units = new Map<string, Set<string>>();
  for (const unit of KNOWN_UNITS)
    for (const reading of slashReadings(canonicalKey(unit)))
      if (misread.get(reading) === null)
        units.set(reading, (units.get(reading) ?? new Set()).add(unit.replace(/[µμ]/g, 'u')));
  for (const [reading, spelt] of units) if (spelt.size > 1) SHARED_READINGS.add(reading);
  return exact;
})();

/**
 * A unit OCR misread beyond the spellings above: specks around it (`fL.`, `_mmol/mol`), the power of ten's `10^` lost
 * or its caret read as `7` (`1079/1`, `6/uL`), an amount without its volume (`mmol`, `mEq`), or letters read as look-alikes
 * (`umal/L`, `umol/t`, `a/L`, `mnvhr`) when one known unit only is that close.
 */
function misreadUnits(units: string): string | null {
  const cleaned = units
    .trim()
    .replace(/^[_~.,:;'`]+|[.,:;'`]+$/g, '')
    // An `i` read after the slash (`u/iL`): no unit ends so.
    .replace(/\/[il1|](?=L$)/, '/');
  const exact = CANONICAL.get(canonicalKey(cleaned));
  if (exact) return exact;
  // A power of ten printed in full (`x10^9/L`, `10*3/uL`, `×10E9/L`) stays as printed.
  if (/^(?:[x×*]\s?)?10\s?(?:\^|\*|[eE])\s?\d+\s?\/\s?[a-zA-Zµμ]+$/.test(cleaned)) return null;
  const power = /^(?:([x×])?\s?1[0O][\^7*]?)?(3|6|9|12)\s?\/\s?(u?)[lL1I|]$/.exec(cleaned);
  if (power) return `${power[1] ?? ''}10^${power[2]}/${power[3] ? 'uL' : 'L'}`;
  // The caret lost and the slash read into the `L` as a `1` (`1091`, `10121`): a count per litre, never per microlitre
  // (`10^3/uL` keeps its `u`), and no value stands in the units' place with a power of ten's digits.
  const perLitre = /^([x×])?\s?1[0O][\^*°]?(9|12)[1lI|]$/.exec(cleaned);
  if (perLitre) return `${perLitre[1] ?? ''}10^${perLitre[2]}/L`;
  if (/^[munp]mol$/i.test(cleaned)) return `${cleaned.toLowerCase()}/L`;
  if (/^m[eE][qg]$/.test(cleaned)) return 'mEq/L';
  // The micro sign read as `H` or `y` (`Hg/dL`): no unit starts so.
  const micro = /^[Hy](\w+\/\S+)$/.exec(cleaned);
  const unit = micro ? CANONICAL.get(canonicalKey(`u${micro[1]}`)) : undefined;
  if (unit?.startsWith('u')) return `µ${unit.slice(1)}`;
  if (cleaned.length < 2 || SHARED_READINGS.has(canonicalKey(cleaned))) return null;
  const key = canonicalKey(cleaned);
  // The units as spelled first, then their readings with a slash misread (`fL` before `L/L` read `IL`).
  const spelled = KNOWN_UNITS.map((u): [string, string] => [canonicalKey(u), u]);
  return nearestUnit(key, spelled) ?? nearestUnit(key, CANONICAL);
}

/** The one unit whose key differs from `key` by OCR look-alikes only (one glyph, two in a key of 5+). */
function nearestUnit(key: string, keys: Iterable<[string, string]>): string | null {
  let found: string | null = null;
  let best = Infinity;
  let tie = false;
  for (const [known, unit] of keys) {
    const d = confusionSubstitutions(key, known);
    if (d > (key.length >= 5 ? 2 : 1) || d > best) continue;
    if (d < best) {
      best = d;
      found = unit;
      tie = false;
    } else if (found !== unit) tie = true;
  }
  return tie ? null : found;
}

/** Whether a text is one of the known units as printed or misread (`mmol/L`, `nmol/L`, `mgiL`): never a test name. */
export function isKnownUnits(text: string): boolean {
  return /[/%]/.test(text) && CANONICAL.has(canonicalKey(text.trim()));
}

export function correctUnits(units: string | null): string | null {
  if (!units) return units;
  const corrected = CANONICAL.get(canonicalKey(units)) ?? misreadUnits(units) ?? units;
  // A micro sign read as one keeps it (`µmol/L` is spelled `umol/L` in the list).
  return /^[µμ]/.test(units.trim()) && /^u/.test(corrected)
    ? `${units.trim()[0]}${corrected.slice(1)}`
    : corrected;
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

/**
 * A lower bound that lost its decimal point: `48-5.6` is `4.8-5.6`, `40-11.0` is `4.0-11.0` (a lower bound above the
 * upper one is no range; the upper bound's decimals say where the point was).
 */
export function correctLowerBound(printed: string | null): string | null {
  const m = printed ? /^(\(?\s*)(\d{2,})(\s*-\s*)(\d+)\.(\d+)(\s*\)?)$/.exec(printed.trim()) : null;
  if (!printed || !m) return printed;
  const [, open, lowerDigits, dash, upperInt, upperDecimals, close] = m as unknown as string[];
  const upper = Number(`${upperInt}.${upperDecimals}`);
  if (Number(lowerDigits) <= upper) return printed;
  const lower = withDecimals(lowerDigits as string, (upperDecimals as string).length);
  return Number(lower) < upper ? `${open}${lower}${dash}${upperInt}.${upperDecimals}${close}` : printed;
}

/** `Upto5` read as `UptoS`, `<l.5`: letters in the number after a range's words or comparator. */
export function correctRangeNumber(printed: string | null): string | null {
  const m = printed
    ? /^((?:up ?to|less than|below|under|<=?|>=?|≤|≥)\s*)([\dOolIS][\dOolIS.,]*)$/i.exec(printed.trim())
    : null;
  const tail = m?.[2];
  if (!printed || !m?.[1] || !tail || !/[OolIS]/.test(tail) || !(/\d/.test(tail) || tail === 'S'))
    return printed;
  return `${m[1]}${tail.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5')}`;
}

const withDecimals = (digits: string, decimals: number): string => {
  const padded = digits.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
};

type Direction = 'high' | 'low' | 'either' | 'none';

function flagDirection(flag: string | null): Direction {
  if (!flag || !readFlag(flag)) return 'none';
  const f = flag.replace(/[^A-Za-z]/g, '').toLowerCase();
  if (/^(?:h|hh|hi|high|criticalhigh)$/.test(f)) return 'high';
  if (/^(?:l|ll|lo|low|criticallow)$/.test(f)) return 'low';
  return 'either';
}

/** Whether a value agrees with the range and the printed flag (no flag: inside the range). */
function agrees(value: number, range: ReferenceRange, direction: Direction): boolean {
  const above = range.max !== null && value > range.max;
  const below = range.min !== null && value < range.min;
  if (direction === 'high') return above;
  if (direction === 'low') return below;
  if (direction === 'either') return above || below;
  return !above && !below;
}

const NUMBERS_IN = /\d+(?:\.\d+)?/g;

/**
 * A decimal point OCR lost in the value or in both bounds of the range, told by the three fields disagreeing:
 * `K  4.1  35-53` (no flag, far outside) is `3.5-5.3` when the value has one decimal and lies inside the range read
 * with it; `Prothrombin Time  135 H  9.1-12.0` is `13.5` when the range's decimals make the value agree with the
 * flag and the value as read is ten times the upper bound or disagrees with the flag. Nothing changes when the
 * printed fields agree as read, or when the repaired reading does not agree either.
 */
export function correctLostPoint(row: PrintedRow): PrintedRow {
  const printed = row.range;
  const value = /^\d+(?:\.(\d+))?$/.exec(row.value.trim());
  const range = printed ? parseReferenceRange(printed) : null;
  if (!printed || !value || !range || (range.min === null && range.max === null)) return row;
  const direction = flagDirection(row.flag);
  const v = Number(row.value);
  const agreeing = agrees(v, range, direction);
  const numbers = printed.match(NUMBERS_IN) ?? [];
  const decimals = value[1]?.length ?? 0;
  if (decimals > 0) {
    // The range's bounds lost their points: each an integer longer than the value's decimals.
    if (agreeing || !numbers.every((n) => /^\d+$/.test(n) && n.length > decimals && !/^0/.test(n)))
      return row;
    const scaled = printed.replace(NUMBERS_IN, (n) => withDecimals(n, decimals));
    const read = parseReferenceRange(scaled);
    return read && agrees(v, read, direction) ? { ...row, range: scaled } : row;
  }
  // The value lost its point: the range prints the same decimals on every bound.
  const places = new Set(numbers.map((n) => n.split('.')[1]?.length ?? 0));
  const [d] = [...places];
  if (places.size !== 1 || !d || row.value.trim().length <= d || /^0/.test(row.value.trim())) return row;
  const repaired = withDecimals(row.value.trim(), d);
  const far = range.max !== null && v >= 10 * range.max;
  return agrees(Number(repaired), range, direction) && (far || !agreeing) ? { ...row, value: repaired } : row;
}

/** `ALT  S  U/L  0-40`: a value of one letter that reads as a digit, beside a numeric range. */
function correctLetterValue(row: PrintedRow): string {
  const v = row.value.trim();
  const range = row.range ? parseReferenceRange(row.range) : null;
  if (!/^[SOl]$/.test(v) || !range || (range.min === null && range.max === null)) return row.value;
  return v === 'S' ? '5' : v === 'O' ? '0' : '1';
}

/**
 * `-80-100` beside `87`: a speck read as a minus before the lower bound. Only when the value lies inside the range
 * without it, and the bounds still rise (a base excess `-2-2` keeps its sign).
 */
export function correctSpeckMinus(value: string, printed: string | null): string | null {
  const m = printed ? /^[-–—~_]\s*(\d+(?:\.\d+)?)(\s*-\s*)(\d+(?:\.\d+)?)$/.exec(printed.trim()) : null;
  const v = /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!printed || !m?.[1] || !m[3]) return printed;
  const [lower, upper] = [Number(m[1]), Number(m[3])];
  return lower > 0 && lower < upper && v >= lower && v <= upper ? `${m[1]}${m[2]}${m[3]}` : printed;
}

/**
 * A speck before a value read as its decimal point (`.390` beside `232-1245`): labs print a value under one with its
 * leading zero (`0.39`), so a value opening with a point is the number without it when that agrees with the range
 * and the flag and the value as read does not.
 */
export function correctLeadingPoint(row: PrintedRow): PrintedRow {
  const m = /^[.,·](\d+(?:\.\d+)?)$/.exec(row.value.trim());
  const range = row.range ? parseReferenceRange(row.range) : null;
  if (!m?.[1] || !range || (range.min === null && range.max === null)) return row;
  const direction = flagDirection(row.flag);
  const asRead = Number(`0.${m[1].replace('.', '')}`);
  return agrees(Number(m[1]), range, direction) && !agrees(asRead, range, direction)
    ? { ...row, value: m[1] }
    : row;
}

/**
 * A range's hyphen read as a colon or semicolon (`0:60`, `3.5;5.1`): a range of two rising bounds the value agrees
 * with (under its flag). A ratio or a time in the range column that does not fit so is left as read.
 */
export function correctRangeColon(row: PrintedRow): PrintedRow {
  const m = row.range
    ? /^(\(?\s*)(\d+(?:\.\d+)?)\s*[:;]\s*(\d+(?:\.\d+)?)(\s*\)?)$/.exec(row.range.trim())
    : null;
  const value = /^\d+(?:\.\d+)?$/.test(row.value.trim()) ? Number(row.value) : NaN;
  if (!m?.[2] || !m[3] || Number.isNaN(value)) return row;
  const range = `${m[1] ?? ''}${m[2]}-${m[3]}${m[4] ?? ''}`;
  const read = parseReferenceRange(range);
  if (!read || read.min === null || read.max === null || read.min >= read.max) return row;
  return agrees(value, read, flagDirection(row.flag)) ? { ...row, range } : row;
}

/**
 * `Haematocrit  047  LL  (0.40-0.54)`: the unit `L/L` read without its slash looks like the critical-low flag. When
 * no units were read and the value (its decimal point restored from the range's decimals if lost) lies inside the
 * range, a critical-low flag would contradict the row: the two letters are the unit.
 */
export function correctFlagUnits(row: PrintedRow): PrintedRow {
  const range = row.range ? parseReferenceRange(row.range) : null;
  if (row.units !== null || row.flag?.trim() !== 'LL' || !range || range.min === null || range.max === null)
    return row;
  const value = row.value.trim();
  if (!/^\d+(?:\.\d+)?$/.test(value)) return row;
  const inside = (v: number): boolean => v >= (range.min as number) && v <= (range.max as number);
  if (inside(Number(value))) return { ...row, flag: null, units: 'L/L' };
  const places = new Set((row.range?.match(NUMBERS_IN) ?? []).map((n) => n.split('.')[1]?.length ?? 0));
  const [d] = [...places];
  if (value.includes('.') || places.size !== 1 || !d || value.length <= d) return row;
  const repaired = withDecimals(value, d);
  return inside(Number(repaired)) ? { ...row, value: repaired, flag: null, units: 'L/L' } : row;
}

export function correctOcrRow(row: PrintedRow): PrintedRow {
  const read: PrintedRow = {
    ...row,
    name: correctTestName(row.name),
    panel: row.panel && titleCaseMisread(row.panel),
    value: correctNumber(correctLetterValue(row)) ?? row.value,
    units: correctUnits(row.units),
    range: correctLowerBound(
      correctRangeDecimals(
        correctRangeNumber(correctNumber(row.range?.replace(/(?<=\d)\.\.(?=\d)/g, '.') ?? null)),
      ),
    ),
  };
  return correctLostPoint(
    correctRangeColon(
      correctLeadingPoint(correctFlagUnits({ ...read, range: correctSpeckMinus(read.value, read.range) })),
    ),
  );
}

/** How far a misread unit may lie from a unit the report's other rows print (see `readUnitsFromReport`). */
const REPORT_UNIT_DISTANCE = 1.5;

/**
 * Units a scan misread too far for the vocabulary alone (`Kul` is as near `K/uL` as `kU/L`, `K/ubl` and `in` are
 * near no unit enough) read back from the report: a lab prints a unit the same way on every row, so a misreading
 * lies close to the unit other rows of the same report print cleanly. Only when exactly one of those units is that
 * close (the next is a whole edit further) and no unit the report does not print is nearer; otherwise kept as read.
 */
export function readUnitsFromReport(rows: PrintedRow[]): PrintedRow[] {
  const inRange = (row: PrintedRow): string | null =>
    row.units === null && row.range ? (splitRangeAndUnits(row.range)?.units.trim() ?? null) : null;
  const printed = [...new Set(rows.map((r) => r.units?.trim() ?? inRange(r) ?? '').filter(isPrintedUnit))];
  if (printed.length === 0) return rows;
  const fromReport = (read: string): string | null => {
    if (read.length < 2 || isPrintedUnit(read) || /^[\d\s.,]+$/.test(read)) return null;
    const alone = readMisreadUnits(read);
    if (alone !== null && isPrintedUnit(alone)) return null;
    const costs = printed
      .map((unit) => ({ unit, cost: ocrUnitDistance(read, unit) }))
      .sort((a, b) => a.cost - b.cost);
    const [best, next] = costs;
    if (!best || best.cost > Math.min(REPORT_UNIT_DISTANCE, best.unit.length * 0.4)) return null;
    if (next && next.cost - best.cost < 1) return null;
    // A unit the report does not print lying nearer is another reading of the text.
    return PRINTED_UNITS.some((u) => ocrUnitDistance(read, u) < best.cost) ? null : best.unit;
  };
  return rows.map((row) => {
    const read = row.units?.trim();
    if (read) {
      const unit = fromReport(read);
      return unit === null ? row : { ...row, units: unit };
    }
    // Units printed in the range's cell (`4.0-11.0 x EOL`) that the range's reading could not tell from it.
    const cell = row.range && !splitRangeAndUnits(row.range) ? RANGE_THEN_TEXT.exec(row.range.trim()) : null;
    const range = cell?.[1] ? parseReferenceRange(cell[1]) : null;
    if (!cell?.[1] || !cell[2] || !range || (range.min === null && range.max === null)) return row;
    const unit = fromReport(cell[2]);
    return unit === null ? row : { ...row, range: cell[1], units: unit };
  });
}

/** A numeric range then a word or three (`4.0-11.0 x EOL`). */
const RANGE_THEN_TEXT = /^(.*\d[)\]]?)\s+(\S+(?:\s\S+){0,2})$/;

/**
 * A lab writes enzyme units one way throughout a report; OCR drops the `I` of `IU/L` now and then. The spelling
 * most rows of the document use wins. Units misread past the vocabulary are read back from the report's other rows
 * first (`readUnitsFromReport`).
 */
export function harmoniseEnzymeUnits(printedRows: PrintedRow[]): PrintedRow[] {
  const rows = readUnitsFromReport(printedRows);
  const iu = rows.filter((r) => r.units === 'IU/L').length;
  const u = rows.filter((r) => r.units === 'U/L').length;
  if (iu === u) return rows;
  const [from, to] = iu > u ? ['U/L', 'IU/L'] : ['IU/L', 'U/L'];
  return rows.map((r) => (r.units === from ? { ...r, units: to } : r));
}
