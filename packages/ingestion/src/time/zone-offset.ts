import { zoneOffsetSeconds } from '@meridian/domain';

/** UTC offsets of IANA zones: the time module of @meridian/domain computes and memoises them. */
export { zoneOffsetSeconds };

export type ZoneOffsets = (zone: string, ms: number) => number;

/**
 * The zone offsets one unit of work uses. The memo is the time module's (per zone and UTC day, exact at
 * any change), shared by every batch: offsets are pure functions of the tz data.
 */
export function createZoneOffsets(): ZoneOffsets {
  return zoneOffsetSeconds;
}
