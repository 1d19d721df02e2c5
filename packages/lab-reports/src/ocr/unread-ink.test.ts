import { readPgm, REREAD_HEIGHTS, type SheetLine } from './reread-numbers';
import { inkReading, readUnreadInk, unreadInk } from './unread-ink';

/** A word box on the line from y = 100 to 120 (20 px print). */
const word = (x0: number, x1: number, doubtful = false) => ({ x0, y0: 100, x1, y1: 120, doubtful });
/** Glyphs 16 px tall on that line, 10 px wide, `gap` apart, from `x`. */
const glyphs = (x: number, n: number, gap = 3) =>
  Array.from({ length: n }, (_, i) => ({
    x0: x + i * (10 + gap),
    y0: 102,
    x1: x + i * (10 + gap) + 10,
    y1: 118,
  }));

describe('ink tesseract read no word from', () => {
  it('finds glyphs on a line that no word covers, grouped as cells', () => {
    const words = [word(10, 90), word(100, 140), word(300, 360)];
    const ink = [
      // Under the words: read already.
      ...glyphs(12, 6),
      ...glyphs(102, 3),
      // Two cells of unread ink between the value and the range.
      ...glyphs(160, 4),
      ...glyphs(240, 2),
      // A speck (too small) and a rule remnant above the line: not print.
      { x0: 220, y0: 110, x1: 222, y1: 112 },
      { x0: 150, y0: 60, x1: 170, y1: 75 },
    ];
    expect(unreadInk(words, ink)).toEqual([
      { x0: 160, y0: 100, x1: 210, y1: 120 },
      { x0: 240, y0: 100, x1: 264, y1: 120 },
    ]);
    // A doubtful word (a speck reading) does not cover its ink; a line of one word is not judged.
    expect(unreadInk([word(10, 90), word(100, 140), word(160, 210, true)], glyphs(160, 4))).toHaveLength(1);
    expect(unreadInk([word(10, 90)], glyphs(160, 4))).toEqual([]);
  });

  it('keeps what both sizes read alike as a unit or a range, nothing else', () => {
    expect(inkReading(['µg/dL', 'µg/dL'])).toBe('µg/dL');
    expect(inkReading(['mgldL', 'mgldL'])).toBe('mg/dL');
    expect(inkReading(['%', '%'])).toBe('%');
    expect(inkReading(['(0.27-4.20)', '(0.27-4.20)'])).toBe('(0.27-4.20)');
    expect(inkReading(['Upto5', 'Upto5'])).toBe('Upto5');
    expect(inkReading(['mU/L', 'mg/L'])).toBeNull();
    // A unit with other digits than those read is a guess (`9/L` is no `g/L`).
    expect(inkReading(['9/L', '9/L'])).toBeNull();
    expect(inkReading(['10^9/L', '10^9/L'])).toBe('10^9/L');
    expect(inkReading(['1079/L', '1079/L'])).toBe('10^9/L');
    expect(inkReading(['Smith', 'Smith'])).toBeNull();
    expect(inkReading(['1234', '1234'])).toBeNull();
    expect(inkReading([null, '%'])).toBeNull();
  });

  it('adds the words read from unread ink beside those read', async () => {
    const header = Buffer.from('P5\n400 200\n255\n', 'ascii');
    const page = Buffer.concat([header, Buffer.alloc(400 * 200, 255)]);
    const words = [word(10, 90), word(100, 140), word(300, 360)];
    const ink = [...glyphs(160, 4), ...glyphs(240, 2)];
    // Each crop answered in order, at both sizes: a unit, then a smudge read as a word.
    const readSheet = async (sheet: Buffer): Promise<SheetLine[]> => {
      const { height } = readPgm(sheet);
      const per = 2 * REREAD_HEIGHTS.length;
      return ['µg/L', 'xx', 'µg/L', 'xx'].slice(0, per).map((text, n) => ({
        text,
        y0: Math.round(((n + 0.4) * height) / per),
        y1: Math.round(((n + 0.6) * height) / per),
      }));
    };
    const found = await readUnreadInk(page, 1, words, ink, readSheet);
    expect(found).toEqual([{ text: 'µg/L', x0: 160, y0: 100, x1: 210, y1: 120, confidence: 50 }]);
    // A power of ten read as two groups of ink, split at its raised exponent: one unit.
    const split = [...glyphs(160, 2), ...glyphs(202, 3)];
    const answer =
      (texts: string[]) =>
      async (sheet: Buffer): Promise<SheetLine[]> => {
        const { height } = readPgm(sheet);
        return texts.map((text, n) => ({
          text,
          y0: Math.round(((n + 0.4) * height) / texts.length),
          y1: Math.round(((n + 0.6) * height) / texts.length),
        }));
      };
    expect(await readUnreadInk(page, 1, words, split, answer(['10', '9/L', '10', '9/L']))).toEqual([
      { text: '10^9/L', x0: 160, y0: 100, x1: 239, y1: 120, confidence: 50 },
    ]);
  });
});
