/**
 * The parts of Oura API v2 documents the connector reads (OpenAPI "Oura API Documentation" 2.0,
 * https://cloud.ouraring.com/v2/docs). Everything is optional-by-default: a document that lacks what a
 * mapping needs is skipped or refused by the mapping, never trusted blindly.
 */
export interface OuraPage<T> {
  data: T[];
  next_token: string | null;
}

export interface OuraHeartRateRow {
  timestamp: string;
  bpm: number;
  source?: string;
}

export interface OuraSample {
  interval: number;
  items: (number | null)[];
  timestamp: string;
}

export interface OuraSleep {
  id: string;
  day: string;
  type?: string | null;
  bedtime_start: string;
  bedtime_end: string;
  time_in_bed?: number | null;
  total_sleep_duration?: number | null;
  awake_time?: number | null;
  light_sleep_duration?: number | null;
  rem_sleep_duration?: number | null;
  deep_sleep_duration?: number | null;
  efficiency?: number | null;
  latency?: number | null;
  lowest_heart_rate?: number | null;
  average_heart_rate?: number | null;
  average_hrv?: number | null;
  average_breath?: number | null;
  hrv?: OuraSample | null;
  sleep_phase_5_min?: string | null;
  readiness?: { score?: number | null; temperature_deviation?: number | null } | null;
}

export interface OuraDailyActivity {
  id: string;
  day: string;
  timestamp: string;
  steps?: number | null;
  active_calories?: number | null;
  total_calories?: number | null;
  equivalent_walking_distance?: number | null;
}

export interface OuraWorkout {
  id: string;
  day: string;
  activity: string;
  label?: string | null;
  start_datetime: string;
  end_datetime: string;
  calories?: number | null;
  distance?: number | null;
}

export interface OuraPersonalInfo {
  id: string;
  age?: number | null;
  weight?: number | null;
  height?: number | null;
  biological_sex?: string | null;
}

export interface OuraWebhookEvent {
  event_type?: string;
  data_type?: string;
  object_id?: string | null;
  event_time?: string;
  user_id?: string;
}
