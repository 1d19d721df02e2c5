import { createCanvas } from '@napi-rs/canvas';
import path from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import {
  assignReadings,
  chooseReading,
  completedReading,
  cropSheet,
  isDoubtfulNumber,
  NUMBER_GLYPHS,
  readPgm,
  REREAD_HEIGHTS,
  rereadDoubtfulNumbers,
  sameNumberShape,
  trailingFlag,
  type PageWord,
  type SheetLine,
} from './reread-numbers';

const word = (text: string, confidence: number, x0 = 100, x1 = 160): PageWord => ({
  text,
  confidence,
  x0,
  y0: 50,
  x1,
  y1: 70,
  doubtful: false,
});

/** A page (P5 PGM) of 600 × 200 grey levels with a dark block under each word (so that every crop has ink). */
function pagePgm(words: readonly PageWord[], width = 600, height = 200): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(width * height, 255);
  for (const w of words)
    for (let y = Math.ceil(w.y0 + 2); y < w.y1 - 2; y++)
      for (let x = Math.ceil(w.x0 + 2); x < w.x1 - 2; x++) pixels[y * width + x] = 0;
  return Buffer.concat([header, pixels]);
}

/**
 * A sheet reader answering the sheet's crops in order (found as bands of ink): `texts[i]` for the i-th crop of each
 * size (the tight crops of the doubtful words first, then the widened ones).
 */
const answering =
  (...texts: (string | null)[]) =>
  async (sheet: Buffer): Promise<SheetLine[]> => {
    const { width, height, pixels } = readPgm(sheet);
    const bands: [number, number][] = [];
    for (let y = 0; y < height; y++) {
      let ink = false;
      for (let x = 0; x < width && !ink; x++) ink = (pixels[y * width + x] as number) < 128;
      const last = bands.at(-1);
      if (ink && last && last[1] === y - 1) last[1] = y;
      else if (ink) bands.push([y, y]);
    }
    return bands
      .map(([y0, y1], b) => ({ text: texts[b % texts.length] ?? '', y0, y1 }))
      .filter((l) => l.text !== '');
  };

describe('reading doubtful numbers again', () => {
  it('picks numbers read with low confidence or with letters and marks a number has not', () => {
    expect(isDoubtfulNumber({ text: 'SS', confidence: 77 })).toBe(true);
    expect(isDoubtfulNumber({ text: '1051L', confidence: 36 })).toBe(true);
    expect(isDoubtfulNumber({ text: '562', confidence: 58 })).toBe(true);
    expect(isDoubtfulNumber({ text: '1O.2', confidence: 90 })).toBe(true);
    // Read with confidence and well formed: left alone.
    expect(isDoubtfulNumber({ text: '4.5', confidence: 95 })).toBe(false);
    expect(isDoubtfulNumber({ text: '(0-40)', confidence: 90 })).toBe(false);
    // Names, dates, times, units and flags are no numbers.
    for (const text of [
      'B12',
      'S100',
      '12/03/2024',
      '10:30',
      'mg/dL',
      'H',
      'L',
      'Sodium',
      '25-OH',
      '25-734568-1',
    ])
      expect(isDoubtfulNumber({ text, confidence: 20 })).toBe(false);
  });

  it('takes a second reading only when both sizes agree and the number keeps its shape', () => {
    const first = word('SS', 77);
    expect(chooseReading(first, ['55', '55'])).toBe('55');
    expect(chooseReading(first, ['55', '56'])).toBe('SS');
    expect(chooseReading(first, [null, '55'])).toBe('SS');
    // Brackets are not re-read: the first reading's stay.
    expect(chooseReading(word('(O-40)', 50), ['0-40', '0-40'])).toBe('(0-40)');
    // A reading that is no number or range, or gains two digits, is not taken.
    expect(chooseReading(word('4.1', 40), ['4-', '4-'])).toBe('4.1');
    expect(chooseReading(word('7', 40), ['712', '712'])).toBe('7');
    // A point the first reading had is not lost to the enlarged crop.
    expect(chooseReading(word('2.4', 29), ['24', '24'])).toBe('2.4');
    expect(chooseReading(word('.390', 60), ['390', '390'])).toBe('390');
    expect(trailingFlag('1051L')).toBe('L');
    expect(trailingFlag('10l')).toBeNull();
    expect(sameNumberShape('1051', '10.5')).toBe(true);
    expect(sameNumberShape('20', '26')).toBe(true);
    expect(sameNumberShape('20', '2600')).toBe(false);
  });

  it('replaces the word, and keeps a flag glued to the number as a word of its own', async () => {
    const words = [
      word('Ferritin', 95, 10, 90),
      word('SS', 70, 100, 140),
      { ...word('1051L', 36, 150, 210), lastGlyphX: 200 },
      word('4.5', 96, 220, 250),
    ];
    // Crops of `SS` and `1051` (no room beside them to widen; the flag of `1051L` is cut off).
    const out = await rereadDoubtfulNumbers(pagePgm(words), 1, words, answering('55', '10.5'));
    expect(out.map((w) => w.text)).toEqual(['Ferritin', '55', '10.5', '4.5', 'L']);
    const flag = out.find((w) => w.text === 'L') as PageWord;
    const number = out.find((w) => w.text === '10.5') as PageWord;
    expect(flag.x0).toBeGreaterThanOrEqual(number.x1);
    // Readings that differ between the two sizes leave the page as read.
    const unsure = await rereadDoubtfulNumbers(pagePgm(words), 1, words, async (sheet) =>
      (await answering('55', '10.5')(sheet)).map((l, n) => (n >= 2 ? { ...l, text: '66' } : l)),
    );
    expect(unsure.map((w) => w.text)).toEqual(['Ferritin', 'SS', '1051L', '4.5']);
  });

  it('completes a range or comparator from unread ink beside the word, and drops its specks', async () => {
    const words = [
      word('Creatinine', 95, 10, 100),
      word('0.88', 96, 120, 160),
      word('(0.57', 0, 260, 310),
      // A speck tesseract made of the rest of the range, left to the ink check.
      { ...word('1', 5, 330, 336), doubtful: true },
    ];
    // Tight crops of `(0.57` and the speck, then both widened.
    const read = answering('(0.57', '1', '0.57-1.00', '1');
    const out = await rereadDoubtfulNumbers(pagePgm(words), 1, words, read);
    expect(out.map((w) => w.text)).toEqual(['Creatinine', '0.88', '(0.57-1.00)']);
    expect(completedReading('5', ['<5', '<5'])).toBe('<5');
    expect(completedReading('1.0', ['>1.0', '>1.0'])).toBe('>1.0');
    // A lost flag or unit beside a value is no completion; nor is a range the word is no bound of.
    expect(completedReading('5', ['54', '54'])).toBeNull();
    expect(completedReading('5', ['1-4', '1-4'])).toBeNull();
    expect(completedReading('5', ['<5', '<6'])).toBeNull();
    expect(completedReading('<5', ['<5', '<5'])).toBeNull();
  });

  it('cuts every doubtful word out at two sizes and reads them back to the words they came from', async () => {
    // Small print (12 px): the numbers a fax leaves, drawn on a page and cut out again.
    const width = 600;
    const height = 120;
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#000';
    ctx.font = '16px sans-serif';
    const texts = ['577', '3.5-5.1', '10.5'];
    const words: PageWord[] = texts.map((text, i) => {
      const x0 = 40 + i * 180;
      ctx.fillText(text, x0, 60);
      const w = ctx.measureText(text).width;
      return { text: 'x', confidence: 10, x0, y0: 47, x1: x0 + w, y1: 62, doubtful: false };
    });
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const grey = Buffer.alloc(width * height);
    for (let p = 0; p < grey.length; p++) grey[p] = rgba[4 * p] as number;
    const page = { width, height, pixels: grey };
    const { pgm, placed } = cropSheet(page, words);
    expect(placed.map((p) => [p.index, p.size])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: path.join(
        path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
        '4.0.0_best_int',
      ),
      cacheMethod: 'none',
      gzip: true,
      logger: () => undefined,
      errorHandler: () => undefined,
    });
    try {
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
        tessedit_char_whitelist: NUMBER_GLYPHS,
        debug_file: '/dev/null',
      });
      const { data } = await worker.recognize(pgm, {}, { blocks: true, text: false });
      const lines = (data.blocks ?? []).flatMap((b) =>
        b.paragraphs.flatMap((p) => p.lines.map((l) => ({ text: l.text, y0: l.bbox.y0, y1: l.bbox.y1 }))),
      );
      const readings = assignReadings(placed, lines, texts.length, REREAD_HEIGHTS.length);
      // Each line of the sheet goes back to the word it was cut from (a size may misread a glyph: the two must agree).
      expect(readings[1]).toEqual(texts);
      expect(readings[0]?.[0]).toBe('577');
      expect(readings[0]?.[2]).toBe('10.5');
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
