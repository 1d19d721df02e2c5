import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { clip, clipNote, ELLIPSIS, fitWidth, wrap } from './text';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('clip', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(clip('Jane', 10)).toBe('Jane');
    expect(clip('abcdefghijkl', 5)).toBe(`abcd${ELLIPSIS}`);
    expect(Array.from(clip('x'.repeat(10_000), 120))).toHaveLength(120);
  });

  it('flattens control characters and counts code points, not UTF-16 units', () => {
    expect(clip('a\n\tb\u0000c', 20)).toBe('a b c');
    expect(clip('😀😀😀😀', 3)).toBe(`😀😀${ELLIPSIS}`);
    expect(clip(null)).toBe('');
  });

  it('clipNote keeps line breaks', () => {
    expect(clipNote('one\ntwo', 100)).toBe('one\ntwo');
    expect(clipNote('y'.repeat(50), 10)).toBe(`${'y'.repeat(9)}${ELLIPSIS}`);
  });
});

describe('fitWidth and wrap', () => {
  it('fits a line to a width', () => {
    const long = 'Cholesterol, Total (calculated from a very long method description)';
    const fitted = fitWidth(long, font, 9, 100);
    expect(fitted.endsWith(ELLIPSIS)).toBe(true);
    expect(font.widthOfTextAtSize(fitted, 9)).toBeLessThanOrEqual(100);
    expect(fitWidth('short', font, 9, 100)).toBe('short');
  });

  it('wraps to lines within the width and stops at maxLines with an ellipsis', () => {
    const text = 'word '.repeat(400);
    const lines = wrap(text, font, 9, 200, 3);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 9)).toBeLessThanOrEqual(200);
    expect(lines[2]!.endsWith(ELLIPSIS)).toBe(true);
  });

  it('keeps paragraphs and cuts words longer than a line', () => {
    expect(wrap('first\nsecond', font, 9, 300, 5)).toEqual(['first', 'second']);
    const [line] = wrap('x'.repeat(500), font, 9, 100, 1);
    expect(font.widthOfTextAtSize(line!, 9)).toBeLessThanOrEqual(100);
    expect(wrap('a\nb\nc', font, 9, 300, 2)).toEqual(['a', `b${ELLIPSIS}`]);
  });
});
