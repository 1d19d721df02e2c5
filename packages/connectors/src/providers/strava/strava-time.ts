import { isIanaTimeZone } from '@meridian/domain';

/**
 * Strava gives an activity's zone as "(GMT-08:00) America/Los_Angeles" (the offset in it is the zone's
 * standard offset, not the one of the activity), `start_date` in UTC and `start_date_local` as the local wall
 * time written with a misleading `Z`. The activity's own offset is the difference of the two.
 */

export function zoneOf(timezone: unknown): string | null {
  if (typeof timezone !== 'string') return null;
  const zone = timezone.replace(/^\(GMT[^)]*\)\s*/, '').trim();
  return zone !== '' && isIanaTimeZone(zone) ? zone : null;
}

export function offsetOf(startDate: unknown, startDateLocal: unknown): number | null {
  if (typeof startDate !== 'string' || typeof startDateLocal !== 'string') return null;
  const utc = Date.parse(startDate);
  const local = Date.parse(startDateLocal.replace(/(Z|[+-]\d{2}:?\d{2})$/, '') + 'Z');
  if (Number.isNaN(utc) || Number.isNaN(local)) return null;
  const offset = Math.round((local - utc) / 1000);
  return Math.abs(offset) <= 18 * 3600 ? offset : null;
}
