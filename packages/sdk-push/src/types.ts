import type { SummaryInput, TimeseriesInput, WorkoutStreamInput } from '@meridian/ingestion';

/** The providers whose data only a mobile app can push (no cloud API). */
export const MOBILE_PROVIDERS = ['apple_health_kit', 'health_connect', 'samsung_health'] as const;
export type MobileProvider = (typeof MOBILE_PROVIDERS)[number];

export function isMobileProvider(value: unknown): value is MobileProvider {
  return typeof value === 'string' && (MOBILE_PROVIDERS as readonly string[]).includes(value);
}

/** One entry of a push batch's `resources`: a Meridian resource name and the platform's native records. */
export interface NativeResourceEntry {
  resource: string;
  records: unknown[];
}

export interface MapContext {
  /** Index of the entry in the batch's `resources` (for issue locations). */
  resourceIndex: number;
  /** The Meridian device id (uuid) of the pushing device session. */
  deviceId: string;
  /**
   * The phone's IANA zone (the batch's `time_zone`, else the user's fallback zone): dates records whose
   * own zone or offset is unknown, DST-correct per record. The caller validates it: a value that is not
   * an IANA zone is ignored here.
   */
  fallbackTimeZone?: string | null;
  /** Team setting `sdk_per_device_activity_timeseries`: source contexts carry the Meridian device id. */
  perDeviceActivity: boolean;
}

/** A validation problem in the shape of the API's 422 `detail` entries. */
export interface PushIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type MapResult =
  | {
      ok: true;
      timeseries: TimeseriesInput[];
      summaries: SummaryInput[];
      workoutStreams: WorkoutStreamInput[];
      /** Native records read (not samples written: a heart-rate series record holds many samples). */
      recordCount: number;
    }
  | { ok: false; issues: PushIssue[] };
