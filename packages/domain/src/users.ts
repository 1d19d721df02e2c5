import type { Environment } from './tenancy';

/** Days a deleted user stays restorable before the purge erases them (spec). */
export const USER_DELETION_GRACE_DAYS = 7;

export interface FallbackValue<T> {
  value: T;
  sourceSlug: string;
  updatedAt: Date;
}

export interface User {
  id: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
  createdOn: Date;
  fallbackTimeZone: FallbackValue<string> | null;
  fallbackBirthDate: FallbackValue<string> | null;
  ingestionStart: string | null;
  ingestionEnd: string | null;
  deletedAt: Date | null;
}

export interface ProviderConnection {
  id: string;
  userId: string;
  provider: string;
  status: 'connected' | 'error';
  externalUserId: string | null;
  errorDetails: { error_type: string; error_message: string; errored_at: string } | null;
  resourceAvailability: Record<string, unknown>;
  createdOn: Date;
}

/** Source of a fallback value set through the API (design). */
export const MANUAL_SOURCE_SLUG = 'manual';

export function purgeDueAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + USER_DELETION_GRACE_DAYS * 24 * 3600 * 1000);
}

/** Ingestion bounds are inclusive dates; start must not be after end. */
export function ingestionBoundsValid(start: string | null, end: string | null): boolean {
  return start === null || end === null || start <= end;
}
