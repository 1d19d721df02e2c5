import { eventEnvelope, type EventEnvelope } from '@meridian/domain';
import type { OutboxEvent } from '@meridian/db';
import type { SecretBox } from '@meridian/platform';
import type { DeliveryOutcome } from './delivery-metrics';
import { nextAttemptDelay, parseRetryAfter } from './retry-schedule';
import { signatureHeaders } from './webhook-signature';
import {
  sendFailureKind,
  type SendFailureKind,
  type WebhookRequest,
  type WebhookResponse,
} from './webhook-sender';
import {
  EXHAUSTED_EVENT_TYPE,
  type AttemptRecord,
  type ClaimedMessage,
  type DeliveryEndpoint,
  type DeliveryEvent,
  type FailingEndpoint,
} from './webhook-delivery.repository';
import { groupBy } from '../group-by';

/**
 * The steps of one webhook delivery attempt that need no database (api-shapes §7.3): sign and send, then
 * decide what the answer means — succeeded, retry later (schedule, `Retry-After`), exhausted or gone — and
 * how each endpoint's health moves (failing since when; disabled after a sustained failure or a 410).
 */

/** A claimed message ready to send: its endpoint (header values opened) and its secrets. */
export interface Sendable {
  message: ClaimedMessage;
  endpoint: DeliveryEndpoint;
  secrets: readonly string[];
  event: DeliveryEvent;
}

/** What one request did. */
export interface AttemptResult {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string;
  error: string | null;
  failure: SendFailureKind | null;
  retryAfterMs: number | undefined;
}

export interface Attempted {
  message: ClaimedMessage;
  event: DeliveryEvent;
  result: AttemptResult;
}

/** An attempt with the state it leaves its message in. */
export interface SettledAttempt extends Attempted {
  record: AttemptRecord;
  outcome: DeliveryOutcome;
  succeeded: boolean;
  gone: boolean;
}

/** The endpoint's signing secrets: the current one, and the previous one until it expires. */
export function activeSecrets(secretBox: SecretBox, endpoint: DeliveryEndpoint, now: Date): string[] {
  const secrets = [secretBox.open(endpoint.secretCiphertext)];
  if (
    endpoint.previousSecretCiphertext !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(secretBox.open(endpoint.previousSecretCiphertext));
  }
  return secrets;
}

/** Signs and sends one message; a failed request is a result too (never throws). */
export async function sendAttempt(
  send: (request: WebhookRequest) => Promise<WebhookResponse>,
  { message, endpoint, secrets, event }: Sendable,
): Promise<AttemptResult> {
  const attemptedAt = new Date();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const headers = { ...endpoint.headers, ...signatureHeaders(secrets, message.id, timestamp, event.body) };
  const started = performance.now();
  try {
    const res = await send({ url: endpoint.url, headers, body: event.body });
    const throttled = res.statusCode === 429 || res.statusCode === 503;
    return {
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      statusCode: res.statusCode,
      responseBody: res.body,
      error: null,
      failure: null,
      retryAfterMs: throttled ? parseRetryAfter(res.headers['retry-after'], attemptedAt) : undefined,
    };
  } catch (err) {
    return {
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      statusCode: null,
      responseBody: '',
      error: (err as Error).message || String(err),
      failure: sendFailureKind(err),
      retryAfterMs: undefined,
    };
  }
}

/**
 * What an attempt leaves its message in: succeeded on 2xx; failed on 410 Gone or once the schedule is
 * exhausted; else pending until the next attempt (the schedule's delay, or `Retry-After` when longer).
 */
export function settleAttempt(
  attempted: Attempted,
  opts: { schedule: readonly number[]; random?: (() => number) | undefined; now?: number },
): SettledAttempt {
  const { message, result } = attempted;
  const attempts = message.attempts + 1;
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const gone = result.statusCode === 410;
  const delay =
    succeeded || gone
      ? null
      : nextAttemptDelay({
          schedule: opts.schedule,
          attemptsMade: attempts,
          retryAfterMs: result.retryAfterMs,
          random: opts.random,
        });
  const nextAttemptAt = delay === null ? null : new Date((opts.now ?? Date.now()) + delay);
  const status = succeeded ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed';
  const outcome: DeliveryOutcome = succeeded
    ? 'succeeded'
    : gone
      ? 'gone'
      : nextAttemptAt
        ? 'failed_retry'
        : 'exhausted';
  return {
    ...attempted,
    succeeded,
    gone,
    outcome,
    record: {
      messageId: message.id,
      attemptedAt: result.attemptedAt,
      statusCode: result.statusCode,
      responseBody: result.responseBody,
      durationMs: result.durationMs,
      error: result.error,
      status,
      attempts,
      nextAttemptAt,
    },
  };
}

/**
 * Endpoint health after a batch, from each endpoint's attempts in order: healthy when the last went
 * through; otherwise failing since its first failure after the last success (or since the earlier run
 * of failures when the batch had no success).
 */
export function endpointHealth(settled: readonly SettledAttempt[]): {
  healthy: string[];
  failing: FailingEndpoint[];
} {
  const healthy: string[] = [];
  const failing: FailingEndpoint[] = [];
  for (const [id, attempts] of groupBy(settled, (s) => s.message.webhookId)) {
    const ordered = [...attempts].sort(
      (a, b) => a.result.attemptedAt.getTime() - b.result.attemptedAt.getTime(),
    );
    const lastSuccess = ordered.map((a) => a.succeeded).lastIndexOf(true);
    const failures = ordered.slice(lastSuccess + 1);
    const gone = attempts.some((a) => a.gone);
    if (failures.length === 0 && !gone) {
      healthy.push(id);
      continue;
    }
    failing.push({
      id,
      reset: lastSuccess >= 0,
      firstFailure: (failures[0] ?? ordered.at(-1)!).result.attemptedAt,
      lastFailure: (failures.at(-1) ?? ordered.at(-1)!).result.attemptedAt,
      gone,
    });
  }
  return { healthy, failing };
}

/** Whether the message ran out of attempts (not gone: a 410 disables the endpoint instead). */
export const isExhausted = (s: SettledAttempt) => s.record.status === 'failed' && !s.gone;

/** `message.attempt.exhausted` for the outbox, told to the team's other endpoints. */
export function exhaustedEvent({ message, event, result }: Attempted): OutboxEvent {
  const original = JSON.parse(event.body) as EventEnvelope<unknown>;
  return {
    teamId: event.teamId,
    environment: event.environment,
    userId: event.userId,
    envelope: eventEnvelope(
      EXHAUSTED_EVENT_TYPE,
      {
        webhook_id: message.webhookId,
        message_id: message.id,
        original_event_type: event.eventType,
        last_attempt_at: result.attemptedAt.toISOString(),
        last_response_status_code: result.statusCode,
      },
      { userId: original.user_id, clientUserId: original.client_user_id, teamId: original.team_id },
    ),
  };
}
