import { assessOcrQuality, MIN_CLEAN_SHARE, MIN_MEAN_CONFIDENCE } from './ocr-quality';
import type { OcrPage, OcrWord } from './ocr-pool';

const REAL = [
  'Potassium',
  'mmol/L',
  '4.1',
  'Sodium',
  '139',
  'B12',
  'Negative',
  '12/03/2025',
  'CREATININE',
  'High',
];
const NOISE = ['~;', 'l|', '.,-', '—', '|;', '_~', '}{', '^^'];

/** A page of `count` words at `confidence`, `cleanShare` of them real words and the rest OCR noise. */
function page(count: number, confidence: number, cleanShare: number): OcrPage {
  const words: OcrWord[] = [];
  const real = Math.round(count * cleanShare);
  for (let i = 0; i < count; i++) {
    const text = i < real ? (REAL[i % REAL.length] as string) : (NOISE[i % NOISE.length] as string);
    words.push({ text, x0: i * 10, y0: 0, x1: i * 10 + 8, y1: 10, confidence });
  }
  return { width: 1000, height: 1000, words, skew: 0 };
}

describe('OCR quality gate', () => {
  it('reads a clean scan (confidence ~90, nearly all words real)', () => {
    const q = assessOcrQuality([page(100, 90, 0.9)]);
    expect(q.ok).toBe(true);
    expect(q.meanConfidence).toBeCloseTo(90);
    expect(q.cleanShare).toBeCloseTo(0.9);
  });

  it('reads the worst readable development pages (confidence ~57, half the words real)', () => {
    expect(assessOcrQuality([page(120, 57, 0.52)]).ok).toBe(true);
  });

  it('refuses pages under the confidence a readable page reached (garbage came out at 45–50)', () => {
    expect(assessOcrQuality([page(120, 47.5, 0.6)]).ok).toBe(false);
    expect(assessOcrQuality([page(120, MIN_MEAN_CONFIDENCE - 0.5, 0.8)]).ok).toBe(false);
    expect(assessOcrQuality([page(120, MIN_MEAN_CONFIDENCE + 0.5, 0.8)]).ok).toBe(true);
  });

  it('refuses pages whose words are mostly noise, however confident tesseract is', () => {
    expect(assessOcrQuality([page(120, 80, 0.3)]).ok).toBe(false);
    expect(assessOcrQuality([page(100, 80, MIN_CLEAN_SHARE - 0.02)]).ok).toBe(false);
    expect(assessOcrQuality([page(100, 80, MIN_CLEAN_SHARE + 0.02)]).ok).toBe(true);
  });

  it('does not count low-confidence words as clean, and refuses pages with almost no words', () => {
    expect(assessOcrQuality([page(100, 45, 1)]).cleanShare).toBe(0);
    expect(assessOcrQuality([page(10, 95, 1)]).ok).toBe(false);
  });
});
