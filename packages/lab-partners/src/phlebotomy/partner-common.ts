/** Small rules both phlebotomy adapters share: input checks, wire times in the area's zone, keys. */
import { createHash } from 'node:crypto';
import {
  BadRequestError,
  formatWireDateTime,
  isCalendarDate,
  isIanaTimeZone,
  zoneOffsetSeconds,
} from '@meridian/domain';
import type { CancellationReasonCode, UsAddress } from './phlebotomy-partner';
import type { WireObject, WireReader } from './wire-reader';

export function assertZipCode(zipCode: string): void {
  if (!/^\d{5}$/.test(zipCode)) throw new BadRequestError('invalid_zip_code', 'zip_code must be 5 digits.');
}

export function assertAddress(address: UsAddress): void {
  assertZipCode(address.zip_code);
  for (const key of ['first_line', 'city', 'state'] as const) {
    if (typeof address[key] !== 'string' || address[key].trim() === '')
      throw new BadRequestError('invalid_address', `address.${key} is required.`);
  }
}

export function assertDate(date: string, name: string): void {
  if (!isCalendarDate(date)) throw new BadRequestError('invalid_date', `${name} must be YYYY-MM-DD.`);
}

export function assertPresent(value: string, name: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new BadRequestError('invalid_request', `${name} is required.`);
}

/** An IANA zone field (partners name the area's zone; anything else is a broken answer). */
export function readZone(r: WireReader, o: WireObject, key: string, at: string): string {
  const zone = r.string(o, key, at);
  return isIanaTimeZone(zone) ? zone : r.fail(`response field ${at}.${key} is not an IANA time zone`);
}

/** An instant as Meridian writes it: local time of the area with its offset. */
export function wireTime(ms: number, zone: string | null): string {
  return formatWireDateTime(ms, zone ? zoneOffsetSeconds(zone, ms) : 0);
}

/** A stable `Idempotency-Key` for one write of one order (a retry after a timeout sends the same one). */
export function derivedIdempotencyKey(...parts: string[]): string {
  return `meridian-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40)}`;
}

export type CancellationReasonMap = Record<CancellationReasonCode, string>;

/** A webhook body as JSON; undefined when it is not (the reader then refuses it as a bad body). */
export function parseJsonBody(raw: Buffer | string): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
