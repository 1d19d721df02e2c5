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

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The month a word names: an abbreviation (`Mar`, `Sept`) or the full name, nothing in between — `Apri` (from
 * `Apri1`, a misread `April`) is no month, so `Apri1 2024` is not read as 1 April.
 */
const monthOf = (word: string): number | undefined => {
  const w = word.toLowerCase();
  const full = FULL_MONTHS.indexOf(w);
  return full >= 0 ? full + 1 : MONTHS[w];
};

/**
 * After a date's last number: no digit, nor a letter OCR reads for a digit glued to it (`2024-03-1O` is the 10th, not
 * the 1st; `15/03/202O` is not 2020) — a word may follow (`2024-03-15Sat`).
 */
const END = String.raw`(?![\d|]|[OoIlSBZ](?![a-z]))`;
const ISO = new RegExp(String.raw`\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${END}`);
// A two-digit year is not followed by a letter or digit: `14/03/20Z4` and `14/03/202O` are misread four-digit years.
export const NUMERIC_DATE = new RegExp(
  String.raw`\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}${END}|\d{2}(?![A-Za-z\d|]))(?![\d/.-]\d)`,
);
const MONTH_FIRST = /\b([A-Za-z]{3,9})\.?[\s-]*(\d{1,2})(?:st|nd|rd|th)?[,.]?[\s-]+(\d{4})\b/;
// Separators optional: LIS printouts write "14MAR2024".
const DAY_FIRST = /\b(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*([A-Za-z]{3,9})\.?[\s\-/.,]*(\d{4}|\d{2})\b/;
/** "2024-Mar-14", "2024 MAR 14" (Canadian and LIS systems). */
const YEAR_FIRST = /\b(\d{4})[\s\-/.]+([A-Za-z]{3,9})\.?[\s\-/.]+(\d{1,2})\b/;

/**
 * The match's first number is one digit and a lone digit stands right before it, one space apart, the two making
 * another valid day (`2 4/12` may be the 24th); `0 1/02` is the 1st either way, `5 4/12` cannot be the 54th.
 */
const splitBefore = (text: string, m: RegExpExecArray): boolean => {
  const lone = /(?:^|[^\d/.:-])([1-9])\s$/.exec(text.slice(0, m.index))?.[1];
  return (m[1] as string).length === 1 && lone !== undefined && Number(`${lone}${m[1]}`) <= 31;
};

/** The first date in the text; null when there is none. */
export function readDate(text: string, convention: DateConvention = 'mdy'): ReadDate | null {
  let m = ISO.exec(text);
  if (m) {
    const iso = format(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) return { iso, ambiguous: false };
  }
  m = NUMERIC_DATE.exec(text);
  // A one-digit day after a lone digit and a space (`2 4/12/2024`): OCR split a number, the day may be 24 or 4.
  if (m && splitBefore(text, m)) return null;
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
  if (m && splitBefore(text, m)) return null;
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
  ...FULL_MONTHS.filter((m) => m !== 'may'),
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

/**
 * Letters OCR reads for digits: `O`/`o`/`D` 0, `l`/`I`/`|`/`!` 1, `S`/`s`/`$` 5, `B` 8, `Z` 2, `G`/`b` 6, `g`/`q` 9. The
 * first digit is the usual reading; `Z` may also be a `7` (a barred seven), so a date it changes is read both ways.
 */
const DIGITS_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  l: '1',
  I: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  $: '5',
  B: '8',
  Z: '27',
  G: '6',
  b: '6',
  g: '9',
  q: '9',
};
const LOOKALIKE = /[OoDlI|!SsB$ZGbgq]/g;
/** A token of digits, separators and letters OCR reads for digits, with at least one digit (`O3/l4/2O24`, `2O24`). */
const DIGITISH = /^(?=.*\d)[\dOoDlI|!SsB$ZGbgq/.-]+$/;
const LOST_SEPARATOR = /(?<![\d/.-])(\d{2})(\d{2})([/.-])(\d{4})(?![\d/.-])/;
/**
 * Separators misread (`23 12:1961`, `26.05:2025`, `07:05: 1966`, `3/6{1957`): two numbers and a four-digit year, the
 * first not itself after a separator (`16/1 1/2024` is not `1/1/2024`).
 */
const MIXED_SEPARATORS =
  /(?<![\d:/.-])(\d{1,2})\s?[/.,:;°'`*{}()[\]\\\s-]\s?(\d{1,2})\s?[/.,:;°'`*{}()[\]\\\s-]\s?((?:19|20)\d{2})(?!\d)/;
/** The same, year first (`1999:.11-01`, `2024.03/15`): one or two misread signs per separator. */
const MIXED_SEPARATORS_YEAR_FIRST =
  /(?<![\d/.-])((?:19|20)\d{2})\s?[/.,:;°'`*{}()[\]\\-]{1,2}\s?(\d{1,2})\s?[/.,:;°'`*{}()[\]\\-]{1,2}\s?(\d{1,2})(?!\d)/;
/** A time glued to the date's last number (`15/03/202410:30`, `2024-03-1510:30`): the space OCR lost. */
const GLUED_TIME =
  /((?:\b\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})|(?:\b(?:19|20)\d{2}[/.-]\d{2}[/.-]\d{2}))(\d{1,2}:\d{2})/;
/** The second separator read as a `7` or `1` (`18/0472006` for `18/04/2006`): a month of two digits, then the year. */
const SEPARATOR_AS_DIGIT = /(?<![\d/.-])(\d{1,2})([/.-])(\d{2})[17]((?:19|20)\d{2})(?![\d/.-])/;
/** The month's two digits split by a space (`16/1 1/2024`): joined, the only reading that is a date. */
const SPLIT_MONTH = /(?<![\d/.-])(\d{1,2})([/.-])(\d) (\d)\2((?:19|20)\d{2})(?![\d/.-])/;
/** The second separator lost (`14.032024`, `03/141975`). */
const LOST_SECOND_SEPARATOR = /(?<![\d/.-])(\d{1,2})([/.-])(\d{2})((?:19|20)\d{2})(?![\d/.-])/;

/** `reading` 0: each look-alike's usual digit; 1: its other digit where it has one. */
function digitsOf(token: string, reading: 0 | 1): string {
  return token.replace(LOOKALIKE, (c) => {
    const ds = DIGITS_FOR[c] ?? c;
    return ds[Math.min(reading, ds.length - 1)] as string;
  });
}

function repairWith(text: string, reading: 0 | 1): string | null {
  const tokens = text.split(/(\s+|,)/);
  const wholeTokens = tokens.map((t) => (DIGITISH.test(t) ? digitsOf(t, reading) : t)).join('');
  // Then the parts of a token between separators (`14-Mar-2O24`: the year of a token that also holds a month), and
  // a month name with a letter misread (`14 N0v 2024`, `Dcc`, `Ju1`).
  const digits = wholeTokens
    .split(/([\s,/.-]+)/)
    .map((t) => (DIGITISH.test(t) ? digitsOf(t, reading) : (misreadMonth(t) ?? t)))
    .join('');
  if (digits !== text && readDate(digits)) return digits;
  let m = GLUED_TIME.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]} ${m[2]}`);
  m = SPLIT_MONTH.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[2]}${m[3]}${m[4]}${m[2]}${m[5]}`);
  m = MIXED_SEPARATORS.exec(digits);
  if (m && !NUMERIC_DATE.test(digits)) return digits.replace(m[0], `${m[1]}/${m[2]}/${m[3]}`);
  m = MIXED_SEPARATORS_YEAR_FIRST.exec(digits);
  if (m && !ISO.test(digits)) return digits.replace(m[0], `${m[1]}-${m[2]}-${m[3]}`);
  m = LOST_SEPARATOR.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[3]}${m[2]}${m[3]}${m[4]}`);
  m = LOST_SECOND_SEPARATOR.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[2]}${m[3]}${m[2]}${m[4]}`);
  m = SEPARATOR_AS_DIGIT.exec(digits);
  if (m) return digits.replace(m[0], `${m[1]}${m[2]}${m[3]}${m[2]}${m[4]}`);
  return digits !== text && readDate(digits) ? digits : null;
}

/**
 * A date OCR misread: letters read for digits inside the date's number tokens (`O3/l4/2O24`, `2S Mar 2O24`,
 * `Mar l4, 2O24`), separators misread (`23 12:1961`) or the first one lost (`0314/1975` → `03/14/1975`). Words are
 * left alone (a token changes only when it already holds a digit and nothing but digit look-alikes); null when
 * nothing changed (then the text should be read as it is), and null when a look-alike with two digit readings makes
 * two different valid dates (`1Z/03/2024`: the 12th or the 17th) — a wrong date is worse than none.
 */
export function repairOcrDate(text: string): string | null {
  const usual = repairWith(text, 0);
  if (!usual || !/Z/.test(text)) return usual;
  const other = repairWith(text, 1);
  // A reading far in the future (`2O7Z` as 2077) is not plausible; any date of birth or report is after 1900.
  const plausible = (r: string | null): string | null => {
    const iso = r ? readDate(r)?.iso : undefined;
    const year = Number(iso?.slice(0, 4));
    return iso && year >= 1900 && year <= new Date().getUTCFullYear() + 1 ? iso : null;
  };
  const a = plausible(usual);
  const b = plausible(other);
  return a && b && a !== b ? null : usual;
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
