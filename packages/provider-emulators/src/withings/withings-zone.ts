/** UTC offsets and local dates of a Withings account's zone (the shared emulator zone arithmetic). */
import { localDate, localDayStart, zoneOffsetSeconds } from '../core/zone-time';

export const offsetSeconds = zoneOffsetSeconds;

export { localDate };

/** The instant a local date starts in the zone. */
export function localMidnight(zone: string, date: string): number {
  return localDayStart(zone, date);
}
