/**
 * The event-delivery process under faults: its database and broker links go through fault proxies, webhook
 * endpoints are verifying receivers, and events enter the outbox the way ingestion writes them. The checks
 * here are the suite's delivery guarantees: every event reached every subscribed endpoint, retries and
 * duplicates kept one `webhook-id`, every signature verified, and the database has nothing left over.
 */
import { randomBytes } from 'node:crypto';
import { createOutboxRepository, withTransaction } from '@meridian/db';
import { eventEnvelope, newId, type EventEnvelope } from '@meridian/domain';
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import {
  startWebhookReceiver,
  waitFor,
  type FaultProxy,
  type Responder,
  type TestDatabase,
  type WebhookReceiver,
} from '@meridian/test-utils';
import { Webhook } from 'standardwebhooks';
import { freePort, runTs, waitReady, type RunningProcess } from './processes';

export const SECRETS_KEY = Buffer.alloc(32, 42).toString('base64');

export interface DeliveryProcess {
  proc: RunningProcess;
  healthUrl: string;
  /** True while the process answers /readyz with 200. */
  ready(): Promise<boolean>;
}

/** Starts the real event-delivery process with its links through the proxies and test-sized timings. */
export async function startEventDelivery(opts: {
  dbUrl: string;
  amqpUrl: string;
  env?: NodeJS.ProcessEnv;
}): Promise<DeliveryProcess> {
  const port = await freePort();
  const proc = runTs('event-delivery', 'services/event-delivery/src/main.ts', {
    ...process.env,
    DATABASE_URL: opts.dbUrl,
    AMQP_URL: opts.amqpUrl,
    LOG_LEVEL: 'warn',
    HEALTH_PORT: String(port),
    SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    // 10 attempts over ~19 s: enough for every fault here, short enough for the suite.
    DELIVERY_RETRY_SCHEDULE_MS: '0,200,400,800,1600,3200,3200,3200,3200,3200',
    WEBHOOK_TIMEOUT_MS: '1500',
    ...opts.env,
  });
  const healthUrl = `http://127.0.0.1:${port}`;
  // Fails at once when the process dies during start-up, instead of at the readiness deadline.
  const exited = new Promise<never>((_, reject) =>
    proc.child.once('exit', (code, signal) =>
      reject(
        new Error(
          `event-delivery exited during start-up (code ${code}, signal ${signal}):\n${proc.output()}`,
        ),
      ),
    ),
  );
  const ready = waitReady(healthUrl, proc, 90_000);
  for (const p of [exited, ready]) p.catch(() => undefined);
  await Promise.race([ready, exited]);
  return {
    proc,
    healthUrl,
    async ready() {
      const res = await fetch(`${healthUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => undefined,
      );
      return res?.status === 200;
    },
  };
}

export interface Endpoint {
  webhookId: string;
  filterTypes: string[] | null;
  receiver: WebhookReceiver;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  envelope: EventEnvelope<unknown>;
}

/** Webhooks of one team stored as the management API stores them (sealed secret), each with its receiver. */
export async function createEndpoints(
  db: TestDatabase,
  teamId: string,
  specs: { filterTypes: string[] | null; responder?: Responder }[],
): Promise<Endpoint[]> {
  const box = createSecretBox(decodeSecretsKey(SECRETS_KEY));
  const endpoints: Endpoint[] = [];
  for (const spec of specs) {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const receiver = await startWebhookReceiver({ verifier: new Webhook(secret), responder: spec.responder });
    const webhookId = `ep_${randomBytes(12).toString('hex')}`;
    await db.knex('webhooks').insert({
      id: webhookId,
      team_id: teamId,
      environment: 'sandbox',
      url: receiver.url,
      filter_types: spec.filterTypes,
      secret_ciphertext: box.seal(secret),
    });
    endpoints.push({ webhookId, filterTypes: spec.filterTypes, receiver });
  }
  return endpoints;
}

/** Appends events in one transaction, as ingestion does with its domain writes. */
export async function appendEvents(
  db: TestDatabase,
  teamId: string,
  types: readonly string[],
  label: string,
): Promise<DeliveredEvent[]> {
  const userId = newId();
  const envelopes = types.map((type, i) =>
    eventEnvelope(type, { probe: `${label}-${i}` }, { userId, clientUserId: `fault-${label}`, teamId }),
  );
  const ids = await withTransaction(db.knex, (trx) =>
    createOutboxRepository(trx).append(
      envelopes.map((envelope) => ({ teamId, environment: 'sandbox', userId, envelope })),
    ),
  );
  return ids.map((id, i) => ({ id, type: types[i]!, envelope: envelopes[i]! }));
}

/** Keeps appending batches of events while a fault happens; `stop()` resolves with everything appended. */
export function eventFlow(
  db: TestDatabase,
  teamId: string,
  types: readonly string[],
  opts: { batchSize: number; intervalMs: number; label: string },
): { appended(): number; stop(): Promise<DeliveredEvent[]> } {
  const events: DeliveredEvent[] = [];
  let running = true;
  const loop = (async () => {
    for (let batch = 0; running; batch++) {
      const batchTypes = Array.from({ length: opts.batchSize }, (_, i) => types[(batch + i) % types.length]!);
      events.push(...(await appendEvents(db, teamId, batchTypes, `${opts.label}-${batch}`)));
      await new Promise((r) => setTimeout(r, opts.intervalMs));
    }
  })();
  return {
    appended: () => events.length,
    async stop() {
      running = false;
      await loop;
      return events;
    },
  };
}

const subscribes = (endpoint: Endpoint, type: string) =>
  endpoint.filterTypes === null || endpoint.filterTypes.includes(type);

const probeOf = (payload: unknown) => (payload as { data?: { probe?: unknown } } | undefined)?.data?.probe;

/** Every (event, endpoint) pair the filters call for, keyed by `probe|webhookId`. */
function expectedPairs(events: readonly DeliveredEvent[], endpoints: readonly Endpoint[]) {
  const pairs = new Map<string, { event: DeliveredEvent; endpoint: Endpoint }>();
  for (const event of events)
    for (const endpoint of endpoints)
      if (subscribes(endpoint, event.type))
        pairs.set(`${String(probeOf(event.envelope))}|${endpoint.webhookId}`, { event, endpoint });
  return pairs;
}

function missingPairs(events: readonly DeliveredEvent[], endpoints: readonly Endpoint[]): string[] {
  const delivered = new Set<string>();
  for (const endpoint of endpoints)
    for (const d of endpoint.receiver.succeeded())
      delivered.add(`${String(probeOf(d.payload))}|${endpoint.webhookId}`);
  return [...expectedPairs(events, endpoints).keys()].filter((key) => !delivered.has(key));
}

export interface DeliveryReport {
  pairs: number;
  deliveries: number;
  /** Deliveries beyond the first successful one per message (at-least-once redeliveries). */
  duplicates: number;
  /** webhook_messages.id by `probe|webhookId`. */
  messageIds: Map<string, string>;
}

/**
 * Waits until every subscribed endpoint has a 2xx delivery of every event, then checks the guarantees
 * against the receivers and the database. Fails with what is missing.
 */
export async function expectEveryEventDelivered(
  db: TestDatabase,
  events: readonly DeliveredEvent[],
  endpoints: readonly Endpoint[],
  timeoutMs = 60_000,
): Promise<DeliveryReport> {
  const pairs = expectedPairs(events, endpoints);
  expect(pairs.size).toBeGreaterThan(0);
  await waitFor(() => missingPairs(events, endpoints).length === 0, { timeoutMs, intervalMs: 200 }).catch(
    () => {
      const missing = missingPairs(events, endpoints);
      throw new Error(
        `${missing.length} of ${pairs.size} (event, endpoint) deliveries missing after ${timeoutMs} ms, e.g. ${missing
          .slice(0, 5)
          .join(', ')}`,
      );
    },
  );

  const eventsByProbe = new Map(events.map((e) => [probeOf(e.envelope), e]));
  let deliveries = 0;
  let duplicates = 0;
  const seenIds = new Map<string, string>();
  for (const endpoint of endpoints) {
    for (const d of endpoint.receiver.deliveries) {
      deliveries++;
      // Signed correctly for this endpoint's secret, with the exact envelope of a subscribed event.
      expect(d.verifyError).toBeUndefined();
      expect(d.verified).toBe(true);
      const event = eventsByProbe.get(probeOf(d.payload));
      expect(event).toBeDefined();
      expect(d.payload).toEqual(event!.envelope);
      expect(subscribes(endpoint, event!.type)).toBe(true);
      // Every delivery of one event to one endpoint carries one webhook-id.
      const key = `${String(probeOf(d.payload))}|${endpoint.webhookId}`;
      const previous = seenIds.get(key);
      if (previous === undefined) seenIds.set(key, d.webhookId);
      else expect(d.webhookId).toBe(previous);
    }
    for (const group of endpoint.receiver.byWebhookId().values()) {
      const ok = group.filter((d) => d.status !== undefined && d.status >= 200 && d.status < 300).length;
      duplicates += Math.max(0, ok - 1);
    }
  }

  // The database agrees: one message per pair, its id the webhook-id sent, all succeeded, nothing pending.
  // (A receiver's 2xx can arrive before the sender records it, so the last records are waited for.)
  const webhookIds = endpoints.map((e) => e.webhookId);
  const loadMessages = (): Promise<{ id: string; event_id: string; webhook_id: string; status: string }[]> =>
    db
      .knex('webhook_messages')
      .whereIn('webhook_id', webhookIds)
      .select('id', 'event_id', 'webhook_id', 'status');
  let messages = await loadMessages();
  await waitFor(
    async () => {
      messages = await loadMessages();
      return messages.length >= pairs.size && messages.every((m) => m.status !== 'pending');
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  ).catch(() => undefined);
  expect(messages).toHaveLength(pairs.size);
  expect(messages.filter((m) => m.status !== 'succeeded')).toEqual([]);
  const messageIds = new Map<string, string>();
  const eventsById = new Map(events.map((e) => [e.id, e]));
  for (const m of messages) {
    const key = `${String(probeOf(eventsById.get(m.event_id)?.envelope))}|${m.webhook_id}`;
    expect(pairs.has(key)).toBe(true);
    expect(seenIds.get(key)).toBe(m.id);
    messageIds.set(key, m.id);
  }
  const unpublished = await db
    .knex('outbox')
    .whereIn(
      'id',
      events.map((e) => e.id),
    )
    .whereNull('published_at')
    .count<{ count: number }[]>('* as count');
  expect(Number(unpublished[0]!.count)).toBe(0);
  const exhausted = await db
    .knex('outbox')
    .where({ event_type: 'message.attempt.exhausted' })
    .whereIn('team_id', [...new Set(events.map((e) => e.envelope.team_id))])
    .count<{ count: number }[]>('* as count');
  expect(Number(exhausted[0]!.count)).toBe(0);
  return { pairs: pairs.size, deliveries, duplicates, messageIds };
}

/** Resolves once `check` holds, failing with `what` and the process output otherwise. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  proc: RunningProcess,
  timeoutMs = 30_000,
): Promise<void> {
  await waitFor(check, { timeoutMs, intervalMs: 100 }).catch(() => {
    throw new Error(`${what} did not happen within ${timeoutMs} ms; ${proc.name} output:\n${proc.output()}`);
  });
}

/** Fails with the process output when it is no longer running. */
export function expectRunning(proc: RunningProcess): void {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null)
    throw new Error(
      `${proc.name} exited (code ${proc.child.exitCode}, signal ${proc.child.signalCode}):\n${proc.output()}`,
    );
}

export async function closeAll(endpoints: readonly Endpoint[]): Promise<void> {
  await Promise.all(endpoints.map((e) => e.receiver.close()));
}

export type { FaultProxy };
