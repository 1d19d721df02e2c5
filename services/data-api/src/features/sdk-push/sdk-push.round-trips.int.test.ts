import { createKnex, type Knex } from '@meridian/db';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import {
  createUser,
  heartRates,
  outboxCounts,
  push,
  pushTestApp,
  sampleCount,
  seedTenant,
  signIn,
  stepCounts,
  type Tenant,
} from './sdk-push.test-fixtures';

/**
 * Round trips of a push to PostgreSQL (ReadyForQuery answers counted on the data API's one connection): an
 * hourly push of heart rate and steps, once the connection has parsed its statements, takes four: BEGIN with
 * the batch's lookup, the SAVEPOINT with the samples' insert (both resources, one statement) and the
 * activity's read run ahead with it, the activity with the resource stats, the answer with the COMMIT.
 */

jest.setTimeout(60_000);

const NOW = new Date('2026-11-20T12:00:00.000Z');
const HOUR_MS = 3_600_000;

describe('round trips of a push', () => {
  let db: TestDatabase;
  let tenant: Tenant;
  let one: Knex;
  const counter = { answers: 0 };

  beforeAll(async () => {
    db = await createTestDatabase();
    tenant = await seedTenant(db.knex);
    one = createKnex({ connectionString: db.url, poolMax: 1 });
    const pool = one.client as { acquireConnection(): Promise<{ connection: NodeJS.EventEmitter }> };
    const acquire = pool.acquireConnection.bind(pool);
    const counted = new WeakSet<object>();
    pool.acquireConnection = async () => {
      const c = await acquire();
      if (!counted.has(c)) {
        counted.add(c);
        c.connection.on('readyForQuery', () => (counter.answers += 1));
      }
      return c;
    };
  });
  afterAll(async () => {
    await one.destroy();
    await db.destroy();
  });

  const hour = (n: number, more = false) => {
    const from = new Date(NOW.getTime() - 48 * HOUR_MS + n * HOUR_MS);
    return {
      batch_id: `hour-${n}`,
      sent_at: NOW.toISOString(),
      time_zone: 'Europe/Berlin',
      resources: [
        { resource: 'heartrate', anchor: `hr-${n}`, more_history: more, records: heartRates(from, 60) },
        { resource: 'steps', anchor: `st-${n}`, more_history: more, records: stepCounts(from, 6) },
      ],
    };
  };

  it('an hourly push of two resources: four round trips, storing what it did before', async () => {
    const { app } = pushTestApp(one, { now: NOW });
    const userId = await createUser(app, tenant.sandboxKey);
    const d = await signIn(app, tenant.sandboxKey, userId, 'install-round-trips');
    // The first push is the history (closed by it); the ones after are daily data.
    const perPush: number[] = [];
    const sent: unknown[] = [];
    for (let n = 0; n < 6; n += 1) {
      const before = counter.answers;
      sent.push(hour(n));
      const res = await push(app, d.accessToken, sent[n]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        results: [
          { resource: 'heartrate', status: 'stored', samples_created: 60, acknowledged_anchor: `hr-${n}` },
          { resource: 'steps', status: 'stored', samples_created: 6, acknowledged_anchor: `st-${n}` },
        ],
      });
      perPush.push(counter.answers - before);
    }
    // The first pushes parse the statements on the connection (a statement parsed in its exchange goes
    // without the BEGIN or SAVEPOINT before it, the activity's read alone until parsed).
    expect(perPush.slice(3)).toEqual([4, 4, 4]);
    expect(await sampleCount(db.knex, userId)).toBe(6 * 66);
    const events = await outboxCounts(db.knex, userId);
    expect(events).toMatchObject({
      'daily.data.heartrate.created': 5,
      'daily.data.steps.created': 5,
      'historical.data.heartrate.created': 1,
      'historical.data.steps.created': 1,
    });
    // A resend (the same bytes) is answered from the stored answer: nothing written again.
    const again = await push(app, d.accessToken, sent[5]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await sampleCount(db.knex, userId)).toBe(6 * 66);
    expect(await outboxCounts(db.knex, userId)).toEqual(events);
  });
});
