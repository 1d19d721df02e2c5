/**
 * The day/month order of a document's numeric dates: first from the dates themselves (a `14/03/2024` anywhere
 * settles it), else from where the lab is (US → month first; UK, Ireland, Australia, New Zealand, India, South
 * Africa → day first; Canada prints both, hospitals mostly day first), else month first with low confidence.
 */
import type { DateConvention } from './normalise-date';
import { dateOrderEvidence, NUMERIC_DATE } from './normalise-date';

export interface DocumentDateConvention {
  convention: DateConvention;
  /** How sure the order is: 1 proven by the document's own dates, ~0.8 from the country, 0.5 a default. */
  confidence: number;
  source: 'dates' | 'country' | 'default';
}

/** Signs of a country whose labs print day first. */
const DAY_FIRST_HINTS: RegExp[] = [
  /\bNHS\b/,
  /\b(?:united kingdom|england|scotland|wales|northern ireland)\b/i,
  /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/, // UK postcode
  /\b(?:australia|new zealand|NSW|VIC|QLD|ACT|Tas|WA \d{4}|SA \d{4}|NT \d{4})\b/,
  /\b(?:medicare|ABN|AHPRA|NATA)\b/,
  /\b(?:india|maharashtra|karnataka|delhi|mumbai|bengaluru|bangalore|chennai|hyderabad|kolkata|pune)\b/i,
  /\b(?:pvt\.? ltd|private limited|NABL|PIN[ -:]?\d{6}|\+91)\b/i,
  // Indian labs' own wordings: "Biological Reference Interval" / "Bio. Ref. Range", "Ref. By : Self".
  /\bbio(?:logical|\.)?\s*ref(?:erence|\.)?\s*(?:interval|range)\b/i,
  /\bref(?:\.|erred)? ?by\s*:?\s*(?:self|dr\b)/i,
  /\b(?:ireland|south africa)\b/i,
  /\b(?:haemoglobin|haematology|haematocrit|colour|centre|paediatric|oesinophils|favour)\b/i,
  // A patient label of British usage (a US report prints "First Name"; "Surname" is printed in both).
  /\bforenames?\b/i,
  /\b(?:ontario|quebec|alberta|manitoba|saskatchewan|nova scotia|british columbia|health card|OHIP)\b/i,
  /\b[A-Z]\d[A-Z] \d[A-Z]\d\b/, // Canadian postal code
];

/** Signs of a US lab. */
const MONTH_FIRST_HINTS: RegExp[] = [
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY) \d{5}(?:-\d{4})?\b/,
  // A US lab's CLIA number or certification; not the assay method of that name ("Method : CLIA") Indian labs print.
  /(?<!method\s*:?\s*)\bCLIA\b/i,
  /\b(?:united states|USA|U\.S\.A\.)\b/,
  /\(\d{3}\) \d{3}-\d{4}/,
  /\b(?:NPI|CAP accredited)\b/,
];

/**
 * Numeric dates OCR misread so that the strict pattern misses them: a separator read as `:`, `,` or a space
 * (`23/08:2025`, `23 08/2025`) or both separators lost (`23082025` in a labelled field). The two numbers still tell
 * the order when one is over 12. At least one separator must be `/`, `.` or `-` (`16:05 2024` is a time), and a
 * run of eight digits must be a plausible day, month and year.
 */
const MISREAD_DATE =
  /(?<![\d:/.-])(\d{1,2})\s?([/.,:;\s-])\s?(\d{1,2})\s?([/.,:;\s-])\s?((?:19|20)\d{2})(?!\d)/g;
const RUN_OF_EIGHT = /(?<![\w/.-])([0-3]\d)([01]\d)((?:19|20)\d{2})(?![\w/.-])/g;

/** Evidence for the day/month order from numeric dates OCR misread (see {@link MISREAD_DATE}). */
export function misreadDateEvidence(text: string): { mdy: number; dmy: number } {
  const evidence = { mdy: 0, dmy: 0 };
  const count = (a: number, b: number): void => {
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) evidence.dmy++;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) evidence.mdy++;
  };
  for (const m of text.matchAll(MISREAD_DATE)) {
    if (!/[/.-]/.test(`${m[2]}${m[4]}`) || NUMERIC_DATE.test(m[0])) continue;
    count(Number(m[1]), Number(m[3]));
  }
  for (const m of text.matchAll(RUN_OF_EIGHT)) count(Number(m[1]), Number(m[2]));
  return evidence;
}

export function detectDateConvention(text: string): DocumentDateConvention {
  const evidence = dateOrderEvidence(text);
  if (evidence.dmy === 0 && evidence.mdy === 0) {
    // Only misread dates tell: they count, less surely than dates read cleanly.
    const misread = misreadDateEvidence(text);
    if (misread.dmy > 0 && misread.mdy === 0) return { convention: 'dmy', confidence: 0.9, source: 'dates' };
    if (misread.mdy > 0 && misread.dmy === 0) return { convention: 'mdy', confidence: 0.9, source: 'dates' };
  }
  if (evidence.dmy > 0 && evidence.mdy === 0) return { convention: 'dmy', confidence: 1, source: 'dates' };
  if (evidence.mdy > 0 && evidence.dmy === 0) return { convention: 'mdy', confidence: 1, source: 'dates' };
  if (evidence.dmy !== evidence.mdy) {
    // Contradicting dates (an OCR slip): the majority, less surely.
    return {
      convention: evidence.dmy > evidence.mdy ? 'dmy' : 'mdy',
      confidence: 0.7,
      source: 'dates',
    };
  }
  const dayFirst = DAY_FIRST_HINTS.filter((hint) => hint.test(text)).length;
  const monthFirst = MONTH_FIRST_HINTS.filter((hint) => hint.test(text)).length;
  if (dayFirst > monthFirst) return { convention: 'dmy', confidence: 0.8, source: 'country' };
  if (monthFirst > dayFirst) return { convention: 'mdy', confidence: 0.8, source: 'country' };
  const span = conventionBySpan(text);
  if (span) return { convention: span, confidence: 0.75, source: 'dates' };
  return { convention: 'mdy', confidence: 0.5, source: 'default' };
}

const DAY = 86_400_000;

/**
 * A report's own dates (collected, received, reported, printed) lie days apart, not months: `12/05/2025`,
 * `12/06/2025`, `12/07/2025` are 5–7 December rather than 12 May, June and July. The order whose recent dates (the
 * latest year and the one before; a date of birth is older) span a few weeks at most, when the other order spreads
 * them over twice that and more than a month; null when the dates do not tell.
 */
function conventionBySpan(text: string): 'mdy' | 'dmy' | null {
  const pattern = new RegExp(NUMERIC_DATE.source, 'g');
  const dates: [number, number, number][] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    // A two-digit year ("03.03.24") is this century's or the last: the report's own dates are recent.
    const y = m[3] as string;
    const year =
      y.length === 4
        ? Number(y)
        : Number(y) + (Number(y) <= (new Date().getUTCFullYear() % 100) + 1 ? 2000 : 1900);
    dates.push([Number(m[1]), Number(m[2]), year]);
  }
  const latest = Math.max(...dates.map((d) => d[2]));
  const recent = dates.filter((d) => d[2] >= latest - 1 && d[0] <= 12 && d[1] <= 12);
  if (new Set(recent.map((d) => d.join('/'))).size < 2) return null;
  const spread = (order: 'mdy' | 'dmy'): number => {
    const times = recent.map(([a, b, y]) =>
      Date.UTC(y, (order === 'mdy' ? a : b) - 1, order === 'mdy' ? b : a),
    );
    return (Math.max(...times) - Math.min(...times)) / DAY;
  };
  const mdy = spread('mdy');
  const dmy = spread('dmy');
  // Four weeks or more against a few days: "03/03/2024" and "03/04/2024" are a day apart, not a month.
  if (mdy <= 45 && dmy >= Math.max(28, 2 * mdy + 1)) return 'mdy';
  if (dmy <= 45 && mdy >= Math.max(28, 2 * dmy + 1)) return 'dmy';
  return null;
}
