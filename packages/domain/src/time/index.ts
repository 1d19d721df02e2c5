/**
 * The one time module of Meridian (conventions 18): calendar dates, the ISO 8601 grammar, range-parameter
 * bounds, IANA zones and DST on Luxon, and the wire format of date-times. Ingestion, the data API's reads,
 * demo data and summaries all go through it.
 *
 * The spec's date rules (interface-spec "Date bounds", api-shapes "How to read" 7 and 8), each written in
 * exactly one place:
 * - dates are `YYYY-MM-DD` (calendar-date.ts);
 * - date-times are ISO 8601 with an offset; an incoming date-time without an offset is UTC
 *   (iso-date-time.ts); Meridian writes UTC as `+00:00` (wire-date-time.ts);
 * - a date-only `start_date` means 00:00:00, a date-only `end_date` 23:59:59, inclusive (range-bound.ts);
 * - local wall times in DST gaps move forward, in overlaps take the first occurrence (time-zone.ts).
 */
export * from './calendar-date';
export * from './iso-date-time';
export * from './range-bound';
export * from './time-zone';
export * from './wire-date-time';
