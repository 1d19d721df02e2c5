/**
 * Strict readers of partner JSON: each throws `PartnerResponseError` naming the field (never its value,
 * which may be PHI) when a partner answers a shape we did not agree on.
 */
import { isCalendarDate, readIsoDateTime } from '@meridian/domain';
import { PartnerResponseError } from './errors';
import type { PhlebotomyProvider } from './phlebotomy-partner';

export type WireObject = Record<string, unknown>;

export interface WireReader {
  object(value: unknown, at: string): WireObject;
  array(o: WireObject, key: string, at: string): unknown[];
  string(o: WireObject, key: string, at: string): string;
  optionalString(o: WireObject, key: string, at: string): string | null;
  integer(o: WireObject, key: string, at: string, min?: number): number;
  number(o: WireObject, key: string, at: string): number;
  boolean(o: WireObject, key: string, at: string): boolean;
  /** An ISO 8601 date-time that carries an offset; epoch milliseconds. */
  dateTime(o: WireObject, key: string, at: string): number;
  optionalDateTime(o: WireObject, key: string, at: string): number | null;
  date(o: WireObject, key: string, at: string): string;
  oneOf<T extends string>(o: WireObject, key: string, at: string, values: readonly T[]): T;
  fail(message: string): never;
}

export function wireReader(provider: PhlebotomyProvider): WireReader {
  const fail = (message: string): never => {
    throw new PartnerResponseError(provider, message);
  };
  const bad = (at: string, key: string, expected: string): never =>
    fail(`response field ${at}.${key} is missing or not ${expected}`);

  const reader: WireReader = {
    fail,
    object(value, at) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return fail(`response ${at} is not an object`);
      return value as WireObject;
    },
    array(o, key, at) {
      const v = o[key];
      return Array.isArray(v) ? v : bad(at, key, 'an array');
    },
    string(o, key, at) {
      const v = o[key];
      return typeof v === 'string' && v.length > 0 ? v : bad(at, key, 'a non-empty string');
    },
    optionalString(o, key, at) {
      const v = o[key];
      if (v === undefined || v === null) return null;
      return typeof v === 'string' ? v : bad(at, key, 'a string');
    },
    integer(o, key, at, min = Number.MIN_SAFE_INTEGER) {
      const v = o[key];
      return Number.isSafeInteger(v) && (v as number) >= min ? (v as number) : bad(at, key, 'an integer');
    },
    number(o, key, at) {
      const v = o[key];
      return typeof v === 'number' && Number.isFinite(v) ? v : bad(at, key, 'a number');
    },
    boolean(o, key, at) {
      const v = o[key];
      return typeof v === 'boolean' ? v : bad(at, key, 'a boolean');
    },
    dateTime(o, key, at) {
      const v = o[key];
      if (typeof v !== 'string') return bad(at, key, 'a date-time');
      const read = readIsoDateTime(v);
      if (typeof read === 'string' || read.offsetMinutes === null) return bad(at, key, 'a date-time');
      return read.ms;
    },
    optionalDateTime(o, key, at) {
      return o[key] === undefined || o[key] === null ? null : reader.dateTime(o, key, at);
    },
    date(o, key, at) {
      const v = o[key];
      return typeof v === 'string' && isCalendarDate(v) ? v : bad(at, key, 'a date');
    },
    oneOf<T extends string>(o: WireObject, key: string, at: string, values: readonly T[]): T {
      const v = o[key];
      return typeof v === 'string' && (values as readonly string[]).includes(v)
        ? (v as T)
        : bad(at, key, `one of ${values.join('|')}`);
    },
  };
  return reader;
}
