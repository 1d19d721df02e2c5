/**
 * Whether OCR output is good enough to trust: mean word confidence and the share of words that look like real
 * words or numbers. A hopeless scan (noise, tiny text) yields few, low-confidence, garbled words.
 */
import type { OcrPage } from './ocr-pool';

/**
 * Thresholds measured on the development part of corpus v2 (issue #15; never on its evaluation part), by recording
 * `assessOcrQuality` for every OCR document after deskew, rotation and perspective correction, with tesseract reading
 * the grey page (its confidences are ~5–10 points higher than on the 1-bit mask the first thresholds were set on):
 *
 * | documents | mean word confidence | clean-word share |
 * |---|---|---|
 * | readable: 36 fresh dev scans (clean, fax, photo, rotated, low-dpi; seeds +2000) | 77.6 – 94.4 | 0.71 – 0.96 |
 * | dev `unreadable` family (8 fresh) | no words: refused before tesseract (`lineGapShare`) | – |
 * | dev clean-scan pages degraded step by step toward `unreadable` (30), row F1 ≥ 0.75 | 57.4 – 82.0 | 0.52 – 0.86 |
 * | the same, row F1 ≤ 0.4 (garbage or half-wrong rows) | 33.7 – 66.0 | 0.13 – 0.65 |
 *
 * No page under 50 was readable (best row F1 0.4, half of its rows wrong), while pages at 45–50 passed the former
 * 45 / 0.25 and came out `completed` with wrong rows; the worst readable page is at 57.4 / 0.52. Hence 50 and 0.35.
 * Between ~50 and ~66 readable and unreadable pages overlap: the mean confidence alone cannot tell them apart there.
 */
const MIN_WORDS = 15;
export const MIN_MEAN_CONFIDENCE = 50;
export const MIN_CLEAN_SHARE = 0.35;

/** A token that reads as a word, a number, a date or a unit rather than OCR noise. */
function isClean(text: string): boolean {
  const t = text.replace(/^[([{"'*]+|[)\]}"',.:;*]+$/g, '');
  if (!t) return false;
  return (
    /^[A-Za-z][a-z]+$/.test(t) ||
    /^[A-Z]{2,}$/.test(t) ||
    /^[<>]?=?\d+(?:[.,:/-]\d+)*%?$/.test(t) ||
    /^[A-Za-z]+(?:[/-][A-Za-z0-9.]+)+$/.test(t) ||
    /^[A-Z][a-z]*[0-9]+[a-z]*$/.test(t)
  );
}

export function assessOcrQuality(pages: OcrPage[]): {
  ok: boolean;
  detail: string;
  meanConfidence: number;
  cleanShare: number;
} {
  const words = pages.flatMap((p) => p.words);
  if (words.length < MIN_WORDS) {
    return {
      ok: false,
      detail: 'too little recognisable text in the scan',
      meanConfidence: 0,
      cleanShare: 0,
    };
  }
  const meanConfidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  const cleanShare = words.filter((w) => w.confidence >= 50 && isClean(w.text)).length / words.length;
  const ok = meanConfidence >= MIN_MEAN_CONFIDENCE && cleanShare >= MIN_CLEAN_SHARE;
  return {
    ok,
    detail: ok ? 'ok' : 'the scan is too poor to read reliably (low OCR confidence)',
    meanConfidence,
    cleanShare,
  };
}
