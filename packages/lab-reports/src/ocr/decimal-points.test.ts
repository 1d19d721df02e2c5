import { alignNumber, checkNumbers, clearPoints, joinPowersOfTen } from './decimal-points';
import type { Blob, DecimalPoint } from './prepare-image';

/** Glyph boxes of printed characters 20 pixels high standing on the baseline y = 40, laid out left to right. */
function layout(chars: string): { glyphs: Blob[]; points: DecimalPoint[]; x1: number } {
  const glyphs: Blob[] = [];
  const dots: Blob[] = [];
  let x = 100;
  for (const c of chars) {
    if (c === '.') {
      // A full stop: 4 × 4 on the baseline, 3 pixels of paper on either side.
      const dot = { x0: x + 3, y0: 37, x1: x + 6, y1: 40 };
      glyphs.push(dot);
      dots.push(dot);
      x += 10;
    } else if (c === '-') {
      glyphs.push({ x0: x + 3, y0: 29, x1: x + 9, y1: 31 });
      x += 13;
    } else if (c === '=') {
      // Two touching figures: one component twice as wide.
      glyphs.push({ x0: x, y0: 21, x1: x + 23, y1: 40 });
      x += 27;
    } else {
      glyphs.push({ x0: x, y0: 21, x1: x + 10, y1: 40 });
      x += 14;
    }
  }
  const points = dots.map((dot) => ({
    dot,
    left: glyphs.filter((g) => g.x1 < dot.x0).at(-1) as Blob,
    right: glyphs.find((g) => g.x0 > dot.x1) as Blob,
  }));
  return { glyphs, points, x1: x };
}

const word = (text: string, x1: number) => ({ text, x0: 100, y0: 20, x1, y1: 41 });

describe('restoring decimal points from the page', () => {
  it('puts back the points tesseract dropped from a range, and keeps those it read', () => {
    const page = layout('3.5-5.3');
    const points = clearPoints(page.points);
    expect(alignNumber(word('35-53', page.x1), page.glyphs, points)).toBe('3.5-5.3');
    expect(alignNumber(word('3.5-53', page.x1), page.glyphs, points)).toBe('3.5-5.3');
    expect(alignNumber(word('3.5-5.3', page.x1), page.glyphs, points)).toBe('3.5-5.3');
    const flagged = layout('19.6L');
    expect(alignNumber(word('196L', flagged.x1), flagged.glyphs, clearPoints(flagged.points))).toBe('19.6L');
  });

  it('puts back a range dash read as a point only between two decimal numbers', () => {
    const page = layout('3.5-5.1');
    expect(alignNumber(word('3.55.1', page.x1), page.glyphs, clearPoints(page.points))).toBe('3.5-5.1');
    const integers = layout('14-310');
    expect(alignNumber(word('14310', integers.x1), integers.glyphs, clearPoints(integers.points))).toBeNull();
  });

  it('never puts a point into a date, nor two points into one number', () => {
    const date = layout('21-02-202.5');
    expect(alignNumber(word('21-02-2025', date.x1), date.glyphs, clearPoints(date.points))).toBe(
      '21-02-2025',
    );
    const phone = layout('5.5.5');
    expect(alignNumber(word('555', phone.x1), phone.glyphs, clearPoints(phone.points))).toBe('555');
  });

  it('ignores a blot right against the next figure (a faxed digit with its tail broken off)', () => {
    const page = layout('2.4');
    const glued = page.points.map((p) => ({
      ...p,
      dot: { ...p.dot, x0: p.right.x0 - 5, x1: p.right.x0 - 2 },
    }));
    expect(clearPoints(glued).size).toBe(0);
    expect(clearPoints(page.points).size).toBe(1);
  });

  it('pairs touching figures with as many characters, and gives up when characters and ink do not pair up', () => {
    const page = layout('4=');
    expect(alignNumber(word('400', page.x1), page.glyphs, new Set())).toBe('400');
    expect(alignNumber(word('41', page.x1), page.glyphs, new Set())).toBeNull();
    expect(alignNumber(word('4.00', page.x1), page.glyphs, new Set())).toBeNull();
  });

  it('keeps a doubtful number only when it pairs up with the ink under it; other words as they were', () => {
    const page = layout('4.0-5.6');
    const words = [
      { ...word('40-56', page.x1), doubtful: true },
      { ...word('123', page.x1), doubtful: true },
      { ...word('Co', page.x1), doubtful: true },
      { ...word('Glucose', page.x1), doubtful: false },
      { ...word('123', page.x1), doubtful: false },
    ];
    const kept = checkNumbers(words, (w) => w.doubtful, page.glyphs, page.points);
    expect(kept.map((w) => w.text)).toEqual(['4.0-5.6', 'Glucose', '123']);
  });

  it('joins a power of ten split at its raised exponent, and nothing else', () => {
    const words = [
      { text: '10', x0: 100, y0: 24, x1: 120, y1: 44 },
      { text: '6/uL', x0: 122, y0: 18, x1: 170, y1: 44 },
      { text: '10', x0: 300, y0: 24, x1: 320, y1: 44 },
      { text: '6/uL', x0: 500, y0: 18, x1: 548, y1: 44 },
    ];
    expect(joinPowersOfTen(words).map((w) => w.text)).toEqual(['10^6/uL', '10', '6/uL']);
  });
});
