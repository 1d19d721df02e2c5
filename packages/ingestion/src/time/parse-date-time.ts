/**
 * Ingestion reads date-times with the one ISO 8601 grammar of the domain time module; no offset means UTC
 * ("How to read this" 7).
 */
import { isoDateTimeMs, utcMidnightMs } from '@meridian/domain';

/** Epoch milliseconds of `text`, or null when it is not a valid date-time. */
export const parseDateTime: (text: string) => number | null = isoDateTimeMs;

/** A calendar date `YYYY-MM-DD` at 00:00 UTC, in epoch milliseconds. */
export const dateStartMs: (date: string) => number = utcMidnightMs;
