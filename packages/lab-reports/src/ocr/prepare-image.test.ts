import { createCanvas } from '@napi-rs/canvas';
import {
  boostDecimalPoints,
  encodePgm,
  flattenBackground,
  lineGapShare,
  ocrScale,
  prepareForOcr,
  printedInk,
  removeDebris,
  tesseractFactor,
  textHeight,
} from './prepare-image';

/** A grey page with a few lines of print, as pdf.js would hand it over. */
function printedPage(width: number, height: number): { grey: Uint8Array; width: number; height: number } {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000';
  g.font = '22px DejaVu Sans, sans-serif';
  for (let i = 0; i < 6; i++) g.fillText(`Potassium 4.${i} mmol/L`, 20, 40 + i * 40);
  const rgba = g.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let p = 0; p < grey.length; p++) grey[p] = rgba[p * 4] as number;
  return { grey, width, height };
}

describe('OCR image preparation', () => {
  it('hands tesseract the grey page: ink dark, paper light, cleaned pixels following the mask', () => {
    // 4 × 1: ink (40), faint paper (200), a removed speck (30, dark before cleaning), a grown point (220).
    const grey = Uint8Array.from([40, 200, 30, 220]);
    const before = Uint8Array.from([1, 0, 1, 0]);
    const dark = Uint8Array.from([1, 0, 0, 1]);
    const pgm = encodePgm(grey, before, dark, 128, 4, 1);
    const header = 'P5\n4 1\n255\n';
    expect(pgm.subarray(0, header.length).toString('ascii')).toBe(header);
    const [ink, paper, speck, point] = [...pgm.subarray(header.length)] as [number, number, number, number];
    expect(ink).toBeLessThanOrEqual(100);
    expect(paper).toBeGreaterThanOrEqual(160);
    expect(speck).toBe(255);
    expect(point).toBe(0);
  });

  it('enlarges the grey page by a whole factor with smooth edges', () => {
    const grey = Uint8Array.from([0, 255, 255]);
    const mask = Uint8Array.from([1, 0, 0]);
    const pgm = encodePgm(grey, mask, mask, 128, 3, 1, 2);
    const header = 'P5\n6 2\n255\n';
    expect(pgm.subarray(0, header.length).toString('ascii')).toBe(header);
    const row = [...pgm.subarray(header.length, header.length + 6)];
    expect(row[0]).toBe(0);
    expect(row[5]).toBe(255);
    // Between the ink and the paper pixel: a grey step, not a hard edge.
    expect(row[1]).toBeGreaterThan(0);
    expect(row[1]).toBeLessThan(row[2] as number);
    expect([...pgm.subarray(header.length + 6)]).toEqual(row);
  });

  /** A mask with filled boxes [x0, y0, x1, y1] (inclusive). */
  function mask(width: number, height: number, boxes: [number, number, number, number][]): Uint8Array {
    const dark = new Uint8Array(width * height);
    for (const [x0, y0, x1, y1] of boxes)
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) dark[y * width + x] = 1;
    return dark;
  }
  const inkAt = (dark: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): number => {
    let n = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) n += dark[y * width + x] as number;
    return n;
  };

  it('doubles the grey page bilinearly, ¾ from the nearest source pixel and ¼ from the next, in each direction', () => {
    // 2 × 2 of paper (255 after toning) with one ink pixel (0) at the top left.
    const grey = Uint8Array.from([0, 255, 255, 255]);
    const dark = Uint8Array.from([1, 0, 0, 0]);
    const pgm = encodePgm(grey, dark, dark, 128, 2, 2, 2);
    const header = 'P5\n4 4\n255\n';
    expect(pgm.subarray(0, header.length).toString('ascii')).toBe(header);
    const px = [...pgm.subarray(header.length)];
    const expected = [
      [0, 64, 191, 255],
      [64, 112, 207, 255],
      [191, 207, 239, 255],
      [255, 255, 255, 255],
    ].flat();
    // (0,0) takes the ink pixel alone (edge); (1,1) 9/16 of it and 7/16 paper: 255 · 7/16 ≈ 112.
    expect(px).toEqual(expected);
  });

  it('removes dust far from the print but keeps a decimal point between two digits', () => {
    const width = 300;
    const height = 120;
    // Two 14 × 25 "digits" with a 2 × 3 point on their baseline between them; a 2 × 3 speck alone in the margin.
    const dark = mask(width, height, [
      [40, 40, 53, 64],
      [57, 62, 58, 64],
      [62, 40, 75, 64],
      [200, 90, 201, 92],
    ]);
    removeDebris(dark, width, height, 3, 17);
    expect(inkAt(dark, width, 57, 62, 58, 64)).toBe(6);
    expect(inkAt(dark, width, 200, 90, 201, 92)).toBe(0);
    expect(inkAt(dark, width, 40, 40, 53, 64)).toBe(14 * 25);
  });

  it('grows a decimal point on the baseline between two glyphs to the size of a full stop, not other small marks', () => {
    const width = 400;
    const height = 120;
    const dark = mask(width, height, [
      // "4.1": a point of 2 × 3 pixels on the baseline (y = 64) between glyphs 25 high.
      [40, 40, 53, 64],
      [57, 62, 58, 64],
      [63, 40, 76, 64],
      // "4-1": a short dash at mid-height between glyphs is no decimal point.
      [140, 40, 153, 64],
      [157, 51, 158, 53],
      [163, 40, 176, 64],
      // A point after the last glyph of a word (a full stop before a wide gap) is left alone.
      [240, 40, 253, 64],
      [256, 62, 257, 64],
    ]);
    expect(boostDecimalPoints(dark, width, height, 216)).toBe(1);
    // Five pixels square (a fifth of the glyphs' height), standing on the baseline, clear of both glyphs.
    expect(inkAt(dark, width, 54, 60, 62, 64)).toBe(25);
    expect(inkAt(dark, width, 54, 40, 62, 59)).toBe(0);
    expect(inkAt(dark, width, 154, 40, 162, 64)).toBe(6);
    expect(inkAt(dark, width, 254, 40, 262, 64)).toBe(6);
  });

  it('measures the blank rows between lines of print, and finds none in noise', () => {
    const width = 200;
    const height = 100;
    const lines = new Uint8Array(width * height);
    // Ten 4-pixel-high "lines" every 10 rows: 6 blank rows out of every 10 between the first and the last.
    for (let y = 0; y < height; y++)
      if (y % 10 < 4) for (let x = 20; x < 180; x += 2) lines[y * width + x] = 1;
    expect(lineGapShare(lines, width, height)).toBeCloseTo(54 / 94, 2);
    const noise = new Uint8Array(width * height);
    for (let p = 0; p < noise.length; p++) noise[p] = (p * 7919) % 5 === 0 ? 1 : 0;
    expect(lineGapShare(noise, width, height)).toBe(0);
    expect(lineGapShare(new Uint8Array(width * height), width, height)).toBe(0);
  });

  it("leaves a photo's edge strip and tall pictures out of the line gaps, not print or noise", () => {
    const width = 200;
    const height = 100;
    const lines = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      // A strip of desk along the left edge, touching the border, on every row.
      for (let x = 0; x < 6; x++) lines[y * width + x] = 1;
      if (y % 10 >= 2 && y % 10 < 6) for (let x = 20; x < 180; x += 2) lines[y * width + x] = 1;
    }
    // A picture 60 rows tall, clear of the border.
    for (let y = 20; y < 80; y++) for (let x = 185; x < 195; x++) lines[y * width + x] = 1;
    expect(lineGapShare(lines, width, height)).toBe(0);
    const printed = printedInk(lines, width, height, 20);
    expect(lineGapShare(printed, width, height)).toBeCloseTo(54 / 94, 2);
    // The print itself is kept.
    expect(printed[12 * width + 20]).toBe(1);
    const noise = new Uint8Array(width * height);
    for (let p = 0; p < noise.length; p++) noise[p] = (p * 7919) % 5 === 0 ? 1 : 0;
    expect(lineGapShare(printedInk(noise, width, height, 20), width, height)).toBeLessThan(0.05);
  });

  it('evens out a shadow so that paper is white and print stays dark on both sides of it', () => {
    const width = 960;
    const height = 200;
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Paper from 240 on the right down to 120 on the left; a dark stroke every 20 columns at half the paper.
        const paper = 120 + (120 * x) / width;
        grey[y * width + x] = x % 20 < 3 ? paper / 2 : paper;
      }
    }
    flattenBackground(grey, width, height);
    const at = (x: number, y: number) => grey[y * width + x] as number;
    // Before: paper 125 in the shadow, print 120 in the light (no threshold separates them).
    expect(at(10, 100)).toBeGreaterThan(215); // paper in the shadow
    expect(at(950, 100)).toBeGreaterThan(215); // paper in the light
    expect(at(20, 100)).toBeLessThan(140); // print in the shadow
    expect(at(940, 100)).toBeLessThan(140); // print in the light
  });

  it('enlarges small scans (at most 2×), keeps ~200 dpi pages as they are, reduces big photos', () => {
    expect(ocrScale(1700, 2200)).toBe(1); // letter at 200 dpi
    expect(ocrScale(1020, 1320)).toBeCloseTo(1900 / 1020, 3); // 120 dpi
    expect(ocrScale(660, 850)).toBe(2); // 78 dpi: no more than 2×
    expect(ocrScale(3024, 4032)).toBeCloseTo(2500 / 3024, 3); // 12 MP phone photo
  });

  it('measures the print by the median height of glyph-like components, ignoring specks, rules and few glyphs', () => {
    const glyph = (h: number, w = Math.round(h * 0.6)) => ({ x0: 0, y0: 0, x1: w - 1, y1: h - 1 });
    const line = [
      ...Array.from({ length: 15 }, () => glyph(12)),
      ...Array.from({ length: 10 }, () => glyph(16)),
      ...Array.from({ length: 6 }, () => glyph(21)),
    ];
    expect(textHeight(line, 200)).toBe(16);
    // Specks, a long rule and a tall bar do not count.
    const noisy = [...line, ...Array.from({ length: 40 }, () => glyph(2)), glyph(3, 900), glyph(150, 3)];
    expect(textHeight(noisy, 200)).toBe(16);
    expect(textHeight(line.slice(0, 10), 200)).toBe(Infinity);
  });

  it('hands tesseract small print (faxes, ~200 dpi and low-resolution scans) at twice the size', () => {
    expect(tesseractFactor(16)).toBe(2); // 10 pt print at 200 dpi
    expect(tesseractFactor(25)).toBe(1); // at 300 dpi
    expect(tesseractFactor(Infinity)).toBe(1);
  });

  it('takes the grey pixels of a rendered PDF page and hands tesseract a PGM of the same page', async () => {
    const prepared = await prepareForOcr(printedPage(400, 280));
    expect(prepared.image.subarray(0, 3).toString('ascii')).toBe('P5\n');
    const k = prepared.imageScale;
    expect(prepared.image.subarray(3, 20).toString('ascii')).toMatch(
      new RegExp(`^${400 * 2 * k} ${280 * 2 * k}\n255\n`),
    );
    expect(prepared.rotation).toBe(0);
    expect(prepared.width).toBe(400 * 2);
    expect(prepared.lineGapShare).toBeGreaterThan(0.2);
  });

  it('marks a page of noise as having no line gaps (refused before OCR as unreadable)', async () => {
    const width = 280;
    const height = 400;
    const grey = new Uint8Array(width * height);
    let x = 12345;
    for (let p = 0; p < grey.length; p++) {
      x = (x * 1103515245 + 12345) >>> 0;
      grey[p] = 110 + ((x >>> 16) % 120);
    }
    const prepared = await prepareForOcr({ grey, width, height });
    expect(prepared.darkShare > 0.3 || prepared.lineGapShare < 0.1).toBe(true);
  });
});
