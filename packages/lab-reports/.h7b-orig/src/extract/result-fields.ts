/**
 * Reading the printed fields of a result row: value, flag, units and reference range, and what they mean
 * (type, interpretation, above/below range). Conventions: src/testing/corpus/README.md.
 */
import type { Interpretation, ResultType } from '@meridian/domain';

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+`;
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
const TRAILING_FLAG = /\s+(\(?(?:HH|LL|H|L|A|C|CRITICAL|HIGH|LOW|ABNORMAL|PANIC|!!)\)?\*?)$/;

/** Splits `5.7 H` into value and flag; returns the text unchanged when no flag follows a value. */
export function splitTrailingFlag(text: string): { value: string; flag: string | null } {
  // OCR may drop the space: "17L", "250HH".
  const glued = /^([<>]?\d[\d.,]*)(HH|LL|H|L)$/.exec(text.trim());
  if (glued?.[1] && glued[2]) return { value: glued[1], flag: glued[2] };
  const match = TRAILING_FLAG.exec(text);
  if (!match || !match[1]) return { value: text, flag: null };
  const value = text.slice(0, match.index).trim();
  if (!isValueText(value) && !parseReferenceRange(value)) return { value: text, flag: null };
  return { value, flag: match[1] };
}

export function parseNumber(text: string): number | null {
  const n = Number(text.replace(/,/g, ''));
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
  if (/^(?:x\s?)?10\^?[eE]?\d+\/[a-zA-Zµμ]+$/i.test(t)) return true;
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

const RANGE_BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|to)\s*(${NUMBER})$`, 'i');
const RANGE_UPPER = new RegExp(String.raw`^(?:<|<=|≤|=<|<\s*OR\s*=|less than)\s*(${NUMBER})$`, 'i');
const RANGE_LOWER = new RegExp(String.raw`^(?:>|>=|≥|=>|>\s*OR\s*=|greater than)\s*(${NUMBER})$`, 'i');

/** Parses a printed reference range; null when the text is not a range at all. */
export function parseReferenceRange(text: string): ReferenceRange | null {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = RANGE_BETWEEN.exec(t);
  if (m?.[1] && m[2]) return { min: parseNumber(m[1]), max: parseNumber(m[2]), qualitative: null };
  m = RANGE_UPPER.exec(t);
  if (m?.[1]) return { min: null, max: parseNumber(m[1]), qualitative: null };
  m = RANGE_LOWER.exec(t);
  if (m?.[1]) return { min: parseNumber(m[1]), max: null, qualitative: null };
  if (isQualitative(t) || /^(?:not detected|none detected|non[- ]?reactive)$/i.test(t)) {
    return { min: null, max: null, qualitative: t };
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
    const same = value.trim().toLowerCase() === range.qualitative.trim().toLowerCase();
    return { interpretation: same ? 'normal' : 'abnormal', isAboveMax, isBelowMin };
  }
  return { interpretation: 'unknown', isAboveMax, isBelowMin };
}
