import { randomBytes, randomUUID } from 'node:crypto';
import { createOutboxRepository, type Knex, type OutboxEvent } from '@meridian/db';
import { eventEnvelope, type Environment, type EventEnvelope } from '@meridian/domain';
import { openHeaderValues, type Logger, type SecretBox } from '@meridian/platform';
import {
  noDeliveryMetrics,
  statusClassOf,
  type DeliveryMetrics,
  type DeliveryOutcome,
} from './delivery-metrics';
import { createGroupCommit } from './group-commit';
import { createRateLimiter } from './rate-limiter';
import { nextAttemptDelay, parseRetryAfter } from './retry-schedule';
import { signatureHeaders } from './webhook-signature';
import {
  sendFailureKind,
  type SendFailureKind,
  type WebhookRequest,
  type WebhookResponse,
} from './webhook-sender';
import { groupBy } from '../group-by';

/**
 * Webhook fan-out and delivery (api-shapes §7.3): an event becomes one `webhook_messages` row per
 * subscribed endpoint; a polling loop claims due messages (FOR UPDATE SKIP LOCKED, lease moved forward
 * in the same statement) so replicas share the work and retry delays live in PostgreSQL. Fan-outs and
 * attempt records are written in batches (group commit), which is what lets one worker keep up with
 * thousands of deliveries a second.
 */

export const EXHAUSTED_EVENT_TYPE = 'message.attempt.exhausted';
/** A claimed message is not picked up again for this long (longer than the 15 s send timeout). */
const DEFAULT_CLAIM_LEASE_MS = 60_000;
/** Spreads the retries of rate-limited messages over the start of the next window. */
const POSTPONE_JITTER_MS = 50;
/** Sent attempts waiting to be recorded before the loop stops claiming (one recorder batch). */
const MAX_UNRECORDED = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookDelivery {
  /** Creates the messages of an outbox event (idempotent); returns their pending ids. */
  fanOut(eventId: string): Promise<string[]>;
  /**
   * Creates the messages of an outbox event (idempotent) together with those of concurrent callers,
   * and wakes the delivery loop when there is something to send.
   */
  enqueueEvent(eventId: string): Promise<void>;
  /** Sends the due pending messages (optionally only `ids`); returns how many were claimed. */
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
  /** HTTP requests in flight at once; a claim takes twice as many messages. */
  concurrency: number;
  /** How long a claimed message stays invisible to other claims (well past the send timeout). */
  claimLeaseMs?: number;
  metrics?: DeliveryMetrics;
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

/** A claimed message with its endpoint's and event's columns (null when either is gone). */
type ClaimedRow = MessageRow & {
  o_id: string | null;
  w_id: string | null;
} & Omit<WebhookRow, 'id'> &
  Omit<EventRow, 'id'>;

interface Claimed {
  messages: MessageRow[];
  webhooks: Map<string, WebhookRow>;
  events: Map<string, EventRow>;
}

interface AttemptResult {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string;
  error: string | null;
  failure: SendFailureKind | null;
  retryAfterMs: number | undefined;
}

interface Attempted {
  message: MessageRow;
  event: EventRow;
  result: AttemptResult;
}

const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

function createSemaphore(permits: number): { acquire(): Promise<void>; release(): void } {
  let free = permits;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) {
        free -= 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const pollMs = deps.pollMs ?? 250;
  const claimLeaseMs = deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const metrics = deps.metrics ?? noDeliveryMetrics;
  const rateLimiter = createRateLimiter(deps.db);
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | undefined;
  let woken = false;

  /** Creates the messages of several events in two statements; returns how many pairs each event has. */
  async function fanOutMany(eventIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(eventIds)].filter((id) => UUID.test(id)); // anything else is not in the outbox
    const pairs = new Map<string, number>();
    if (ids.length === 0) return pairs;
    const { rows } = await deps.db.raw<{ rows: { event_id: string; webhook_id: string }[] }>(
      `select o.id as event_id, w.id as webhook_id
         from outbox o
         join webhooks w on w.team_id = o.team_id and w.environment = o.environment and not w.disabled
          and (w.filter_types is null or o.event_type = any(w.filter_types))
          -- Never tell an endpoint about its own exhausted message through itself.
          and not (o.event_type = :exhausted and w.id is not distinct from o.payload->'data'->>'webhook_id')
        where o.id = any(cast(:ids as uuid[]))
          and not o.etl_only -- historical data pushed only to ETL pipelines`,
      { ids, exhausted: EXHAUSTED_EVENT_TYPE },
    );
    if (rows.length === 0) return pairs;
    await deps.db.raw(
      `insert into webhook_messages (id, event_id, webhook_id)
       select * from unnest(cast(:ids as text[]), cast(:events as uuid[]), cast(:webhooks as text[]))
       on conflict (event_id, webhook_id) do nothing`,
      {
        ids: rows.map(() => newMessageId()),
        events: rows.map((r) => r.event_id),
        webhooks: rows.map((r) => r.webhook_id),
      },
    );
    for (const row of rows) pairs.set(row.event_id, (pairs.get(row.event_id) ?? 0) + 1);
    return pairs;
  }

  async function fanOut(eventId: string): Promise<string[]> {
    const pairs = await fanOutMany([eventId]);
    if (!pairs.get(eventId)) return [];
    const rows: { id: string }[] = await deps
      .db('webhook_messages')
      .where({ event_id: eventId, status: 'pending' })
      .select('id');
    return rows.map((r) => r.id);
  }

  const fanOutCommit = createGroupCommit(
    async (eventIds: string[]) => {
      const pairs = await fanOutMany(eventIds);
      return eventIds.map((id) => (pairs.get(id) ?? 0) > 0);
    },
    { parallel: 2 },
  );

  /**
   * Moves the lease forward on up to `limit` due messages and reads what sending them needs (endpoint,
   * event body), all in one statement.
   */
  async function claim(ids: readonly string[] | undefined, limit: number): Promise<Claimed> {
    const { rows } = await deps.db.raw<{ rows: ClaimedRow[] }>(
      `with claimed as (
         update webhook_messages m
            set next_attempt_at = :lease, updated_at = now()
          where m.id in (
            select id from webhook_messages
             where status = 'pending' and next_attempt_at <= now()
               ${ids ? 'and id = any(cast(:ids as text[]))' : ''}
             order by next_attempt_at
             limit :limit
             for update skip locked)
          returning m.id, m.event_id, m.webhook_id, m.attempts
       )
       select c.id, c.event_id, c.webhook_id, c.attempts,
              o.id as o_id, o.team_id, o.environment, o.user_id, o.event_type, o.payload::text as body,
              w.id as w_id, w.url, w.disabled, w.rate_limit, w.headers, w.secret_ciphertext,
              w.previous_secret_ciphertext, w.previous_secret_expires_at
         from claimed c
         left join outbox o on o.id = c.event_id
         left join webhooks w on w.id = c.webhook_id`,
      { lease: new Date(Date.now() + claimLeaseMs), limit, ...(ids ? { ids: [...ids] } : {}) },
    );
    const claimed: Claimed = { messages: [], webhooks: new Map(), events: new Map() };
    for (const r of rows) {
      claimed.messages.push({
        id: r.id,
        event_id: r.event_id,
        webhook_id: r.webhook_id,
        attempts: r.attempts,
      });
      if (r.w_id !== null && !claimed.webhooks.has(r.w_id)) {
        claimed.webhooks.set(r.w_id, {
          id: r.w_id,
          url: r.url,
          disabled: r.disabled,
          rate_limit: r.rate_limit,
          headers: r.headers,
          secret_ciphertext: r.secret_ciphertext,
          previous_secret_ciphertext: r.previous_secret_ciphertext,
          previous_secret_expires_at: r.previous_secret_expires_at,
        });
      }
      if (r.o_id !== null && !claimed.events.has(r.o_id)) {
        claimed.events.set(r.o_id, {
          id: r.o_id,
          team_id: r.team_id,
          environment: r.environment,
          user_id: r.user_id,
          event_type: r.event_type,
          body: r.body,
        });
      }
    }
    return claimed;
  }

  /** The messages of each rate-limited endpoint that may go now; the others are postponed (no attempt). */
  async function applyRateLimits(
    messages: readonly MessageRow[],
    webhooks: Map<string, WebhookRow>,
  ): Promise<MessageRow[]> {
    const allowed: MessageRow[] = [];
    const postponed: { id: string; delayMs: number }[] = [];
    await Promise.all(
      [...groupBy(messages, (m) => m.webhook_id)].map(async ([webhookId, group]) => {
        const limit = webhooks.get(webhookId)!.rate_limit;
        if (limit === null) {
          allowed.push(...group);
          return;
        }
        const { granted, retryInMs } = await rateLimiter.take(webhookId, limit, group.length);
        allowed.push(...group.slice(0, granted));
        for (const m of group.slice(granted)) {
          const jitter = Math.floor((deps.random ?? Math.random)() * POSTPONE_JITTER_MS);
          postponed.push({ id: m.id, delayMs: retryInMs + jitter });
        }
      }),
    );
    if (postponed.length > 0) {
      await deps.db.raw(
        `update webhook_messages m
            set next_attempt_at = clock_timestamp() + v.delay_ms * interval '1 millisecond', updated_at = now()
           from unnest(cast(:ids as text[]), cast(:delays as int[])) as v(id, delay_ms)
          where m.id = v.id`,
        { ids: postponed.map((p) => p.id), delays: postponed.map((p) => p.delayMs) },
      );
      metrics.postponed(postponed.length);
    }
    return allowed;
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

  async function send(
    message: MessageRow,
    webhook: WebhookRow,
    secrets: readonly string[],
    event: EventRow,
  ): Promise<AttemptResult> {
    const attemptedAt = new Date();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const headers = {
      ...webhook.headers,
      ...signatureHeaders(secrets, message.id, timestamp, event.body),
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

  /** Records a batch of attempts in one transaction: attempts, message states, endpoint health. */
  async function recordAll(batch: Attempted[]): Promise<void[]> {
    const recorded = batch.map(({ message, event, result }) => {
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
      const outcome: DeliveryOutcome = succeeded
        ? 'succeeded'
        : gone
          ? 'gone'
          : nextAttemptAt
            ? 'failed_retry'
            : 'exhausted';
      return { message, event, result, attempts, succeeded, gone, nextAttemptAt, status, outcome };
    });
    const health = endpointHealth(recorded);
    const exhausted = recorded.filter((r) => r.status === 'failed' && !r.gone);
    const write = async (db: Knex | Knex.Transaction) => {
      // Attempts, message states and cleared endpoint failures in one statement.
      await db.raw(
        `with attempts as (
           insert into webhook_attempts
             (id, message_id, attempted_at, status_code, response_body, duration_ms, error, next_attempt_at)
           select * from unnest(cast(:attemptIds as uuid[]), cast(:ids as text[]),
                                cast(:attemptedAt as timestamptz[]), cast(:codes as int[]),
                                cast(:bodies as text[]), cast(:durations as int[]), cast(:errors as text[]),
                                cast(:nextAttempts as timestamptz[]))
         ),
         recovered as (
           -- Touches only endpoints that were failing: the common case writes nothing.
           update webhooks set failing_since = null, updated_at = now()
            where id = any(cast(:healthy as text[])) and failing_since is not null
         )
         update webhook_messages m
            set status = v.status, attempts = v.attempts, last_status_code = v.code,
                next_attempt_at = v.next_attempt_at, updated_at = now()
           from unnest(cast(:ids as text[]), cast(:statuses as text[]), cast(:attempts as int[]),
                       cast(:codes as int[]), cast(:next as timestamptz[]))
                as v(id, status, attempts, code, next_attempt_at)
          where m.id = v.id`,
        {
          attemptIds: recorded.map(() => randomUUID()),
          ids: recorded.map((r) => r.message.id),
          attemptedAt: recorded.map((r) => r.result.attemptedAt),
          codes: recorded.map((r) => r.result.statusCode),
          bodies: recorded.map((r) => r.result.responseBody),
          durations: recorded.map((r) => r.result.durationMs),
          errors: recorded.map((r) => r.result.error),
          nextAttempts: recorded.map((r) => r.nextAttemptAt),
          healthy: health.healthy,
          statuses: recorded.map((r) => r.status),
          attempts: recorded.map((r) => r.attempts),
          next: recorded.map((r) => r.nextAttemptAt ?? r.result.attemptedAt),
        },
      );
    };
    if (health.failing.length === 0 && exhausted.length === 0) {
      await write(deps.db);
    } else {
      await deps.db.transaction(async (trx) => {
        await write(trx);
        if (health.failing.length > 0) await recordFailing(trx, health.failing);
        if (exhausted.length > 0) await createOutboxRepository(trx).append(exhausted.map(exhaustedEvent));
      });
    }
    for (const r of recorded) {
      metrics.attempted(
        r.outcome,
        statusClassOf(r.result.statusCode, r.result.failure),
        r.result.durationMs / 1000,
      );
      if (r.status === 'failed') {
        deps.logger.warn('webhook message failed', {
          messageId: r.message.id,
          webhookId: r.message.webhook_id,
          attempts: r.attempts,
          statusCode: r.result.statusCode,
        });
      }
    }
    return batch.map(() => undefined);
  }

  const recorder = createGroupCommit(recordAll, { parallel: 2 });

  /**
   * Endpoint health after a batch, from each endpoint's attempts in order: healthy when the last went
   * through; otherwise failing since its first failure after the last success (or since the earlier run
   * of failures when the batch had no success).
   */
  function endpointHealth(
    recorded: { message: MessageRow; result: AttemptResult; succeeded: boolean; gone: boolean }[],
  ) {
    const healthy: string[] = [];
    const failing: FailingEndpoint[] = [];
    for (const [id, attempts] of groupBy(recorded, (r) => r.message.webhook_id)) {
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

  async function recordFailing(trx: Knex.Transaction, failing: FailingEndpoint[]): Promise<void> {
    const ids = failing.map((f) => f.id).sort();
    // Lock in a fixed order: replicas recording failures of the same endpoints never deadlock.
    await trx('webhooks').whereIn('id', ids).orderBy('id').forUpdate().select('id');
    await trx.raw(
      `update webhooks w set
         failing_since = case when v.reset then v.first_failure
                              else coalesce(w.failing_since, v.first_failure) end,
         disabled = w.disabled or v.gone
           or (case when v.reset then v.first_failure else coalesce(w.failing_since, v.first_failure) end)
              <= v.last_failure - make_interval(secs => cast(:secs as double precision)),
         updated_at = now()
       from unnest(cast(:ids as text[]), cast(:resets as boolean[]), cast(:firsts as timestamptz[]),
                   cast(:lasts as timestamptz[]), cast(:gones as boolean[]))
            as v(id, reset, first_failure, last_failure, gone)
       where w.id = v.id`,
      {
        secs: deps.autoDisableAfterMs / 1000,
        ids: failing.map((f) => f.id),
        resets: failing.map((f) => f.reset),
        firsts: failing.map((f) => f.firstFailure),
        lasts: failing.map((f) => f.lastFailure),
        gones: failing.map((f) => f.gone),
      },
    );
  }

  function exhaustedEvent({ message, event, result }: Attempted): OutboxEvent {
    const original = JSON.parse(event.body) as EventEnvelope<unknown>;
    return {
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
    };
  }

  interface Sendable {
    message: MessageRow;
    webhook: WebhookRow;
    secrets: readonly string[];
    event: EventRow;
  }

  /** Loads what the claimed messages need; settles the undeliverable and rate-limited ones. */
  async function prepare({ messages, webhooks, events }: Claimed): Promise<Sendable[]> {
    const undeliverable = new Set(
      messages
        .filter((m) => {
          const webhook = webhooks.get(m.webhook_id);
          return !webhook || webhook.disabled || !events.has(m.event_id);
        })
        .map((m) => m.id),
    );
    if (undeliverable.size > 0) {
      // The endpoint was disabled or the event purged since fan-out: nothing left to deliver.
      await deps
        .db('webhook_messages')
        .whereIn('id', [...undeliverable])
        .update({ status: 'failed', updated_at: deps.db.fn.now() });
    }
    const allowed = await applyRateLimits(
      messages.filter((m) => !undeliverable.has(m.id)),
      webhooks,
    );
    const secrets = new Map<string, string[]>();
    const now = new Date();
    return allowed.map((message) => {
      const stored = webhooks.get(message.webhook_id)!;
      let active = secrets.get(stored.id);
      if (!active) {
        secrets.set(stored.id, (active = activeSecrets(stored, now)));
        // Custom header values are stored sealed; opened once per endpoint and batch.
        webhooks.set(stored.id, { ...stored, headers: openHeaderValues(deps.secretBox, stored.headers) });
      }
      const webhook = webhooks.get(message.webhook_id)!;
      return { message, webhook, secrets: active, event: events.get(message.event_id)! };
    });
  }

  /** At most `concurrency` requests in flight, whichever batch they were claimed in. */
  const slots = createSemaphore(deps.concurrency);

  async function sendAndRecord(
    { message, webhook, secrets, event }: Sendable,
    progress?: { sent(): void; recorded(): void },
  ): Promise<void> {
    try {
      await slots.acquire();
      let result: AttemptResult;
      try {
        result = await send(message, webhook, secrets, event);
      } finally {
        slots.release();
        progress?.sent();
      }
      try {
        await recorder.add({ message, event, result });
      } finally {
        progress?.recorded();
      }
    } catch (err) {
      // The lease expires and the message is tried again.
      deps.logger.error('webhook delivery attempt could not be recorded', { messageId: message.id, err });
    }
  }

  async function deliverDue(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const claimed = await claim(ids, deps.concurrency * 2);
    if (claimed.messages.length === 0) return 0;
    await Promise.all((await prepare(claimed)).map((item) => sendAndRecord(item)));
    return claimed.messages.length;
  }

  /**
   * The polling loop keeps between one and two `concurrency`s of messages claimed: it claims the next
   * batch while the previous one is still sending, so database round trips overlap with HTTP. A claimed
   * message waits at most about two send timeouts, well inside its lease.
   */
  async function run(): Promise<void> {
    let outstanding = 0;
    /** Sent, waiting for their attempt to be recorded: claims pause while the recorder is this far behind. */
    let unrecorded = 0;
    let progress: (() => void) | undefined;
    const canClaim = () =>
      deps.concurrency * 2 - outstanding >= deps.concurrency && unrecorded < MAX_UNRECORDED;
    const inFlight = new Set<Promise<void>>();
    const track = (work: Promise<void>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };
    while (!stopped) {
      let claimed = 0;
      if (canClaim()) {
        try {
          const batch = await claim(undefined, deps.concurrency * 2 - outstanding);
          claimed = batch.messages.length;
          outstanding += claimed;
          if (claimed > 0) {
            const work = prepare(batch).then((items) => {
              // Postponed and undeliverable messages are settled already.
              outstanding -= claimed - items.length;
              return Promise.all(
                items.map((item) =>
                  sendAndRecord(item, {
                    sent() {
                      outstanding -= 1;
                      unrecorded += 1;
                      progress?.();
                    },
                    recorded() {
                      unrecorded -= 1;
                      progress?.();
                    },
                  }),
                ),
              );
            });
            track(
              work.then(
                () => undefined,
                (err: unknown) => {
                  outstanding -= claimed;
                  deps.logger.warn('webhook delivery batch failed', { err });
                },
              ),
            );
          }
        } catch (err) {
          deps.logger.warn('webhook delivery poll failed', { err });
        }
      }
      if (stopped) break;
      if (claimed > 0 && canClaim()) continue;
      if (!woken) {
        // Idle: poll later. Busy: claim again once enough sends have finished.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          wakeUp = done;
          if (outstanding + unrecorded > 0)
            progress = () => {
              if (canClaim()) done();
            };
        });
      }
      progress = undefined;
      woken = false;
      wakeUp = undefined;
    }
    await Promise.all(inFlight);
  }

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  return {
    fanOut,
    async enqueueEvent(eventId) {
      if (await fanOutCommit.add(eventId)) wake();
    },
    deliverDue,
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await fanOutCommit.drain();
    },
  };
}

interface FailingEndpoint {
  id: string;
  /** A success earlier in the batch ended the previous run of failures. */
  reset: boolean;
  firstFailure: Date;
  lastFailure: Date;
  gone: boolean;
}
