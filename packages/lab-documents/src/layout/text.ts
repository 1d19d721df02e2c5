/** Text helpers: clip to a length or width with an ellipsis, wrap to lines. */
import { type PDFFont } from 'pdf-lib';
import { LIMITS } from './limits';

export const ELLIPSIS = '…';

/** `s` on one line with at most `max` characters (code points), ending in an ellipsis when cut. */
export function clip(s: string | null | undefined, max: number = LIMITS.field): string {
  if (s === null || s === undefined) return '';
  const flat = oneLine(s.length > LIMITS.scan ? s.slice(0, LIMITS.scan) : s);
  const chars = Array.from(flat);
  return chars.length <= max ? flat : chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
}

/** Control characters and runs of white space become one space. */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

/** The longest prefix of `s` (plus an ellipsis when cut) whose width fits `maxWidth`. */
export function fitWidth(s: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(s, size) <= maxWidth) return s;
  const chars = Array.from(s);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? ELLIPSIS : chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/**
 * `s` wrapped to lines of at most `maxWidth`, keeping paragraph breaks; at most `maxLines` lines, the last one
 * ending in an ellipsis when text was left out. Words longer than a line are cut.
 */
export function wrap(s: string, font: PDFFont, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  const paragraphs = s.slice(0, LIMITS.scan).split(/\r?\n/).map(oneLine);
  let truncated = false;
  outer: for (let p = 0; p < paragraphs.length; p++) {
    const paragraph = paragraphs[p]!;
    if (paragraph === '') continue;
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== '') {
        lines.push(line);
        if (lines.length >= maxLines) {
          truncated = true;
          break outer;
        }
      }
      line = font.widthOfTextAtSize(word, size) <= maxWidth ? word : fitWidth(word, font, size, maxWidth);
    }
    if (line !== '') {
      lines.push(line);
      if (lines.length >= maxLines) {
        truncated = paragraphs.slice(p + 1).some((rest) => rest !== '');
        break;
      }
    }
  }
  if (truncated && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = fitWidth(lines[last]! + ELLIPSIS, font, size, maxWidth);
  }
  return lines;
}

/** Multi-line text (a note) cut to `max` characters with an ellipsis; line breaks are kept for `wrap`. */
export function clipNote(s: string | null | undefined, max: number = LIMITS.note): string {
  if (s === null || s === undefined) return '';
  const chars = Array.from(s.length > LIMITS.scan ? s.slice(0, LIMITS.scan) : s);
  return (chars.length <= max ? chars.join('') : chars.slice(0, max - 1).join('') + ELLIPSIS).trim();
}
