/** Printed dates (US `03/14/1975`, `3/4/24`, `Mar 14, 2024`, ISO `2024-03-14`) → `YYYY-MM-DD`. */

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

const ISO = /\b(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/;
const US = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/;
const MONTH_FIRST = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/;
const DAY_FIRST = /\b(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-,]+(\d{4})\b/;

/** The first date in the text, normalised; null when there is none. */
export function normaliseDate(text: string): string | null {
  let m = ISO.exec(text);
  if (m) return format(Number(m[1]), Number(m[2]), Number(m[3]));
  m = US.exec(text);
  if (m) return format(fullYear(m[3] as string), Number(m[1]), Number(m[2]));
  m = MONTH_FIRST.exec(text);
  if (m) {
    const month = MONTHS[(m[1] as string).slice(0, 3).toLowerCase()];
    if (month) return format(Number(m[3]), month, Number(m[2]));
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const month = MONTHS[(m[2] as string).slice(0, 3).toLowerCase()];
    if (month) return format(Number(m[3]), month, Number(m[1]));
  }
  return null;
}
