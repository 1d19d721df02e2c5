import { ProviderResponseError } from '../../errors';

/**
 * Shape checks of Polar responses: a page missing what Meridian needs is a provider response error
 * (retried later), never a crash deep inside a mapper.
 */

export function polarRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProviderResponseError(`Polar ${what} is not an object`);
  return value as Record<string, unknown>;
}

export function polarList(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProviderResponseError(`Polar ${what} is not a list`);
  return value;
}

export function polarString(obj: Record<string, unknown>, key: string, what: string): string {
  const v = obj[key];
  if (typeof v !== 'string' || v === '') throw new ProviderResponseError(`Polar ${what} has no ${key}`);
  return v;
}

export function polarNumber(obj: Record<string, unknown>, key: string, what: string): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new ProviderResponseError(`Polar ${what} has no ${key}`);
  return v;
}

/** A number when present and finite, else undefined (optional fields). */
export function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `Record<"HH:MM", number>` as entries, skipping non-numbers. */
export function clockEntries(value: unknown): [string, number][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, number] => /^\d{2}:\d{2}(:\d{2})?$/.test(e[0]) && typeof e[1] === 'number',
  );
}
