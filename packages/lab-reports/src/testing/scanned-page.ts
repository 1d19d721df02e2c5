import type { LayoutPage, PositionedText } from '../layout/layout-types';

/**
 * A letter-size page of OCR words for tests: one line per row (`[y, cells]`), each cell `[x, text, confidence?]`
 * (the OCR word confidence, 0–100), 9 pt high, 4.5 pt per character.
 */
export function scannedPage(rows: [number, [number, string, number?][]][]): LayoutPage {
  const items: PositionedText[] = rows.flatMap(([y, cells]) =>
    cells.map(([x, text, confidence]) => ({
      text,
      x0: x,
      x1: x + text.length * 4.5,
      y0: y,
      y1: y + 9,
      ...(confidence === undefined ? {} : { confidence }),
    })),
  );
  return { width: 612, height: 792, items };
}
