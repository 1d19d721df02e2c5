/**
 * Printed dates → `YYYY-MM-DD`: numeric (`03/14/1975`, `14.03.1975`, `3/4/24`), with a month name (`Mar 14, 2024`,
 * `14-Mar-2024`, `14 March 2024`) or ISO (`2024-03-14`). Numeric day/month order follows the document's convention
 * (`mdy` in the US, `dmy` in the UK, Canada's hospitals, Australia, India...); a date that only one order makes
 * valid (`14/03/2024`) is read that way whatever the convention.
 */

import { nearestByConfusion } from './ocr-confusion';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

export type DateConvention = 'mdy' | 'dmy';

export interface ReadDate {
  iso: string;
  /** True when day and month could be swapped (both ≤ 12 and different) and the convention decided. */
  ambiguous: boolean;
}

function format(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  // Two-digit years: a date of birth or report date is not in the future.
  const pivot = (new Date().getUTCFullYear() % 100) + 1;
  return year <= pivot ? 2000 + year : 1900 + year;
}

const monthOf = (word: string): number | undefined =>
  MONTHS[word.slice(0, 4).toLowerCase()] ?? MONTHS[word.slice(0, 3).toLowerCase()];

const ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
// A two-digit year is not followed by a letter: `14/03/20Z4` is a misread four-digit year, not 2020.
export const NUMERIC_DATE = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2}(?![A-Za-z]))(?![\d/.-]\d)/;
const MONTH_FIRST = /\b([A-Za-z]{3,9})\.?[\s-]*(\d{1,2})(?:st|nd|rd|th)?[,.]?[\s-]+(\d{4})\b/;
// Separators optional: LIS printouts write "14MAR2024".
const DAY_FIRST = /\b(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*([A-Za-z]{3,9})\.?[\s\-/.,]*(\d{4}|\d{2})\b/;
/** "2024-Mar-14", "2024 MAR 14" (Canadian and LIS systems). */
const YEAR_FIRST = /\b(\d{4})[\s\-/.]+([A-Za-z]{3,9})\.?[\s\-/.]+(\d{1,2})\b/;

/** The first date in the text; null when there is none. */
export function readDate(text: string, convention: DateConvention = 'mdy'): ReadDate | null {
  let m = ISO.exec(text);
  if (m) {
    const iso = format(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) return { iso, ambiguous: false };
  }
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = fullYear(m[3] as string);
    const mdy = format(year, a, b);
    const dmy = format(year, b, a);
    if (mdy && dmy) {
      return { iso: convention === 'dmy' ? dmy : mdy, ambiguous: a !== b };
    }
    const only = mdy ?? dmy;
    if (only) return { iso: only, ambiguous: false };
  }
  m = YEAR_FIRST.exec(text);
  if (m) {
    const month = monthOf(m[2] as string);
    const iso = month ? format(Number(m[1]), month, Number(m[3])) : null;
    if (iso) return { iso, ambiguous: false };
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const month = monthOf(m[2] as string);
    const iso = month ? format(fullYear(m[3] as string), month, Number(m[1])) : null;
    if (iso) return { iso, ambiguous: false };
  }
  m = MONTH_FIRST.exec(text);
  if (m) {
    const month = monthOf(m[1] as string);
    const iso = month ? format(Number(m[3]), month, Number(m[2])) : null;
    if (iso) return { iso, ambiguous: false };
  }
  return null;
}

const MONTH_WORDS = [
  ...Object.keys(MONTHS).filter((m) => m !== 'sept'),
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * A month name with letters misread (`N0v`, `0ct`, `Dcc`, `Ju1`, `Au9`, `Mav`): the one month whose name differs by
 * OCR look-alikes only (one letter in an abbreviation, two in a full name); null when none or several.
 */
function misreadMonth(token: string): string | null {
  const m = /^([A-Za-z0-9]{3,9})$/.exec(token);
  if (!m || monthOf(token) !== undefined || /^\d+$/.test(token) || !/[A-Za-z]/.test(token)) return null;
  const found = nearestByConfusion(token, MONTH_WORDS, token.length > 3 ? 2 : 1);
  return found ? found.slice(0, 1).toUpperCase() + found.slice(1) : null;
}

/** Letters OCR reads for digits: `O`/`o` 0, `l`/`I`/`|` 1, `S`/`s` 5, `B` 8, `Z` 2. */
const DIGIT_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
  s: '5',
  $: '5',
  B: '8',
  Z: '2',
};
/** A token of digits, separators and letters OCR reads for digits, with at least one digit (`O3/l4/2O24`, `2O24`). */
const DIGITISH = /^(?=.*\d)[\dOolI|SsBZ$/.-]+$/;
const LOST_SEPARATOR = /(?<![\d/.-])(\d{2})(\d{2})([/.-])(\d{4})(?![\d/.-])/;
/** Separators misread (`23 12:1961`, `26.05:2025`, `07:05: 1966`): two numbers and a four-digit year. */
const MIXED_SEPARATORS =
  /(?<![\d:])(\d{1,2})\s?[/.,:;°'`*\s-]\s?(\d{1,2})\s?[/.,:;°'`*\s-]\s?((?:19|20)\d{2})(?!\d)/;
/** The second separator lost (`14.032024`, `03/141975`). */
const LOST_SECOND_SEPARATOR = /(?<![\d/.-])(\d{1,2})([/.-])(\d{2})((?:19|20)\d{2})(?![\d/.-])/;

/**
 * A date OCR misread: letters read for digits inside the date's number tokens (`O3/l4/2O24`, `2S Mar 2O24`,
 * `Mar l4, 2O24`), separators misread (`23 12:1961`) or the first one lost (`0314/1975` → `03/14/1975`). Words are
 * left alone (a token changes only when it already holds a digit and nothing but digit look-alikes); null when
 * nothing changed (then the text should be read as it is).
 */
export function repairOcrDate(text: string): string | null {
  const tokens = text.split(/(\s+|,)/);
  const wholeTokens = tokens
    .map((t) => (DIGITISH.test(t) ? t.replace(/[OolI|SsBZ$]/g, (c) => DIGIT_FOR[c] ?? c) : t))
    .join('');
  // Then the parts of a token between separators (`14-Mar-2O24`: the year of a token that also holds a month), and
  // a month name with a letter misread (`14 N0v 2024`, `Dcc`, `Ju1`).
  const digits = wholeTokens
    .split(/([\s,/.-]+)/)
    .map((t) =>
      DIGITISH.test(t) ? t.replace(/[OolI|SsBZ$]/g, (c) => DIGIT_FOR[c] ?? c) : (misreadMonth(t) ?? t),
    )
    .join('');
  if (digits !== text && readDate(digits)) return digits;
  let m = MIXED_SEPARATORS.exec(digits);
  if (m && !NUMERIC_DATE.test(digits)) return digits.replace(m[0], `${m[1]}/${m[2]}/${m[3]}`);
  m = LOST_SEPARATOR.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[3]}${m[2]}${m[3]}${m[4]}`);
  m = LOST_SECOND_SEPARATOR.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[2]}${m[3]}${m[2]}${m[4]}`);
  return digits !== text && readDate(digits) ? digits : null;
}

/** The first date in the text, read month-first when ambiguous (US convention); null when there is none. */
export function normaliseDate(text: string, convention: DateConvention = 'mdy'): string | null {
  return readDate(text, convention)?.iso ?? null;
}

/** Evidence for the day/month order from every numeric date of a document: dates only one order can read. */
export function dateOrderEvidence(text: string): { mdy: number; dmy: number } {
  const evidence = { mdy: 0, dmy: 0 };
  const pattern = new RegExp(NUMERIC_DATE.source, 'g');
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) evidence.dmy++;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) evidence.mdy++;
  }
  return evidence;
}
