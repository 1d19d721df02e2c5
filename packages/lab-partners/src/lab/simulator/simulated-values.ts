/** Seeded, plausible marker values for the lab simulator, with the OBX-8 flags a lab would print. */
import type { SimulatedMarker } from './marker-catalog';

/** mulberry32: a small seeded PRNG, enough for repeatable test data (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, to derive per-order seeds that do not depend on arrival order. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export type ValueLevel = 'normal' | 'high' | 'low' | 'critical';

export interface SimulatedValue {
  valueType: 'NM' | 'SN' | 'CWE';
  /** OBX-5 text (components already joined with `^`). */
  obx5: string;
  /** The number behind the value, for corrections. */
  numeric: number | null;
  flag: string;
  referenceRange: string;
}

export function referenceRangeOf(marker: SimulatedMarker): string {
  if (marker.low !== null && marker.high !== null) return `${marker.low}-${marker.high}`;
  if (marker.high !== null) return `<=${marker.high}`;
  if (marker.low !== null) return `>=${marker.low}`;
  return '';
}

/** Which levels a marker can show (critical only with panic limits, low/high only with a bound). */
export function levelsOf(marker: SimulatedMarker): ValueLevel[] {
  const levels: ValueLevel[] = ['normal'];
  if (marker.high !== null || marker.valueType === 'CWE') levels.push('high');
  if (marker.low !== null) levels.push('low');
  if (marker.criticalHigh !== undefined || marker.criticalLow !== undefined) levels.push('critical');
  return levels;
}

export function simulatedValue(
  marker: SimulatedMarker,
  level: ValueLevel,
  random: () => number,
): SimulatedValue {
  const range = referenceRangeOf(marker);
  if (marker.valueType === 'CWE') {
    return level === 'normal'
      ? {
          valueType: 'CWE',
          obx5: '260385009^Negative^SCT',
          numeric: null,
          flag: 'N',
          referenceRange: 'Negative',
        }
      : {
          valueType: 'CWE',
          obx5: '10828004^Positive^SCT',
          numeric: null,
          flag: 'A',
          referenceRange: 'Negative',
        };
  }
  const between = (a: number, b: number) => a + (b - a) * random();
  const round = (x: number) => Number(x.toFixed(marker.decimals));
  const low = marker.low;
  const high = marker.high;
  let value: number;
  let flag: string;
  switch (level) {
    case 'normal': {
      const from = low ?? (high ?? 1) * 0.5;
      const to = high ?? (low ?? 1) * 2;
      const margin = (to - from) * 0.1;
      value = between(from + margin, to - margin);
      flag = 'N';
      break;
    }
    case 'high': {
      const base = high ?? (low ?? 1) * 2;
      value = between(base * 1.1, (marker.criticalHigh ?? base * 1.6) * 0.95);
      flag = 'H';
      break;
    }
    case 'low': {
      const base = low ?? (high ?? 1) * 0.5;
      value = between((marker.criticalLow ?? base * 0.6) * 1.05, base * 0.92);
      flag = 'L';
      break;
    }
    case 'critical':
      if (marker.criticalHigh !== undefined) {
        value = between(marker.criticalHigh * 1.1, marker.criticalHigh * 1.3);
        flag = 'HH';
      } else {
        value = between((marker.criticalLow ?? 1) * 0.7, (marker.criticalLow ?? 1) * 0.9);
        flag = 'LL';
      }
      break;
  }
  const numeric = round(value);
  const text = numeric.toFixed(marker.decimals);
  if (marker.valueType === 'SN') {
    // Labs report a normal eGFR as a bound (">60"), an abnormal one as a number.
    return level === 'normal' && low !== null
      ? { valueType: 'SN', obx5: `>^${low}`, numeric: null, flag: 'N', referenceRange: range }
      : { valueType: 'SN', obx5: `^${text}`, numeric, flag, referenceRange: range };
  }
  return { valueType: 'NM', obx5: text, numeric, flag, referenceRange: range };
}
