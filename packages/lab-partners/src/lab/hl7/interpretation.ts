/**
 * Result interpretation (api-shapes §6.9 `normal abnormal critical unknown`) from OBX-8 abnormal flags
 * (HL7 table 0078) and the reference range of OBX-7.
 */
import type { ResultInterpretation } from '../lab-types';

/** Panic/critical flags: HH, LL (beyond panic limits), AA (very abnormal), and the non-table codes labs use. */
const CRITICAL_FLAGS = new Set(['HH', 'LL', 'AA', 'C', 'CR', 'CRIT', 'PANIC']);
/** Abnormal flags: above/below normal, abnormal, off-scale, significantly high/low, changes (U, D, B, W). */
const ABNORMAL_FLAGS = new Set(['H', 'L', 'A', 'HU', 'LU', '<', '>', 'U', 'D', 'B', 'W', 'POS', 'DET']);
const NORMAL_FLAGS = new Set(['N', 'NEG', 'ND']);

export interface ReferenceRange {
  text: string | null;
  min: number | null;
  max: number | null;
}

const NUM = '([+-]?\\d+(?:\\.\\d+)?)';
const BETWEEN_RE = new RegExp(`^${NUM}\\s*(?:-|–|to)\\s*${NUM}$`, 'i');
const BELOW_RE = new RegExp(`^(?:<=?|≤)\\s*${NUM}$`);
const ABOVE_RE = new RegExp(`^(?:>=?|≥)\\s*${NUM}$`);

/** `3.5-5.0`, `< 200`, `>=40`; anything else keeps its text with no bounds. */
export function parseReferenceRange(text: string): ReferenceRange {
  const value = text.trim();
  if (value === '') return { text: null, min: null, max: null };
  let m = BETWEEN_RE.exec(value);
  if (m) return { text: value, min: Number(m[1]), max: Number(m[2]) };
  m = BELOW_RE.exec(value);
  if (m) return { text: value, min: null, max: Number(m[1]) };
  m = ABOVE_RE.exec(value);
  if (m) return { text: value, min: Number(m[1]), max: null };
  return { text: value, min: null, max: null };
}

/**
 * The lab's flags win; with no flag, a numeric value is judged against its range (inside → normal, outside
 * → abnormal) and anything else is normal (the §6.9 default). A flag we do not know gives `unknown`.
 */
export function interpretationOf(
  flags: readonly string[],
  value: number | null,
  range: ReferenceRange,
): ResultInterpretation {
  if (flags.some((f) => CRITICAL_FLAGS.has(f))) return 'critical';
  if (flags.some((f) => ABNORMAL_FLAGS.has(f))) return 'abnormal';
  if (flags.length > 0) return flags.every((f) => NORMAL_FLAGS.has(f)) ? 'normal' : 'unknown';
  if (
    value !== null &&
    ((range.min !== null && value < range.min) || (range.max !== null && value > range.max))
  ) {
    return 'abnormal';
  }
  return 'normal';
}

/** The order's interpretation: critical > abnormal > unknown > normal; unknown when nothing was reported. */
export function overallInterpretation(values: readonly ResultInterpretation[]): ResultInterpretation {
  if (values.length === 0) return 'unknown';
  for (const level of ['critical', 'abnormal', 'unknown'] as const) if (values.includes(level)) return level;
  return 'normal';
}
