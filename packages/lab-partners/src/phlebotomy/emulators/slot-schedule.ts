/**
 * Deterministic phlebotomy slots of an area: the same zip and date always give the same slots and
 * capacities, laid out in local wall time of the area's IANA zone (DST-correct through the time module).
 */
import { createHash } from 'node:crypto';
import { DAY_MS, HOUR_MS, MINUTE_MS, dayNumber, instantOfWallTime, weekday } from '@meridian/domain';

export interface SlotScheduleOptions {
  /** First slot starts at this local hour (default 7). */
  firstHour?: number;
  /** Last slot ends by this local hour (default 13). */
  lastHour?: number;
  /** Slot length in minutes (default 60). */
  slotMinutes?: number;
  /** Appointments per slot; default: 0-3 chosen by a hash of zip, date and time (0 = fully booked). */
  capacity?: number;
  /** Price of a slot in cents (default 2900); priority slots cost `priorityPriceCents` (default 4900). */
  priceCents?: number;
  priorityPriceCents?: number;
}

export interface ScheduledSlot {
  startMs: number;
  endMs: number;
  capacity: number;
  isPriority: boolean;
  priceCents: number;
}

/** Slots of one local date in `zone` (none on Sundays). */
export function slotsOfDay(zip: string, zone: string, date: string, options: SlotScheduleOptions = {}) {
  if (weekday(date) === 0) return [];
  const first = options.firstHour ?? 7;
  const last = options.lastHour ?? 13;
  const length = (options.slotMinutes ?? 60) * MINUTE_MS;
  const midnight = dayNumber(date) * DAY_MS;
  const slots: ScheduledSlot[] = [];
  for (let wall = midnight + first * HOUR_MS; wall + length <= midnight + last * HOUR_MS; wall += length) {
    const startMs = instantOfWallTime(wall, zone);
    const isPriority = wall === midnight + first * HOUR_MS;
    slots.push({
      startMs,
      endMs: startMs + length,
      capacity: options.capacity ?? hashCapacity(`${zip}|${date}|${wall}`),
      isPriority,
      priceCents: isPriority ? (options.priorityPriceCents ?? 4900) : (options.priceCents ?? 2900),
    });
  }
  return slots;
}

function hashCapacity(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt8(0) % 4;
}
