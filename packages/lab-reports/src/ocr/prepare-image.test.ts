import { createCanvas } from '@napi-rs/canvas';
import {
  boostDecimalPoints,
  encodePbm,
  flattenBackground,
  lineGapShare,
  ocrScale,
  prepareForOcr,
  removeDebris,
  tesseractFactor,
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
  it('packs a dark-pixel mask into a binary PBM, most significant bit first, rows padded to bytes', () => {
    // 10 × 2: first row dark at x = 0 and 9, second row dark at x = 7 and 8.
    const dark = new Uint8Array(20);
    dark[0] = 1;
    dark[9] = 1;
    dark[17] = 1;
    dark[18] = 1;
    const pbm = encodePbm(dark, 10, 2);
    const header = 'P4\n10 2\n';
    expect(pbm.subarray(0, header.length).toString('ascii')).toBe(header);
    expect([...pbm.subarray(header.length)]).toEqual([0b1000_0000, 0b0100_0000, 0b0000_0001, 0b1000_0000]);
  });

  it('enlarges the PBM by a whole factor, each pixel becoming a square', () => {
    // 3 × 1: x = 1 dark. Twice as large: 6 × 2, x = 2 and 3 dark on both rows.
    const pbm = encodePbm(Uint8Array.from([0, 1, 0]), 3, 1, 2);
    const header = 'P4\n6 2\n';
    expect(pbm.subarray(0, header.length).toString('ascii')).toBe(header);
    expect([...pbm.subarray(header.length)]).toEqual([0b0011_0000, 0b0011_0000]);
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
    // Enlarged small scans are read by tesseract at twice the size again; other pages as they are.
    expect(tesseractFactor(ocrScale(1020, 1320))).toBe(2);
    expect(tesseractFactor(ocrScale(1700, 2200))).toBe(1);
    expect(tesseractFactor(ocrScale(3024, 4032))).toBe(1);
    expect(ocrScale(1020, 1320)).toBeCloseTo(1900 / 1020, 3); // 120 dpi
    expect(ocrScale(660, 850)).toBe(2); // 78 dpi: no more than 2×
    expect(ocrScale(3024, 4032)).toBeCloseTo(2500 / 3024, 3); // 12 MP phone photo
  });

  it('takes the grey pixels of a rendered PDF page and hands tesseract a PBM of the same page', async () => {
    const prepared = await prepareForOcr(printedPage(400, 280));
    expect(prepared.image.subarray(0, 3).toString('ascii')).toBe('P4\n');
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
