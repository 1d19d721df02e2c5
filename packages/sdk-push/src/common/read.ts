import { isIanaTimeZone, isoDateTimeMs, parseIsoDateTime } from '@meridian/domain';
import type { Issues, Loc } from './issues';

/**
 * Defensive reading of one native record: own properties only (no `__proto__` or `constructor` reached
 * through a key), every string bounded, every number finite, every problem an issue at the field's loc.
 * Never throws on any JSON value.
 */
export type Path = string | readonly (string | number)[];

/** Longest text read from a record (ids, bundle ids, units, names). */
export const MAX_STRING = 256;
/** Longest date-time text: `2026-03-29T01:30:00.123456789+01:00` and some slack. */
const MAX_DATE_TIME = 64;
/** ±18 h, what ISO 8601 / java.time / Foundation allow for an offset. */
const MAX_OFFSET_S = 18 * 3600;
/** Epoch milliseconds of 9999-12-31T23:59:59.999Z. */
const MAX_EPOCH_MS = 253_402_300_799_999;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isAbsent = (v: unknown): v is null | undefined => v === null || v === undefined;

/** An own property of a plain object; anything else is undefined. */
export function own(obj: unknown, key: string | number): unknown {
  if (Array.isArray(obj)) {
    return typeof key === 'number' && key >= 0 && key < obj.length ? (obj[key] as unknown) : undefined;
  }
  if (!isRecord(obj) || typeof key !== 'string') return undefined;
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

const pathOf = (path: Path): readonly (string | number)[] => (typeof path === 'string' ? [path] : path);

/** An instant read from a record: epoch ms and the offset written with it (null: none, or `Z`). */
export interface Instant {
  ms: number;
  writtenOffset: number | null;
  /** The ISO 8601 text as received (ingestion reads the same grammar); null for epoch milliseconds. */
  text: string | null;
}

interface Options {
  required?: boolean;
}

/** Reads typed fields of one record (or of a nested object of it), reporting problems at their loc. */
export class RecordReader {
  private readonly start: number;

  /** `loc` is a function for nested readers: built only when an issue needs it (series hold thousands). */
  constructor(
    readonly raw: Record<string, unknown>,
    private readonly where: Loc | (() => Loc),
    readonly issues: Issues,
  ) {
    this.start = issues.count;
  }

  get loc(): Loc {
    return typeof this.where === 'function' ? this.where() : this.where;
  }

  /** Whether this reader reported an issue since it was made. */
  get failed(): boolean {
    return this.issues.count > this.start;
  }

  fail(path: Path, msg: string, type: string): null {
    this.issues.add([...this.loc, ...pathOf(path)], msg, type);
    return null;
  }

  value(path: Path): unknown {
    // Every field of every record comes through here: no array or iterator made per read.
    if (typeof path === 'string') return own(this.raw, path);
    let v: unknown = this.raw;
    for (let i = 0; i < path.length; i += 1) v = own(v, path[i]!);
    return v;
  }

  has(path: Path): boolean {
    return !isAbsent(this.value(path));
  }

  private missing(path: Path, required: boolean | undefined): null {
    return required ? this.fail(path, 'Field required', 'missing') : null;
  }

  string(path: Path, opts: Options & { max?: number } = {}): string | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (typeof v !== 'string') return this.fail(path, 'Input should be a valid string', 'string_type');
    const max = opts.max ?? MAX_STRING;
    if (v.length > max)
      return this.fail(path, `String should have at most ${max} characters`, 'string_too_long');
    if (opts.required && v.length === 0)
      return this.fail(path, 'String should have at least 1 character', 'string_too_short');
    return v;
  }

  number(path: Path, opts: Options = {}): number | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (typeof v !== 'number' || !Number.isFinite(v))
      return this.fail(path, 'Input should be a finite number', 'float_type');
    return v;
  }

  integer(path: Path, opts: Options = {}): number | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (typeof v !== 'number' || !Number.isSafeInteger(v))
      return this.fail(path, 'Input should be a valid integer', 'int_type');
    return v;
  }

  boolean(path: Path, opts: Options = {}): boolean | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (typeof v !== 'boolean') return this.fail(path, 'Input should be a valid boolean', 'bool_type');
    return v;
  }

  object(path: Path, opts: Options = {}): Record<string, unknown> | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (!isRecord(v)) return this.fail(path, 'Input should be a valid dictionary', 'dict_type');
    return v;
  }

  array(path: Path, opts: Options & { max: number }): unknown[] | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (!Array.isArray(v)) return this.fail(path, 'Input should be a valid list', 'list_type');
    if (v.length > opts.max) return this.fail(path, `List should have at most ${opts.max} items`, 'too_long');
    return v;
  }

  /** A reader of the object at `path` (null, with an issue when required or not an object). */
  child(path: Path, opts: Options = {}): RecordReader | null {
    const obj = this.object(path, opts);
    return obj === null ? null : new RecordReader(obj, () => [...this.loc, ...pathOf(path)], this.issues);
  }

  /**
   * An ISO 8601 date-time (a `Z` or no offset carries no local offset: serialisers write UTC when they
   * do not know better); with `epochMs`, also integer epoch milliseconds.
   */
  instant(path: Path, opts: Options & { epochMs?: boolean } = {}): Instant | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    if (opts.epochMs && typeof v === 'number') {
      if (Number.isSafeInteger(v) && v >= 0 && v <= MAX_EPOCH_MS)
        return { ms: v, writtenOffset: null, text: null };
      return this.fail(path, 'Input should be epoch milliseconds (an integer ≥ 0)', 'datetime_type');
    }
    const read = typeof v === 'string' && v.length <= MAX_DATE_TIME ? readInstant(v) : null;
    if (read === null) {
      const expected = opts.epochMs ? 'an ISO 8601 date-time or epoch milliseconds' : 'an ISO 8601 date-time';
      return this.fail(path, `Input should be ${expected} with an offset`, 'datetime_parsing');
    }
    return read;
  }

  /**
   * A UTC offset in seconds east: integer seconds, `Z`, `±HH[:MM[:SS]]` (java.time `ZoneOffset`), or an
   * object with `totalSeconds` (ZoneOffset serialised by reflection).
   */
  zoneOffset(path: Path, opts: Options = {}): number | null {
    const v = this.value(path);
    if (isAbsent(v)) return this.missing(path, opts.required);
    let seconds: number | null = null;
    if (typeof v === 'number') seconds = Number.isSafeInteger(v) ? v : null;
    else if (typeof v === 'string') seconds = parseOffsetText(v);
    else if (isRecord(v)) {
      const total = own(v, 'totalSeconds');
      seconds = typeof total === 'number' && Number.isSafeInteger(total) ? total : null;
    }
    if (seconds === null || Math.abs(seconds) > MAX_OFFSET_S) {
      return this.fail(
        path,
        'Input should be a UTC offset: seconds east of UTC within ±64800, "Z" or "±HH:MM"',
        'value_error',
      );
    }
    return seconds;
  }

  /** An IANA time zone name (`Europe/Berlin`). */
  timeZone(path: Path, opts: Options = {}): string | null {
    const v = this.string(path, { ...opts, max: 64 });
    if (v === null) return null;
    if (!isIanaTimeZone(v)) return this.fail(path, 'Input should be an IANA time zone', 'value_error');
    return v;
  }
}

/**
 * An ISO 8601 date-time as `RecordReader.instant` reads it (the domain grammar), or null. Every sample has
 * two, so the common forms take the domain's allocation-free reader (`isoDateTimeMs`) and the offset is read
 * from the text's end when it is `Z` or `±HH:MM` (in a valid date-time a sign six characters from the end can
 * only start the offset); any other form is read by `parseIsoDateTime` as before.
 */
function readInstant(text: string): Instant | null {
  const n = text.length;
  const last = text.charCodeAt(n - 1);
  if (last === 90 || last === 122) {
    // Z or z: UTC written, which carries no local offset.
    const ms = isoDateTimeMs(text);
    return ms === null ? null : { ms, writtenOffset: null, text };
  }
  const sign = text.charCodeAt(n - 6);
  if ((sign === 43 || sign === 45) && text.charCodeAt(n - 3) === 58) {
    const ms = isoDateTimeMs(text);
    if (ms === null) return null;
    const minutes =
      (digit(text, n - 5) * 10 + digit(text, n - 4)) * 60 + digit(text, n - 2) * 10 + digit(text, n - 1);
    return { ms, writtenOffset: (sign === 45 ? -minutes : minutes) * 60, text };
  }
  const parsed = parseIsoDateTime(text);
  if (parsed === null) return null;
  return {
    ms: parsed.ms,
    writtenOffset: parsed.offsetMinutes === null ? null : parsed.offsetMinutes * 60,
    text,
  };
}

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;

const OFFSET_RE = /^([+-])(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?$/;

function parseOffsetText(text: string): number | null {
  if (text === 'Z' || text === 'z') return 0;
  const m = text.length <= 9 ? OFFSET_RE.exec(text) : null;
  if (!m) return null;
  const [h, min, s] = [Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)];
  if (min > 59 || s > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (h * 3600 + min * 60 + s);
}
