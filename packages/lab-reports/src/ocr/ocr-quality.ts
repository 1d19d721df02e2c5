/**
 * Whether OCR output is good enough to trust: mean word confidence and the share of words that look like real
 * words or numbers. A hopeless scan (noise, tiny text) yields few, low-confidence, garbled words.
 */
import type { OcrPage } from './ocr-pool';

/**
 * Thresholds measured on the development part of corpus v2 (issue #15; never on its evaluation part) and on the
 * scans of the original corpus, by recording `assessOcrQuality` for every OCR document (after deskew and rotation):
 *
 * | documents | mean word confidence | clean-word share |
 * |---|---|---|
 * | readable (clean scans, faxes, photos, rotated, low-dpi: 13 dev + 6 original) | 59.8 – 92.4 (median ≈ 85) | 0.42 – 0.94 |
 * | unreadable (dev `unreadable` family) | 29.7 | 0.07 |
 * | hopeless (original corpus: noise) | no words at all | – |
 *
 * Each threshold sits halfway between the worst readable and the best unreadable document, so that a dim photo
 * (59.8 / 0.42) is still read while noise is refused: 45 and 0.25. The earlier 55 / 0.55 refused that photo.
 */
const MIN_WORDS = 15;
const MIN_MEAN_CONFIDENCE = 45;
const MIN_CLEAN_SHARE = 0.25;

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
