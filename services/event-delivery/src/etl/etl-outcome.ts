import { nextAttemptDelay } from '../delivery/retry-schedule';
import type { EtlFailure, EtlMessage } from './etl-messages.repository';

/**
 * What one Event Hubs send (or the check before it) means for its messages: succeeded, or failed with the
 * error kept as `last_error`; a failure is retried per the schedule unless it is permanent (it can never
 * succeed), and after the last attempt the row stays `failed` — the dead-letter record.
 */

export type EtlOutcome = { ok: true } | { ok: false; error: string; permanent?: boolean };
export type EtlFailedOutcome = Extract<EtlOutcome, { ok: false }>;

const LAST_ERROR_LIMIT = 1000;

/** `kind: message` of a thrown error, bounded for `last_error`. */
export function describeError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const kind = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
  const message = typeof e.message === 'string' && e.message ? e.message : String(err);
  return `${kind}: ${message}`.slice(0, LAST_ERROR_LIMIT);
}

/** Schedule retry: each message's next attempt after this failure, or null (dead letter). */
export function scheduleRetries(
  messages: readonly EtlMessage[],
  outcome: EtlFailedOutcome,
  opts: { schedule: readonly number[]; random?: (() => number) | undefined; now?: number },
): EtlFailure[] {
  const now = opts.now ?? Date.now();
  return messages.map((message) => {
    const attempts = message.attempts + 1;
    const delay = outcome.permanent
      ? null
      : nextAttemptDelay({ schedule: opts.schedule, attemptsMade: attempts, random: opts.random });
    return { id: message.id, attempts, nextAttemptAt: delay === null ? null : new Date(now + delay) };
  });
}
