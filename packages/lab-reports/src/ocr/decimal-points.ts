/**
 * Puts back the decimal points tesseract leaves out of numbers. At ~200 dpi the point of `3.5 - 5.3` is a small
 * square two or three pixels from the next digit, and tesseract's LSTM reads the whole range as `35-53` — often with
 * a confidence in the 90s, so neither the confidence nor a re-read at a larger scale (the LSTM scales every line to
 * the same height) brings it back. The page itself shows where the points are (`findDecimalPoints`: a blot on the
 * baseline between two glyphs), so each numeric word is matched against the ink components inside its box, left to
 * right, one character per component, and a point is inserted where a component is a decimal point that the text
 * lacks. When the characters and the components do not pair up one to one (a glyph broken in two, `%`, two
 * touching digits), the word is left as tesseract read it.
 */
import type { Blob, DecimalPoint } from './prepare-image';

/** A word in the pixels of the cleaned page (the same space as the glyph boxes). */
export interface BoxedText {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Words worth checking: numbers, ranges, comparisons and dates, with a flag stuck to them (`41`, `35-53`, `(<5.2)`,
 * `0.27-420`, `14/01/2025`, `196L`).
 */
const NUMERIC = /^[([]?[<>]?\d[\d.,/-]*[)\]]?(?:[HL]{1,2})?$/;
/** Dates (`21-02-2025`, `14/01/2025`) never take a point; a faxed digit's broken-off tail could pass for one. */
const DATE_LIKE = /\d[-/]\d+[-/]\d|\//;

const centreInside = (g: Blob, w: BoxedText): boolean => {
  const cx = (g.x0 + g.x1) / 2;
  const cy = (g.y0 + g.y1) / 2;
  return cx >= w.x0 - 1 && cx <= w.x1 + 1 && cy >= w.y0 - 2 && cy <= w.y1 + 2;
};

/**
 * Points that are clear of both neighbours: a pixel of paper before the point and two after it. A faxed `3` or `5`
 * whose lower stroke broke off leaves a blot on the baseline right against the rest of the digit; a printed point
 * has the side bearings of a full stop.
 */
export function clearPoints(points: readonly DecimalPoint[]): Set<Blob> {
  const out = new Set<Blob>();
  for (const { dot, left, right } of points) {
    if (dot.x0 - left.x1 - 1 >= 1 && right.x0 - dot.x1 - 1 >= 2) out.add(dot);
  }
  return out;
}

/**
 * Pairs the word's characters with the ink components inside its box, left to right, and returns the text with the
 * page's decimal points (and a dropped range dash) restored — or null when characters and components do not pair
 * up. `glyphs` are the page's ink components near the word (any superset will do), `points` those of them that are
 * decimal points.
 */
export function alignNumber(
  word: BoxedText,
  glyphs: readonly Blob[],
  points: ReadonlySet<Blob>,
): string | null {
  const text = word.text;
  if (!NUMERIC.test(text)) return null;
  const inside = glyphs.filter((g) => centreInside(g, word));
  if (inside.length === 0) return null;
  // By centre: a slash leans over the digits beside it.
  inside.sort((a, b) => a.x0 + a.x1 - b.x0 - b.x1 || a.y0 - b.y0);
  const tallest = Math.max(...inside.map((g) => g.y1 - g.y0 + 1));
  const small = (g: Blob) => g.y1 - g.y0 + 1 <= tallest * 0.4;
  const big = inside.filter((g) => !small(g));
  const top = Math.min(...big.map((g) => g.y0));
  const bottom = Math.max(...big.map((g) => g.y1));
  // A dash: wider than high, halfway up the digits.
  const dash = (g: Blob) => {
    const cy = (g.y0 + g.y1) / 2;
    return g.x1 - g.x0 >= g.y1 - g.y0 && cy > top + 0.3 * (bottom - top) && cy < top + 0.7 * (bottom - top);
  };
  const insertPoints = !DATE_LIKE.test(text);
  let out = '';
  let i = 0;
  // Whether the last character written is a point (read by tesseract or inserted): a point in two pieces, or a
  // point next to tesseract's own, is one point.
  let afterPoint = false;
  for (const g of inside) {
    const c = text[i];
    if (small(g) || points.has(g)) {
      if (c === '.' || c === ',') {
        if (afterPoint && out.endsWith('.')) out = out.slice(0, -1);
        out += c;
        i++;
        afterPoint = true;
      } else if (c === '-' || c === '<' || c === '>') {
        out += c;
        i++;
        afterPoint = false;
      } else if (points.has(g) && insertPoints && /\d$/.test(out) && c !== undefined && /\d/.test(c)) {
        if (!afterPoint) out += '.';
        afterPoint = true;
      } else if (dash(g) && insertPoints && /\d$/.test(out) && c !== undefined && /\d/.test(c)) {
        out += '-';
        afterPoint = false;
      }
      // Otherwise a speck that tesseract rightly ignored.
    } else {
      // Touching figures (`00` of a bold or blurred print) make one component: about 0.62 of their height each.
      const n = Math.max(1, Math.round((g.x1 - g.x0 + 1) / (0.62 * tallest)));
      const chars = text.slice(i, i + n);
      if (chars.length < n || /[.,]/.test(chars)) return null;
      out += chars;
      i += n;
      afterPoint = false;
    }
  }
  if (i !== text.length) return null;
  // Only points and dashes are ever added: the rest must be tesseract's, in the same order.
  if (out.replace(/[.-]/g, '') !== text.replace(/[.-]/g, '') || /[.,-]{2}/.test(out)) return null;
  // A dash is only put back between two decimal numbers (`3.55.1` for `3.5-5.1`).
  if ((out.match(/-/g) ?? []).length > (text.match(/-/g) ?? []).length && !/\d\.\d+-\d+\.\d/.test(out))
    return null;
  // One point per number: points between every digit are the broken strokes of a faxed or blurred figure.
  if (out !== text && /\d*\.\d*\./.test(out)) return text;
  return out;
}

/**
 * Restores the decimal points of every numeric word (see `alignNumber`) and settles the doubtful ones: a numeric
 * word that tesseract read with a low confidence (a two-digit day, a short range bound) is kept when its characters
 * pair up one to one with the ink under it, and dropped otherwise. Other words are returned as they are.
 */
export function checkNumbers<W extends BoxedText>(
  words: readonly W[],
  doubtful: (word: W) => boolean,
  glyphs: readonly Blob[],
  decimalPoints: readonly DecimalPoint[],
): W[] {
  const points = clearPoints(decimalPoints);
  // Glyphs bucketed by row band, so that each word looks at the glyphs of its own line only.
  const band = 32;
  const rows = new Map<number, Blob[]>();
  for (const g of glyphs) {
    const key = Math.floor((g.y0 + g.y1) / 2 / band);
    const list = rows.get(key);
    if (list) list.push(g);
    else rows.set(key, [g]);
  }
  const out: W[] = [];
  for (const w of words) {
    const unsure = doubtful(w);
    if (!NUMERIC.test(w.text)) {
      if (!unsure) out.push(w);
      continue;
    }
    const near: Blob[] = [];
    for (let k = Math.floor((w.y0 - 2) / band); k <= Math.floor((w.y1 + 2) / band); k++)
      near.push(...(rows.get(k) ?? []));
    const text = alignNumber(w, near, points);
    if (text === null) {
      if (!unsure) out.push(w);
    } else out.push(text === w.text ? w : { ...w, text });
  }
  return out;
}

/**
 * Joins a power of ten that tesseract split at its raised exponent: `10` and `6/uL` (printed `10⁶/uL`) become
 * `10^6/uL` (a speck after the unit dropped). Words in reading order; only a `10` followed on its line, within about a figure's width, by a word that
 * starts with the exponent and a slash.
 */
export function joinPowersOfTen<W extends BoxedText>(words: readonly W[]): W[] {
  const out: W[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as W;
    const next = words[i + 1];
    const height = w.y1 - w.y0;
    if (
      w.text === '10' &&
      next &&
      /^(?:3|6|9|12)\/[a-zA-Zµμ]/.test(next.text) &&
      next.x0 >= w.x1 - 1 &&
      next.x0 - w.x1 <= height &&
      next.y1 > w.y0 &&
      next.y0 < w.y1
    ) {
      out.push({
        ...w,
        text: `10^${next.text.replace(/[.,:;]+$/, '')}`,
        x1: next.x1,
        y0: Math.min(w.y0, next.y0),
      });
      i++;
    } else out.push(w);
  }
  return out;
}
