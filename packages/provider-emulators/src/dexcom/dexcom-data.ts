import { createHash } from 'node:crypto';
import { createRandom, DAY_MS, hashSeed } from '../core/prng';
import { instantOfWallTime, offsetText, wallTimeText, zoneOffsetAt } from '../core/wall-time';

/**
 * Deterministic Dexcom records per account: one EGV every 5 minutes from the account's own transmitter
 * phase, carbs and insulin events around meals, one display device. The same account, client and instant
 * always give the same record (ids included), so re-fetches and overlapping windows are idempotent.
 */

export const EGV_INTERVAL_MS = 5 * 60_000;

export type DisplayDevice = 'iOS' | 'android' | 'receiver';

export interface DexcomProfile {
  zone: string;
  displayDevice: DisplayDevice;
  transmitterId: string;
  /** Offset of the 5-minute EGV grid (transmitters are not aligned to the clock). */
  phaseMs: number;
  /** Receivers' clocks are set by hand and drift from UTC; apps follow the phone. */
  displayDriftMs: number;
}

const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Berlin',
  'Europe/London',
  'Australia/Sydney',
];
const DEVICES: DisplayDevice[] = ['iOS', 'android', 'receiver'];

export function dexcomProfile(accountId: string): DexcomProfile {
  const rng = createRandom(hashSeed('dexcom-profile', accountId));
  const displayDevice = DEVICES[Math.floor(rng() * DEVICES.length)]!;
  return {
    zone: ZONES[Math.floor(rng() * ZONES.length)]!,
    displayDevice,
    transmitterId: createHash('sha256').update(`tx:${accountId}`).digest('hex').slice(0, 6).toUpperCase(),
    phaseMs: Math.floor((rng() * EGV_INTERVAL_MS) / 1000) * 1000,
    displayDriftMs: displayDevice === 'receiver' ? Math.floor(rng() * 90) * 1000 : 0,
  };
}

/** Dexcom's per-account, per-client user id (64 hex characters). */
export function dexcomUserId(accountId: string, clientId: string): string {
  return createHash('sha256').update(`${clientId}:${accountId}`).digest('hex');
}

function recordId(...parts: (string | number)[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** systemTime and displayTime as the display device writes them (apps with offsets, receivers without). */
export function recordTimes(profile: DexcomProfile, ms: number): { systemTime: string; displayTime: string } {
  const offset = zoneOffsetAt(profile.zone, ms);
  if (profile.displayDevice === 'receiver') {
    return { systemTime: wallTimeText(ms), displayTime: wallTimeText(ms + profile.displayDriftMs, offset) };
  }
  return {
    systemTime: `${wallTimeText(ms)}+00:00`,
    displayTime: `${wallTimeText(ms, offset)}${offsetText(offset)}`,
  };
}

function localHours(profile: DexcomProfile, ms: number): number {
  const local = ms + zoneOffsetAt(profile.zone, ms) * 1000;
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
}

/** mg/dL at an instant: a daily rhythm, meal peaks and sensor noise. */
function glucoseAt(accountId: string, profile: DexcomProfile, index: number, ms: number): number {
  const h = localHours(profile, ms);
  const rhythm = 108 + 18 * Math.sin((2 * Math.PI * (h - 4)) / 24);
  const meals = [7.5, 12.5, 19].reduce((sum, m) => sum + 65 * Math.exp(-(((h - m - 0.8) / 0.7) ** 2)), 0);
  const noise = (createRandom(hashSeed('egv', accountId, index))() - 0.5) * 8;
  return Math.max(40, Math.min(400, Math.round(rhythm + meals + noise)));
}

function trendOf(rate: number): string {
  if (rate >= 3) return 'doubleUp';
  if (rate >= 2) return 'singleUp';
  if (rate >= 1) return 'fortyFiveUp';
  if (rate > -1) return 'flat';
  if (rate > -2) return 'fortyFiveDown';
  if (rate > -3) return 'singleDown';
  return 'doubleDown';
}

export interface EgvRecord {
  recordId: string;
  systemTime: string;
  displayTime: string;
  transmitterId: string;
  transmitterTicks: number;
  value: number | null;
  status: string | null;
  trend: string | null;
  trendRate: number | null;
  unit: 'mg/dL';
  rateUnit: 'mg/dL/min';
  displayDevice: DisplayDevice;
  transmitterGeneration: 'g7';
}

export interface Bounds {
  /** Inclusive window, as Dexcom treats startDate/endDate. */
  startMs: number;
  endMs: number;
  nowMs: number;
  historyStartMs: number;
}

export function egvsBetween(accountId: string, b: Bounds): EgvRecord[] {
  const profile = dexcomProfile(accountId);
  const from = Math.max(b.startMs, b.historyStartMs);
  const to = Math.min(b.endMs, b.nowMs);
  const out: EgvRecord[] = [];
  for (let i = Math.ceil((from - profile.phaseMs) / EGV_INTERVAL_MS); ; i += 1) {
    const t = profile.phaseMs + i * EGV_INTERVAL_MS;
    if (t > to) break;
    // About one reading in a hundred is missing its value (sensor error or warm-up), as real data is.
    const missing = createRandom(hashSeed('egv-gap', accountId, i))() < 0.01;
    const value = missing ? null : glucoseAt(accountId, profile, i, t);
    const previous = glucoseAt(accountId, profile, i - 1, t - EGV_INTERVAL_MS);
    const rate = value === null ? null : Math.round(((value - previous) / 5) * 10) / 10;
    out.push({
      recordId: recordId('egv', accountId, i),
      ...recordTimes(profile, t),
      transmitterId: profile.transmitterId,
      transmitterTicks: Math.floor((t - b.historyStartMs) / 1000),
      value,
      status: value === null ? null : value >= 400 ? 'high' : value <= 40 ? 'low' : 'ok',
      trend: rate === null ? 'notComputable' : trendOf(rate),
      trendRate: rate,
      unit: 'mg/dL',
      rateUnit: 'mg/dL/min',
      displayDevice: profile.displayDevice,
      transmitterGeneration: 'g7',
    });
  }
  return out;
}

export interface EventRecord {
  recordId: string;
  systemTime: string;
  displayTime: string;
  eventStatus: 'created' | 'updated' | 'deleted';
  eventType: 'carbs' | 'insulin';
  eventSubType: 'fastActing' | 'longActing' | null;
  /** A string in API v3 (the v2 API sent numbers). */
  value: string;
  unit: 'grams' | 'units';
  transmitterId: string;
  transmitterGeneration: 'g7';
  displayDevice: DisplayDevice;
}

const MEAL_HOURS = [7.5, 12.5, 19];

/** Events of the local days overlapping the window: carbs and a rapid-acting dose per meal, a long-acting dose at 22:00. */
export function eventsBetween(accountId: string, b: Bounds): EventRecord[] {
  const profile = dexcomProfile(accountId);
  const from = Math.max(b.startMs, b.historyStartMs);
  const to = Math.min(b.endMs, b.nowMs);
  const out: EventRecord[] = [];
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS <= to + DAY_MS; day += 1) {
    const rng = createRandom(hashSeed('dexcom-events', accountId, day));
    const planned: {
      wallMs: number;
      type: 'carbs' | 'insulin';
      sub: EventRecord['eventSubType'];
      value: number;
    }[] = [];
    MEAL_HOURS.forEach((hour) => {
      const wallMs = day * DAY_MS + Math.round((hour + (rng() - 0.5)) * 3600) * 1000;
      const grams = 20 + Math.round(rng() * 70);
      planned.push({ wallMs, type: 'carbs', sub: null, value: grams });
      planned.push({
        wallMs: wallMs + 120_000,
        type: 'insulin',
        sub: 'fastActing',
        value: Math.round(grams / 2) / 5,
      });
    });
    planned.push({ wallMs: day * DAY_MS + 22 * 3_600_000, type: 'insulin', sub: 'longActing', value: 18 });
    planned.forEach((p, n) => {
      const t = instantOfWallTime(profile.zone, p.wallMs);
      if (t < from || t > to) return;
      // The app lets a person delete an entry; the API then reports it with eventStatus "deleted".
      const deleted = createRandom(hashSeed('dexcom-event-status', accountId, day, n))() < 0.05;
      out.push({
        recordId: recordId('event', accountId, day, n),
        ...recordTimes(profile, t),
        eventStatus: deleted ? 'deleted' : 'created',
        eventType: p.type,
        eventSubType: p.sub,
        value: String(p.value),
        unit: p.type === 'carbs' ? 'grams' : 'units',
        transmitterId: profile.transmitterId,
        transmitterGeneration: 'g7',
        displayDevice: profile.displayDevice,
      });
    });
  }
  return out.sort((a, b2) => (a.systemTime < b2.systemTime ? -1 : a.systemTime > b2.systemTime ? 1 : 0));
}
