import { createRandom, DAY_MS, hashSeed } from '../core/prng';

/**
 * Deterministic WHOOP data of one member: every day a physiological cycle, the night's sleep that opens
 * it, the recovery scored from that sleep, and on most days a workout. Fixed offset per member (WHOOP
 * reports `timezone_offset` per record). The same member and day always give the same records.
 */
export interface DayRecords {
  cycle: Record<string, unknown> & { start: string };
  sleep: Record<string, unknown> & { id: string; start: string; end: string };
  recovery: Record<string, unknown> & { sleep_id: string };
  workout: (Record<string, unknown> & { id: string; start: string; end: string }) | null;
}

const OFFSETS = ['-05:00', '+01:00', '-08:00', '+09:00', '+00:00'];
const SPORTS: [number, string][] = [
  [0, 'running'],
  [1, 'cycling'],
  [44, 'yoga'],
  [48, 'functional-fitness'],
  [63, 'walking'],
];
const HOUR = 3_600_000;
const MIN = 60_000;

export const offsetOf = (userId: number) => OFFSETS[hashSeed('whoop-offset', userId) % OFFSETS.length]!;

function offsetMs(tzd: string): number {
  const sign = tzd.startsWith('-') ? -1 : 1;
  return sign * (Number(tzd.slice(1, 3)) * HOUR + Number(tzd.slice(4, 6)) * MIN);
}

/** A version-4 UUID drawn from the seed (stable across runs). */
function uuidFrom(...parts: (string | number)[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hashSeed(...parts, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The records of the member's local day `day` (days since the epoch, in the member's offset). */
export function recordsOfDay(userId: number, day: number): DayRecords {
  const tzd = offsetOf(userId);
  const localMidnight = day * DAY_MS - offsetMs(tzd);
  const rnd = createRandom(hashSeed('whoop-day', userId, day));
  const sleepStart = localMidnight - 90 * MIN + rnd() * 75 * MIN;
  const inBed = (6.5 + rnd() * 2) * HOUR;
  const sleepEnd = sleepStart + inBed;
  const nextSleepStart =
    localMidnight + DAY_MS - 90 * MIN + createRandom(hashSeed('whoop-day', userId, day + 1))() * 75 * MIN;
  const cycleId = (hashSeed('whoop-cycle', userId, day) % 900_000_000) + 100_000_000;
  const sleepId = uuidFrom('whoop-sleep', userId, day);
  const awake = Math.round((0.05 + rnd() * 0.08) * inBed);
  const asleep = inBed - awake;
  const deep = Math.round(asleep * (0.18 + rnd() * 0.06));
  const rem = Math.round(asleep * (0.2 + rnd() * 0.06));
  const light = Math.round(asleep - deep - rem);
  const scoredAt = iso(sleepEnd + 12 * MIN);
  const cycleKj = 7000 + rnd() * 4000;

  const sleep = {
    id: sleepId,
    cycle_id: cycleId,
    user_id: userId,
    created_at: scoredAt,
    updated_at: scoredAt,
    start: iso(sleepStart),
    end: iso(sleepEnd),
    timezone_offset: tzd,
    nap: false,
    score_state: 'SCORED',
    score: {
      stage_summary: {
        total_in_bed_time_milli: Math.round(inBed),
        total_awake_time_milli: awake,
        total_no_data_time_milli: 0,
        total_light_sleep_time_milli: light,
        total_slow_wave_sleep_time_milli: deep,
        total_rem_sleep_time_milli: rem,
        sleep_cycle_count: 3 + Math.floor(rnd() * 3),
        disturbance_count: Math.floor(rnd() * 8),
      },
      sleep_needed: {
        baseline_milli: 27_000_000,
        need_from_sleep_debt_milli: Math.round(rnd() * 1_800_000),
        need_from_recent_strain_milli: Math.round(rnd() * 900_000),
        need_from_recent_nap_milli: 0,
      },
      respiratory_rate: Math.round((14 + rnd() * 3) * 1000) / 1000,
      sleep_performance_percentage: Math.round(70 + rnd() * 29),
      sleep_consistency_percentage: Math.round(60 + rnd() * 35),
      sleep_efficiency_percentage: Math.round((asleep / inBed) * 100_000) / 1000,
    },
  };
  const recovery = {
    cycle_id: cycleId,
    sleep_id: sleepId,
    user_id: userId,
    created_at: scoredAt,
    updated_at: scoredAt,
    score_state: 'SCORED',
    score: {
      user_calibrating: false,
      recovery_score: Math.round(30 + rnd() * 65),
      resting_heart_rate: Math.round(48 + rnd() * 14),
      hrv_rmssd_milli: Math.round((35 + rnd() * 50) * 1000) / 1000,
      spo2_percentage: Math.round((94.5 + rnd() * 4) * 100) / 100,
      skin_temp_celsius: Math.round((33 + rnd() * 1.5) * 100) / 100,
    },
  };
  const cycle = {
    id: cycleId,
    user_id: userId,
    created_at: iso(sleepStart + 5 * MIN),
    updated_at: iso(nextSleepStart + 5 * MIN),
    start: iso(sleepStart),
    end: iso(nextSleepStart),
    timezone_offset: tzd,
    score_state: 'SCORED',
    score: {
      strain: Math.round((6 + rnd() * 12) * 10_000) / 10_000,
      kilojoule: Math.round(cycleKj * 1000) / 1000,
      average_heart_rate: Math.round(62 + rnd() * 12),
      max_heart_rate: Math.round(130 + rnd() * 50),
    },
  };
  let workout: DayRecords['workout'] = null;
  if (rnd() < 0.7) {
    const [sportId, sportName] = SPORTS[Math.floor(rnd() * SPORTS.length)]!;
    const start = localMidnight + 17 * HOUR + rnd() * 2 * HOUR;
    const length = (25 + rnd() * 65) * MIN;
    const zones = [0.05, 0.15, 0.3, 0.3, 0.15, 0.05].map((share) => Math.round(length * share));
    const moving = sportName === 'running' || sportName === 'cycling' || sportName === 'walking';
    workout = {
      id: uuidFrom('whoop-workout', userId, day),
      v1_id: hashSeed('whoop-workout-v1', userId, day) % 1_000_000_000,
      user_id: userId,
      created_at: iso(start + length + 5 * MIN),
      updated_at: iso(start + length + 5 * MIN),
      start: iso(start),
      end: iso(start + length),
      timezone_offset: tzd,
      sport_name: sportName,
      sport_id: sportId,
      score_state: 'SCORED',
      score: {
        strain: Math.round((5 + rnd() * 12) * 10_000) / 10_000,
        average_heart_rate: Math.round(115 + rnd() * 35),
        max_heart_rate: Math.round(155 + rnd() * 30),
        kilojoule: Math.round((length / MIN) * (30 + rnd() * 25) * 1000) / 1000,
        percent_recorded: 100,
        ...(moving
          ? {
              distance_meter: Math.round((length / MIN) * (sportName === 'cycling' ? 420 : 160) * 100) / 100,
              altitude_gain_meter: Math.round(rnd() * 120 * 100) / 100,
              altitude_change_meter: Math.round((rnd() - 0.5) * 20 * 100) / 100,
            }
          : {}),
        zone_durations: {
          zone_zero_milli: zones[0],
          zone_one_milli: zones[1],
          zone_two_milli: zones[2],
          zone_three_milli: zones[3],
          zone_four_milli: zones[4],
          zone_five_milli: zones[5],
        },
      },
    };
  }
  return { cycle, sleep, recovery, workout };
}

export function profileOf(userId: number, username: string) {
  const rnd = createRandom(hashSeed('whoop-profile', userId));
  return {
    profile: {
      user_id: userId,
      email: `${username}@example.com`,
      first_name: username,
      last_name: 'Emulated',
    },
    body: {
      height_meter: Math.round((1.6 + rnd() * 0.3) * 10_000) / 10_000,
      weight_kilogram: Math.round((58 + rnd() * 35) * 10_000) / 10_000,
      max_heart_rate: Math.round(180 + rnd() * 20),
    },
  };
}

/** Local days whose records may start in [fromMs, toMs). */
export function daysAround(userId: number, fromMs: number, toMs: number): number[] {
  const shift = offsetMs(offsetOf(userId));
  const days: number[] = [];
  for (
    let d = Math.floor((fromMs + shift) / DAY_MS) - 1;
    d <= Math.floor((toMs + shift) / DAY_MS) + 1;
    d += 1
  )
    days.push(d);
  return days;
}
