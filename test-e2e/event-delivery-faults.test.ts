/**
 * The event-delivery process under faults (issue #4): receivers that fail, hang or crawl, the broker link
 * cut and restored, the database link cut and restored (the process must heal without a restart), and the
 * process killed with SIGKILL mid-batch and started again. Each scenario asserts that every event reached
 * every subscribed endpoint, that retries and duplicates kept one `webhook-id`, that every delivery's
 * signature verified (standardwebhooks), and that the database has no pending or failed messages left.
 */
import {
  createTestDatabase,
  answer,
  failFirst,
  seedOrg,
  seedTeam,
  startFaultProxy,
  type CutMode,
  type FaultProxy,
  type TestDatabase,
} from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { isolatedVhost, type BrokerVhost } from './support/broker-vhost';
import {
  appendEvents,
  closeAll,
  createEndpoints,
  eventFlow,
  expectEveryEventDelivered,
  expectRunning,
  startEventDelivery,
  waitUntil,
  type DeliveryProcess,
  type Endpoint,
} from './support/event-delivery-harness';

const STEPS = 'daily.data.steps.created';
const SLEEP = 'daily.data.sleep.created';
const HEART = 'daily.data.heartrate.created';
const TYPES = [STEPS, SLEEP, HEART];
/** How long a link stays cut (at least). */
const FAULT_MS = 3_000;

jest.setTimeout(120_000);

describeWithBroker('event delivery under faults', () => {
  let db: TestDatabase;
  let vhost: BrokerVhost | undefined;
  let dbProxy: FaultProxy;
  let brokerProxy: FaultProxy;
  let delivery: DeliveryProcess | undefined;
  let endpoints: Endpoint[] = [];

  const start = async () => {
    delivery = await startEventDelivery({
      dbUrl: dbProxy.proxiedUrl(db.url),
      amqpUrl: brokerProxy.proxiedUrl(vhost!.url),
    });
    return delivery;
  };

  /** A fresh team per scenario, so its endpoints see only its events. */
  const newTeam = async () => (await seedTeam(db.knex, (await seedOrg(db.knex)).orgId)).teamId;

  beforeAll(async () => {
    db = await createTestDatabase();
    vhost = await isolatedVhost(AMQP_URL);
    const dbTarget = new URL(db.url);
    const brokerTarget = new URL(vhost.url);
    dbProxy = await startFaultProxy({
      targetHost: dbTarget.hostname,
      targetPort: Number(dbTarget.port || 5432),
    });
    brokerProxy = await startFaultProxy({
      targetHost: brokerTarget.hostname,
      targetPort: Number(brokerTarget.port || 5672),
    });
    await start();
  }, 120_000);

  afterEach(async () => {
    await closeAll(endpoints);
    endpoints = [];
    dbProxy?.restore();
    brokerProxy?.restore();
  });

  afterAll(async () => {
    await delivery?.proc.stop();
    await dbProxy?.close();
    await brokerProxy?.close();
    await vhost?.drop();
    await db?.destroy();
  });

  it('retries receivers that answer 500 or hang past the timeout, and waits for slow ones', async () => {
    const teamId = await newTeam();
    endpoints = await createEndpoints(db, teamId, [
      { filterTypes: [STEPS, SLEEP], responder: failFirst(2, answer.status(500)) },
      { filterTypes: [SLEEP], responder: failFirst(1, answer.hang()) },
      { filterTypes: null, responder: () => answer.slow(400) },
    ]);
    const [failing, hanging, slow] = endpoints as [Endpoint, Endpoint, Endpoint];
    const events = await appendEvents(db, teamId, [STEPS, SLEEP, HEART, STEPS, SLEEP, HEART], 'receivers');

    const report = await expectEveryEventDelivered(db, events, endpoints);
    expect(report.pairs).toBe(4 + 2 + 6);

    // 500, 500, then 2xx: three attempts of one message, one webhook-id, recorded as such.
    for (const [key, messageId] of report.messageIds) {
      if (!key.endsWith(failing.webhookId)) continue;
      const group = failing.receiver.byWebhookId().get(messageId)!;
      expect(group.map((d) => d.status)).toEqual([500, 500, 204]);
      const attempts = await db
        .knex('webhook_attempts')
        .where({ message_id: messageId })
        .orderBy('attempted_at')
        .pluck('status_code');
      expect(attempts).toEqual([500, 500, 204]);
    }
    // The hung first attempt failed on the sender's timeout; the retry carried the same webhook-id.
    for (const [messageId, group] of hanging.receiver.byWebhookId()) {
      expect(group[0]!.status).toBeUndefined();
      expect(group.at(-1)!.status).toBe(204);
      const first = await db
        .knex('webhook_attempts')
        .where({ message_id: messageId })
        .orderBy('attempted_at')
        .first('status_code', 'error', 'duration_ms');
      expect(first).toMatchObject({ status_code: null });
      expect(first.error).toEqual(expect.any(String));
      expect(first.duration_ms).toBeGreaterThanOrEqual(1_400);
    }
    // Slow but within the timeout: one attempt each, its duration recorded.
    expect(slow.receiver.deliveries.every((d) => d.attempt === 1 && d.status === 204)).toBe(true);
    const slowDurations = await db
      .knex('webhook_attempts as a')
      .join('webhook_messages as m', 'm.id', 'a.message_id')
      .where('m.webhook_id', slow.webhookId)
      .pluck('a.duration_ms');
    expect(slowDurations).toHaveLength(6);
    for (const ms of slowDurations) expect(ms).toBeGreaterThanOrEqual(380);
  });

  /**
   * Cuts one link while events keep arriving, holds the fault for a few seconds (and until more events came
   * in), restores it, and checks the process healed on its own.
   */
  async function cutWhileEventsFlow(link: 'broker' | 'database', mode: CutMode): Promise<void> {
    const { proc } = delivery!;
    const proxy = link === 'broker' ? brokerProxy : dbProxy;
    const teamId = await newTeam();
    endpoints = await createEndpoints(db, teamId, [
      { filterTypes: [STEPS, HEART] },
      { filterTypes: [SLEEP] },
      { filterTypes: null, responder: () => answer.slow(50) },
    ]);
    // Events arrive through the test's own database connection: only event delivery's link is cut.
    const flow = eventFlow(db, teamId, TYPES, { batchSize: 5, intervalMs: 100, label: `${link}-${mode}` });
    await waitUntil('first deliveries', () => endpoints[2]!.receiver.succeeded().length >= 10, proc);

    const before = proxy.stats();
    proxy.cut(mode);
    await waitUntil(`readiness reporting the ${link} down`, async () => !(await delivery!.ready()), proc);
    const appendedBeforeOutage = flow.appended();
    await new Promise((r) => setTimeout(r, FAULT_MS));
    await waitUntil('events during the outage', () => flow.appended() >= appendedBeforeOutage + 20, proc);
    expectRunning(proc);
    proxy.restore();
    await waitUntil(`readiness after the ${link} is back`, () => delivery!.ready(), proc, 60_000);
    const events = await flow.stop();

    const after = proxy.stats();
    expect(after.severed).toBeGreaterThan(before.severed);
    // It reconnected through the proxy, not around it.
    expect(after.accepted).toBeGreaterThan(before.accepted);
    await expectEveryEventDelivered(db, events, endpoints);
    expectRunning(proc);
  }

  it.each<CutMode>(['refuse', 'hold'])(
    'loses nothing when the broker connection is cut and restored while events flow (%s)',
    async (mode) => {
      await cutWhileEventsFlow('broker', mode);
    },
  );

  it.each<CutMode>(['refuse', 'hold'])(
    'loses nothing and needs no restart when the database connection is cut and restored (%s)',
    async (mode) => {
      await cutWhileEventsFlow('database', mode);
    },
  );

  it('delivers everything after a SIGKILL mid-batch and a fresh start', async () => {
    const killed = delivery!.proc;
    const teamId = await newTeam();
    // Slow answers keep sends in flight; the kill comes while some are.
    endpoints = await createEndpoints(db, teamId, [
      { filterTypes: [STEPS, SLEEP], responder: () => answer.slow(400) },
      { filterTypes: [HEART], responder: () => answer.slow(400) },
      { filterTypes: null, responder: () => answer.slow(400) },
    ]);
    const events = await appendEvents(
      db,
      teamId,
      Array.from({ length: 150 }, (_, i) => TYPES[i % 3]!),
      'kill',
    );
    const received = () => endpoints.reduce((n, e) => n + e.receiver.deliveries.length, 0);
    const unanswered = () =>
      endpoints.reduce(
        (n, e) => n + e.receiver.deliveries.filter((d) => d.status === undefined && !d.senderHungUp).length,
        0,
      );
    await waitUntil('deliveries under way', () => received() >= 40 && unanswered() >= 5, killed);
    await killed.stop('SIGKILL');
    expect(killed.child.signalCode).toBe('SIGKILL');
    const left = await db
      .knex('webhook_messages')
      .whereIn(
        'webhook_id',
        endpoints.map((e) => e.webhookId),
      )
      .where({ status: 'pending' })
      .count<{ count: number }[]>('* as count');
    expect(Number(left[0]!.count)).toBeGreaterThan(0);
    const deliveredBeforeKill = endpoints.reduce((n, e) => n + e.receiver.succeeded().length, 0);
    expect(deliveredBeforeKill).toBeLessThan(300);

    const restarted = await start();
    const report = await expectEveryEventDelivered(db, events, endpoints, 90_000);
    expect(report.pairs).toBe(300);
    // Sends cut off by the kill were sent again by the new process under the same webhook-id.
    const cutOff = endpoints.flatMap((e) =>
      e.receiver.deliveries.filter((d) => d.senderHungUp).map((d) => ({ e, d })),
    );
    expect(cutOff.length).toBeGreaterThan(0);
    for (const { e, d } of cutOff)
      expect(
        e.receiver
          .byWebhookId()
          .get(d.webhookId)!
          .some((later) => later.status === 204),
      ).toBe(true);
    expect(report.deliveries).toBeGreaterThanOrEqual(300 + cutOff.length);
    expectRunning(restarted.proc);
  });
});
