import { createRandom, DAY_MS, hashSeed } from '../core/prng';
import { localDate, localMidnight } from './withings-zone';

/**
 * Deterministic Withings data of one user: a daily weigh-in (Body Cardio), a blood-pressure reading every
 * other day (BPM Connect), a temperature every third day (Thermo), a night's SpO2 from the watch, a night
 * of sleep (Sleep Analyzer) with its stage segments, and a day of activity (ScanWatch). The same user and
 * date always give the same values; nothing exists after the emulator's "now" or before its history.
 */
export interface Measure {
  value: number;
  type: number;
  unit: number;
}

export interface MeasureGroup {
  grpid: number;
  attrib: number;
  date: number;
  created: number;
  modified: number;
  category: number;
  deviceid: string;
  hash_deviceid: string;
  model: string;
  measures: Measure[];
  comment: null;
  timezone: string;
}

export interface SleepSegment {
  startdate: number;
  enddate: number;
  state: number;
  model: string;
  model_id: number;
  hash_deviceid: string;
  hr: Record<string, number>;
  rr: Record<string, number>;
}

export interface Night {
  id: number;
  timezone: string;
  model: number;
  model_id: number;
  hash_deviceid: string;
  startdate: number;
  enddate: number;
  date: string;
  created: number;
  modified: number;
  completed: boolean;
  segments: SleepSegment[];
  data: Record<string, number>;
}

export interface ActivityDay {
  date: string;
  timezone: string;
  deviceid: null;
  hash_deviceid: string;
  brand: number;
  is_tracker: boolean;
  modified: number;
  [field: string]: unknown;
}

export interface Span {
  /** Unix seconds, inclusive. */
  fromS: number;
  toS: number;
  nowMs: number;
  historyStartMs: number;
}

const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Europe/London'];
const MIN = 60;

export const zoneOf = (userid: number) => ZONES[hashSeed('withings-zone', userid) % ZONES.length]!;
const id31 = (...parts: (string | number)[]) => hashSeed(...parts) & 0x7fffffff || 1;
const hex = (...parts: (string | number)[]) =>
  [0, 1, 2, 3, 4]
    .map((i) =>
      hashSeed(...parts, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
const dayIndex = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** Local dates touching [fromMs, toMs] (one day of margin each side), oldest first. */
export function datesAround(zone: string, fromMs: number, toMs: number): string[] {
  const dates: string[] = [];
  const first = Date.parse(`${localDate(zone, fromMs)}T00:00:00Z`) - DAY_MS;
  const last = Date.parse(`${localDate(zone, toMs)}T00:00:00Z`) + DAY_MS;
  for (let t = first; t <= last; t += DAY_MS) dates.push(new Date(t).toISOString().slice(0, 10));
  return dates;
}

function group(
  userid: number,
  zone: string,
  date: number,
  kind: string,
  model: string,
  measures: Measure[],
): MeasureGroup {
  return {
    grpid: id31('withings-grp', userid, date, kind),
    attrib: 0,
    date,
    created: date + 30,
    modified: date + 30,
    category: 1,
    deviceid: hex('withings-device', userid, model).slice(0, 32),
    hash_deviceid: hex('withings-device', userid, model),
    model,
    measures,
    comment: null,
    timezone: zone,
  };
}

/** The measure groups of one local date. */
export function measureGroupsOfDate(userid: number, date: string): MeasureGroup[] {
  const zone = zoneOf(userid);
  const midnight = localMidnight(zone, date) / 1000;
  const rnd = createRandom(hashSeed('withings-meas', userid, date));
  const i = dayIndex(date);
  const groups: MeasureGroup[] = [];
  const weightKg = 62 + (userid % 25) + Math.sin(i / 20) * 1.5 + (rnd() - 0.5) * 0.4;
  const fatRatio = 17 + (userid % 9) + Math.sin(i / 30) + (rnd() - 0.5) * 0.6;
  const fatMass = (weightKg * fatRatio) / 100;
  const fatFree = weightKg - fatMass;
  groups.push(
    group(userid, zone, Math.round(midnight + 7 * 3600 + rnd() * 40 * MIN), 'weight', 'Body Cardio', [
      { value: Math.round(weightKg * 1000), type: 1, unit: -3 },
      { value: Math.round(fatFree * 1000), type: 5, unit: -3 },
      { value: Math.round(fatRatio * 10), type: 6, unit: -1 },
      { value: Math.round(fatMass * 1000), type: 8, unit: -3 },
      { value: Math.round(fatFree * 0.93 * 100), type: 76, unit: -2 },
      { value: Math.round(fatFree * 0.72 * 100), type: 77, unit: -2 },
      { value: Math.round((2.9 + rnd() * 0.3) * 100), type: 88, unit: -2 },
    ]),
  );
  if (i % 2 === 0) {
    groups.push(
      group(userid, zone, Math.round(midnight + 8 * 3600 + rnd() * 30 * MIN), 'bp', 'BPM Connect', [
        { value: Math.round(70 + rnd() * 14), type: 9, unit: 0 },
        { value: Math.round(110 + rnd() * 20), type: 10, unit: 0 },
        { value: Math.round(56 + rnd() * 18), type: 11, unit: 0 },
      ]),
    );
  } else {
    groups.push(
      group(userid, zone, Math.round(midnight + 3 * 3600 + rnd() * 60 * MIN), 'spo2', 'ScanWatch', [
        { value: Math.round(95 + rnd() * 4), type: 54, unit: 0 },
      ]),
    );
  }
  if (i % 3 === 0) {
    groups.push(
      group(userid, zone, Math.round(midnight + 20 * 3600 + rnd() * 60 * MIN), 'temp', 'Thermo', [
        { value: Math.round((36.4 + rnd() * 0.8) * 100), type: 71, unit: -2 },
      ]),
    );
  }
  return groups;
}

/** Sleep stages of the night that ends on local date `date` (the wake-up date). */
export function nightOf(userid: number, date: string): Night {
  const zone = zoneOf(userid);
  const rnd = createRandom(hashSeed('withings-night', userid, date));
  const wakeMidnight = localMidnight(zone, date) / 1000;
  const startdate = Math.round(wakeMidnight - 90 * MIN + rnd() * 60 * MIN);
  const enddate = Math.round(startdate + (6.5 + rnd() * 2) * 3600);
  const hash = hex('withings-device', userid, 'Sleep Analyzer');
  const segments: SleepSegment[] = [];
  const pattern = [1, 2, 1, 3, 1, 2, 3];
  let t = startdate;
  let k = 0;
  const push = (state: number, length: number) => {
    const end = Math.min(enddate, Math.round(t + length));
    if (end <= t) return;
    const hr: Record<string, number> = {};
    const rr: Record<string, number> = {};
    for (let s = t; s < end; s += 10 * MIN) {
      hr[String(s)] = Math.round(48 + rnd() * 14 + (state === 0 ? 8 : 0));
      rr[String(s)] = Math.round(12 + rnd() * 5);
    }
    segments.push({
      startdate: t,
      enddate: end,
      state,
      model: 'Aura Sensor V2',
      model_id: 63,
      hash_deviceid: hash,
      hr,
      rr,
    });
    t = end;
  };
  push(0, (5 + rnd() * 15) * MIN); // falling asleep
  while (t < enddate) {
    push(pattern[k % pattern.length]!, (12 + rnd() * 28) * MIN);
    if (rnd() < 0.15) push(0, (2 + rnd() * 6) * MIN);
    k += 1;
  }
  const sum = (state: number) =>
    segments.filter((s) => s.state === state).reduce((a, s) => a + s.enddate - s.startdate, 0);
  const light = sum(1);
  const deep = sum(2);
  const rem = sum(3);
  const awake = sum(0);
  const hrs = segments.flatMap((s) => Object.values(s.hr));
  const rrs = segments.flatMap((s) => Object.values(s.rr));
  const total = light + deep + rem;
  return {
    id: id31('withings-sleep', userid, date),
    timezone: zone,
    model: 32,
    model_id: 63,
    hash_deviceid: hash,
    startdate,
    enddate,
    date,
    created: enddate + 600,
    modified: enddate + 600,
    completed: true,
    segments,
    data: {
      total_timeinbed: enddate - startdate,
      total_sleep_time: total,
      lightsleepduration: light,
      deepsleepduration: deep,
      remsleepduration: rem,
      wakeupduration: awake,
      wakeupcount: segments.filter((s, idx) => s.state === 0 && idx > 0).length,
      sleep_efficiency: Math.round((total / (enddate - startdate)) * 100) / 100,
      sleep_latency: segments[0]!.enddate - segments[0]!.startdate,
      hr_average: Math.round(hrs.reduce((a, v) => a + v, 0) / hrs.length),
      hr_min: Math.min(...hrs),
      hr_max: Math.max(...hrs),
      rr_average: Math.round(rrs.reduce((a, v) => a + v, 0) / rrs.length),
      rr_min: Math.min(...rrs),
      rr_max: Math.max(...rrs),
      sleep_score: Math.round(60 + rnd() * 35),
    },
  };
}

/** The day of activity of local date `date`. */
export function activityOf(userid: number, date: string): ActivityDay {
  const zone = zoneOf(userid);
  const rnd = createRandom(hashSeed('withings-activity', userid, date));
  const steps = Math.round(3000 + rnd() * 11_000);
  const active = Math.round((steps * 0.042 + rnd() * 80) * 10) / 10;
  const soft = Math.round(1200 + rnd() * 3000);
  const moderate = Math.round(300 + rnd() * 1500);
  const intense = Math.round(rnd() * 900);
  return {
    date,
    timezone: zone,
    deviceid: null,
    hash_deviceid: hex('withings-device', userid, 'ScanWatch'),
    brand: 1,
    is_tracker: true,
    modified: Math.round(localMidnight(zone, date) / 1000) + 86_400 + 300,
    steps,
    distance: Math.round(steps * 0.74 * 10) / 10,
    elevation: Math.round(rnd() * 18),
    soft,
    moderate,
    intense,
    active: moderate + intense,
    calories: active,
    totalcalories: Math.round((active + 1450 + (userid % 400)) * 10) / 10,
    hr_average: Math.round(66 + rnd() * 10),
    hr_min: Math.round(48 + rnd() * 6),
    hr_max: Math.round(120 + rnd() * 50),
    hr_zone_0: Math.round(30_000 + rnd() * 10_000),
    hr_zone_1: Math.round(2000 + rnd() * 3000),
    hr_zone_2: Math.round(rnd() * 1500),
    hr_zone_3: Math.round(rnd() * 600),
  };
}

export { localMidnight };
