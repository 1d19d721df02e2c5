/**
 * Ink on a text line that tesseract read no word from: on faxes and low-resolution scans it sometimes skips a whole
 * cell (`µg/dL`, `%`, `(0.27-4.20)`) beside words it read well. Such ink is cut out, read again (see `cropSheet`),
 * and kept as a word only when both sizes read it alike as a unit labs print or as a reference range: what else the
 * ink may be (a smudge, a stamp, a word) is left unread.
 */
import type { Blob } from './prepare-image';
import {
  assignReadings,
  cropSheet,
  readPgm,
  REREAD_HEIGHTS,
  type ReadWord,
  type SheetLine,
} from './reread-numbers';
import { isPrintedUnit, readMisreadUnits } from '../extract/unit-misreadings';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** How far past a line's last word unread ink still belongs to it, in line heights. */
const PAST_LAST_WORD = 10;

/**
 * Groups of ink on the lines of `words` (page pixels) that no word covers: glyphs about as tall as the line's print,
 * whose middle lies on the line, no more than a glyph's width apart, at least two glyphs or one glyph's width
 * together. Lines of fewer than two words are not judged.
 */
export function unreadInk(words: readonly (Box & { doubtful?: boolean })[], glyphs: readonly Blob[]): Box[] {
  const read = words.filter((w) => !w.doubtful && w.y1 > w.y0);
  const sorted = [...read].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const lines: Box[][] = [];
  for (const w of sorted) {
    const line = lines.at(-1);
    const mid = (w.y0 + w.y1) / 2;
    if (line && mid >= median(line.map((x) => x.y0)) && mid <= median(line.map((x) => x.y1))) line.push(w);
    else lines.push([w]);
  }
  const groups: Box[] = [];
  for (const line of lines) {
    if (line.length < 2) continue;
    const y0 = median(line.map((w) => w.y0));
    const y1 = median(line.map((w) => w.y1));
    const h = y1 - y0;
    if (h <= 0) continue;
    const left = Math.min(...line.map((w) => w.x0));
    const right = Math.max(...line.map((w) => w.x1)) + PAST_LAST_WORD * h;
    const ink = glyphs
      .filter((g) => {
        const mid = (g.y0 + g.y1) / 2;
        const gh = g.y1 - g.y0 + 1;
        return (
          mid > y0 &&
          mid < y1 &&
          gh >= 0.4 * h &&
          gh <= 1.6 * h &&
          g.x0 >= left &&
          g.x1 <= right &&
          !read.some((w) => g.x1 >= w.x0 && g.x0 <= w.x1 && g.y1 >= w.y0 && g.y0 <= w.y1)
        );
      })
      .sort((a, b) => a.x0 - b.x0);
    let group: (Box & { n: number }) | null = null;
    const close = () => {
      if (group && (group.n >= 2 || group.x1 - group.x0 >= 0.8 * h))
        groups.push({ ...group, n: undefined } as Box);
      group = null;
    };
    for (const g of ink) {
      if (group && g.x0 - group.x1 <= 0.8 * h) {
        group.x1 = Math.max(group.x1, g.x1 + 1);
        group.y0 = Math.min(group.y0, g.y0);
        group.y1 = Math.max(group.y1, g.y1 + 1);
        group.n++;
      } else {
        close();
        group = { x0: g.x0, y0: Math.min(y0, g.y0), x1: g.x1 + 1, y1: Math.max(y1, g.y1 + 1), n: 1 };
      }
    }
    close();
  }
  return groups.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
}

/** A reference range or bound as printed: `(0.27-4.20)`, `3.5-5.1`, `<5`, `Up to 5`. */
const RANGE = /^\(?(?:\d+(?:\.\d+)?\s*-\s*\d+(?:\.\d+)?|[<>]\s*\d+(?:\.\d+)?|up\s?to\s*\d+(?:\.\d+)?)\)?$/i;

/** What an unread group of ink was read as, when both readings agree on a unit or a range; else null. */
export function inkReading(again: readonly (string | null)[]): string | null {
  const [a, b] = again;
  if (!a || a !== b) return null;
  const text = a.trim();
  if (RANGE.test(text)) return text;
  if (!/[a-zA-Zµμ%]/.test(text)) return null;
  const unit = isPrintedUnit(text) ? text : readMisreadUnits(text);
  // The unit has the digits read, in order, and no others but a caret read as `7` (`1079/L`): `9/L` is no `g/L`.
  const digits = (x: string) => x.replace(/\D/g, '');
  const read = digits(text);
  const wanted = digits(unit ?? '');
  let at = 0;
  for (const d of read) if (wanted[at] === d) at++;
  const extra = read.length - wanted.length;
  const fits = at === wanted.length && (extra === 0 || (extra === 1 && unit?.includes('^') === true));
  return unit && isPrintedUnit(unit) && fits ? unit : null;
}

/**
 * Words read from the page's unread ink (see `unreadInk`), in page pixels; `pgm` is the page tesseract read, `k` its
 * pixels per page pixel; `readSheet` reads a sheet of crops with every glyph allowed.
 */
export async function readUnreadInk(
  pgm: Buffer,
  k: number,
  words: readonly (Box & { doubtful?: boolean })[],
  glyphs: readonly Blob[],
  readSheet: (sheet: Buffer) => Promise<SheetLine[]>,
): Promise<{ text: string; x0: number; y0: number; x1: number; y1: number; confidence: number }[]> {
  const groups = unreadInk(words, glyphs).slice(0, 40);
  if (groups.length === 0) return [];
  const boxes: ReadWord[] = groups.map((g) => ({
    text: '',
    confidence: 0,
    x0: g.x0 * k,
    y0: g.y0 * k,
    x1: g.x1 * k,
    y1: g.y1 * k,
  }));
  const { pgm: sheet, placed } = cropSheet(readPgm(pgm), boxes);
  const readings = assignReadings(placed, await readSheet(sheet), boxes.length, REREAD_HEIGHTS.length);
  const agreed = (n: number): string | null => {
    const [a, b] = readings.map((r) => r[n] ?? null);
    return a && a === b ? a : null;
  };
  const found: { text: string; x0: number; y0: number; x1: number; y1: number; confidence: number }[] = [];
  for (let n = 0; n < groups.length; n++) {
    const g = groups[n] as Box;
    const next = groups[n + 1];
    // A power of ten split at its raised exponent (`10` and `9/L`): one unit.
    const base = agreed(n);
    const power = next ? agreed(n + 1) : null;
    if (next && base && power && /^[x×]?10$/.test(base) && /^(?:3|6|9|12)\/u?L$/.test(power)) {
      const unit = inkReading([`${base}^${power}`, `${base}^${power}`]);
      if (unit && next.x0 - g.x1 < g.y1 - g.y0 && next.y0 < g.y1 && next.y1 > g.y0) {
        found.push({
          text: unit,
          x0: g.x0,
          y0: Math.min(g.y0, next.y0),
          x1: next.x1,
          y1: Math.max(g.y1, next.y1),
          confidence: 50,
        });
        n++;
        continue;
      }
    }
    const text = inkReading([agreed(n), agreed(n)]);
    // Read from ink tesseract gave no word: a middling confidence, for the quality gate and the checks after.
    if (text) found.push({ text, ...g, confidence: 50 });
  }
  return found;
}
