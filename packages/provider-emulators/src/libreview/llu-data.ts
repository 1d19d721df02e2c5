import { createHash } from 'node:crypto';
import { createRandom, DAY_MS, hashSeed } from '../core/prng';
import { zoneOffsetAt } from '../core/wall-time';

/**
 * Deterministic FreeStyle Libre readings per patient, as LibreLinkUp serves them: `graphData` holds the
 * sensor's 15-minute history of the last 12 hours, `glucoseMeasurement` the latest 1-minute reading.
 * Times are written `M/D/YYYY h:mm:ss AM` — `FactoryTimestamp` in UTC, `Timestamp` in the patient's zone.
 */

export const GRAPH_HOURS = 12;
const HISTORY_STEP_MS = 15 * 60_000;
const CURRENT_STEP_MS = 60_000;
const ZONES = ['Europe/Berlin', 'Europe/Paris', 'America/Chicago', 'Australia/Melbourne'];

export function uuidOf(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Patient {
  patientId: string;
  firstName: string;
  lastName: string;
  zone: string;
  phaseMs: number;
  sensorSerial: string;
}

export function patientFor(email: string): Patient {
  const rng = createRandom(hashSeed('llu-patient', email));
  const name = email.split('@')[0] ?? 'patient';
  return {
    patientId: uuidOf('patient', email),
    firstName: name.charAt(0).toUpperCase() + name.slice(1),
    lastName: 'Emulated',
    zone: ZONES[Math.floor(rng() * ZONES.length)]!,
    phaseMs: Math.floor(rng() * 60) * 1000,
    sensorSerial: `0${Math.floor(rng() * 1e9)
      .toString(36)
      .toUpperCase()
      .padStart(8, '0')}`,
  };
}

/** `M/D/YYYY h:mm:ss AM` of `ms` shifted by `offsetS`. */
export function lluTime(ms: number, offsetS = 0): string {
  const d = new Date(ms + offsetS * 1000);
  const h = d.getUTCHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h % 12 || 12}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

function mgdlAt(p: Patient, ms: number): number {
  const local = ms + zoneOffsetAt(p.zone, ms) * 1000;
  const h = (((local % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
  const rhythm = 112 + 20 * Math.sin((2 * Math.PI * (h - 5)) / 24);
  const meals = [8, 13, 19.5].reduce((s, m) => s + 55 * Math.exp(-(((h - m - 0.9) / 0.8) ** 2)), 0);
  const noise =
    (createRandom(hashSeed('llu-glucose', p.patientId, Math.floor(ms / CURRENT_STEP_MS)))() - 0.5) * 6;
  return Math.max(40, Math.min(500, Math.round(rhythm + meals + noise)));
}

function trendArrow(p: Patient, ms: number): number {
  const rate = (mgdlAt(p, ms) - mgdlAt(p, ms - 15 * 60_000)) / 15;
  return rate > 2 ? 5 : rate > 1 ? 4 : rate >= -1 ? 3 : rate >= -2 ? 2 : 1;
}

export interface LluMeasurement {
  FactoryTimestamp: string;
  Timestamp: string;
  type: number;
  ValueInMgPerDl: number;
  TrendArrow?: number;
  TrendMessage?: null;
  MeasurementColor: number;
  GlucoseUnits: number;
  Value: number;
  isHigh: boolean;
  isLow: boolean;
}

function measurement(p: Patient, ms: number, type: 0 | 1): LluMeasurement {
  const value = mgdlAt(p, ms);
  const offset = zoneOffsetAt(p.zone, ms);
  return {
    FactoryTimestamp: lluTime(ms),
    Timestamp: lluTime(ms, offset),
    type,
    ValueInMgPerDl: value,
    ...(type === 1 ? { TrendArrow: trendArrow(p, ms), TrendMessage: null } : {}),
    MeasurementColor: value < 70 || value > 250 ? 3 : value > 180 ? 2 : 1,
    GlucoseUnits: 1,
    Value: value,
    isHigh: value > 400,
    isLow: value < 55,
  };
}

/** The 15-minute history of the 12 hours before `nowMs`, oldest first. */
export function graphData(p: Patient, nowMs: number): LluMeasurement[] {
  const out: LluMeasurement[] = [];
  const last = p.phaseMs + Math.floor((nowMs - p.phaseMs) / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  for (let t = last - (GRAPH_HOURS * 3_600_000 - HISTORY_STEP_MS); t <= last; t += HISTORY_STEP_MS)
    out.push(measurement(p, t, 0));
  return out;
}

export function currentMeasurement(p: Patient, nowMs: number): LluMeasurement {
  return measurement(p, p.phaseMs + Math.floor((nowMs - p.phaseMs) / CURRENT_STEP_MS) * CURRENT_STEP_MS, 1);
}
