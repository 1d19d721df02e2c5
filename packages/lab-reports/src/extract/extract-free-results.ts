/**
 * Results printed outside a table:
 * - cards / blocks (patient-portal pages): the test name alone on a line, the value (and units) under it, the
 *   reference range and a flag on the lines below, several cards side by side in a grid;
 * - running text: "Hemoglobin A1c was 5.4 % (reference 4.0–5.6)", "Your LDL cholesterol: 3.1 mmol/L, ref < 3.0".
 * Both are read only for names the LOINC catalog knows, so that prose and letterheads do not become results.
 */
import type { Cell, Line } from '../layout/layout-types';
import { LOINC_CATALOG, matchLoinc } from '../loinc';
import { isPanelText } from './extract-rows';
import type { PrintedRow } from './extract-rows';
import { readRowBySequence } from './read-row';
import { isUnitsText, isValueText, parseReferenceRange, readFlag } from './result-fields';
import { readMisreadUnits } from './unit-misreadings';

// A comma before one or two digits is a decimal comma ("5,4 mmol/L" in European reports); before three, thousands.
const NUMBER = String.raw`[-+]?\d+,\d{1,2}(?!\d)|[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+`;
const COMPARATOR = String.raw`(?:<=|>=|≤|≥|<|>)`;
const QUALITATIVE = String.raw`not detected|none detected|non-reactive|nonreactive|negative|positive|detected|reactive|trace`;

export const normaliseName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Words of the catalog's test names (lower case), and its abbreviations as printed (case kept: "Mg" ≠ "mg"). */
let vocabulary: { words: Set<string>; abbreviations: Set<string> } | null = null;

function catalogVocabulary(): { words: Set<string>; abbreviations: Set<string> } {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  const abbreviations = new Set<string>();
  for (const entry of LOINC_CATALOG) {
    for (const name of [entry.display_name, entry.short_name, entry.long_common_name, ...entry.aliases]) {
      for (const w of name.toLowerCase().split(/[^a-z0-9]+/)) if (/[a-z]{3,}/.test(w)) words.add(w);
    }
    for (const a of entry.abbreviations) abbreviations.add(a.replace(/[^A-Za-z0-9]/g, ''));
    // One-word aliases are abbreviations as printed ("Cl", "K", "TSH").
    for (const a of entry.aliases) if (/^[A-Za-z0-9]{1,6}$/.test(a)) abbreviations.add(a);
  }
  // British spellings of the same words.
  for (const w of [...words]) {
    if (w.includes('hem')) words.add(w.replace('hem', 'haem'));
    if (w.includes('est')) words.add(w.replace(/^est/, 'oest'));
  }
  vocabulary = { words, abbreviations };
  return vocabulary;
}

/**
 * How well the catalog knows a name (the top LOINC confidence), 0 when it does not: besides a LOINC match, most of
 * the name's words must be test-name words of the catalog (the matcher also ranks "Specimen ID" or "500 mg").
 */
function knownTest(printed: string, units: string | null): number {
  // "T.S.H." is TSH.
  const name = /^(?:[A-Za-z]\.){2,}[A-Za-z]?\.?$/.test(printed) ? printed.replace(/\./g, '') : printed;
  // "500 mg" is not a test; "25-OH Vitamin D" and "17-Hydroxyprogesterone" are.
  if (name.length > 60 || !/[A-Za-z]/.test(name) || /^[\d.,]+(?:\s|$)/.test(name)) return 0;
  const { words, abbreviations } = catalogVocabulary();
  const tokens = name.split(/[^A-Za-z0-9]+/).filter((t) => /[A-Za-z]/.test(t));
  const isKnown = (t: string): boolean =>
    words.has(t.toLowerCase()) ||
    abbreviations.has(t) ||
    (t === t.toUpperCase() && abbreviations.has(t.toUpperCase()));
  const long = tokens.filter((t) => t.replace(/[^A-Za-z]/g, '').length >= 3);
  const unknownLong = long.filter((t) => !isKnown(t)).length;
  if (!tokens.some(isKnown) || unknownLong > long.length * 0.4) return 0;
  const result = matchLoinc({ testName: name, units, limit: 1 });
  if (result.status === 'no_match') return 0;
  return result.matches[0]?.confidence_score ?? 0;
}

// ——— reference ranges and values in free text ——————————————————————————————————————————————————————

const RANGE_PREFIX =
  /^\(?\s*(?:[A-Za-z.'’]+\s+){0,3}?(?:(?:reference|ref\.?|normal|standard|healthy|target|expected|desirable|optimal|typical|usual|acceptable|biological|bio\.?)(?:\s+(?:ref\.?|reference))?(?:\s+(?:range|interval|values?|limits?))?|range|interval|limits)\s*(?:is|:|=|-|\.(?=\s)|;)?\s*/i;

/** "Reference: 4.0–5.6 %", "Ref range < 3.0", "(70 - 99 mg/dL)", "Normal: below 5.7" → range and units. */
export function readRangeText(text: string): { range: string; units: string | null } | null {
  let t = text
    .trim()
    .replace(/[)\].;,]+$/, '')
    .trim();
  const prefixed = RANGE_PREFIX.test(t);
  // "(50 - 100) umol/L", "[ < 5.0 ]": the brackets around the range, units after them.
  t = t
    .replace(RANGE_PREFIX, '')
    .replace(/^[([]\s*([^)\]]*?)\s*[)\]]/, '$1')
    .replace(/^[([]/, '')
    .trim();
  t = t
    .replace(/^(?:less than|below|under|up to)\s+/i, '<')
    .replace(/^(?:greater than|above|over|more than|at least)\s+/i, '>')
    .replace(/(\d)\s*(?:–|—|-|to)\s*(?=[-+]?[\d.])/g, '$1-');
  const direct = parseReferenceRange(t);
  if (direct && (direct.min !== null || direct.max !== null || prefixed)) return { range: t, units: null };
  const cut = t.lastIndexOf(' ');
  if (cut > 0) {
    const head = t.slice(0, cut).trim();
    const tail = t.slice(cut + 1);
    const parsed = parseReferenceRange(head);
    if (parsed && (parsed.min !== null || parsed.max !== null) && isUnitsText(tail))
      return { range: head, units: tail };
  }
  return null;
}

const VALUE_LINE = new RegExp(
  String.raw`^(?:(?:your\s+)?(?:result|value)\s*[:.;]?\s*)?((?:${COMPARATOR}\s*)?(?:${NUMBER})|${QUALITATIVE}|[1-4]\+)(?:\s*([^\s]+(?:\s?/\s?[^\s]+)?))?(?:\s+(\(?(?:H|L|HH|LL|A|(?:Critical(?:ly)?\s+)?(?:High|Low)|Abnormal|Critical)\)?))?$`,
  'i',
);

/** Labels of a block's other lines: a range, a flag, units, a date, a comment — never the value's label. */
const NOT_VALUE_LABEL =
  /\b(?:reference|ref|normal|range|interval|limits?|target|expected|standard|healthy|desirable|optimal|flags?|status|interpretation|units?|uom|date|time|collected|reported|specimen|sample|method|comments?|notes?|previous|prior|last)\b/i;

/**
 * The label before a block's value, however the lab words it ("Result:", "Your value:", "Measured level:",
 * "Today's reading -"): a few words ending in a colon or a dash, not the label of another field.
 */
export function stripValueLabel(text: string): string {
  const m = /^([A-Za-z][A-Za-z'’ ]{0,30}?)\s*(?::|\s-|=)\s*(?=\S)/.exec(text);
  if (!m?.[1] || m[1].split(/\s+/).length > 4 || NOT_VALUE_LABEL.test(m[1])) return text;
  return text.slice(m[0].length);
}

/** "Units: mmol/L", "UOM - g/L" on a line of its own → the units. */
function readUnitsLine(text: string): string | null {
  const m = /^(?:units?|uom|unit of measure(?:ment)?)\s*(?::|-|=)?\s*(\S+(?:\s?\/\s?\S+)?)$/i.exec(
    text.trim(),
  );
  return m?.[1] && isUnitsText(m[1]) ? m[1] : null;
}

/** "Flag: H", "Status: High", "Interpretation - Abnormal" → the flag text (null: normal or not a flag line). */
function readFlagLine(text: string): { flag: string | null } | null {
  const m = /^(?:flags?|status|interpretation|result flag|abnormal flag)\s*(?::|-|=)?\s*(.+)$/i.exec(
    text.trim(),
  );
  const t = (m?.[1] ?? text).trim();
  if (STATUS.test(t)) return { flag: flagOfStatus(t) };
  if (m && readFlag(t)) return { flag: t };
  return null;
}

/** Units OCR misread ("mmoliL", "U/L.", "pg/mL;"): a short word with letters, kept as printed for the OCR fixes. */
const MISREAD_UNITS = /^[A-Za-zµμ][A-Za-z0-9µμ/.^;]{0,10}$/;

/**
 * "5.4 %", "140 mmol/L H", "Negative", "Result: 3.1 mmol/L" → value, units, flag. With `lenientUnits`, a units word that does
 * not read as units ("2.51 mmoliL") is kept rather than losing the result (a card's value line is a result anyway).
 */
function readValueText(
  text: string,
  lenientUnits = false,
): { value: string; units: string | null; flag: string | null } | null {
  const clean = stripValueLabel(text.replace(/\s*\b(?:units?|uom)\s*:\s*/i, ' ').trim()).trim();
  const m = VALUE_LINE.exec(clean);
  if (!m?.[1]) {
    // A qualitative result word ("Yellow", "Clear", "Trace").
    return /[A-Za-z]/.test(clean) && isValueText(clean) && !readFlag(clean)
      ? { value: clean, units: null, flag: null }
      : null;
  }
  const value = m[1].replace(/\s+/g, '');
  let units: string | null = m[2] ?? null;
  let flag: string | null = m[3] ?? null;
  // "mmol L": OCR lost the slash.
  if (units && /^\S+ \S+$/.test(units) && isUnitsText(units.replace(' ', '/')))
    units = units.replace(' ', '/');
  if (units && !isUnitsText(units)) {
    const misread = readMisreadUnits(units);
    if (!flag && readFlag(units)) {
      flag = units;
      units = null;
    } else if (lenientUnits && MISREAD_UNITS.test(units)) {
      // Kept as printed: the OCR fixes and the report's units reading correct it.
    } else if (misread && isUnitsText(misread)) units = misread;
    else return null;
  }
  if (!isValueText(value) && !/^[1-4]\+$/.test(value)) return null;
  return { value: /^[a-z]/i.test(value) ? m[1].trim() : value, units, flag };
}

// ——— cards ——————————————————————————————————————————————————————————————————————————————————————————

interface Placed {
  cell: Cell;
  line: Line;
  index: number;
}

/** Cells of `line` inside the column [x0, x1). */
const inColumn = (line: Line, x0: number, x1: number): Cell[] =>
  line.cells.filter((c) => c.x0 >= x0 && c.x0 < x1);

/** Status words printed beside a card's name ("Normal", "High"); a flag when not normal. */
const STATUS =
  /^(?:normal|in range|within range|optimal|ok|high|low|abnormal|critical|out of range|borderline)$/i;

function flagOfStatus(text: string): string | null {
  const t = text.replace(/^(?:flag|status)\s*:?\s*/i, '').trim();
  if (/^(?:normal|in range|within range|optimal|ok)$/i.test(t)) return null;
  return readFlag(t) ? t : /^(?:out of range|abnormal|borderline)$/i.test(t) ? 'A' : null;
}

/** "74  106" when the range read is 74–106: the bounds printed at the ends of a range bar. */
function isRangeBarLabels(text: string, range: string): boolean {
  const bounds = /^\s*([\d.,]+)\s+([\d.,]+)\s*$/.exec(text);
  const parsed = parseReferenceRange(range);
  if (!bounds?.[1] || !bounds[2] || !parsed || parsed.min === null || parsed.max === null) return false;
  return (
    Number(bounds[1].replace(/,/g, '')) === parsed.min && Number(bounds[2].replace(/,/g, '')) === parsed.max
  );
}

/** What cards took: their lines (not running text) and the cells of wrapped names (not cards of their own). */
interface Used {
  lines: Set<Line>;
  cells: Set<Cell>;
}

/** Reads the card whose name is `at`; the lines and name cells it takes are added to `used`. */
function readCard(lines: Line[], at: Placed, used: Used): PrintedRow | null {
  const { cell, line, index } = at;
  // "Test: Sodium" over "Result: 133 mmol/L": the label before the name is no part of it.
  let name = cell.text
    .replace(/[:*]+$/, '')
    .replace(/^(?:test(?:\s+name)?|analyte|component|investigation|parameter)\s*:\s*(?=[A-Za-z])/i, '')
    .trim();
  if (!/[A-Za-z]/.test(name) || isValueText(name) || readValueText(name, true) || STATUS.test(name))
    return null;
  if (/^(?:reference|ref|normal|range|result|value|standard|units?)\b/i.test(name)) return null;
  // The card's column ends where the next card's name starts on the same line (a status word is the card's).
  const rightCells = line.cells.filter((c) => c.x0 > cell.x1);
  let status: string | null = null;
  let boundary: Cell | undefined;
  for (const c of rightCells) {
    const t = c.text.trim();
    if (!boundary && status === null && (STATUS.test(t) || (readFlag(t) && t.length <= 10))) status = t;
    else {
      boundary = c;
      break;
    }
  }
  const x0 = cell.x0 - line.height * 1.5;
  const x1 = boundary ? boundary.x0 - line.height * 0.5 : Infinity;
  let value: ReturnType<typeof readValueText> = null;
  let range: string | null = null;
  let rangeUnits: string | null = null;
  let flag: string | null = status ? (flagOfStatus(status) ?? (readFlag(status) ? status : null)) : null;
  let unitsLine: string | null = null;
  let previous = line;
  let nameLines = 0;
  const taken: Line[] = [line];
  const nameCells: Cell[] = [];
  for (let j = index + 1; j < lines.length && j <= index + 6; j++) {
    const below = lines[j] as Line;
    if (below.y0 - previous.y1 > Math.max(line.height, below.height) * 2.2) break;
    const cells = inColumn(below, x0, x1);
    if (cells.length === 0) continue;
    const gap = below.y0 - previous.y1;
    previous = below;
    taken.push(below);
    const text = cells.map((c) => c.text).join(' ');
    // A range drawn as a bar with its bounds printed at the ends ("74      106" under "Normal range: 74 - 106"),
    // or a lone "Value" label over the value: neither is the card's value.
    if (!value && range && isRangeBarLabels(text, range)) continue;
    if (!value && /^(?:your\s+)?(?:value|result)s?\s*:?$/i.test(text.trim())) continue;
    if (!value) {
      value = readValueText(text, true);
      if (value) continue;
      // Some portals print the range above the value.
      const before: { range: string; units: string | null } | null = range ? null : readRangeText(text);
      if (before && RANGE_PREFIX.test(text.trim())) {
        range = before.range;
        rangeUnits = before.units;
        continue;
      }
      // A wrapped name ("Fasting Blood Sugar" / "(FBS)"): short text without digits, aligned with the name.
      if (
        nameLines < 2 &&
        cells.length === 1 &&
        gap < line.height * 0.8 &&
        !/\d/.test(text) &&
        text.length <= 40 &&
        Math.abs((cells[0] as Cell).x0 - cell.x0) < line.height
      ) {
        // A heading over the card ("TFT" over "Serum TSH"), not the first line of its name: the card starting
        // below reads it.
        if (knownTest(text, null) > 0 && knownTest(name, null) === 0) return null;
        name = `${name} ${text}`;
        nameCells.push(cells[0] as Cell);
        nameLines++;
        continue;
      }
      return null;
    }
    const r = readRangeText(text);
    if (r && !range) {
      range = r.range;
      rangeUnits = r.units;
      continue;
    }
    const flagLine = readFlagLine(text);
    if (flagLine) {
      flag ??= flagLine.flag;
      continue;
    }
    const unitsText = readUnitsLine(text);
    if (unitsText && !value.units && !unitsLine) {
      unitsLine = unitsText;
      continue;
    }
    break;
  }
  if (!value) return null;
  const units = value.units ?? unitsLine ?? rangeUnits;
  if (knownTest(name, units) === 0) return null;
  for (const l of taken) used.lines.add(l);
  for (const c of nameCells) used.cells.add(c);
  return { name, value: value.value, units, range, flag: value.flag ?? flag, panel: null };
}

// ——— running text ———————————————————————————————————————————————————————————————————————————————————

const SENTENCE = new RegExp(
  String.raw`((?:\b[A-Z]\.\s?)?[A-Za-z](?:[A-Za-z0-9 ,'()/+%-]|:(?=[A-Za-z])){1,80}?)\s*(?:\b(?:was|is|were|are|came back(?: at| as)?|came in at|measured(?: at)?|measuring|reads?|read|showed|shows|showing|returned|of|at|level(?: was| is| of)?|result(?: was| is| of)?)\b|:|=|,|\s[-–](?=\s))\s*((?:${COMPARATOR}\s*)?(?:${NUMBER})(?![\d/])(?!\s*[-–]\s*\d)(?!-[A-Za-z])|\b(?:${QUALITATIVE})\b)(?:\s*(%|\/[A-Za-zµμ]+\b|(?:x\s?)?10\^?[eE]?\d+\/[A-Za-zµμ]+|[A-Za-zµμ](?:[A-Za-zµμ0-9/^*]|\.(?=[A-Za-z0-9]))*))?(?:\s*[-–,]?\s*[([]\s*((?:${COMPARATOR}\s*)?(?:${NUMBER})(?:\s*(?:-|–|—|to)\s*(?:${NUMBER}))?)\s*[)\]]|(?:[^.\d:]{0,60}?\b(?:reference|ref|normal|range|target|healthy|expected|desirable)\b[^0-9<>≤≥.;]{0,30}?((?:${COMPARATOR}\s*|less than |below |under |greater than |above |over )?(?:${NUMBER})(?:\s*(?:-|–|—|to)\s*(?:${NUMBER}))?|\b(?:${QUALITATIVE})\b)))?`,
  'gi',
);

/**
 * A flag right after a result in running text or a colon list: `) High`, ` [L]`, ` - Critical Low`. Single letters
 * only in capitals (`H`, `LL`); never the article "A".
 */
const TRAILING_FLAG_WORD =
  /^\s*\)?\s*[-–,;]?\s*[([]?((?:(?:[Cc]ritical(?:ly)?|CRITICAL(?:LY)?)\s+)?(?:[Hh]igh|HIGH|[Ll]ow|LOW)|[Aa]bnormal|ABNORMAL|[Cc]ritical|CRITICAL|HH|LL|H|L)[)\]]?(?![A-Za-z0-9(-])/;

const LEADING_FILLER =
  /^(?:(?:and|but|also|while|whereas|however|with|including|had|has|the|a|an|your|his|her|their|my|patient's|patient|results?|show(?:ed|s)?|we|found|noted|recorded|that|this|today's|recent|latest|level|levels|of)\s+)+/i;

/** The test named right before the verb: the suffix of the words the catalog matches best. */
function nameBefore(text: string, units: string | null): string | null {
  const clauses = text.split(/[;]|\band\b/i);
  const last = clauses[clauses.length - 1] ?? text;
  // "Sodium, Serum was 143": a name may hold a comma before its specimen ("Glucose, Plasma"); its words are the
  // last comma-separated piece, or the last two when the last is a word or two.
  const pieces = last.split(',');
  const tail = pieces[pieces.length - 1] ?? last;
  const clause =
    pieces.length >= 2 && tail.trim().split(/\s+/).length <= 2 ? pieces.slice(-2).join(',') : tail;
  const words = clause.replace(LEADING_FILLER, '').trim().split(/\s+/).filter(Boolean);
  const scored: { name: string; score: number }[] = [];
  for (let k = Math.max(0, words.length - 6); k < words.length; k++) {
    const candidate = words
      .slice(k)
      .join(' ')
      .replace(LEADING_FILLER, '')
      .replace(/\s+level$/i, '');
    if (!candidate || !/[A-Za-z]/.test(candidate)) continue;
    scored.push({ name: candidate, score: knownTest(candidate, units) });
  }
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top === 0) return null;
  // The longest name that matches about as well as the best ("LDL cholesterol" rather than "cholesterol").
  return scored.find((s) => s.score >= top - 0.25 && s.score >= 0.5)?.name ?? null;
}

/** Results stated in sentences of one paragraph text. */
export function readSentences(text: string): PrintedRow[] {
  const rows: PrintedRow[] = [];
  const pattern = new RegExp(SENTENCE.source, SENTENCE.flags);
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const rawUnits = m[3] ?? null;
    const units = rawUnits && isUnitsText(rawUnits) ? rawUnits : null;
    // "Ferritin, 276 ug/L (ref 30-400)": after a bare comma, a number is a result only with units or a range.
    const afterName = m[0].slice((m[1] as string).length).trimStart();
    // The range in brackets right after the result ("138 mmol/L (135-145)"), or after a word such as "reference".
    const printedRange = m[4] ?? m[5];
    if (afterName.startsWith(',') && !units && !printedRange) continue;
    // "The reference range for glucose is 70-99": a range, not a result.
    // Only the clause before the result counts ("Your blood count was normal, with a haemoglobin of 131 g/L").
    const clause = (m[1] as string).split(/[;,]\s*(?=(?:with|and|but|while|whereas)\b)/i).pop() ?? '';
    if (/\b(?:reference|range|normal|interval|ref|target|goal|between)\b/i.test(clause)) continue;
    const name = nameBefore(m[1] as string, units);
    if (!name) continue;
    // As printed, like a table's value ("5,4": the interpretation reads the decimal comma).
    const value = (m[2] as string).replace(/\s+/g, '');
    // After "reference" / "normal range", a word is a qualitative range ("the normal range is Non-Reactive").
    const qualitativeRange =
      printedRange && parseReferenceRange(printedRange)?.qualitative
        ? { range: printedRange, units: null }
        : null;
    const rangeText = printedRange ? (readRangeText(printedRange) ?? qualitativeRange) : null;
    // "Glucose: 112 mg/dL (Reference: 70-100) High": a flag printed right after the result (a colon list's lines
    // run together as one paragraph, so unread it would start the next result's name: "High Creatinine").
    const trailing = TRAILING_FLAG_WORD.exec(text.slice(pattern.lastIndex));
    if (trailing) pattern.lastIndex += trailing[0].length;
    // "..., which is low." after the value.
    const after = (/^[^.;]*/.exec(text.slice(pattern.lastIndex)) ?? [''])[0];
    const flagMatch =
      /\b(?:which|that) (?:is|was) (?:(?:a )?(?:little|slightly|very|too) )?(high|low|abnormal|critical|elevated)\b/i.exec(
        after,
      );
    rows.push({
      name,
      value: /^[a-z]/i.test(value) ? (m[2] as string).trim() : value,
      units: units ?? rangeText?.units ?? null,
      range: rangeText?.range ?? null,
      flag: trailing?.[1] ?? flagMatch?.[1] ?? null,
      panel: null,
    });
  }
  return rows;
}

/** Running text: a few words and sentence punctuation ("TSH: 5.77 mU/L (normal 0.27-4.20). Free T4 was 25.1 ..."). */
const isProse = (text: string): boolean =>
  text.length >= 12 &&
  ((/[.,;:]/.test(text) && (text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3) ||
    // "TSH: 2.1 mIU/L (Ref: 0.4-4.0)", "Sodium - 138 mmol/L - (135-145)": a list's line, however few its words.
    /^[A-Za-z][^:]{0,60}(?::|\s[-–]\s)\s*[<>≤≥]?\s*\d/.test(text));

/**
 * A heading on its own line: a few words, no sentence punctuation, no number (figures inside a word, as in
 * `B12/Folate` or `HbA1c`, are part of a name).
 */
function isHeading(line: Line): boolean {
  const text = line.cells.map((c) => c.text).join(' ');
  return (
    line.cells.length === 1 &&
    !/[.;:]|(?:^|[^A-Za-z0-9])\d/.test(text) &&
    text.split(' ').length <= 6 &&
    isPanelText(text)
  );
}

/** Lines of running text joined into paragraphs (a sentence may wrap), with the heading printed above each. */
function paragraphs(lines: Line[]): { text: string; panel: string | null }[] {
  const out: { text: string; panel: string | null }[] = [];
  let current: string[] = [];
  let last: Line | null = null;
  let heading: { text: string; line: Line } | null = null;
  let panel: string | null = null;
  const flush = (): void => {
    if (current.length > 0) out.push({ text: current.join(' '), panel });
    current = [];
  };
  for (const line of lines) {
    const text = line.cells.map((c) => c.text).join(' ');
    const close = last !== null && line.y0 - last.y1 < line.height * 0.9;
    // A line continues the paragraph when the previous one did not end its sentence ("... total protein: 77" / "g/L").
    const continues = close && current.length > 0 && !/[.!?]$/.test(current[current.length - 1] as string);
    if (line.cells.length <= 2 && (isProse(text) || continues) && !isHeading(line)) {
      if (!close) {
        flush();
        // The heading printed shortly above a paragraph is its panel (a letterhead far above is not).
        panel = heading && line.y0 - heading.line.y1 < line.height * 3 ? heading.text : null;
      }
      current.push(text);
      last = line;
      continue;
    }
    flush();
    last = null;
    heading = isHeading(line) ? { text: line.cells[0]?.text ?? '', line } : null;
  }
  flush();
  return out;
}

/**
 * Results of cards and sentences that the table reader did not already find (by normalised name).
 */
export function extractFreeResults(pages: Line[][], known: PrintedRow[]): PrintedRow[] {
  const seen = new Set(known.map((r) => normaliseName(r.name)));
  const rows: PrintedRow[] = [];
  const add = (row: PrintedRow | null, panel: string | null): boolean => {
    if (!row) return false;
    const key = normaliseName(row.name);
    if (seen.has(key)) return true;
    seen.add(key);
    rows.push({ ...row, panel: row.panel ?? panel });
    return true;
  };
  for (const lines of pages) {
    let panel: string | null = null;
    // Lines read as cards are not running text ("Cholesterol, Total  Low" / "Result: 82 mg/dL").
    const used: Used = { lines: new Set(), cells: new Set() };
    lines.forEach((line, index) => {
      let found = false;
      for (const cell of line.cells) {
        if (cell.text.length > 60 || used.cells.has(cell)) continue;
        found = add(readCard(lines, { cell, line, index }, used), panel) || found;
      }
      // A heading over cards that is not itself a card names their panel.
      if (!found && isHeading(line)) panel = line.cells[0]?.text ?? panel;
    });
    for (const paragraph of paragraphs(lines.filter((l) => !used.lines.has(l))))
      for (const row of readSentences(paragraph.text)) add(row, paragraph.panel);
  }
  return rows;
}

/**
 * Last resort before refusing a document as "not a lab report": lines read as `name value [units] [range]` without
 * a table header and without units or range (a plain printed list), kept only for names the catalog knows well.
 */
export function extractLooseRows(pages: Line[][]): PrintedRow[] {
  const rows: PrintedRow[] = [];
  const seen = new Set<string>();
  for (const line of pages.flat()) {
    const fields = readRowBySequence(line.cells);
    if (!fields || seen.has(normaliseName(fields.name))) continue;
    // "Cholesterol, Total  Low": a status beside a name, not its value.
    if (STATUS.test(fields.value) || readFlag(fields.value)) continue;
    if (knownTest(fields.name, fields.units) < 0.6) continue;
    seen.add(normaliseName(fields.name));
    rows.push({ ...fields, panel: null });
  }
  return rows;
}
