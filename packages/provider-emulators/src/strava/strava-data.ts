import { createRandom, DAY_MS, hashSeed } from '../core/prng';
import { instantOfWallTime, wallTimeText, zoneOffsetAt } from '../core/wall-time';

/**
 * Deterministic Strava athletes and activities: an activity every 2–3 days (alternating gaps from the
 * athlete's own phase), each with full streams recorded every 5 s (a device's smart recording). The same
 * athlete and day always give the same activity, ids and streams included.
 */

export const RECORDING_INTERVAL_S = 5;

interface SportPlan {
  sport_type: string;
  type: string;
  weight: number;
  speed: [number, number];
  minutes: [number, number];
  cadence: number;
  watts: boolean;
  gps: boolean;
  intensity: number;
}

const SPORTS: SportPlan[] = [
  {
    sport_type: 'Run',
    type: 'Run',
    weight: 4,
    speed: [2.6, 3.4],
    minutes: [25, 60],
    cadence: 84,
    watts: false,
    gps: true,
    intensity: 0.78,
  },
  {
    sport_type: 'Ride',
    type: 'Ride',
    weight: 3,
    speed: [6, 8.5],
    minutes: [45, 110],
    cadence: 86,
    watts: true,
    gps: true,
    intensity: 0.7,
  },
  {
    sport_type: 'Walk',
    type: 'Walk',
    weight: 2,
    speed: [1.2, 1.6],
    minutes: [30, 70],
    cadence: 56,
    watts: false,
    gps: true,
    intensity: 0.42,
  },
  {
    sport_type: 'Swim',
    type: 'Swim',
    weight: 1,
    speed: [0.6, 0.9],
    minutes: [30, 50],
    cadence: 0,
    watts: false,
    gps: false,
    intensity: 0.66,
  },
  {
    sport_type: 'WeightTraining',
    type: 'WeightTraining',
    weight: 1,
    speed: [0, 0],
    minutes: [35, 60],
    cadence: 0,
    watts: false,
    gps: false,
    intensity: 0.55,
  },
];

const HOMES = [
  {
    zone: 'America/Los_Angeles',
    label: '(GMT-08:00) America/Los_Angeles',
    lat: 37.7749,
    lng: -122.4194,
    alt: 16,
  },
  { zone: 'Europe/Berlin', label: '(GMT+01:00) Europe/Berlin', lat: 52.52, lng: 13.405, alt: 34 },
  { zone: 'America/New_York', label: '(GMT-05:00) America/New_York', lat: 40.7128, lng: -74.006, alt: 10 },
  { zone: 'Asia/Kolkata', label: '(GMT+05:30) Asia/Kolkata', lat: 12.9716, lng: 77.5946, alt: 920 },
];

export interface StravaAthlete {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  sex: 'M' | 'F';
  weight: number;
  home: (typeof HOMES)[number];
  phase: number;
  restHr: number;
  maxHr: number;
}

/** Strava ids are integers; the emulated account id (hex) gives a stable one. */
export function stravaAthlete(accountId: string, username: string): StravaAthlete {
  const rng = createRandom(hashSeed('strava-athlete', accountId));
  return {
    id: 10_000_000 + (hashSeed('strava-athlete-id', accountId) % 89_999_999),
    username,
    firstname: username.charAt(0).toUpperCase() + username.slice(1),
    lastname: 'Emulated',
    sex: rng() < 0.5 ? 'F' : 'M',
    weight: Math.round((55 + rng() * 35) * 10) / 10,
    home: HOMES[Math.floor(rng() * HOMES.length)]!,
    phase: Math.floor(rng() * 5),
    restHr: 50 + Math.floor(rng() * 15),
    maxHr: 175 + Math.floor(rng() * 20),
  };
}

/** Alternating gaps of 2 and 3 days: days d with (d + phase) mod 5 in {0, 2}. */
function hasActivity(athlete: StravaAthlete, day: number): boolean {
  const r = (((day + athlete.phase) % 5) + 5) % 5;
  return r === 0 || r === 2;
}

export interface ActivityPlan {
  id: number;
  day: number;
  sport: SportPlan;
  startMs: number;
  elapsedS: number;
  movingS: number;
  speed: number;
  private: boolean;
  manual: boolean;
  offsetS: number;
}

function pickSport(rng: () => number): SportPlan {
  const total = SPORTS.reduce((s, x) => s + x.weight, 0);
  let r = rng() * total;
  for (const s of SPORTS) {
    r -= s.weight;
    if (r < 0) return s;
  }
  return SPORTS[0]!;
}

function planFor(athlete: StravaAthlete, day: number): ActivityPlan {
  const rng = createRandom(hashSeed('strava-activity', athlete.id, day));
  const sport = pickSport(rng);
  const morning = rng() < 0.5;
  const localHour = morning ? 6.5 + rng() * 1.5 : 17.5 + rng() * 1.5;
  const startMs = instantOfWallTime(athlete.home.zone, day * DAY_MS + Math.round(localHour * 3600) * 1000);
  const elapsedS =
    Math.round(
      ((sport.minutes[0] + rng() * (sport.minutes[1] - sport.minutes[0])) * 60) / RECORDING_INTERVAL_S,
    ) * RECORDING_INTERVAL_S;
  const stationary = sport.speed[1] === 0;
  return {
    id: 9_000_000_000 + day * 1000 + (athlete.id % 1000),
    day,
    sport,
    startMs,
    elapsedS,
    movingS: stationary ? elapsedS : Math.round(elapsedS * 0.95),
    speed: sport.speed[0] + rng() * (sport.speed[1] - sport.speed[0]),
    // Some activities are "Only Me": listed only to tokens with activity:read_all.
    private: rng() < 0.12,
    // A few are entered by hand: no device, so no streams.
    manual: rng() < 0.06,
    offsetS: zoneOffsetAt(athlete.home.zone, startMs),
  };
}

/** Activities that ended by `nowMs` and started in (afterMs, beforeMs). */
export function activitiesBetween(
  athlete: StravaAthlete,
  afterMs: number,
  beforeMs: number,
  nowMs: number,
  historyStartMs: number,
): ActivityPlan[] {
  const out: ActivityPlan[] = [];
  const from = Math.max(afterMs, historyStartMs);
  for (
    let day = Math.floor(from / DAY_MS) - 1;
    day * DAY_MS <= Math.min(beforeMs, nowMs) + DAY_MS;
    day += 1
  ) {
    if (!hasActivity(athlete, day)) continue;
    const plan = planFor(athlete, day);
    if (plan.startMs <= from || plan.startMs >= beforeMs || plan.startMs + plan.elapsedS * 1000 > nowMs)
      continue;
    out.push(plan);
  }
  return out;
}

/** The plan of an activity id, when it belongs to the athlete and exists by `nowMs`. */
export function activityById(athlete: StravaAthlete, id: number, nowMs: number): ActivityPlan | null {
  const day = Math.floor((id - 9_000_000_000) / 1000);
  if (
    !Number.isInteger(day) ||
    9_000_000_000 + day * 1000 + (athlete.id % 1000) !== id ||
    !hasActivity(athlete, day)
  )
    return null;
  const plan = planFor(athlete, day);
  return plan.startMs + plan.elapsedS * 1000 <= nowMs ? plan : null;
}

export interface Streams {
  time: number[];
  heartrate: number[];
  distance?: number[];
  velocity_smooth?: number[];
  latlng?: [number, number][];
  altitude?: number[];
  cadence?: number[];
  watts?: number[];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function streamsOf(athlete: StravaAthlete, a: ActivityPlan): Streams {
  const rng = createRandom(hashSeed('strava-streams', a.id));
  const total = a.speed * a.movingS;
  const radius = total / (2 * Math.PI);
  const s: Streams = { time: [], heartrate: [] };
  const moving = a.sport.speed[1] > 0;
  if (moving) Object.assign(s, { distance: [], velocity_smooth: [] });
  if (moving && a.sport.cadence > 0) s.cadence = [];
  if (a.sport.watts) s.watts = [];
  if (a.sport.gps) Object.assign(s, { latlng: [], altitude: [] });
  const target = athlete.restHr + a.sport.intensity * (athlete.maxHr - athlete.restHr);
  for (let t = 0; t <= a.elapsedS; t += RECORDING_INTERVAL_S) {
    const warm = Math.min(1, t / 480);
    const wobble = 1 + (rng() - 0.5) * 0.08;
    s.time.push(t);
    s.heartrate.push(
      Math.round(athlete.restHr + 25 + (target - athlete.restHr - 25) * warm + (rng() - 0.5) * 6),
    );
    if (!moving) continue;
    const d = Math.min(total, (total * t) / a.elapsedS);
    s.distance!.push(round(d, 1));
    s.velocity_smooth!.push(round(a.speed * wobble, 3));
    s.cadence?.push(Math.round(a.sport.cadence * wobble));
    s.watts?.push(Math.round(athlete.weight * 2.4 * wobble));
    if (!a.sport.gps) continue;
    const theta = (2 * Math.PI * d) / Math.max(1, total);
    const { lat, lng, alt } = athlete.home;
    s.latlng!.push([
      round(lat + (radius / 111_320) * Math.sin(theta), 6),
      round(lng + (radius / (111_320 * Math.cos((lat * Math.PI) / 180))) * (1 - Math.cos(theta)), 6),
    ]);
    s.altitude!.push(round(alt + 8 * Math.sin(3 * theta), 1));
  }
  return s;
}

const SPORT_NAMES: Record<string, string> = {
  Run: 'Run',
  Ride: 'Ride',
  Walk: 'Walk',
  Swim: 'Swim',
  WeightTraining: 'Weight Training',
};

/** A SummaryActivity as `GET /athlete/activities` lists it. */
export function summaryActivity(athlete: StravaAthlete, a: ActivityPlan): Record<string, unknown> {
  const streams = a.manual ? null : streamsOf(athlete, a);
  const hr = streams?.heartrate ?? [];
  const distance = a.sport.speed[1] > 0 ? round(a.speed * a.movingS, 1) : 0;
  const localHour = new Date(a.startMs + a.offsetS * 1000).getUTCHours();
  const part = localHour < 12 ? 'Morning' : localHour < 17 ? 'Afternoon' : 'Evening';
  const alts = streams?.altitude ?? [];
  return {
    resource_state: 2,
    athlete: { id: athlete.id, resource_state: 1 },
    name: `${part} ${SPORT_NAMES[a.sport.sport_type] ?? a.sport.sport_type}`,
    distance,
    moving_time: a.movingS,
    elapsed_time: a.elapsedS,
    total_elevation_gain: alts.length ? round(Math.max(...alts) - Math.min(...alts), 1) : 0,
    type: a.sport.type,
    sport_type: a.sport.sport_type,
    workout_type: null,
    id: a.id,
    start_date: `${wallTimeText(a.startMs)}Z`,
    start_date_local: `${wallTimeText(a.startMs, a.offsetS)}Z`,
    timezone: athlete.home.label,
    utc_offset: a.offsetS,
    location_city: null,
    location_state: null,
    location_country: null,
    achievement_count: 0,
    kudos_count: 0,
    comment_count: 0,
    athlete_count: 1,
    photo_count: 0,
    map: {
      id: `a${a.id}`,
      summary_polyline: a.sport.gps && streams ? encodePolyline(streams.latlng ?? []) : '',
      resource_state: 2,
    },
    trainer: !a.sport.gps && a.sport.sport_type !== 'Swim',
    commute: false,
    manual: a.manual,
    private: a.private,
    visibility: a.private ? 'only_me' : 'everyone',
    flagged: false,
    gear_id: null,
    start_latlng: a.sport.gps ? [athlete.home.lat, athlete.home.lng] : [],
    end_latlng: a.sport.gps ? [athlete.home.lat, athlete.home.lng] : [],
    average_speed: a.movingS > 0 ? round(distance / a.movingS, 3) : 0,
    max_speed: round(Math.max(0, ...(streams?.velocity_smooth ?? [0])), 3),
    ...(streams?.cadence ? { average_cadence: round(avg(streams.cadence), 1) } : {}),
    ...(streams?.watts
      ? {
          average_watts: round(avg(streams.watts), 1),
          max_watts: Math.max(...streams.watts),
          weighted_average_watts: Math.round(avg(streams.watts) * 1.04),
          kilojoules: round((avg(streams.watts) * a.movingS) / 1000, 1),
          device_watts: true,
        }
      : {}),
    has_heartrate: hr.length > 0,
    ...(hr.length ? { average_heartrate: round(avg(hr), 1), max_heartrate: Math.max(...hr) } : {}),
    heartrate_opt_out: false,
    display_hide_heartrate_option: hr.length > 0,
    elev_high: alts.length ? Math.max(...alts) : undefined,
    elev_low: alts.length ? Math.min(...alts) : undefined,
    upload_id: a.manual ? null : a.id + 1,
    external_id: a.manual ? null : `garmin_push_${a.id}`,
    from_accepted_tag: false,
    pr_count: 0,
    total_photo_count: 0,
    has_kudoed: false,
  };
}

function avg(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}

/** Google's encoded polyline (precision 5), as Strava's `summary_polyline`. */
export function encodePolyline(points: readonly [number, number][]): string {
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const enc = (v: number) => {
    let n = v < 0 ? ~(v << 1) : v << 1;
    let s = '';
    while (n >= 0x20) {
      s += String.fromCharCode((0x20 | (n & 0x1f)) + 63);
      n >>= 5;
    }
    return s + String.fromCharCode(n + 63);
  };
  // Every 12th point is plenty for a summary line.
  points.forEach(([lat, lng], i) => {
    if (i % 12 !== 0 && i !== points.length - 1) return;
    const la = Math.round(lat * 1e5);
    const ln = Math.round(lng * 1e5);
    out += enc(la - prevLat) + enc(ln - prevLng);
    prevLat = la;
    prevLng = ln;
  });
  return out;
}
