/**
 * Local wall-clock time of an IANA zone, for emulators whose providers report local times (Dexcom
 * `displayTime`, Strava `start_date_local`). The zone arithmetic itself is `zone-time.ts`'s.
 */
import { instantOfLocal, zoneOffsetSeconds } from './zone-time';

/** Seconds east of UTC of `zone` at the instant `ms`. */
export const zoneOffsetAt = zoneOffsetSeconds;

/** The UTC instant of a local wall time (given as if it were UTC ms) in `zone`. */
export const instantOfWallTime = instantOfLocal;

/** `YYYY-MM-DDThh:mm:ss` of `ms` shifted by `offsetSeconds` (no offset suffix). */
export function wallTimeText(ms: number, offsetSeconds = 0): string {
  return new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 19);
}

/** `+hh:mm` / `-hh:mm`. */
export function offsetText(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}
