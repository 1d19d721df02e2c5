import { createCanvas } from '@napi-rs/canvas';
import { collectPoints, detectOrientation } from './orientation';
import type { Orientation } from './orientation';

const LINES = [
  'Northwind Clinical Laboratories',
  'Patient: HOLLOWAY, BRIDGET        DOB: 04/17/1962',
  'Test                 Result   Units    Reference Range',
  'Glucose              105      mg/dL    70-99',
  'Hemoglobin A1c       5.4      %        4.0-5.6',
  'Sodium               139      mmol/L   136-145',
  'Potassium            4.1      mmol/L   3.5-5.1',
  'Cholesterol, Total   214      mg/dL    <200',
  'Triglycerides        142      mg/dL    <150',
  'Thyroid Stimulating Hormone  2.10  uIU/mL  0.45-4.50',
  'Comments: fasting specimen, reviewed by the laboratory.',
];

/** A page of text drawn upright, then turned clockwise by `turn` degrees, as a dark-pixel mask. */
function renderedMask(turn: Orientation): { dark: Uint8Array; width: number; height: number } {
  const page = createCanvas(850, 1100);
  const g = page.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 850, 1100);
  g.fillStyle = '#000';
  g.font = '18px DejaVu Sans, sans-serif';
  LINES.forEach((text, i) => g.fillText(text, 60, 80 + i * 34));
  const side = turn === 90 || turn === 270;
  const width = side ? 1100 : 850;
  const height = side ? 850 : 1100;
  const turned = createCanvas(width, height);
  const t = turned.getContext('2d');
  t.fillStyle = '#fff';
  t.fillRect(0, 0, width, height);
  t.translate(width / 2, height / 2);
  t.rotate((turn * Math.PI) / 180);
  t.drawImage(page, -425, -550);
  const data = t.getImageData(0, 0, width, height).data;
  const dark = new Uint8Array(width * height);
  for (let p = 0; p < dark.length; p++) dark[p] = (data[p * 4] ?? 255) < 128 ? 1 : 0;
  return { dark, width, height };
}

describe('detectOrientation', () => {
  it.each([
    [0, 0],
    [90, 270],
    [180, 180],
    [270, 90],
  ] as [Orientation, Orientation][])('a page turned %i° clockwise is turned back by %i°', (turn, back) => {
    const { dark, width, height } = renderedMask(turn);
    expect(detectOrientation(collectPoints(dark, width, height), width, height).rotate).toBe(back);
  });

  it('turns a photographed page by its strips: lines that converge (perspective) still read upright or upside down', () => {
    // The upright page redrawn in eight vertical slices, each squeezed a little more toward the top: line spacing on
    // the right is ~10% tighter than on the left, so no single angle lines all the text lines up. (Measured over the
    // whole page at one angle, the turned page read as upright: ascender ratio 0.71.)
    const { dark: flat, width, height } = renderedMask(0);
    const slices = 8;
    const squeezed = (turned: boolean): Uint8Array => {
      const out = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const k = Math.floor((x * slices) / width);
          const sy = Math.round(y / (1 - (0.1 * k) / slices));
          if (sy < height && flat[sy * width + x] === 1) {
            out[turned ? (height - 1 - y) * width + (width - 1 - x) : y * width + x] = 1;
          }
        }
      }
      return out;
    };
    expect(detectOrientation(collectPoints(squeezed(false), width, height), width, height).rotate).toBe(0);
    expect(detectOrientation(collectPoints(squeezed(true), width, height), width, height).rotate).toBe(180);
  });

  it('is fast enough to run on every scanned page (a generous bound: the test machine may be busy)', () => {
    const { dark, width, height } = renderedMask(0);
    const started = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) detectOrientation(collectPoints(dark, width, height), width, height);
    expect(Number(process.hrtime.bigint() - started) / 5e6).toBeLessThan(600);
  });
});
