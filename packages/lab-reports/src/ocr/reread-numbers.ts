/**
 * A second look at numbers tesseract was unsure of. A value or a range bound read with low confidence, or read with
 * letters or marks a number does not have (`SS`, `1051L`, `.390`), is cut out of the page tesseract read, enlarged,
 * and read again with only the glyphs of numbers allowed, twice (at two sizes). The second reading replaces the
 * first only when both agree, form a number or a range, and keep the first reading's shape (the same digits once
 * look-alike letters are taken for digits, or one digit changed, lost or gained: see `sameNumberShape`); a re-read
 * never makes a number out of nothing. When unsure, the first reading stays.
 */
import type { OcrWord } from './ocr-pool';

/** Glyphs a re-read may return: digits and the marks of values and ranges. */
export const NUMBER_GLYPHS = '0123456789.-<>()';

/** A word as tesseract returned it, in pixels of the image it read. */
export type ReadWord = OcrWord;

/** A value (`5.4`, `<5`, `>39`) or a range (`3.5-5.1`, `(0-40)`): what a re-read must come back as. */
const WELL_FORMED = /^\(?(?:[<>]?\d+(?:\.\d+)?|\d+(?:\.\d+)?-\d+(?:\.\d+)?)\)?$/;

/** Letters OCR reads for digits, with the digit. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  b: '6',
  g: '9',
  q: '9',
  A: '4',
  T: '7',
};

/** Below this word confidence a number is read again. */
export const DOUBTFUL_CONFIDENCE = 70;

/**
 * Whether a word is a number tesseract may have misread: number-like (digits, look-alike letters, points, a hyphen
 * between bounds, at most one trailing letter from a flag or unit glued to it), and either read with low confidence
 * or not well formed. Dates, times and identifiers (`/`, `:`, two letters or more beside digits) are not numbers.
 */
export function isDoubtfulNumber(word: Pick<ReadWord, 'text' | 'confidence'>): boolean {
  const t = word.text;
  if (t.length === 0 || t.length > 12) return false;
  if (!/^[<>(]?[\dOoIlS.,-]+[)]?[HL]?$/.test(t)) return false;
  // A letter before digits without a point is a name (`S100`, `I131`), not a misread number (`S.4`).
  if (/^[A-Za-z]\d/.test(t) && !t.includes('.')) return false;
  const digits = (t.match(/\d/g) ?? []).length;
  // An identifier (`25-734568-1`) has more hyphens than a range; a name (`25-OH`) more letters than a misread number.
  if ((t.match(/-/g) ?? []).length > 1) return false;
  if (digits > 0 && (t.match(/[A-Za-z]/g) ?? []).length > 1) return false;
  // `SS` for `55`: two look-alike letters and nothing else; a lone letter is a flag (`L`, `H`) or a word.
  if (digits === 0 && !/^[SO]{2,4}$/.test(t)) return false;
  return word.confidence < DOUBTFUL_CONFIDENCE || !WELL_FORMED.test(t);
}

/** The glyphs of a reading with look-alike letters as their digits and marks (points, specks) left out. */
const digitsOf = (text: string): string =>
  [...text]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join('')
    .replace(/[^\d-]/g, '');

/**
 * Whether `second` is a plausible reading of what tesseract first read as `first` (a doubtful number): both have
 * the same digits once look-alike letters are taken for digits, or differ by one digit changed, lost or gained. A
 * second reading never gains or loses more than one digit.
 */
export function sameNumberShape(first: string, second: string): boolean {
  const a = digitsOf(first.replace(/[A-Za-z]$/, (c) => (LOOK_ALIKES[c] ? c : '')));
  const b = digitsOf(second);
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff <= 1;
  }
  // One digit more or less: a speck read as a digit, or a digit lost in the first reading.
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/**
 * The reading to keep for a doubtful number, given the first reading and two re-readings (null when a re-reading
 * found nothing). The re-reading wins only when both re-readings agree, are well formed and keep the number's shape.
 */
export function chooseReading(first: ReadWord, again: readonly (string | null)[]): string {
  const [a, b] = again;
  if (!a || a !== b) return first.text;
  // Brackets around the number (`(555)`, `(0-40)`) are not among the glyphs re-read: the first reading's stay.
  const open = /^\(/.test(first.text) ? '(' : '';
  const close = /\)$/.test(first.text) ? ')' : '';
  const core = a.replace(/^[(]+|[)]+$/g, '');
  const reading = `${open}${core}${close}`;
  if (!WELL_FORMED.test(reading) || reading === first.text) return first.text;
  // A decimal point is small: an enlarged crop may lose it, never a well-formed first reading.
  const points = (text: string) => (text.match(/\./g) ?? []).length;
  if (WELL_FORMED.test(first.text) && points(reading) < points(first.text)) return first.text;
  return sameNumberShape(first.text, reading) ? reading : first.text;
}

/** A trailing letter tesseract glued to a number (`1051L`, `68H`): a flag, to keep beside the re-read number. */
export function trailingFlag(text: string): string | null {
  // Upper case only: a small `l` after digits is a misread `1` (`10l`), no flag.
  const m = /^[\dOoIlS.,<>()-]+([HL])$/.exec(text);
  return m?.[1] && /\d/.test(text) ? m[1] : null;
}

/** Grey levels of a P5 PGM (see `encodePgm`): width, height and the pixels. */
export function readPgm(pgm: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header?.[1] || !header[2]) throw new Error('not a P5 PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length, header[0].length + width * height) };
}

/** Where a crop landed in the sheet of crops: rows `y0`–`y1` of the sheet. */
export interface Placed {
  index: number;
  /** Which of the sizes (`heights`) the crop was enlarged to. */
  size: number;
  y0: number;
  y1: number;
}

/** The height, in pixels, glyphs are enlarged to for the re-reads (two sizes: two readings). */
export const REREAD_HEIGHTS = [44, 60] as const;
const GAP = 24;
const MARGIN = 24;

/**
 * One sheet (a P5 PGM) holding every doubtful word cut out of the page (with a margin of a fifth of its height),
 * enlarged so that its box is `height` pixels high, each on its own row with blank rows between: one call to
 * tesseract reads them all.
 */
export function cropSheet(
  page: { width: number; height: number; pixels: Uint8Array },
  words: readonly ReadWord[],
  heights: readonly number[] = REREAD_HEIGHTS,
): { pgm: Buffer; placed: Placed[] } {
  const crops: {
    index: number;
    size: number;
    x0: number;
    y0: number;
    w: number;
    h: number;
    scale: number;
  }[] = [];
  heights.forEach((height, size) => {
    words.forEach((word, index) => {
      const boxH = Math.max(1, word.y1 - word.y0);
      const pad = Math.ceil(boxH * 0.2);
      const x0 = Math.max(0, Math.floor(word.x0 - pad));
      const y0 = Math.max(0, Math.floor(word.y0 - pad));
      const x1 = Math.min(page.width, Math.ceil(word.x1 + pad));
      const y1 = Math.min(page.height, Math.ceil(word.y1 + pad));
      if (x1 <= x0 || y1 <= y0) return;
      const scale = Math.min(4, Math.max(0.5, height / boxH));
      crops.push({ index, size, x0, y0, w: x1 - x0, h: y1 - y0, scale });
    });
  });
  const outW = Math.max(1, ...crops.map((c) => Math.ceil(c.w * c.scale))) + 2 * MARGIN;
  const outH = crops.reduce((s, c) => s + Math.ceil(c.h * c.scale) + GAP, MARGIN);
  const header = Buffer.from(`P5\n${outW} ${outH}\n255\n`, 'ascii');
  const out = Buffer.alloc(header.length + outW * outH, 255);
  header.copy(out, 0);
  const o = header.length;
  const placed: Placed[] = [];
  let top = MARGIN;
  for (const c of crops) {
    const w = Math.ceil(c.w * c.scale);
    const h = Math.ceil(c.h * c.scale);
    for (let y = 0; y < h; y++) {
      // Bilinear sampling of the crop.
      const sy = Math.min(c.h - 1, Math.max(0, (y + 0.5) / c.scale - 0.5));
      const y0 = Math.floor(sy);
      const y1 = Math.min(c.h - 1, y0 + 1);
      const fy = sy - y0;
      for (let x = 0; x < w; x++) {
        const sx = Math.min(c.w - 1, Math.max(0, (x + 0.5) / c.scale - 0.5));
        const x0 = Math.floor(sx);
        const x1 = Math.min(c.w - 1, x0 + 1);
        const fx = sx - x0;
        const at = (xx: number, yy: number) => page.pixels[(c.y0 + yy) * page.width + c.x0 + xx] ?? 255;
        const v =
          (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) +
          (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
        out[o + (top + y) * outW + MARGIN + x] = Math.round(v);
      }
    }
    placed.push({ index: c.index, size: c.size, y0: top, y1: top + h });
    top += h + GAP;
  }
  return { pgm: out, placed };
}

/** A line tesseract found on the sheet: its text and vertical extent. */
export interface SheetLine {
  text: string;
  y0: number;
  y1: number;
}

/**
 * The sheet's lines assigned back to the words they were cut from: `readings[k][i]` is the `k`-th size's reading of
 * word `i` (null when no line or several overlap the crop's rows).
 */
export function assignReadings(
  placed: readonly Placed[],
  lines: readonly SheetLine[],
  wordCount: number,
  sizes: number,
): (string | null)[][] {
  const readings: (string | null)[][] = Array.from({ length: sizes }, () =>
    new Array<string | null>(wordCount).fill(null),
  );
  placed.forEach((p) => {
    const inside = lines.filter((l) => {
      const mid = (l.y0 + l.y1) / 2;
      return mid >= p.y0 && mid <= p.y1;
    });
    const row = readings[p.size];
    if (row && inside.length === 1) row[p.index] = (inside[0] as SheetLine).text.replace(/\s+/g, '');
  });
  return readings;
}

/** At most this many doubtful numbers of a page are read again (a bound on the time a bad page costs). */
export const MAX_REREADS = 40;

/**
 * A word as the OCR pool read it, in pixels of the page: `doubtful` words (specks, numbers read below 10 %) are left
 * to `checkNumbers` unless a re-read settles them;
 * `lastGlyphX` is where the word's last glyph starts (a flag glued to a number is cut off there).
 */
export interface PageWord extends ReadWord {
  doubtful: boolean;
  lastGlyphX?: number;
}

/**
 * The page's words with its doubtful numbers read again: cut out of the page tesseract read (`pgm`, `k` of its pixels
 * per page pixel), read by `readSheet` in one call, and replaced where `chooseReading` says so. A number read with a
 * flag glued to it (`1051L`) is read without the flag, which becomes a word of its own beside it.
 */
/**
 * A range or comparator the first reading lost part of, read from a crop widened over the unread ink beside the word:
 * `(0.57` is `(0.57-1.00)` and `5` is `<5` when both sizes read so and the first reading is one of the range's
 * bounds or the comparator's number. Anything else read there (a lost flag, a unit) is no completion: null.
 */
export function completedReading(first: string, again: readonly (string | null)[]): string | null {
  const [a, b] = again;
  if (!a || a !== b) return null;
  const core = (text: string) => text.replace(/^[(]+|[)]+$/g, '');
  const number = core(first).replace(/[^\d.]/g, '');
  const read = core(a);
  if (!/^\d/.test(number) && number !== '') return null;
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(read);
  const comparator = /^([<>])(\d+(?:\.\d+)?)$/.exec(read);
  const open = first.startsWith('(');
  if (
    range?.[1] &&
    range[2] &&
    (range[1] === number || range[2] === number) &&
    Number(range[1]) < Number(range[2])
  )
    return open ? `(${read})` : read;
  if (comparator?.[2] === number && !/[<>]/.test(first)) return open ? `(${read})` : read;
  return null;
}

/** How far a crop may widen beside a word, in word heights: a comparator to its left, a range's rest to its right. */
const WIDEN_LEFT = 1.5;
const WIDEN_RIGHT = 7;

/**
 * The page's words with its doubtful numbers read again: cut out of the page tesseract read (`pgm`, `k` of its pixels
 * per page pixel), read by `readSheet` in one call, and replaced where `completedReading` or `chooseReading` says so.
 * A number read with a flag glued to it (`1051L`) is read without the flag, which becomes a word of its own beside
 * it. A crop widened over unread ink beside the word (up to the next word read) may complete a range or comparator;
 * the specks tesseract made of that ink then go.
 */
export async function rereadDoubtfulNumbers<W extends PageWord>(
  pgm: Buffer,
  k: number,
  words: readonly W[],
  readSheet: (sheet: Buffer) => Promise<SheetLine[]>,
): Promise<W[]> {
  const picked = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => isDoubtfulNumber(w))
    .slice(0, MAX_REREADS);
  if (picked.length === 0) return words.slice();
  const tight: ReadWord[] = picked.map(({ w }) => {
    const flag = trailingFlag(w.text);
    // The crop's margin (a fifth of the height) must not take in the flag's stem.
    const right = flag
      ? (w.lastGlyphX ?? w.x0 + ((w.x1 - w.x0) * (w.text.length - 1)) / w.text.length) - 0.25 * (w.y1 - w.y0)
      : w.x1;
    return {
      text: flag ? w.text.slice(0, -1) : w.text,
      confidence: w.confidence,
      x0: w.x0 * k,
      y0: w.y0 * k,
      x1: right * k,
      y1: w.y1 * k,
    };
  });
  // Widened crops, for words with room beside them on their line (words read with confidence bound them).
  const widened: { n: number; box: ReadWord }[] = [];
  picked.forEach(({ w }, n) => {
    if (trailingFlag(w.text)) return;
    const h = w.y1 - w.y0;
    let left = w.x0 - WIDEN_LEFT * h;
    let right = w.x1 + WIDEN_RIGHT * h;
    for (const o of words) {
      if (o === w || o.doubtful) continue;
      const overlap = Math.min(o.y1, w.y1) - Math.max(o.y0, w.y0);
      if (overlap < 0.5 * Math.min(h, o.y1 - o.y0)) continue;
      if (o.x1 <= w.x0 + 0.1 * h) left = Math.max(left, o.x1 + 0.3 * h);
      else if (o.x0 >= w.x1 - 0.1 * h) right = Math.min(right, o.x0 - 0.3 * h);
    }
    left = Math.min(left, w.x0);
    right = Math.max(right, w.x1);
    if (w.x0 - left < 0.4 * h && right - w.x1 < 0.6 * h) return;
    widened.push({ n, box: { ...(tight[n] as ReadWord), x0: left * k, x1: right * k } });
  });
  const boxes = [...tight, ...widened.map((x) => x.box)];
  const { pgm: sheet, placed } = cropSheet(readPgm(pgm), boxes);
  const readings = assignReadings(placed, await readSheet(sheet), boxes.length, REREAD_HEIGHTS.length);
  const again = (index: number) => readings.map((r) => r[index] ?? null);
  const out: (W | null)[] = words.slice();
  const added: W[] = [];
  picked.forEach(({ w, i }, n) => {
    // A speck a completed range took in is gone.
    if (out[i] === null) return;
    const box = tight[n] as ReadWord;
    const wide = widened.findIndex((x) => x.n === n);
    const completed = wide >= 0 ? completedReading(w.text, again(tight.length + wide)) : null;
    if (completed) {
      const x0 = (widened[wide] as { box: ReadWord }).box.x0 / k;
      const x1 = (widened[wide] as { box: ReadWord }).box.x1 / k;
      out[i] = {
        ...w,
        text: completed,
        x0: Math.min(w.x0, x0),
        x1: Math.max(w.x1, x1),
        doubtful: false,
        lastGlyphX: undefined,
      };
      // The specks tesseract made of the ink the widened crop read.
      words.forEach((o, j) => {
        if (j !== i && o.doubtful && o.x0 >= x0 && o.x1 <= x1 && o.y1 > w.y0 && o.y0 < w.y1) out[j] = null;
      });
      return;
    }
    const text = chooseReading(box, again(n));
    if (text === box.text) return;
    // Read alike twice: no longer a speck to settle by its ink.
    out[i] = { ...w, text, x1: box.x1 / k, doubtful: false, lastGlyphX: undefined };
    const flag = trailingFlag(w.text);
    if (flag) added.push({ ...w, text: flag, x0: box.x1 / k, lastGlyphX: undefined });
  });
  return [...out.filter((w): w is W => w !== null), ...added];
}
