import { randomBytes, randomUUID } from 'node:crypto';
import { createOutboxRepository, type Knex } from '@meridian/db';
import { eventEnvelope, type Environment, type EventEnvelope } from '@meridian/domain';
import type { Logger, SecretBox } from '@meridian/platform';
import { createRateLimiter } from './rate-limiter';
import { nextAttemptDelay, parseRetryAfter } from './retry-schedule';
import { signatureHeaders } from './webhook-signature';
import type { WebhookRequest, WebhookResponse } from './webhook-sender';

/**
 * Webhook fan-out and delivery (api-shapes §7.3): an event becomes one `webhook_messages` row per
 * subscribed endpoint; a polling loop claims due messages (FOR UPDATE SKIP LOCKED, lease moved forward
 * before sending) so replicas share the work and retry delays live in PostgreSQL.
 */

export const EXHAUSTED_EVENT_TYPE = 'message.attempt.exhausted';
/** A claimed message is not picked up again for this long (longer than the 15 s send timeout). */
const CLAIM_LEASE_MS = 60_000;

export interface WebhookDelivery {
  /** Creates the messages of an outbox event (idempotent); returns their ids. */
  fanOut(eventId: string): Promise<string[]>;
  /** Sends the due pending messages (optionally only `ids`); returns how many were attempted. */
  deliverDue(ids?: readonly string[]): Promise<number>;
  /** Runs deliverDue now instead of at the next poll. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export interface WebhookDeliveryDeps {
  db: Knex;
  logger: Logger;
  secretBox: SecretBox;
  send: (request: WebhookRequest) => Promise<WebhookResponse>;
  schedule: readonly number[];
  autoDisableAfterMs: number;
  concurrency: number;
  pollMs?: number;
  random?: () => number;
}

interface MessageRow {
  id: string;
  event_id: string;
  webhook_id: string;
  attempts: number;
}

interface WebhookRow {
  id: string;
  url: string;
  disabled: boolean;
  rate_limit: number | null;
  headers: Record<string, string>;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
}

interface EventRow {
  id: string;
  team_id: string;
  environment: Environment;
  user_id: string | null;
  event_type: string;
  body: string;
}

interface AttemptResult {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string;
  error: string | null;
  retryAfterMs: number | undefined;
}

const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

async function mapBounded<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const pollMs = deps.pollMs ?? 250;
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const rateLimiter = createRateLimiter();

  async function fanOut(eventId: string): Promise<string[]> {
    const event = await deps
      .db('outbox')
      .where({ id: eventId })
      .first<
        | { team_id: string; environment: string; event_type: string; payload: EventEnvelope<unknown> }
        | undefined
      >('team_id', 'environment', 'event_type', 'payload');
    if (!event) return [];
    const query = deps
      .db('webhooks')
      .where({ team_id: event.team_id, environment: event.environment, disabled: false })
      .where((q) => q.whereNull('filter_types').orWhereRaw('? = any(filter_types)', [event.event_type]));
    if (event.event_type === EXHAUSTED_EVENT_TYPE) {
      // Never tell an endpoint about its own exhausted message through itself.
      const source = (event.payload.data as { webhook_id?: unknown } | null)?.webhook_id;
      if (typeof source === 'string') query.whereNot('id', source);
    }
    const webhooks: { id: string }[] = await query.select('id');
    if (webhooks.length === 0) return [];
    await deps
      .db('webhook_messages')
      .insert(webhooks.map((w) => ({ id: newMessageId(), event_id: eventId, webhook_id: w.id })))
      .onConflict(['event_id', 'webhook_id'])
      .ignore();
    const rows: { id: string }[] = await deps
      .db('webhook_messages')
      .where({ event_id: eventId, status: 'pending' })
      .select('id');
    return rows.map((r) => r.id);
  }

  async function claim(ids: readonly string[] | undefined): Promise<MessageRow[]> {
    return deps.db.transaction(async (trx) => {
      const query = trx('webhook_messages')
        .where('status', 'pending')
        .where('next_attempt_at', '<=', trx.fn.now())
        .orderBy('next_attempt_at')
        .limit(deps.concurrency * 2)
        .forUpdate()
        .skipLocked()
        .select('id', 'event_id', 'webhook_id', 'attempts');
      if (ids) query.whereIn('id', ids);
      const rows: MessageRow[] = await query;
      if (rows.length > 0) {
        await trx('webhook_messages')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .update({ next_attempt_at: new Date(Date.now() + CLAIM_LEASE_MS), updated_at: trx.fn.now() });
      }
      return rows;
    });
  }

  function activeSecrets(webhook: WebhookRow, now: Date): string[] {
    const secrets = [deps.secretBox.open(webhook.secret_ciphertext)];
    if (
      webhook.previous_secret_ciphertext !== null &&
      webhook.previous_secret_expires_at !== null &&
      webhook.previous_secret_expires_at > now
    ) {
      secrets.push(deps.secretBox.open(webhook.previous_secret_ciphertext));
    }
    return secrets;
  }

  async function send(message: MessageRow, webhook: WebhookRow, event: EventRow): Promise<AttemptResult> {
    const attemptedAt = new Date();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const headers = {
      ...webhook.headers,
      ...signatureHeaders(activeSecrets(webhook, attemptedAt), message.id, timestamp, event.body),
    };
    const started = performance.now();
    try {
      const res = await deps.send({ url: webhook.url, headers, body: event.body });
      const throttled = res.statusCode === 429 || res.statusCode === 503;
      return {
        attemptedAt,
        durationMs: Math.round(performance.now() - started),
        statusCode: res.statusCode,
        responseBody: res.body,
        error: null,
        retryAfterMs: throttled ? parseRetryAfter(res.headers['retry-after'], attemptedAt) : undefined,
      };
    } catch (err) {
      return {
        attemptedAt,
        durationMs: Math.round(performance.now() - started),
        statusCode: null,
        responseBody: '',
        error: (err as Error).message || String(err),
        retryAfterMs: undefined,
      };
    }
  }

  async function record(message: MessageRow, event: EventRow, result: AttemptResult): Promise<void> {
    const attempts = message.attempts + 1;
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const delay =
      succeeded || gone
        ? null
        : nextAttemptDelay({
            schedule: deps.schedule,
            attemptsMade: attempts,
            retryAfterMs: result.retryAfterMs,
            random: deps.random,
          });
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
    const status = succeeded ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed';
    await deps.db.transaction(async (trx) => {
      await trx('webhook_attempts').insert({
        id: randomUUID(),
        message_id: message.id,
        attempted_at: result.attemptedAt,
        status_code: result.statusCode,
        response_body: result.responseBody,
        duration_ms: result.durationMs,
        error: result.error,
        next_attempt_at: nextAttemptAt,
      });
      await trx('webhook_messages')
        .where({ id: message.id })
        .update({
          status,
          attempts,
          last_status_code: result.statusCode,
          next_attempt_at: nextAttemptAt ?? result.attemptedAt,
          updated_at: trx.fn.now(),
        });
      if (succeeded) {
        await trx('webhooks').where({ id: message.webhook_id }).update({ failing_since: null });
      } else {
        await trx.raw(
          `update webhooks set
             failing_since = coalesce(failing_since, cast(:now as timestamptz)),
             disabled = disabled or cast(:gone as boolean)
               or coalesce(failing_since, cast(:now as timestamptz))
                 <= cast(:now as timestamptz) - make_interval(secs => cast(:secs as double precision)),
             updated_at = now()
           where id = :id`,
          {
            now: result.attemptedAt,
            gone,
            secs: deps.autoDisableAfterMs / 1000,
            id: message.webhook_id,
          },
        );
      }
      if (status === 'failed' && !gone) await appendExhausted(trx, message, event, result);
    });
    if (status === 'failed') {
      deps.logger.warn('webhook message failed', {
        messageId: message.id,
        webhookId: message.webhook_id,
        attempts,
        statusCode: result.statusCode,
      });
    }
  }

  async function appendExhausted(
    trx: Knex.Transaction,
    message: MessageRow,
    event: EventRow,
    result: AttemptResult,
  ): Promise<void> {
    const original = JSON.parse(event.body) as EventEnvelope<unknown>;
    await createOutboxRepository(trx).append([
      {
        teamId: event.team_id,
        environment: event.environment,
        userId: event.user_id,
        envelope: eventEnvelope(
          EXHAUSTED_EVENT_TYPE,
          {
            webhook_id: message.webhook_id,
            message_id: message.id,
            original_event_type: event.event_type,
            last_attempt_at: result.attemptedAt.toISOString(),
            last_response_status_code: result.statusCode,
          },
          { userId: original.user_id, clientUserId: original.client_user_id, teamId: original.team_id },
        ),
      },
    ]);
  }

  async function attempt(message: MessageRow): Promise<void> {
    const webhook = await deps
      .db('webhooks')
      .where({ id: message.webhook_id })
      .first<WebhookRow | undefined>();
    const event = await deps
      .db('outbox')
      .where({ id: message.event_id })
      .first<EventRow | undefined>(
        'id',
        'team_id',
        'environment',
        'user_id',
        'event_type',
        deps.db.raw('payload::text as body'),
      );
    if (!webhook || !event || webhook.disabled) {
      // The endpoint was disabled or the event purged since fan-out: nothing left to deliver.
      await deps
        .db('webhook_messages')
        .where({ id: message.id })
        .update({ status: 'failed', updated_at: deps.db.fn.now() });
      return;
    }
    const waitMs = webhook.rate_limit === null ? 0 : rateLimiter.take(webhook.id, webhook.rate_limit);
    if (waitMs > 0) {
      // Over the endpoint's rate limit: postpone without counting an attempt.
      await deps
        .db('webhook_messages')
        .where({ id: message.id })
        .update({ next_attempt_at: new Date(Date.now() + waitMs), updated_at: deps.db.fn.now() });
      return;
    }
    await record(message, event, await send(message, webhook, event));
  }

  async function deliverDue(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const messages = await claim(ids);
    await mapBounded(messages, deps.concurrency, async (message) => {
      try {
        await attempt(message);
      } catch (err) {
        // The lease expires and the message is tried again.
        deps.logger.error('webhook delivery attempt could not be recorded', { messageId: message.id, err });
      }
    });
    return messages.length;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let sent = 0;
      try {
        sent = await deliverDue();
      } catch (err) {
        deps.logger.warn('webhook delivery poll failed', { err });
      }
      if (sent === 0 && !stopped && !woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      woken = false;
      wakeUp = undefined;
    }
  }

  return {
    fanOut,
    deliverDue,
    wake() {
      woken = true;
      wakeUp?.();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
