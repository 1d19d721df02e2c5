import pLimit from 'p-limit';
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import { openHeaderValues, type Logger, type SecretBox } from '@meridian/platform';
import { noDeliveryMetrics, statusClassOf, type DeliveryMetrics } from './delivery-metrics';
import { createGroupCommit } from './group-commit';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import {
  activeSecrets,
  endpointHealth,
  exhaustedEvent,
  isExhausted,
  sendAttempt,
  settleAttempt,
  type Attempted,
  type AttemptResult,
  type Sendable,
  type SettledAttempt,
} from './webhook-attempt';
import {
  createWebhookDeliveryRepository,
  type ClaimedBatch,
  type ClaimedMessage,
  type DeliveryEndpoint,
  type WebhookDeliveryRepository,
} from './webhook-delivery.repository';
import type { WebhookRequest, WebhookResponse } from './webhook-sender';
import { groupBy } from '../group-by';
import { createPollLoop } from '../poll-loop';

export { EXHAUSTED_EVENT_TYPE } from './webhook-delivery.repository';

/**
 * Webhook fan-out and delivery (api-shapes §7.3): an event becomes one `webhook_messages` row per
 * subscribed endpoint; the polling loop claims due messages, and each goes through the same steps —
 * claim → prepare (rate limit, secrets) → send → record the attempt → schedule a retry or settle, and
 * mark or disable a failing endpoint. Retry delays live in PostgreSQL, so replicas share the work. Fan-outs
 * and attempt records are written in batches (group commit), which is what lets one worker keep up with
 * thousands of deliveries a second.
 */

/** A claimed message is not picked up again for this long (longer than the 15 s send timeout). */
const DEFAULT_CLAIM_LEASE_MS = 60_000;
/** Spreads the retries of rate-limited messages over the start of the next window. */
const POSTPONE_JITTER_MS = 50;
/** Sent attempts waiting to be recorded before the loop stops claiming (one recorder batch). */
const MAX_UNRECORDED = 500;

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

/** What the steps share: the process's dependencies and the repositories built on its root knex. */
interface DeliveryContext {
  deps: WebhookDeliveryDeps;
  repository: WebhookDeliveryRepository;
  rateLimiter: RateLimiter;
  metrics: DeliveryMetrics;
}

/** Claim: moves the lease forward on up to `limit` due messages and reads what sending them needs. */
function claim(ctx: DeliveryContext, ids: readonly string[] | undefined, limit: number) {
  const leaseUntil = new Date(Date.now() + (ctx.deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS));
  return ctx.repository.claimDue({ ...(ids ? { ids } : {}), limit, leaseUntil });
}

/** The messages of each rate-limited endpoint that may go now; the others are postponed (no attempt). */
async function applyRateLimits(
  ctx: DeliveryContext,
  messages: readonly ClaimedMessage[],
  endpoints: ReadonlyMap<string, DeliveryEndpoint>,
): Promise<ClaimedMessage[]> {
  const allowed: ClaimedMessage[] = [];
  const postponed: { id: string; delayMs: number }[] = [];
  await Promise.all(
    [...groupBy(messages, (m) => m.webhookId)].map(async ([webhookId, group]) => {
      const limit = endpoints.get(webhookId)!.rateLimit;
      if (limit === null) {
        allowed.push(...group);
        return;
      }
      const { granted, retryInMs } = await ctx.rateLimiter.take(webhookId, limit, group.length);
      allowed.push(...group.slice(0, granted));
      for (const m of group.slice(granted)) {
        const jitter = Math.floor((ctx.deps.random ?? Math.random)() * POSTPONE_JITTER_MS);
        postponed.push({ id: m.id, delayMs: retryInMs + jitter });
      }
    }),
  );
  if (postponed.length > 0) {
    await ctx.repository.postpone(postponed);
    ctx.metrics.postponed(postponed.length);
  }
  return allowed;
}

/**
 * Prepare: settles the claimed messages that cannot be delivered (endpoint disabled or gone, event purged
 * since fan-out) and those an endpoint's rate limit holds back; opens the secrets and sealed header values
 * of the others' endpoints, once per endpoint and batch.
 */
async function prepare(
  ctx: DeliveryContext,
  { messages, endpoints, events }: ClaimedBatch,
): Promise<Sendable[]> {
  const deliverable = (m: ClaimedMessage) => {
    const endpoint = endpoints.get(m.webhookId);
    return !!endpoint && !endpoint.disabled && events.has(m.eventId);
  };
  await ctx.repository.failUndeliverable(messages.filter((m) => !deliverable(m)).map((m) => m.id));
  const allowed = await applyRateLimits(ctx, messages.filter(deliverable), endpoints);
  const opened = new Map<string, { endpoint: DeliveryEndpoint; secrets: string[] }>();
  const now = new Date();
  return allowed.map((message) => {
    let open = opened.get(message.webhookId);
    if (!open) {
      const stored = endpoints.get(message.webhookId)!;
      const secrets = activeSecrets(ctx.deps.secretBox, stored, now);
      open = {
        endpoint: { ...stored, headers: openHeaderValues(ctx.deps.secretBox, stored.headers) },
        secrets,
      };
      opened.set(message.webhookId, open);
    }
    return { message, ...open, event: events.get(message.eventId)! };
  });
}

/**
 * Record: a batch of attempts with their messages' new states (retry scheduled, succeeded or settled) and
 * the endpoints' health. A batch with a failing endpoint or an exhausted message is one transaction: the
 * endpoint's `failing_since`/`disabled` and the `message.attempt.exhausted` events commit with the attempts.
 */
async function recordAttempts(ctx: DeliveryContext, batch: readonly Attempted[]): Promise<void> {
  const { deps } = ctx;
  const settled = batch.map((a) => settleAttempt(a, { schedule: deps.schedule, random: deps.random }));
  const { healthy, failing } = endpointHealth(settled);
  const exhausted = settled.filter(isExhausted);
  const records = settled.map((s) => s.record);
  if (failing.length === 0 && exhausted.length === 0) {
    await ctx.repository.recordAttempts(records, healthy);
  } else {
    await withTransaction(deps.db, async (trx) => {
      const repository = createWebhookDeliveryRepository(trx);
      await repository.recordAttempts(records, healthy);
      await repository.recordFailingEndpoints(failing, deps.autoDisableAfterMs);
      await createOutboxRepository(trx).append(exhausted.map(exhaustedEvent));
    });
  }
  reportAttempts(ctx, settled);
}

function reportAttempts(ctx: DeliveryContext, settled: readonly SettledAttempt[]): void {
  for (const s of settled) {
    const { result, record } = s;
    ctx.metrics.attempted(
      s.outcome,
      statusClassOf(result.statusCode, result.failure),
      result.durationMs / 1000,
    );
    if (record.status === 'failed') {
      ctx.deps.logger.warn('webhook message failed', {
        messageId: s.message.id,
        webhookId: s.message.webhookId,
        attempts: record.attempts,
        statusCode: result.statusCode,
      });
    }
  }
}

/** Called as a claimed message moves on: sent (its send slot is free), then recorded. */
interface Progress {
  sent(): void;
  recorded(): void;
}

export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const ctx: DeliveryContext = {
    deps,
    repository: createWebhookDeliveryRepository(deps.db),
    rateLimiter: createRateLimiter(deps.db),
    metrics: deps.metrics ?? noDeliveryMetrics,
  };
  /** Messages claimed at once, so the next claim overlaps with the sends of the previous one. */
  const claimSize = deps.concurrency * 2;
  /** At most `concurrency` requests in flight, whichever claim they came from. */
  const sendSlots = pLimit(deps.concurrency);

  // Each caller learns whether its batch made any message (the loop's wake-up is shared anyway), which spares
  // a result row per event.
  const fanOutCommit = createGroupCommit(
    async (eventIds: string[]) => {
      const made = (await ctx.repository.fanOutTotal(eventIds)) > 0;
      return eventIds.map(() => made);
    },
    { parallel: 2 },
  );
  const recorder = createGroupCommit(
    async (batch: Attempted[]) => {
      await recordAttempts(ctx, batch);
      return batch.map(() => undefined);
    },
    { parallel: 2 },
  );

  async function fanOut(eventId: string): Promise<string[]> {
    const pairs = await ctx.repository.fanOut([eventId]);
    if (!pairs.get(eventId)) return [];
    return ctx.repository.pendingMessageIds(eventId);
  }

  /** Send, then record; a record that fails leaves the lease to expire, and the message is tried again. */
  async function sendAndRecord(item: Sendable, progress?: Progress): Promise<void> {
    try {
      let result: AttemptResult;
      try {
        result = await sendSlots(() => sendAttempt(deps.send, item));
      } finally {
        progress?.sent();
      }
      try {
        await recorder.add({ message: item.message, event: item.event, result });
      } finally {
        progress?.recorded();
      }
    } catch (err) {
      deps.logger.error('webhook delivery attempt could not be recorded', {
        messageId: item.message.id,
        err,
      });
    }
  }

  async function deliverDue(ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const batch = await claim(ctx, ids, claimSize);
    if (batch.messages.length === 0) return 0;
    await Promise.all((await prepare(ctx, batch)).map((item) => sendAndRecord(item)));
    return batch.messages.length;
  }

  /*
   * The polling loop keeps between one and two `concurrency`s of messages claimed: it claims the next
   * batch while the previous one is still sending, so database round trips overlap with HTTP. A claimed
   * message waits at most about two send timeouts, well inside its lease.
   */
  /** Claimed, not yet sent. */
  let outstanding = 0;
  /** Sent, waiting for their attempt to be recorded: claims pause while the recorder is this far behind. */
  let unrecorded = 0;
  const inFlight = new Set<Promise<void>>();
  const canClaim = () => claimSize - outstanding >= deps.concurrency && unrecorded < MAX_UNRECORDED;
  const progress: Progress = {
    sent() {
      outstanding -= 1;
      unrecorded += 1;
      if (canClaim()) loop.nudge();
    },
    recorded() {
      unrecorded -= 1;
      if (canClaim()) loop.nudge();
    },
  };

  /** Prepares, sends and records a claimed batch in the background. */
  function dispatch(batch: ClaimedBatch): void {
    const claimed = batch.messages.length;
    const work = prepare(ctx, batch).then((items) => {
      // Postponed and undeliverable messages are settled already.
      outstanding -= claimed - items.length;
      return Promise.all(items.map((item) => sendAndRecord(item, progress)));
    });
    const tracked = work.then(
      () => undefined,
      (err: unknown) => {
        outstanding -= claimed;
        deps.logger.warn('webhook delivery batch failed', { err });
      },
    );
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  const loop = createPollLoop({
    pollMs: deps.pollMs ?? 250,
    async poll() {
      if (!canClaim()) return false;
      const batch = await claim(ctx, undefined, claimSize - outstanding);
      if (batch.messages.length === 0) return false;
      outstanding += batch.messages.length;
      dispatch(batch);
      return canClaim();
    },
    onError: (err) => deps.logger.warn('webhook delivery poll failed', { err }),
    settle: async () => {
      await Promise.all(inFlight);
    },
  });

  return {
    fanOut,
    async enqueueEvent(eventId) {
      if (await fanOutCommit.add(eventId)) loop.wake();
    },
    deliverDue,
    wake: () => loop.wake(),
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      await fanOutCommit.drain();
    },
  };
}
