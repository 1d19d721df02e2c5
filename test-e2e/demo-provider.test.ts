/**
 * The sandbox demo provider end to end: the data API and the scheduler as separate processes on real
 * PostgreSQL and RabbitMQ. Connecting `oura` over HTTP publishes the pull task; the scheduler worker takes
 * it from the broker, fills 30 days through ingestion, and the data API serves the result.
 */
import { createTestDatabase, waitFor, type TestDatabase } from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { freePort, runTs, runTsToEnd, waitReady, type RunningProcess } from './support/processes';

interface PullStats {
  status: string;
  days_with_data: number;
  range_start: string | null;
  range_end: string | null;
}
interface HistoricalPulls {
  data: {
    user_id: string;
    provider: Record<string, { pulled: Record<string, PullStats>; not_pulled: string[] }>;
  }[];
}
interface Grouped {
  groups: Record<
    string,
    { source: { provider: string; type: string }; data: { value: number; timestamp: string }[] }[]
  >;
}

const DAY_MS = 86_400_000;

describeWithBroker('demo provider through the real scheduler worker and RabbitMQ', () => {
  let db: TestDatabase;
  const procs: RunningProcess[] = [];
  let dataUrl = '';
  let keys: { sandbox: string; production: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    const [dataPort, schedulerPort] = await Promise.all([freePort(), freePort()]);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, AMQP_URL, LOG_LEVEL: 'warn' };
    dataUrl = `http://127.0.0.1:${dataPort}`;
    const dataApi = runTs('data-api', 'services/data-api/src/main.ts', {
      ...env,
      DATA_API_PORT: String(dataPort),
    });
    // A short tick: should another suite's scheduler on the same broker take our task, the sweep recovers it.
    const scheduler = runTs('scheduler', 'services/scheduler/src/main.ts', {
      ...env,
      HEALTH_PORT: String(schedulerPort),
      SCHEDULER_TICK_MS: '2000',
    });
    procs.push(dataApi, scheduler);
    await Promise.all([
      waitReady(dataUrl, dataApi, 90_000),
      waitReady(`http://127.0.0.1:${schedulerPort}`, scheduler, 90_000),
    ]);
    const boot = await runTsToEnd('tools/cli.ts', ['bootstrap', '--json'], {
      ...process.env,
      DATABASE_URL: db.url,
    });
    if (boot.code !== 0) throw new Error(`bootstrap failed (${boot.code}): ${boot.stderr}`);
    keys = (JSON.parse(boot.stdout) as { api_keys: typeof keys }).api_keys;
  }, 150_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.destroy();
  });

  const call = (path: string, init: RequestInit = {}, key = keys.sandbox) =>
    fetch(`${dataUrl}${path}`, {
      ...init,
      headers: { 'x-service-api-key': key, 'content-type': 'application/json', ...init.headers },
    });

  async function createUser(key: string, clientUserId: string): Promise<string> {
    const res = await call(
      '/v2/user',
      { method: 'POST', body: JSON.stringify({ client_user_id: clientUserId }) },
      key,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { user_id: string }).user_id;
  }

  it('fills a sandbox user with 30 days of oura data, served by the data API', async () => {
    const userId = await createUser(keys.sandbox, 'e2e-demo-oura');
    const connect = await call('/v2/link/connect/demo', {
      method: 'POST',
      body: JSON.stringify({ user_id: userId, provider: 'oura' }),
    });
    expect(connect.status).toBe(200);
    expect(await connect.json()).toMatchObject({ success: true });
    const connectedAt = Date.now();

    const user = (await (await call(`/v2/user/${userId}`)).json()) as {
      connected_sources: { provider: { slug: string } }[];
    };
    expect(user.connected_sources.map((s) => s.provider.slug)).toEqual(['oura']);

    const pulls = await waitFor(
      async () => {
        const res = await call(`/v2/introspect/historical_pull?user_id=${userId}`);
        if (res.status !== 200) throw new Error(`introspection: ${res.status} ${await res.text()}`);
        const oura = ((await res.json()) as HistoricalPulls).data[0]?.provider.oura;
        const stats = Object.values(oura?.pulled ?? {});
        if (stats.length === 0 || stats.some((p) => p.status !== 'success')) {
          throw new Error(`pulls not done yet: ${JSON.stringify(stats.map((p) => p.status))}`);
        }
        return oura!;
      },
      { timeoutMs: 100_000, intervalMs: 500 },
    );
    expect(pulls.pulled.heartrate).toMatchObject({ status: 'success' });
    expect(pulls.pulled.heartrate!.days_with_data).toBeGreaterThanOrEqual(30);
    expect(pulls.pulled.sleep!.days_with_data).toBeGreaterThanOrEqual(29);
    expect(pulls.not_pulled).toEqual(expect.arrayContaining(['device', 'menstrual_cycle']));

    const start = new Date(connectedAt - 30 * DAY_MS).toISOString().slice(0, 10);
    const grouped = await call(`/v2/timeseries/${userId}/heartrate/grouped?start_date=${start}`);
    expect(grouped.status).toBe(200);
    const groups = ((await grouped.json()) as Grouped).groups.oura ?? [];
    expect(groups.map((g) => [g.source.provider, g.source.type])).toEqual([['oura', 'ring']]);
    const samples = groups[0]!.data;
    expect(samples.length).toBeGreaterThan(1000);
    for (const s of samples.slice(0, 500)) {
      expect(s.value).toBeGreaterThan(35);
      expect(s.value).toBeLessThan(200);
    }

    const events = (await db.knex('outbox').where({ user_id: userId }).pluck('event_type')) as string[];
    expect(events).toEqual(
      expect.arrayContaining([
        'provider.connection.created',
        'historical.data.heartrate.created',
        'historical.data.sleep.created',
        'historical.data.sleep_cycle.created',
      ]),
    );
  });

  it('refuses demo connections with a production key', async () => {
    const userId = await createUser(keys.production, 'e2e-demo-production');
    const res = await call(
      '/v2/link/connect/demo',
      { method: 'POST', body: JSON.stringify({ user_id: userId, provider: 'oura' }) },
      keys.production,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: {
        error_type: 'forbidden',
        error_message: expect.stringContaining('sandbox environment only'),
      },
    });
  });
});
