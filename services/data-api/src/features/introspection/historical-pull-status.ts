/**
 * How a stored historical pull is reported (api-shapes §4.5). `retrying` (a temporary problem; the pull
 * runs again) exists only for connections established on or after 2025-05-09 (spec); older connections
 * report such a pull as `failure` (design), decided at read time so stored rows need no migration.
 */

export const HISTORICAL_PULL_STATUSES = [
  'scheduled',
  'in_progress',
  'success',
  'failure',
  'retrying',
] as const;
export type HistoricalPullStatus = (typeof HISTORICAL_PULL_STATUSES)[number];

export const RETRIABLE_PULL_ERRORS = [
  'provider_rate_limit_exceeded',
  'provider_unavailable',
  'transport_failure',
  'resource_contention',
] as const;
export const NON_RETRIABLE_PULL_ERRORS = [
  'non_retriable_error',
  'unexpected_error',
  'retry_quota_exhausted',
] as const;
export type PullErrorDetails =
  (typeof RETRIABLE_PULL_ERRORS)[number] | (typeof NON_RETRIABLE_PULL_ERRORS)[number];

/** Connections created from this instant on may report `retrying`. */
export const RETRYING_AVAILABLE_FROM = new Date('2025-05-09T00:00:00.000Z');

const PULL_ERRORS: ReadonlySet<string> = new Set([...RETRIABLE_PULL_ERRORS, ...NON_RETRIABLE_PULL_ERRORS]);

/** `connectionCreatedOn` null: no connection to the provider is recorded (then `retrying` is not offered). */
export function reportedPullStatus(
  stored: HistoricalPullStatus,
  connectionCreatedOn: Date | null,
): HistoricalPullStatus {
  if (stored !== 'retrying') return stored;
  const supportsRetrying =
    connectionCreatedOn !== null && connectionCreatedOn.getTime() >= RETRYING_AVAILABLE_FROM.getTime();
  return supportsRetrying ? 'retrying' : 'failure';
}

/** Listed values as stored; any other non-null value is reported as `unexpected_error`. */
export function reportedPullError(stored: string | null): PullErrorDetails | null {
  if (stored === null) return null;
  return PULL_ERRORS.has(stored) ? (stored as PullErrorDetails) : 'unexpected_error';
}
