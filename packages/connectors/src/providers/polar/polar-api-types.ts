/**
 * Polar AccessLink v3 payloads as documented at https://www.polar.com/accesslink-api/ (sections Users,
 * Sleep, Nightly Recharge, Continuous heart rate, Daily activity, Exercises, Webhooks). Only the fields
 * Meridian reads are typed; Polar sends more. Time conventions differ per endpoint and are noted here.
 */

/** `POST https://polarremote.com/v2/oauth2/token`: no refresh token; the access token lives ~10 years. */
export interface PolarTokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  /** The Polar user id (an integer), needed for `/v3/users/{user-id}`. */
  x_user_id: number;
}

/** `GET /v3/users/sleep` → `{nights: PolarSleepNight[]}` (the last 28 days); `/v3/users/sleep/{date}` → one. */
export interface PolarSleepNight {
  polar_user: string;
  /** The night's date (the wake-up day), `YYYY-MM-DD`. */
  date: string;
  /** ISO 8601 with the local offset, e.g. `2026-03-04T23:12:30+02:00`. */
  sleep_start_time: string;
  sleep_end_time: string;
  device_id?: string;
  /** Seconds. */
  light_sleep?: number;
  deep_sleep?: number;
  rem_sleep?: number;
  unrecognized_sleep_stage?: number;
  total_interruption_duration?: number;
  sleep_score?: number;
  sleep_charge?: number;
  sleep_rating?: number;
  sleep_goal?: number;
  continuity?: number;
  sleep_cycles?: number;
  /** Local wall-clock `HH:MM` → stage code (0 wake, 1 REM, 2 lighter non-REM, 3 light non-REM, 4 deep, 5 unknown). */
  hypnogram?: Record<string, number>;
  /** Local wall-clock `HH:MM` → bpm. */
  heart_rate_samples?: Record<string, number>;
}

/** `GET /v3/users/nightly-recharge` → `{recharges: PolarNightlyRecharge[]}` (the last 28 days). */
export interface PolarNightlyRecharge {
  polar_user: string;
  date: string;
  heart_rate_avg?: number;
  beat_to_beat_avg?: number;
  /** RMSSD, ms. */
  heart_rate_variability_avg?: number;
  breathing_rate_avg?: number;
  nightly_recharge_status?: number;
  ans_charge?: number;
  ans_charge_status?: number;
  /** Local wall-clock `HH:MM` → RMSSD ms (5-minute averages during sleep). */
  hrv_samples?: Record<string, number>;
  /** Local wall-clock `HH:MM` → breaths per minute. */
  breathing_samples?: Record<string, number>;
}

/** `GET /v3/users/continuous-heart-rate/{date}`: times are local wall clock without an offset. */
export interface PolarContinuousHeartRate {
  polar_user: string;
  date: string;
  heart_rate_samples: { heart_rate: number; sample_time: string }[];
}

/** `GET /v3/users/activities?from&to&steps=true` → `PolarDailyActivity[]`: local times without offset. */
export interface PolarDailyActivity {
  start_time: string;
  end_time: string;
  active_duration?: string;
  inactive_duration?: string;
  daily_activity?: number;
  calories?: number;
  active_calories?: number;
  steps?: number;
  inactivity_alert_count?: number;
  /** Metres. */
  distance_from_steps?: number;
  samples?: {
    date?: string;
    steps?: { interval_ms: number; total_steps: number; samples: { steps: number; timestamp: string }[] };
  };
}

/** One `sample-type` series of an exercise (`?samples=true`): comma-separated values every `recording-rate` s. */
export interface PolarExerciseSamples {
  'recording-rate': number;
  'sample-type': string;
  data: string;
}

/** `GET /v3/exercises` → `PolarExercise[]` (the last 30 days); `/v3/exercises/{id}` → one. */
export interface PolarExercise {
  id: string;
  upload_time?: string;
  polar_user?: string;
  device?: string;
  /** Local wall clock without an offset; `start_time_utc_offset` (minutes) gives it. */
  start_time: string;
  start_time_utc_offset: number;
  /** ISO 8601 duration, e.g. `PT1H2M3.5S`. */
  duration: string;
  calories?: number;
  /** Metres. */
  distance?: number;
  heart_rate?: { average?: number; maximum?: number };
  training_load?: number;
  sport: string;
  detailed_sport_info?: string;
  has_route?: boolean;
  samples?: PolarExerciseSamples[];
}

/** A webhook event (`POST` to the partner's URL, signed with `Polar-Webhook-Signature`). */
export interface PolarWebhookEvent {
  event: string;
  user_id: number | string;
  entity_id?: string;
  timestamp?: string;
  url?: string;
}
