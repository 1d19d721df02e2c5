/**
 * Reading the printed fields of a result row: value, flag, units and reference range, and what they mean
 * (type, interpretation, above/below range). Conventions: src/testing/corpus/README.md.
 */
import type { Interpretation, ResultType } from '@meridian/domain';
import { nearestByConfusion } from './ocr-confusion';

// Thousands separators (`1,000`), decimal points, and decimal commas (`4,0`, `12,35`: a comma not followed by
// exactly three digits).
const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!,\d)|[-+]?\d+,(?:\d{1,2}|\d{4,})(?![\d,])|[-+]?\.\d+`;
const COMPARATOR = String.raw`(?:<=|>=|≤|≥|<|>|=<|=>|<\s*OR\s*=|>\s*OR\s*=)`;

const NUMERIC_VALUE = new RegExp(String.raw`^(${COMPARATOR})?\s*(${NUMBER})$`, 'i');
const RATIO_VALUE = /^\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?$/;
const RANGE_VALUE = new RegExp(String.raw`^(${NUMBER})\s*[-–]\s*(${NUMBER})$`);

const BOOLEAN_WORDS = new Set([
  'negative',
  'positive',
  'detected',
  'not detected',
  'reactive',
  'non-reactive',
  'nonreactive',
  'non reactive',
]);

/** Words that can be a whole qualitative result (besides booleans). */
const QUALITATIVE_WORDS = new Set([
  'trace',
  'clear',
  'hazy',
  'cloudy',
  'turbid',
  'slightly cloudy',
  'yellow',
  'pale yellow',
  'light yellow',
  'dark yellow',
  'straw',
  'amber',
  'colorless',
  'red',
  'brown',
  'orange',
  'none',
  'none seen',
  'few',
  'rare',
  'moderate',
  'many',
  'small',
  'large',
  'normal',
  'abnormal',
  'present',
  'absent',
  'equivocal',
  'indeterminate',
  'borderline',
  'not seen',
  'not present',
  'see note',
  'pending',
  'nonreactive',
  'negative/normal',
  'occasional',
  'loaded',
  'weakly positive',
  'weak positive',
  'immune',
  'non-immune',
  'not immune',
  'intermediate',
  'low',
  'high',
]);

/** Printed flags and their meaning. */
const FLAGS: Record<string, 'abnormal' | 'critical'> = {
  h: 'abnormal',
  l: 'abnormal',
  a: 'abnormal',
  high: 'abnormal',
  low: 'abnormal',
  abnormal: 'abnormal',
  abn: 'abnormal',
  '*': 'abnormal',
  hi: 'abnormal',
  lo: 'abnormal',
  hh: 'critical',
  ll: 'critical',
  c: 'critical',
  critical: 'critical',
  crit: 'critical',
  '!!': 'critical',
  panic: 'critical',
  'critical high': 'critical',
  'critical low': 'critical',
  'critically high': 'critical',
  'critically low': 'critical',
  '*hh': 'critical',
  '*ll': 'critical',
  'h*': 'abnormal',
  'l*': 'abnormal',
  '*h': 'abnormal',
  '*l': 'abnormal',
  '!': 'abnormal',
};

/** The meaning of a printed flag (`H`, `(L)`, `HH`, `CRITICAL`...), or null when the text is not a flag. */
export function readFlag(text: string): 'abnormal' | 'critical' | null {
  const key = text
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^\[(.*)\]$/, '$1')
    .trim()
    .toLowerCase();
  return FLAGS[key] ?? null;
}

/** Flags that may stick to the value in the same cell (`5.7 H`, `250 HH`, `12.0 (L)`). */
const TRAILING_FLAG =
  /\s+(\(?(?:HH|LL|H|L|A|C|CRITICAL|Critical|HIGH|High|LOW|Low|ABNORMAL|Abnormal|PANIC|Panic|!!)\)?\*?)$/;

/** Splits `5.7 H` into value and flag; returns the text unchanged when no flag follows a value. */
export function splitTrailingFlag(text: string): { value: string; flag: string | null } {
  // OCR may drop the space: "17L", "250HH"; and leave a speck after it: "29H.".
  const glued = /^([<>]?\d[\d.,]*\d|[<>]?\d)(HH|LL|H|L)[.,:;'`]?$/.exec(text.trim());
  if (glued?.[1] && glued[2]) return { value: glued[1], flag: glued[2] };
  const match = TRAILING_FLAG.exec(text);
  if (!match || !match[1]) return { value: text, flag: null };
  const value = text.slice(0, match.index).trim();
  // "5.4% H": a value with its units glued on also takes a flag.
  const gluedUnits = /^[<>≤≥]?=?\s*\d[\d.,]*\s*(\S+)$/.exec(value)?.[1];
  if (!isValueText(value) && !parseReferenceRange(value) && !(gluedUnits && isUnitsText(gluedUnits)))
    return { value: text, flag: null };
  return { value, flag: match[1] };
}

/**
 * An interpretation written out beside a result: "Above high reference limit" → `H`, "Below normal range" → `L`,
 * "Outside reference range" → `A`, "Within normal limits" → null (normal); undefined when the text is none.
 */
export function flagPhrase(text: string): string | null | undefined {
  const t = text.trim().toLowerCase();
  if (!/^[a-z ]{5,50}$/.test(t) || !/\b(?:limits?|range|reference|normal|interval)\b/.test(t))
    return undefined;
  if (/^(?:within|inside|in)\b/.test(t)) return null;
  if (/^(?:above|higher than|over)\b/.test(t)) return 'H';
  if (/^(?:below|lower than|under)\b/.test(t)) return 'L';
  if (/^(?:outside|out of|abnormal)\b/.test(t)) return 'A';
  return undefined;
}

/**
 * "H 7.95", "(L) 14.6", "HH 6.7": a flag printed before a numeric value. Capital letters only, so that a word
 * ("Low 3.1" in prose) or a unit is not taken; null when the text is not a flag and a number.
 */
export function splitLeadingFlag(text: string): { value: string; flag: string } | null {
  const m = /^(\(?(?:HH|LL|H|L|A)\)?|\*)\s+(\S.*)$/.exec(text.trim());
  if (!m?.[1] || !m[2] || !NUMERIC_VALUE.test(m[2].trim())) return null;
  return { value: m[2].trim(), flag: m[1] };
}

export function parseNumber(text: string): number | null {
  const t = text.trim();
  // A decimal comma (`4,0`, `12,35`); `1,000` stays a thousands separator.
  const decimalComma = /^[-+]?\d+,(?:\d{1,2}|\d{4,})$/.test(t);
  const n = Number(decimalComma ? t.replace(',', '.') : t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

export function numericValue(text: string): { comparator: string | null; value: number } | null {
  const match = NUMERIC_VALUE.exec(text.trim());
  if (!match?.[2]) return null;
  const value = parseNumber(match[2]);
  return value === null ? null : { comparator: match[1] ?? null, value };
}

function isQualitative(text: string): boolean {
  const key = text.trim().toLowerCase();
  return (
    BOOLEAN_WORDS.has(key) || QUALITATIVE_WORDS.has(key) || /^[1-4]\+$/.test(key) || /^\+{1,4}$/.test(key)
  );
}

/**
 * A qualitative result a scan misread (`Negalive`, `Non-Reaclive`, `Posilive`): the one result word of six letters or
 * more that the text is, but for look-alike glyphs (one in a word under eight letters, two in a longer one), with
 * those glyphs put back in the printed letter case. Null when none or several are that near.
 */
export function readMisreadWord(text: string): string | null {
  const t = text.trim();
  if (t.length < 6 || !/^[A-Za-z][A-Za-z0-9 /-]+$/.test(t) || /\d{2}/.test(t) || isQualitative(t))
    return null;
  const words = [...BOOLEAN_WORDS, ...QUALITATIVE_WORDS].filter(
    (w) => w.length === t.length && w.length >= 6,
  );
  const known = nearestByConfusion(t, words, t.length < 8 ? 1 : 2);
  if (!known) return null;
  const upper = t === t.toUpperCase();
  return [...t]
    .map((c, i) => {
      const k = known[i] as string;
      if (c.toLowerCase() === k) return c;
      return upper || (c === c.toUpperCase() && c !== c.toLowerCase()) ? k.toUpperCase() : k;
    })
    .join('');
}

/** Whether a cell can be a printed result value. */
export function isValueText(text: string): boolean {
  const t = text.trim();
  return (
    numericValue(t) !== null ||
    RATIO_VALUE.test(t) ||
    /^[<>]=?\s*\d+:\d+$/.test(t) ||
    RANGE_VALUE.test(t) ||
    isQualitative(t)
  );
}

const UNIT_WORDS = new Set([
  '%',
  'sec',
  's',
  'seconds',
  'min',
  'mins',
  'ratio',
  'index',
  'units',
  'u',
  'iu',
  'kg',
  'mg',
  'g',
  'fl',
  'pg',
  'ml',
  'mmol',
  'meq',
  'cells',
  'copies',
  'titer',
  'au',
  'mm',
  'cm',
  'h',
  'hr',
  'hrs',
  'years',
  'weeks',
  'ph',
]);

/** Whether a cell looks like units (`mg/dL`, `x10E3/uL`, `%`, `mL/min/1.73m2`, `fL`, `sec`). */
export function isUnitsText(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 24) return false;
  if (UNIT_WORDS.has(t.toLowerCase())) return true;
  // A range glued to the units ("mg/dL70-99") is not units alone.
  if (/\d\s*[-–]\s*\.?\d/.test(t)) return false;
  // `x10E3/uL`, `10^9/L`, `×10^9/L`, `x 10^9/L`, `10*3/uL`, `x10³/µL`.
  if (/^(?:[x×*]\s?)?10\s?(?:\^|\*|[eE])?\s?(?:\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)\s?\/\s?[a-zA-Zµμ]+$/i.test(t)) return true;
  // The power of ten without its 10 (`x E9/L`, `xE12/L`): a Canadian way of printing cell counts.
  if (/^[x×]\s?E\d{1,2}\/[a-zA-Zµμ]+$/.test(t)) return true;
  // A share with what it is a share of (`% of total Hgb`, `% of total`).
  if (/^%\s+of\s+total(?:\s+[A-Za-z]{2,8})?$/i.test(t)) return true;
  if (
    /\//.test(t) &&
    /^[A-Za-zµμ%0-9.^*/()-]+$/.test(t) &&
    /[A-Za-zµμ%]/.test(t) &&
    (!/^\d/.test(t) || /^10\^/.test(t))
  ) {
    return true;
  }
  if (/^(?:m|u|µ|μ|n|p|f|k)?(?:g|L|mol|IU|U|Eq)$/i.test(t)) return true;
  if (/^(?:mIU|uIU|µIU|IU|U|mU|ng|pg|ug|µg|mg|g|mmol|umol|µmol|nmol|pmol|mEq)\/[A-Za-z0-9.]+$/i.test(t))
    return true;
  return false;
}

export interface ReferenceRange {
  min: number | null;
  max: number | null;
  /** Set when the range is a word (`Negative`, `Clear`). */
  qualitative: string | null;
}

const DASH = String.raw`(?:-|–|—|‐|‑|−|to)`;
const RANGE_BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*${DASH}\s*(${NUMBER})$`, 'i');
const RANGE_UPPER = new RegExp(
  String.raw`^(?:<|<=|≤|=<|⩽|<\s*OR\s*=|less ?than(?: or equal to)?|up ?to|below|under|not more than|no more than|max(?:imum)?\.?:?)\s*(${NUMBER})$`,
  'i',
);
const RANGE_LOWER = new RegExp(
  String.raw`^(?:>|>=|≥|=>|⩾|>\s*OR\s*=|greater ?than(?: or equal to)?|more ?than|above|over|at least|not less than|min(?:imum)?\.?:?)\s*(${NUMBER})$`,
  'i',
);
/** `5.0 or less`, `200 or below`; `60 or more`, `60 or above`, `60 and over`. */
const RANGE_UPPER_AFTER = new RegExp(
  String.raw`^(${NUMBER})\s*(?:or|and)\s+(?:less|lower|below|under|fewer)$`,
  'i',
);
const RANGE_LOWER_AFTER = new RegExp(
  String.raw`^(${NUMBER})\s*(?:or|and)\s+(?:more|greater|higher|above|over)$|^(${NUMBER})\s*\+$`,
  'i',
);
/** A label printed before the range in the same cell: `Desirable: < 200`, `Ref: 4.0-5.6`, `Normal range 70-99`. */
const RANGE_LABEL =
  /^(?:(?:reference|ref\.?|normal|desirable|optimal|target|healthy|expected|adult|adults|therapeutic|goal)(?:\s+(?:range|interval|values?|limits?))?|range|interval)\s*(?::|=|-|is)?\s*(?=[<>≤≥\d.+-]|[a-z])/i;

const QUALITATIVE_RANGE =
  /^(?:not detected|none detected|non[- ]?detected|undetectable|non[- ]?reactive|absent|nil|none seen)$/i;

/** The range text without brackets, labels, odd spaces and dashes: the form the patterns above read. */
function cleanRangeText(text: string): string {
  // A speck or stop after the range ("(0.70-1.00).").
  let t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=[\d)\]}])\s*[.,;:'`_°]+$/, '');
  // A closing bracket more than the opening ones: a speck a scan added ("(0.32-4.00)}").
  while (/[)\]}]$/.test(t) && (t.match(/[)\]}]/g) ?? []).length > (t.match(/[([{]/g) ?? []).length)
    t = t.slice(0, -1).trim();
  for (let i = 0; i < 2; i++) {
    const bracketed = /^[([{](.*)[)\]}]$/.exec(t);
    if (bracketed?.[1] !== undefined) t = bracketed[1].trim();
    const labelled = t.replace(RANGE_LABEL, '').trim();
    if (labelled && labelled !== t) t = labelled;
  }
  return t.replace(/[;.]$/, '').trim();
}

/**
 * A decimal point a scan lost: no lab prints a number with a leading zero (`08`, `027`), so `08-1.2` is `0.8-1.2`,
 * `027-420` is `0.27-4.20` (the other bound without its point takes the same decimals), `00-49` is `0.0-4.9`.
 */
function restoreLostPoint(t: string): string {
  // "3.5.5.1": the dash read as a point between two decimal bounds.
  const dotted = /^(\d+\.\d+)\.(\d+\.\d+)$/.exec(t);
  if (dotted) return `${dotted[1]}-${dotted[2]}`;
  const m = /^(\d+(?:\.\d+)?)(\s*[-–—]\s*)(\d+(?:\.\d+)?)$/.exec(t);
  if (!m) return t;
  const [, a, dash, b] = m as unknown as [string, string, string, string];
  const lost = (n: string): boolean => /^0\d+$/.test(n);
  if (!lost(a) && !lost(b)) return t;
  const decimals = lost(a) ? a.length - 1 : b.length - 1;
  const point = (n: string): string => {
    if (n.includes('.')) return n;
    if (lost(n)) return `0.${n.slice(1)}`;
    return n.length > decimals ? `${n.slice(0, n.length - decimals)}.${n.slice(n.length - decimals)}` : n;
  };
  return `${point(a)}${dash}${point(b)}`;
}

/**
 * Marks a scan adds to a range that no printed range has, tried only when the text does not read as a range as it
 * is: a dash read twice (`136-- 145`), a speck before the first number (`.0.0-4.0`, `'3.5-5.1`), a bracket read as a
 * letter before a comparator (`A<1.7`, `I>60`).
 */
export function withoutScanMarks(text: string): string {
  return text
    .replace(/(?<=\d)\s*([-–—])(?:\s*[-–—])+\s*(?=\d)/, '$1')
    .replace(/^[.,'`_~]+\s*(?=\d)/, '')
    .replace(/^[A-Za-z|]\s*(?=[<>≤≥])/, '');
}

function readRangeOnly(text: string): ReferenceRange | null {
  const t = restoreLostPoint(text);
  let m = RANGE_BETWEEN.exec(t);
  if (m?.[1] && m[2]) {
    const a = parseNumber(m[1]);
    const b = parseNumber(m[2]);
    // "10 - 5" is not a range; a lower bound above the upper one is a misread (a date, a code).
    if (a !== null && b !== null && a > b) return null;
    return { min: a, max: b, qualitative: null };
  }
  m = RANGE_UPPER.exec(t) ?? RANGE_UPPER_AFTER.exec(t);
  if (m?.[1]) return { min: null, max: parseNumber(m[1]), qualitative: null };
  m = RANGE_LOWER.exec(t) ?? RANGE_LOWER_AFTER.exec(t);
  const lower = m?.[1] ?? m?.[2];
  if (lower) return { min: parseNumber(lower), max: null, qualitative: null };
  return null;
}

/**
 * Parses a printed reference range; null when the text is not a range at all. Reads `4.0-5.6`, `4.0 – 5.6`,
 * `4.0 to 5.6`, `(4.0-5.6)`, `[4.0–5.6]`, `<5`, `≤ 5`, `>= 60`, `Less than 5.0`, `Up to 5.0`, `Below 200`,
 * `Above 40`, `5.0 or less`, `Desirable: < 200`, `4,0 - 5,6`, `-2.0 - 2.0` and qualitative ranges (`Negative`).
 * Units in the same cell are not read here (see splitRangeAndUnits).
 */
export function parseReferenceRange(text: string): ReferenceRange | null {
  const t = cleanRangeText(text);
  const numeric = readRangeOnly(t) ?? readRangeOnly(withoutScanMarks(t));
  if (numeric) return numeric;
  if (isQualitative(t) || QUALITATIVE_RANGE.test(t)) {
    return { min: null, max: null, qualitative: t };
  }
  return null;
}

/** `4.0-5.6 %`, `3.5–5.0 mmol/L`, `(70 - 99 mg/dL)`, `< 200 mg/dL`: a numeric range with its units in one cell. */
export function splitRangeAndUnits(text: string): { range: string; units: string } | null {
  const t = cleanRangeText(text);
  // Units after a space (`x 10^9/L` may hold one), else glued to the last number (`3.5-5.0mmol/L`).
  // A bracketed range may come first: `(130-170) g/L`, `[3.5 - 5.0] mmol/L`.
  const candidates = [
    /^(.*[\d)\]])\s+([x×]\s10\S+)$/i,
    /^(.*[\d)\]])\s+(\S+)$/,
    /^(.*\d)([^\s\d.,][^\s]*)$/,
    // Units of several words (`<5.7 % of total Hgb`, `4.0-11.0 x E9/L`).
    /^(.*[\d)\]])\s+(\S+(?:\s+\S+){1,3})$/,
    // "(70-99)mg/dL": glued after the bracket.
    /^(.*[)\]])([^\s\d.,)\]][^\s]*)$/,
  ];
  for (const pattern of candidates) {
    const m = pattern.exec(t);
    if (!m?.[1] || !m[2] || !isUnitsText(m[2])) continue;
    if (readRangeOnly(cleanRangeText(m[1]))) return { range: m[1].trim(), units: m[2] };
  }
  return null;
}

/** Result type from value and units (first rule that applies). */
export function resultType(value: string, units: string | null): ResultType {
  const v = value.trim();
  if (RATIO_VALUE.test(v)) return 'ratio';
  if (RANGE_VALUE.test(v)) return 'range';
  if (numericValue(v)) {
    const u = (units ?? '').trim().toLowerCase();
    if (u === '%') return 'percentage';
    if (['sec', 's', 'seconds', 'min', 'mins', 'minutes'].includes(u)) return 'duration';
    return 'numeric';
  }
  if (BOOLEAN_WORDS.has(v.toLowerCase())) return 'boolean';
  return 'comment';
}

export interface Interpretation_ {
  interpretation: Interpretation;
  isAboveMax: boolean | null;
  isBelowMin: boolean | null;
}

/** Interpretation from the printed flag, else by comparing the value with the range. */
export function interpret(value: string, range: ReferenceRange | null, flag: string | null): Interpretation_ {
  const numeric = numericValue(value.trim());
  const min = range?.min ?? null;
  const max = range?.max ?? null;
  const isAboveMax = numeric && max !== null ? numeric.value > max : null;
  const isBelowMin = numeric && min !== null ? numeric.value < min : null;
  const flagged = flag ? readFlag(flag) : null;
  if (flagged) return { interpretation: flagged, isAboveMax, isBelowMin };
  if (numeric && (min !== null || max !== null)) {
    return { interpretation: isAboveMax || isBelowMin ? 'abnormal' : 'normal', isAboveMax, isBelowMin };
  }
  const span = RANGE_VALUE.exec(value.trim());
  if (span?.[1] && span[2] && (min !== null || max !== null)) {
    // A value printed as a range (`0-2` cells/HPF) is outside when either end is.
    const lo = parseNumber(span[1]) ?? 0;
    const hi = parseNumber(span[2]) ?? 0;
    const outside = (min !== null && lo < min) || (max !== null && hi > max);
    return { interpretation: outside ? 'abnormal' : 'normal', isAboveMax, isBelowMin };
  }
  if (!numeric && range?.qualitative) {
    // `Non-reactive` = `Nonreactive` = `Non Reactive`.
    const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9+]/g, '');
    const same = key(value) === key(range.qualitative);
    return { interpretation: same ? 'normal' : 'abnormal', isAboveMax, isBelowMin };
  }
  return { interpretation: 'unknown', isAboveMax, isBelowMin };
}
