/**
 * The one ISO 8601 reader of Meridian (api-shapes "How to read" 7): every date-time that arrives — ingested
 * data, provider payloads, query parameters, stored payloads — is read by this grammar:
 *
 *   date       YYYY-MM-DD                     year 0001-9999, a day that exists (29 Feb in leap years only)
 *   date-time  date (T|t|space) HH:MM[:SS[(.|,)F+]] [Z|z|±HH|±HHMM|±HH:MM]
 *              HH 00-23, MM 00-59, SS 00-59 (no 24:00, no leap second); the fraction is kept to the
 *              microsecond and truncated beyond; an offset's hours 00-23 and minutes 00-59; no offset = UTC.
 *
 * Luxon's own ISO parser is not used here on purpose: it also takes week and ordinal dates, the basic format
 * without separators and 24:00, which the API does not accept. Zones and DST are Luxon's (time-zone.ts).
 */
import { DAY_MS, daysFromCivil, isValidDay } from './calendar-date';

export interface IsoDateTime {
  /** `YYYY-MM-DD` as written: the date in the written offset (UTC when none). */
  date: string;
  /** The time of day as written, normalised to `HH:MM[:SS[.F]]` (`T` and `.`). */
  time: string;
  /** Minutes east of UTC as written; null when no offset was written (the time is read as UTC). */
  offsetMinutes: number | null;
  /** The instant in epoch milliseconds (the fraction below a millisecond is in `us`). */
  ms: number;
  /** Microseconds past `ms` (0-999). */
  us: number;
}

const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/** A sign accepted where a query string turned an unencoded `+` into a space. */
const SPACE_SIGN_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+ -])(\d{2})(?::?(\d{2}))?)?$/;

export interface IsoReadOptions {
  /**
   * Read a space before the offset as `+` (`10:00:00 01:00`): what an unencoded `+` becomes in a URL query.
   * Only for query parameters.
   */
  spaceAsPlus?: boolean;
}

/** Why a text is not a date-time: the grammar did not match, or a field is out of range. */
export type IsoDateTimeProblem = 'syntax' | 'range';

/** The instant of a matched date-time (epoch ms, µs past it, offset), or a range problem. */
interface Instant {
  ms: number;
  us: number;
  offsetMinutes: number | null;
}

function instantOf(m: RegExpExecArray): Instant | 'range' {
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (!isValidDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return 'range';
  let offsetMinutes: number | null = null;
  if (m[8] !== undefined) offsetMinutes = 0;
  else if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = m[11] === undefined ? 0 : Number(m[11]);
    if (oh > 23 || om > 59) return 'range';
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const fraction = m[7];
  const micros =
    fraction === undefined
      ? 0
      : Number(fraction.length >= 6 ? fraction.slice(0, 6) : fraction.padEnd(6, '0'));
  const millis = Math.floor(micros / 1000);
  const local =
    daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  return { ms: local - (offsetMinutes ?? 0) * 60_000, us: micros - millis * 1000, offsetMinutes };
}

/** Reads an ISO 8601 date-time; a problem (not a throw) when `text` is not one. */
export function readIsoDateTime(
  text: string,
  options: IsoReadOptions = {},
): IsoDateTime | IsoDateTimeProblem {
  const m = (options.spaceAsPlus ? SPACE_SIGN_RE : DATE_TIME_RE).exec(text);
  if (!m) return 'syntax';
  const instant = instantOf(m);
  if (instant === 'range') return 'range';
  const hm = `${m[4]}:${m[5]}`;
  const time = m[6] === undefined ? hm : m[7] === undefined ? `${hm}:${m[6]}` : `${hm}:${m[6]}.${m[7]}`;
  return { date: `${m[1]}-${m[2]}-${m[3]}`, time, ...instant };
}

/** An ISO 8601 date-time, or null when `text` is not one. */
export function parseIsoDateTime(text: string, options?: IsoReadOptions): IsoDateTime | null {
  const read = readIsoDateTime(text, options);
  return typeof read === 'string' ? null : read;
}

/**
 * Epoch milliseconds of an ISO 8601 date-time, or null when `text` is not one. The hot path of ingestion
 * (every sample timestamp): the common complete forms are read character by character (no regular
 * expression, nothing allocated); anything else goes through the grammar's regular expression.
 */
export function isoDateTimeMs(text: string): number | null {
  const fast = commonFormMs(text);
  if (fast !== undefined) return fast;
  const m = DATE_TIME_RE.exec(text);
  if (!m) return null;
  const instant = instantOf(m);
  return instant === 'range' ? null : instant.ms;
}

/** The digit at `at` (0-9), or NaN (a non-digit). */
const digitAt = (text: string, at: number) => {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
};
const twoDigitsAt = (text: string, at: number) => digitAt(text, at) * 10 + digitAt(text, at + 1);
const isDigitAt = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
};

/**
 * A fast reader of the forms providers and SDKs send, `YYYY-MM-DD(T|t| )HH:MM:SS[(.|,)F+][Z|z|±HH:MM]`
 * (seconds written; an offset, when written, with its colon): epoch milliseconds, exactly what the regular
 * expression path gives for them. Undefined for any other text and for fields out of range, which
 * `isoDateTimeMs` then reads the general way (tested against `readIsoDateTime`, the grammar's reader).
 */
function commonFormMs(text: string): number | undefined {
  const n = text.length;
  if (n < 19) return undefined;
  const sep = text.charCodeAt(10);
  if (
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    (sep !== 84 && sep !== 116 && sep !== 32) || // T t space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58
  )
    return undefined;
  const year = twoDigitsAt(text, 0) * 100 + twoDigitsAt(text, 2);
  const month = twoDigitsAt(text, 5);
  const day = twoDigitsAt(text, 8);
  const hour = twoDigitsAt(text, 11);
  const minute = twoDigitsAt(text, 14);
  const second = twoDigitsAt(text, 17);
  // Every comparison with NaN (a non-digit) is false.
  if (!(year >= 1 && month >= 1 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59)) return undefined;
  if (!isValidDay(year, month, day)) return undefined;
  let at = 19;
  let millis = 0;
  const mark = text.charCodeAt(at);
  if (mark === 46 || mark === 44) {
    // . or , then one digit or more; the first three make the milliseconds (truncated, as the slow path).
    at += 1;
    const first = at;
    while (at < n && isDigitAt(text, at)) at += 1;
    if (at === first) return undefined;
    for (let i = first, scale = 100; i < first + 3; i += 1, scale /= 10) {
      if (i < at) millis += (text.charCodeAt(i) - 48) * scale;
    }
  }
  let offsetMinutes = 0;
  if (at < n) {
    const c = text.charCodeAt(at);
    if (c === 90 || c === 122) {
      // Z z
      if (at + 1 !== n) return undefined;
    } else if (c === 43 || c === 45) {
      // + - HH:MM, nothing after
      if (at + 6 !== n || text.charCodeAt(at + 3) !== 58) return undefined;
      const oh = twoDigitsAt(text, at + 1);
      const om = twoDigitsAt(text, at + 4);
      if (!(oh <= 23 && om <= 59)) return undefined;
      offsetMinutes = (c === 45 ? -1 : 1) * (oh * 60 + om);
    } else return undefined;
  }
  const local =
    daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  return local - offsetMinutes * 60_000;
}
