/**
 * One table row (the cells of one line, or of one table on a two-column line) → the printed fields of a result.
 */
import { toCell } from '../layout/build-lines';
import type { Cell, PositionedText } from '../layout/layout-types';
import type { Column, ColumnKind } from '../layout/table-header';
import {
  isUnitsText,
  isValueText,
  numericValue,
  parseReferenceRange,
  readFlag,
  flagPhrase,
  readMisreadWord,
  splitLeadingFlag,
  splitRangeAndUnits,
  splitTrailingFlag,
} from './result-fields';
import { readMisreadUnits } from './unit-misreadings';

export interface PrintedFields {
  name: string;
  value: string;
  flag: string | null;
  units: string | null;
  range: string | null;
  /** The units were printed in the value's cell ("250 g"): weaker evidence of a result outside a table. */
  gluedUnits?: boolean;
}

const hasLetter = (text: string): boolean => /[A-Za-z]/.test(text);

/**
 * "Negative." or "Yellow," : a speck or stop after a value that is one without it; "52 -": a rule or speck after a
 * number; "29..3": a point read twice; "Negalive": a result word misread.
 */
function withoutTrailingSpeck(value: string): string {
  if (isValueText(value)) return value;
  // A dash or tilde after a number is a table rule or a speck, not a sign ("52 -").
  const bare = value
    .replace(/\s*[.,:;_'`°]+$/, '')
    .replace(/(?<=\d)\s*[-~–]+$/, '')
    .replace(/(?<=\d)\.\.(?=\d)/, '.');
  if (bare !== value && isValueText(bare)) return bare;
  // "Negalive": a result word with look-alike glyphs misread.
  return readMisreadWord(bare) ?? value;
}

/** ".11.5 HH": a number holds one decimal point, so a point (or speck) before one that has its own is a speck. */
export const withoutLeadingSpeck = (value: string): string =>
  value.replace(/^\s*[.,'`]+(?=\d+[.,]\d+(?:\s|$))/, '');

/** Names are words: a cell that is a value, a date, a label ("DOB:") or a sentence is not a test name. */
function isNameText(text: string): boolean {
  if (!hasLetter(text) || text.length > 80) return false;
  // A label ("DOB: 12/03/1980") is no name; a ratio's colon between two words ("Albumin:Creatinine Ratio") is.
  const unlabelled = text.replace(/([a-z]):(?=[A-Z][a-z])/g, '$1/');
  if (/:\s*\S/.test(unlabelled) || /:$/.test(unlabelled)) return false;
  // A date is no part of a test name ("Printed 31.08.2025  07.31" in a footer).
  if (
    /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/.test(text) ||
    /\d{1,2}[ .-]?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[ .-]?\d{4}/i.test(text)
  )
    return false;
  if (isValueText(text) && !/^[A-Za-z]{2,}$/.test(text)) return false;
  // "74 mg/dL": a value printed with its units; "9.3 mmol." the same with its units misread.
  if (splitGluedUnits(text) || /^[<>]?\d+(?:[.,]\d+)?\s+\S+$/.test(text)) return false;
  return true;
}

/**
 * The column an item belongs to: tables are read as left-aligned, so an item is in the last column whose heading
 * starts at or before it (less a tolerance of about one character height for jitter and centred values).
 */
function columnOf(item: PositionedText, columns: Column[], tolerance: number): ColumnKind | null {
  let start = -1;
  for (let i = columns.length - 1; i >= 0; i--) {
    const column = columns[i] as Column;
    if (i === 0 || item.x0 >= column.x0 - tolerance) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  // Values centred or right-aligned under their heading, and a scan's jitter, put an item's left edge in the
  // neighbouring column's band: of this column and its neighbours, the heading nearest the item's centre wins (the
  // left-aligned reading on a tie).
  const centre = (item.x0 + item.x1) / 2;
  const distance = (c: Column): number => Math.max(0, c.x0 - centre, centre - c.x1);
  let best = start;
  for (const i of [start - 1, start + 1]) {
    const column = columns[i];
    // The name column is read left-aligned only: a long name runs under the next headings.
    if (!column || column.kind === 'name' || i === 0) continue;
    if (distance(column) < distance(columns[best] as Column) - tolerance) best = i;
  }
  return (columns[best] as Column).kind;
}

/** Reads a row by the header's columns; null when the line has no value in the value column. */
export function readRowByColumns(cells: Cell[], columns: Column[], height: number): PrintedFields | null {
  const byKind = new Map<ColumnKind, PositionedText[]>();
  const named = columns[0]?.kind === 'name';
  let previous: { kind: ColumnKind | null; x1: number; text: string } | null = null;
  // Flags printed after an earlier result ("22.5  L" under "Previous"): that result's flag, not this row's.
  const earlierFlags = new Set<PositionedText>();
  for (const part of cells.flatMap((c) => c.parts)) {
    // A scan's specks ("." ":" "'" "°") in a column are no part of a field.
    if (/^[.,:;'`~_|°•·"]+$/.test(part.text.trim())) continue;
    // Text left of the first heading is the test name when the header has no name column.
    let kind = !named && part.x0 < (columns[0]?.x0 ?? 0) - height ? 'name' : columnOf(part, columns, height);
    // A long name's last word ("(T3)") nearer the next heading's centre than the name's: still the name when it
    // follows the name at a word's gap and starts left of the next heading.
    if (
      named &&
      kind !== 'name' &&
      previous?.kind === 'name' &&
      part.x0 - previous.x1 < height * 0.7 &&
      part.x0 < (columns[1]?.x0 ?? Infinity) - height
    )
      kind = 'name';
    if (
      kind === 'other' &&
      previous?.kind === 'other' &&
      readFlag(part.text) !== null &&
      numericValue(previous.text.trim()) !== null &&
      part.x0 - previous.x1 < height * 4
    )
      earlierFlags.add(part);
    previous = { kind, x1: part.x1, text: part.text };
    if (!kind) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), part]);
  }
  const text = (kind: ColumnKind): string => {
    const parts = byKind.get(kind) ?? [];
    if (parts.length === 0) return '';
    const joined = toCell({ parts, x0: parts[0]?.x0 ?? 0, x1: parts[parts.length - 1]?.x1 ?? 0 }).text;
    // Specks a scan leaves in a column ("." "_" "~") are not a field.
    return /[A-Za-z0-9<>%]/.test(joined) ? joined : '';
  };
  let name = text('name');
  let value = text('value');
  // "Cholesterol, Total 231 | H": a value one space after a long name ran into the name's cell, and the flag is
  // all the value column holds.
  const runOn = readFlag(value) !== null ? /^(.*[A-Za-z)].*?)\s+([<>]?\d+(?:[.,]\d+)?)$/.exec(name) : null;
  if (runOn?.[1] && runOn[2] && !text('flag')) {
    name = runOn[1];
    value = `${runOn[2]} ${value}`;
  }
  // A column whose heading was not understood may hold the flags ("Ind": H / L).
  const otherFlag = (byKind.get('other') ?? [])
    .filter((p) => !earlierFlags.has(p))
    .map((p) => p.text.trim())
    .find((t) => readFlag(t) !== null);
  let flag: string | null = text('flag') || otherFlag || null;
  let units: string | null = text('units') || null;
  // Nor may a heading OCR misread ("UnitotMeasure") over the units: a lone unit (with a slash or a percent sign) in
  // such a column is the row's units when no heading is the units'.
  if (!units && !columns.some((c) => c.kind === 'units')) {
    const other = (byKind.get('other') ?? []).map((p) => p.text.trim());
    const found = other.length === 1 ? readMisreadUnits(other[0] as string) : null;
    if (found && /[/%]/.test(found) && isUnitsText(found)) units = found;
  }
  let range: string | null = text('range') || null;
  if (!name || !value || !isNameText(name)) return null;
  // "H  7.95": a flag printed before the value (some Indian lab layouts) falls in the value column.
  const leading = splitLeadingFlag(value);
  if (leading) {
    value = leading.value;
    flag ??= leading.flag;
  }
  // "48 IU/L High" in the value column, whether or not a flag column repeats it.
  const split = splitTrailingFlag(withoutLeadingSpeck(value));
  value = withoutTrailingSpeck(split.value);
  flag ??= split.flag;
  if (flag && !readFlag(flag)) {
    // Not a flag after all (e.g. units printed under a "Flag" heading): keep the text where it makes sense.
    if (!units && isUnitsText(flag)) units = flag;
    else if (!range && parseReferenceRange(flag)) range = flag;
    flag = null;
  }
  // "L  umol/L": a flag column without a heading, between the value and the units, read into the units.
  const flagged = units && !flag ? /^(\(?(?:HH|LL|H|L|A)\)?|\*)\s+(\S+)$/.exec(units) : null;
  if (flagged?.[1] && flagged[2] && !isUnitsText(units as string) && isUnitsText(flagged[2])) {
    flag = flagged[1];
    units = flagged[2];
  }
  if (units && !range && parseReferenceRange(units) && !isUnitsText(units)) {
    range = units;
    units = null;
  }
  if (units && !range && !isUnitsText(units)) {
    // "mg/dL <200": a missed column boundary between units and range.
    const split = splitUnitsAndRange(units);
    if (split) ({ units, range } = split);
  }
  // "mL/min/1.73m2>  60": the range's comparator read into the units' box.
  const comparator = units ? /^(.*\S)\s*([<>≤≥]=?)$/.exec(units) : null;
  if (comparator?.[1] && comparator[2] && range && /^\d/.test(range.trim())) {
    units = comparator[1];
    range = `${comparator[2]} ${range.trim()}`;
  }
  // "0.70  1.00" in the range column: a scan lost the dash between the bounds.
  const bounds = range ? /^\(?\s*(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s*\)?$/.exec(range) : null;
  if (bounds?.[1] && bounds[2] && Number(bounds[1]) < Number(bounds[2])) range = `${bounds[1]}-${bounds[2]}`;
  if (range && !parseReferenceRange(range)) {
    // "3.4-10.8 KP": a performing-lab code whose column heading OCR did not read.
    const cut = range.lastIndexOf(' ');
    const head = range.slice(0, cut);
    if (cut > 0 && isLabCode(range.slice(cut + 1)) && parseReferenceRange(head)) {
      range = head;
    }
  }
  if (range && !flag && !parseReferenceRange(range)) {
    // "<200 H": the flag column glued to the range.
    const { value: rest, flag: tail } = splitTrailingFlag(range);
    if (tail && rest !== range && parseReferenceRange(rest)) {
      range = rest;
      flag = tail;
    }
  }
  if (!isValueText(value)) {
    // "5.4 %" or "140mmol/L" in the value column: the units printed with the value.
    const glued = splitGluedUnits(value);
    if (glued && (!units || units === glued.units)) ({ value, units } = glued);
  }
  // An unlisted word is a value only beside a range or units that read as such (else it is a long panel title
  // running on, or a sentence spread over the columns: "Specimen slightly haemolysed; potassium | may be falsely").
  if (
    !isValueText(value) &&
    (!/^[A-Za-z][A-Za-z +/-]{0,30}$/.test(value) ||
      !(
        (units && isUnitsText(units)) ||
        (range && (parseReferenceRange(range) || splitRangeAndUnits(range) || isValueText(range)))
      ))
  )
    return null;
  if (range && !units && !parseReferenceRange(range)) {
    // "70-99 mg/dL", "3.5–5.0mmol/L", "mg/dL70-99": range and units share a column.
    const split = splitUnitsAndRange(range);
    if (split) ({ units, range } = split);
  }
  return { name, value, flag, units, range };
}

/** Reads a row from the order of its cells (name, value, flag?, units?, range?, flag?) without a header. */
export function readRowBySequence(cells: Cell[]): PrintedFields | null {
  const plain = readSequence(cells);
  if (plain?.range) return plain;
  // Fixed-width printouts run a long name into its value ("HEPATITIS B SURFACE ANTIGEN Non-Reactive").
  const split = splitNameAndValue(cells[0]);
  if (!split) return plain;
  const alternative = readSequence([split.name, split.value, ...cells.slice(1)]);
  return alternative && (!plain || alternative.range) ? alternative : plain;
}

function splitNameAndValue(cell: Cell | undefined): { name: Cell; value: Cell } | null {
  if (!cell) return null;
  const words = cell.text.split(' ');
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const name = words.slice(0, -k).join(' ');
    const value = words.slice(-k).join(' ');
    if (isValueText(value) && !/^\d+$/.test(value) && isNameText(name)) {
      return { name: { ...cell, text: name }, value: { ...cell, text: value } };
    }
  }
  return null;
}

function readSequence(cells: Cell[]): PrintedFields | null {
  const [first, ...rest] = cells;
  if (!first || rest.length === 0 || !isNameText(first.text)) return null;
  // A scan's specks between the fields ("4.5  .  mmol/L") are no field.
  const marks = rest.filter((c) => !/^[.,:;'`~_|°•·"]+$/.test(c.text.trim()));
  // "TSH  H  7.95 ...": a flag in its own cell before the value.
  const flagFirst =
    marks.length >= 2 && splitLeadingFlag(`${marks[0]?.text ?? ''} ${marks[1]?.text ?? ''}`) !== null;
  const [valueCell, ...others] = flagFirst ? marks.slice(1) : marks;
  if (!valueCell) return null;
  const leading = splitLeadingFlag(valueCell.text);
  const stuck = splitTrailingFlag(withoutLeadingSpeck(leading?.value ?? valueCell.text));
  let value = withoutTrailingSpeck(stuck.value);
  let flag = stuck.flag ?? leading?.flag ?? (flagFirst ? (marks[0]?.text.trim() ?? null) : null);
  let gluedUnits: string | null = null;
  if (!isValueText(value)) {
    const glued = splitGluedUnits(value);
    if (!glued) return null;
    value = glued.value;
    gluedUnits = glued.units;
  }
  let units: string | null = gluedUnits;
  let range: string | null = null;
  others.forEach((cell, i) => {
    if (units === undefined) return;
    const t = cell.text;
    const last = i === others.length - 1;
    // A flag after the value, also when the units were printed with the value ("5.4 mmol/L  High").
    if (!flag && (!units || units === gluedUnits) && !range && readFlag(t)) flag = t;
    else if ((!units || units === gluedUnits) && !range && isUnitsText(t)) units = t;
    // Units printed after the range ("0 - 40  U/L").
    else if (!units && range && isUnitsText(t)) units = t;
    else if (!range && parseReferenceRange(t)) range = t;
    else if (!flag && readFlag(t)) flag = t;
    else if (
      !range &&
      splitUnitsAndRange(t) &&
      (!units || sameUnits(units, splitUnitsAndRange(t)?.units ?? ''))
    )
      ({ units, range } = splitUnitsAndRange(t) as { units: string; range: string });
    // Units a scan misread ("pgmL", "mEgl"), read back.
    else if (!units && misreadUnits(t)) units = misreadUnits(t);
    // "Below low reference limit", "Within normal range": the interpretation written out after the range.
    else if (last && range && flagPhrase(t) !== undefined) flag ??= flagPhrase(t) ?? null;
    else if (!range && last && !isLabCode(t))
      range = t; // a qualitative range (`<1:40`, `Not Estab.`)
    else if (last && isLabCode(t))
      return; // the performing lab's code
    else units = undefined as unknown as null; // unreadable: not a row
  });
  if (units === undefined) return null;
  return { name: first.text, value, flag, units, range, ...(gluedUnits ? { gluedUnits: true } : {}) };
}

/** `mg/dL 70-99` or `70-99 mg/dL` in one cell (range and units sharing a column, or a narrow gap). */
function splitUnitsAndRange(cell: string): { units: string; range: string } | null {
  const code = cell.lastIndexOf(' ');
  const text = code > 0 && isLabCode(cell.slice(code + 1)) ? cell.slice(0, code) : cell;
  const first = text.indexOf(' ');
  if (first > 0) {
    const units = text.slice(0, first);
    const range = text.slice(first + 1).trim();
    if (isUnitsText(units) && parseReferenceRange(range)) return { units, range };
  }
  // Glued without a space ("mg/dL70-99", "%4.0-5.6", "mmol/L(3.5-5.1)"): units end in a letter or `%`, the range
  // starts with a number, a bracket or a comparator.
  for (let i = 1; i < Math.min(text.length, 25); i++) {
    const units = text.slice(0, i);
    const range = text.slice(i);
    if (
      // `mL/min/1.73m2>60`: units ending in a digit are followed by a comparator or a bracket.
      (/[A-Za-zµμ%]$/.test(units)
        ? /^[\d([<>≤≥]/.test(range)
        : /m2$/.test(units) && /^[([<>≤≥]/.test(range)) &&
      isUnitsText(units) &&
      parseReferenceRange(range)
    )
      return { units, range };
  }
  return splitRangeAndUnits(text);
}

/** A units text OCR misread, read back to a unit (`mgrdL` → `mg/dL`); null when it is none. */
function misreadUnits(text: string): string | null {
  const read = readMisreadUnits(text);
  return read !== null && read !== text && isUnitsText(read) ? read : null;
}

const sameUnits = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A short upper-case code at the end of a row (`KP`, `AV`): the performing lab, not part of the result. */
function isLabCode(text: string): boolean {
  return /^[A-Z]{2,4}$/.test(text) && !readFlag(text);
}

/** A number with its units in one cell ("5.4 %", "5.4%", "140mmol/L", "<0.5 mg/L") → value and units. */
export function splitGluedUnits(text: string): { value: string; units: string } | null {
  const m = /^((?:<=|>=|≤|≥|<|>)?\s*\d[\d,]*(?:\.\d+)?)\s*([x×]\s10\S+|\S+)$/i.exec(text.trim());
  if (!m?.[1] || !m[2] || !isValueText(m[1]) || !isUnitsText(m[2])) return null;
  return { value: m[1], units: m[2] };
}
