import { formatWireDateTime } from '@meridian/domain';
import { ProviderResponseError } from '../../errors';

/**
 * Shape checks of Garmin Health API summaries. Garmin times are epoch seconds (`startTimeInSeconds`, UTC)
 * plus `startTimeOffsetInSeconds`, the local offset of the device at that time, which Meridian keeps as the
 * sample's `timezone_offset` and renders the date-times in.
 */

export function garminRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProviderResponseError(`Garmin ${what} is not an object`);
  return value as Record<string, unknown>;
}

export function garminNumber(obj: Record<string, unknown>, key: string, what: string): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new ProviderResponseError(`Garmin ${what} has no ${key}`);
  return v;
}

export function garminString(obj: Record<string, unknown>, key: string, what: string): string {
  const v = obj[key];
  if (typeof v !== 'string' || v === '') throw new ProviderResponseError(`Garmin ${what} has no ${key}`);
  return v;
}

export const optionalNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** The summary's start instant and local offset (seconds east of UTC). */
export function garminStart(s: Record<string, unknown>, what: string): { seconds: number; offset: number } {
  return {
    seconds: garminNumber(s, 'startTimeInSeconds', what),
    offset: optionalNumber(s.startTimeOffsetInSeconds) ?? 0,
  };
}

/** Epoch seconds rendered in the summary's local offset. */
export const garminTime = (seconds: number, offset: number) => formatWireDateTime(seconds * 1000, offset);

export const GARMIN_SOURCE = { provider: 'garmin', type: 'watch' } as const;
