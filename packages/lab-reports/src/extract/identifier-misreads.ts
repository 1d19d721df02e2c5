/**
 * Signs that OCR may have misread a specimen number (an identifier: no dictionary backs it, so a misread glyph yields
 * another valid-looking identifier). Used only on words OCR itself was unsure of: then a read with one of these signs
 * has two plausible readings, and the field is better null than wrong.
 */

/** Capital letters OCR reads for digits (and digits for them): O D Q 0, I L 1, Z 2 7, S 5, B 8, G 6, A 4, T 7. */
const DIGIT_LIKE_LETTERS = new Set('ODQILZSBGAT');

/**
 * A small letter inside an identifier otherwise printed in capitals and digits (`SDi23/558575` for `SD/23/558575`,
 * `KM8226l322`): labs print identifiers in one case, so the small letter is a glyph OCR misread (a `/`, a `1`, an `I`).
 */
export function hasStrayLowerCase(id: string): boolean {
  return /[A-Z]/.test(id) && /\d/.test(id) && /[a-z]/.test(id) && !/[a-z]{2}/.test(id);
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /[A-Z]/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && /\d/.test(c);

/**
 * A letter where a run of letters meets a run of digits that OCR confuses with a digit: there the identifier's shape
 * does not tell which was printed (`KMB2262122` may be `KM82262122`, `PS25-…` may be `P525-…`). A letter inside a
 * run of letters is told by its neighbours; at the seam, or alone among digits (`23Z1030782`), it is not. A digit
 * after a one-letter prefix (`C74…`) is read as printed far more often than not: it does not count.
 */
export function hasSeamLookalike(id: string): boolean {
  const s = id.toUpperCase();
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const before = s[i - 1];
    const after = s[i + 1];
    if (!DIGIT_LIKE_LETTERS.has(c)) continue;
    // A letter at the seam: letters before it and a digit after it, the reverse, or digits on both sides.
    const inside =
      before !== undefined && after !== undefined && /[A-Z\d]/.test(before) && /[A-Z\d]/.test(after);
    if (isLetter(c) && inside && (isDigit(before) || isDigit(after))) return true;
  }
  return false;
}

/**
 * Digits only, starting with one of `years` (two digits each, the report's collection or report year), then a digit
 * OCR reads for a letter (`2371030782`, where `23Z1030782` was printed): a year-numbered identifier whose type letter
 * may have been read as a digit.
 */
export function yearThenLookalike(id: string, years: ReadonlySet<string>): boolean {
  return /^\d{8,}$/.test(id) && years.has(id.slice(0, 2)) && /[01245678]/.test(id.charAt(2));
}
