/**
 * Whether OCR output is good enough to trust: mean word confidence and the share of words that look like real
 * words or numbers. A hopeless scan (noise, tiny text) yields few, low-confidence, garbled words.
 */
import type { OcrPage } from './ocr-pool';

const MIN_WORDS = 15;
const MIN_MEAN_CONFIDENCE = 55;
const MIN_CLEAN_SHARE = 0.55;

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
