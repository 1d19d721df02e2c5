import {
  ProviderAuthError,
  ProviderRateLimitError,
  ProviderTargetRefusedError,
  pullErrorDetails,
} from '@meridian/connectors';
import { createHistoricalPullsRepository, type PullProblemStatus } from './historical-pulls.repository';
import { streamResources } from './historical-pull';
import type { StreamSpec } from '@meridian/connectors';
import type { SyncRun } from './sync-run';
import { createSyncStreamsRepository, type StreamKey, type SyncStream } from './sync-streams.repository';

/**
 * What a failed stream attempt leaves behind. Rate limits and outages are temporary: the stream waits
 * (Retry-After, or exponential backoff) and its pulls show `retrying` with the reason, until `maxAttempts`
 * failed attempts in a row end it with `retry_quota_exhausted`. Authorization failures are the connection's
 * (the caller puts it in error); a refused target address is permanent.
 */

/** `retrying` exists for connections established from this day on; older ones report `failure` (spec). */
export const RETRYING_AVAILABLE_FROM = new Date('2025-05-09T00:00:00.000Z');

export function pullProblemStatus(connectionCreatedOn: Date): PullProblemStatus {
  return connectionCreatedOn >= RETRYING_AVAILABLE_FROM ? 'retrying' : 'failure';
}

export function backoffMs(run: Pick<SyncRun, 'tuning'>, attempts: number, err: unknown): number {
  if (err instanceof ProviderRateLimitError) {
    return err.retryAfterSeconds !== null ? err.retryAfterSeconds * 1000 : run.tuning.defaultRetryAfterMs;
  }
  const exp = run.tuning.baseBackoffMs * 2 ** Math.max(0, attempts - 1);
  // Jitter spreads the retries of many connections hit by one outage.
  return Math.min(run.tuning.maxBackoffMs, exp) * (0.8 + Math.random() * 0.4);
}

export type ProblemOutcome = 'auth' | 'recorded';

export async function recordStreamProblem(
  run: SyncRun,
  spec: StreamSpec | undefined,
  stream: SyncStream,
  key: StreamKey,
  err: unknown,
): Promise<ProblemOutcome> {
  if (err instanceof ProviderAuthError) return 'auth';
  const { deps, connection } = run;
  const now = deps.clock();
  const attempts = stream.attempts + 1;
  const classified = pullErrorDetails(err);
  const permanent = !classified.retriable || err instanceof ProviderTargetRefusedError;
  const exhausted = !permanent && attempts >= run.tuning.maxAttempts;
  const details = exhausted ? 'retry_quota_exhausted' : classified.details;
  const stopped = permanent || exhausted;
  await createSyncStreamsRepository(deps.db).release(key, {
    status: stopped ? 'failure' : 'retrying',
    attempts,
    nextAttemptAt: stopped ? now : new Date(now.getTime() + backoffMs(run, attempts, err)),
    lastError: details,
    now,
  });
  if (stream.phase === 'historical' && spec) {
    await createHistoricalPullsRepository(deps.db).markProblem(
      connection.userId,
      connection.provider,
      streamResources(run, spec),
      stopped ? 'failure' : pullProblemStatus(connection.createdOn),
      details,
      now,
    );
  }
  const log = stopped ? deps.logger.error.bind(deps.logger) : deps.logger.warn.bind(deps.logger);
  log(stopped ? 'provider stream stopped' : 'provider stream failed; it is retried later', {
    err,
    connection_id: connection.id,
    provider: connection.provider,
    stream: stream.stream,
    attempts,
    error_details: details,
  });
  return 'recorded';
}
