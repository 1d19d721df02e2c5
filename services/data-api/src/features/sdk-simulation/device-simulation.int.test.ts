import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import {
  AnchoredHealthStore,
  DeviceSignedOut,
  expectedCounts,
  fetchHttp,
  healthKitWeek,
  integratorBackend,
  recordStart,
  splitRecordsAt,
  SimulatedDevice,
  SIMULATED_RESOURCES,
  type DeviceHttp,
  type HealthKitWeek,
  type NativeRecord,
  type SimulatedDeviceOptions,
  type SimulatedResource,
} from '../../testing/device-simulator';

/**
 * The mobile-SDK path end to end (issue 12, decision 0009): simulated phones sign in through the integrator's
 * backend and push a week of HealthKit data through the real HTTP endpoints of the data API, on a real
 * database, with crashes between batches, lost answers, duplicate batches, a lost refresh answer, a skewed
 * clock and revoked sessions. A second phone pushes the same week without a fault: both must end with the
 * same data and the same events, and exactly the week.
 */

const PROVIDER = 'apple_health_kit';
/** The server's clock; the data is the week before it. */
const T0 = new Date('2026-11-20T03:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Tokyo (the phone's zone): local noon on day 5 of the week, when the first sync happens. */
const CUTOFF_AFTER_DAYS = 5;
/** The faulty phone's clock runs 3 h 17 min fast. */
const SKEW_MS = 3 * HOUR + 17 * 60_000;
/** A week of minute data through HTTP takes seconds; on a loaded two-core machine, up to a minute or two. */
const SLOW_MS = 180_000;
/** Records per resource per batch: the first sync sends 11 batches, the second 4. */
const BATCH_SIZE = 720;

const TIMESERIES: Record<'heartrate' | 'steps', string> = { heartrate: 'heartrate', steps: 'steps' };
const SUMMARIES: Record<'sleep' | 'workouts', string> = { sleep: 'sleep', workouts: 'workouts' };

interface EventRow {
  event_type: string;
  // Event payloads are read as the wire shapes under test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: { data: any };
}

describe('simulated devices pushing a week of HealthKit data', () => {
  let h: DataApiHarness;
  let team: SeededTeam;
  let server: http.Server;
  let api: DeviceHttp;
  let now: number;
  let week: HealthKitWeek;
  let firstWave: Record<SimulatedResource, NativeRecord[]>;
  let secondWave: Record<SimulatedResource, NativeRecord[]>;

  const key = () => team.apiKeys.sandbox;
  const asTeam = (path: string) => api('GET', path, { headers: { 'x-service-api-key': key() } });
  const advance = (ms: number) => {
    now += ms;
    h.setNow(new Date(now));
  };

  async function createUser(clientUserId: string): Promise<string> {
    const res = await api('POST', '/v2/user', {
      headers: { 'x-service-api-key': key() },
      body: { client_user_id: clientUserId },
    });
    expect(res.status).toBe(200);
    return res.body.user_id as string;
  }

  function phone(
    userId: string,
    store: AnchoredHealthStore,
    extra: Partial<SimulatedDeviceOptions> = {},
  ): SimulatedDevice {
    return new SimulatedDevice({
      http: api,
      backend: integratorBackend(api, key()),
      userId,
      store,
      clock: () => new Date(now),
      // Waiting (Retry-After, back-off) moves the server's clock instead of the test's time.
      sleep: async (ms) => advance(ms),
      batchSize: BATCH_SIZE,
      timeZone: week.timeZone,
      ...extra,
    });
  }

  beforeAll(async () => {
    h = await createDataApiHarness();
    now = T0.getTime();
    h.setNow(T0);
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = fetchHttp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    week = healthKitWeek({ end: new Date(T0.getTime() - 10 * 60_000), days: 7, seed: 7 });
    // Local noon (Tokyo, +09:00) of day 5: the first sync sees days 1–5, the second the rest.
    const cutoff = new Date(
      Math.floor((week.start.getTime() + 9 * HOUR) / DAY) * DAY -
        9 * HOUR +
        CUTOFF_AFTER_DAYS * DAY +
        12 * HOUR,
    );
    [firstWave, secondWave] = splitRecordsAt(week.records, cutoff);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
  });

  // --- reads ------------------------------------------------------------------------------------------

  /** Samples of a timeseries through the grouped read (every page, every source group). */
  async function samplesRead(userId: string, slug: string): Promise<string[]> {
    const timestamps: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({
        start_date: new Date(week.start.getTime() - DAY).toISOString().slice(0, 10),
        end_date: new Date(week.end.getTime() + DAY).toISOString().slice(0, 10),
        provider: PROVIDER,
      });
      if (cursor) query.set('next_cursor', cursor);
      const res = await asTeam(`/v2/timeseries/${userId}/${slug}/grouped?${query.toString()}`);
      expect(res.status).toBe(200);
      for (const group of res.body.groups[PROVIDER] ?? []) {
        for (const sample of group.data) timestamps.push(sample.timestamp);
      }
      cursor = res.body.next_cursor;
    } while (cursor);
    return timestamps;
  }

  async function summariesRead(userId: string, kind: string): Promise<unknown[]> {
    const query = new URLSearchParams({
      start_date: new Date(week.start.getTime() - DAY).toISOString().slice(0, 10),
      end_date: new Date(week.end.getTime() + DAY).toISOString().slice(0, 10),
      provider: PROVIDER,
    });
    const res = await asTeam(`/v2/summary/${kind}/${userId}?${query.toString()}`);
    expect(res.status).toBe(200);
    return res.body[kind] as unknown[];
  }

  async function storedCounts(userId: string): Promise<Record<SimulatedResource, number>> {
    const samples = await h.db
      .knex('timeseries_samples')
      .where({ user_id: userId, provider: PROVIDER })
      .groupBy('resource')
      .select('resource')
      .count({ n: '*' });
    const summaries = await h.db
      .knex('summaries')
      .where({ user_id: userId, provider: PROVIDER })
      .groupBy('kind')
      .select('kind')
      .count({ n: '*' });
    const of = (rows: Record<string, unknown>[], col: string, name: string) =>
      Number(rows.find((r) => r[col] === name)?.n ?? 0);
    return {
      heartrate: of(samples, 'resource', 'heartrate'),
      steps: of(samples, 'resource', 'steps'),
      sleep: of(summaries, 'kind', 'sleep'),
      workouts: of(summaries, 'kind', 'workouts'),
    };
  }

  /** The user's events as integrators see them (not the ETL-only copies), in order. */
  async function eventsOf(userId: string): Promise<EventRow[]> {
    return h.db
      .knex('outbox')
      .where({ user_id: userId, etl_only: false })
      .orderBy('seq')
      .select('event_type', 'payload');
  }

  function countByType(events: EventRow[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const e of events) counts[e.event_type] = (counts[e.event_type] ?? 0) + 1;
    return counts;
  }

  /** Every sample instant carried by `daily.data.<resource>.created|updated` events (ms). */
  function dailySampleInstants(events: EventRow[], resource: string): number[] {
    return events
      .filter(
        (e) =>
          e.event_type === `daily.data.${resource}.created` ||
          e.event_type === `daily.data.${resource}.updated`,
      )
      .flatMap((e) => (e.payload.data.data as { timestamp: string }[]).map((s) => Date.parse(s.timestamp)));
  }

  /** Samples pushed after the history (the first sync, sent with `more_history` until its last page). */
  const dailySamples = (resource: 'heartrate' | 'steps') => expectedCounts(secondWave)[resource];

  async function expectExactlyTheWeek(userId: string): Promise<void> {
    const expected = week.expected;
    expect(await storedCounts(userId)).toEqual(expected);
    for (const [resource, slug] of Object.entries(TIMESERIES)) {
      const read = await samplesRead(userId, slug);
      expect({ resource, samples: read.length }).toEqual({
        resource,
        samples: expected[resource as SimulatedResource],
      });
      expect(new Set(read.map((t) => Date.parse(t))).size).toBe(read.length);
    }
    for (const [resource, kind] of Object.entries(SUMMARIES)) {
      const read = await summariesRead(userId, kind);
      expect({ resource, summaries: read.length }).toEqual({
        resource,
        summaries: expected[resource as SimulatedResource],
      });
    }
  }

  // --- the scenario -----------------------------------------------------------------------------------

  let clean: { userId: string; device: SimulatedDevice; store: AnchoredHealthStore };
  let faulty: { userId: string; device: SimulatedDevice; store: AnchoredHealthStore };

  it(
    'a phone without faults pushes the week: exactly the week, one historical event per resource',
    async () => {
      const userId = await createUser('sim-clean');
      const store = new AnchoredHealthStore(firstWave);
      const device = phone(userId, store);
      clean = { userId, device, store };

      await device.sync();
      expect(await storedCounts(userId)).toEqual(expectedCounts(firstWave));
      advance(2 * HOUR); // the access token (1 h) has expired: the next sync refreshes first
      store.add('heartrate', secondWave.heartrate);
      store.add('steps', secondWave.steps);
      store.add('sleep', secondWave.sleep);
      store.add('workouts', secondWave.workouts);
      await device.sync();
      expect(device.log.filter((e) => e.kind === 'refresh').map((e) => e.status)).toEqual([200]);
      expect(device.log.filter((e) => e.kind === 'push').every((e) => e.status === 200)).toBe(true);

      await expectExactlyTheWeek(userId);
      // The HealthKit shapes arrive as what they are: a run with its statistics, whole nights of sleep.
      expect(await summariesRead(userId, 'workouts')).toEqual([
        expect.objectContaining({
          sport: { id: 1, name: 'Running', slug: 'running' },
          calories: 512,
          distance: 7420,
          average_hr: 148,
          max_hr: 171,
          time_start: expect.stringMatching(/T18:00:00\+09:00$/),
        }),
      ]);
      for (const night of (await summariesRead(userId, 'sleep')) as { total: number; duration: number }[]) {
        expect(night.duration).toBeGreaterThan(7 * 3600);
        expect(night.total).toBeGreaterThan(6 * 3600);
      }
      const events = await eventsOf(userId);
      const counts = countByType(events);
      for (const resource of SIMULATED_RESOURCES) {
        expect({ resource, historical: counts[`historical.data.${resource}.created`] }).toEqual({
          resource,
          historical: 1,
        });
      }
      expect(counts['provider.connection.created']).toBe(1);
      // The second sync is daily data: each of its nights and samples in exactly one daily event.
      expect(counts['daily.data.sleep.created']).toBe(expectedCounts(secondWave).sleep);
      expect(counts['daily.data.workouts.created']).toBeUndefined();
      for (const resource of ['heartrate', 'steps'] as const) {
        const instants = dailySampleInstants(events, resource);
        expect({ resource, daily: instants.length }).toEqual({ resource, daily: dailySamples(resource) });
        expect(new Set(instants).size).toBe(instants.length);
      }
    },
    SLOW_MS,
  );

  it(
    'a phone with crashes, lost answers, duplicate batches and a skewed clock ends with the same data and events',
    async () => {
      const userId = await createUser('sim-faulty');
      const store = new AnchoredHealthStore(firstWave);
      const device = phone(userId, store, {
        clockSkewMs: SKEW_MS,
        persistPendingBatch: true,
        faults: {
          atBatch: {
            1: ['crash_after_send_unsaved'], // the historical batch itself, stored, answer lost, app killed
            2: ['lose_answer_then_retry'],
            3: ['crash_after_send'], // resent under the same batch_id on relaunch
            4: ['crash_before_send'],
            5: ['resend_same_batch'],
            6: ['resend_records_new_batch'],
            8: ['lose_refresh_answer'],
            // The second sync (daily data) starts at batch 13: batch 1 was sent twice.
            13: ['resend_same_batch'],
            14: ['crash_after_send_unsaved'],
            15: ['lose_answer_then_retry'],
          },
        },
      });
      faulty = { userId, device, store };

      const first = await device.syncThroughCrashes();
      expect(first.relaunches).toBe(3);
      expect(await storedCounts(userId)).toEqual(expectedCounts(firstWave));
      advance(2 * HOUR);
      store.add('heartrate', secondWave.heartrate);
      store.add('steps', secondWave.steps);
      store.add('sleep', secondWave.sleep);
      store.add('workouts', secondWave.workouts);
      const second = await device.syncThroughCrashes();
      expect(second.relaunches).toBe(1);

      // A replayed batch_id answers what it answered the first time; the same records again add nothing.
      const pushes = device.log.filter((e) => e.kind === 'push');
      expect(pushes.every((e) => e.status === 200)).toBe(true);
      const byBatch = new Map<string, unknown[]>();
      for (const p of pushes) byBatch.set(p.batchId!, [...(byBatch.get(p.batchId!) ?? []), p.answer]);
      const replayed = [...byBatch.values()].filter((answers) => answers.length > 1);
      expect(replayed.length).toBeGreaterThanOrEqual(4);
      for (const answers of replayed) for (const a of answers) expect(a).toEqual(answers[0]);
      expect(pushes.filter((p) => p.replayed)).toHaveLength(
        [...byBatch.values()].reduce((n, answers) => n + answers.length - 1, 0),
      );
      const resent = pushes.filter((p) => p.note === 'same records, new batch');
      expect(resent).toHaveLength(1);
      for (const r of (resent[0]!.answer as { results: { status: string; samples_created: number }[] })
        .results) {
        expect(r).toEqual(expect.objectContaining({ status: 'no_new_data', samples_created: 0 }));
      }
      // The lost refresh answer was recovered within the grace window: no second sign-in.
      expect(device.log.filter((e) => e.kind === 'sign_in')).toHaveLength(1);

      await expectExactlyTheWeek(userId);
      const events = await eventsOf(userId);
      const counts = countByType(events);
      const cleanCounts = countByType(await eventsOf(clean.userId));
      expect(counts).toEqual(cleanCounts);
      for (const resource of SIMULATED_RESOURCES) {
        expect(counts[`historical.data.${resource}.created`]).toBe(1);
      }
      expect(counts['provider.connection.created']).toBe(1);
      for (const resource of ['heartrate', 'steps'] as const) {
        const instants = dailySampleInstants(events, resource);
        expect(instants).toHaveLength(dailySamples(resource));
        expect(new Set(instants).size).toBe(instants.length);
      }
      expect(await h.db.knex('provider_connections').where({ user_id: userId, provider: PROVIDER })).toEqual([
        expect.objectContaining({ auth_type: 'sdk', status: 'connected' }),
      ]);
      // Records are stored at their own instants, whatever the phone's clock says.
      const newest = await h.db
        .knex('timeseries_samples')
        .where({ user_id: userId, resource: 'heartrate' })
        .max({ at: 'start_at' });
      expect((newest[0]!.at as Date).getTime()).toBeLessThan(week.end.getTime());
    },
    SLOW_MS,
  );

  it('shows each device with the anchors it last had acknowledged, and the pull in introspection', async () => {
    const list = await asTeam(`/v2/user/${faulty.userId}/device`);
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[]).map((d) => d.id)).toEqual([faulty.device.deviceId]);
    const res = await asTeam(`/v2/user/${faulty.userId}/device/${faulty.device.deviceId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((list.body as unknown[])[0]);
    // Server receipt minus the phone's sent_at: the phone runs 3 h 17 min fast.
    expect(Math.abs(res.body.clock_skew_seconds + SKEW_MS / 1000)).toBeLessThanOrEqual(1);
    const status = res.body.sync_status as {
      provider: string;
      resource: string;
      acknowledged_anchor: string | null;
      historical_push_completed_at: string | null;
      last_error: unknown;
    }[];
    expect(status.map((s) => `${s.provider}/${s.resource}`).sort()).toEqual(
      SIMULATED_RESOURCES.map((r) => `${PROVIDER}/${r}`).sort(),
    );
    for (const s of status) {
      expect(s).toEqual(
        expect.objectContaining({
          acknowledged_anchor: faulty.device.state.anchors[s.resource as SimulatedResource],
          historical_push_completed_at: expect.any(String),
          last_error: null,
        }),
      );
    }
    // The anchors are the last of each resource: HealthKit has nothing newer for this device.
    for (const resource of SIMULATED_RESOURCES) {
      expect(AnchoredHealthStore.positionOf(resource, faulty.device.state.anchors[resource] ?? null)).toBe(
        week.records[resource].length,
      );
    }

    const pulls = await asTeam(`/v2/introspect/historical_pull?user_id=${faulty.userId}`);
    expect(pulls.status).toBe(200);
    const pulled = pulls.body.data[0].provider[PROVIDER].pulled as Record<string, { status: string }>;
    for (const resource of SIMULATED_RESOURCES) expect(pulled[resource]?.status).toBe('success');
  });

  it('refuses a revoked session, and the phone signed in again resumes where it was', async () => {
    const { device, userId, store } = faulty;
    const revokedAccess = device.state.session!.accessToken;
    const revokedRefresh = device.state.session!.refreshToken;
    const deviceId = device.deviceId;
    expect((await device.signOut()).status).toBe(200);

    const probe = device.batchOf([
      { resource: 'heartrate', anchor: device.state.anchors.heartrate ?? null, records: [] },
    ]);
    const refused = await device.pushWithToken(revokedAccess, probe);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const refresh = await api('POST', '/v2/sdk/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: revokedRefresh },
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    expect(refresh.status).toBeLessThan(500);
    await expect(device.sync()).resolves.toEqual([]); // nothing new: nothing to send, no token needed

    // New data while signed out: the push is refused until the backend signs the phone in again.
    const later = healthKitWeek({ end: new Date(now), days: 1, seed: 8 }).records.heartrate.filter(
      (r) => recordStart(r) >= week.end.getTime(),
    );
    expect(later.length).toBeGreaterThan(0);
    store.add('heartrate', later.slice(0, 30));
    await expect(device.sync()).rejects.toBeInstanceOf(DeviceSignedOut);
    await device.signIn();
    expect(device.deviceId).toBe(deviceId); // same installation, same device
    await device.sync();
    expect((await storedCounts(userId)).heartrate).toBe(week.expected.heartrate + 30);

    // "No new data" is its own answer.
    const idle = await device.deliver(
      device.batchOf([
        { resource: 'heartrate', anchor: device.state.anchors.heartrate ?? null, records: [] },
      ]),
    );
    expect(idle.results).toEqual([expect.objectContaining({ resource: 'heartrate', status: 'no_new_data' })]);
    const counts = countByType(await eventsOf(userId));
    expect(counts['provider.connection.created']).toBe(1);
    expect(counts['historical.data.heartrate.created']).toBe(1);
  });

  it('refuses a sign-in token exchanged twice, and every session once the connection is removed', async () => {
    const { device, userId } = clean;
    const token = await integratorBackend(api, key()).signInToken(userId);
    const second = phone(userId, clean.store);
    expect((await second.exchange(token)).status).toBe(200);
    expect((await second.exchange(token)).status).toBe(400);

    const removed = await api('DELETE', `/v2/user/${userId}/${PROVIDER}`, {
      headers: { 'x-service-api-key': key() },
    });
    expect(removed.status).toBe(200);
    for (const phoneOfUser of [device, second]) {
      const probe = phoneOfUser.batchOf([{ resource: 'steps', anchor: null, records: [] }]);
      const res = await phoneOfUser.pushWithToken(phoneOfUser.state.session!.accessToken, probe);
      expect(res.status).toBe(401);
    }
    await expect(device.refresh()).resolves.toEqual(expect.objectContaining({ status: 400 }));
    expect(device.state.session).not.toBeNull();
    const refusedPush = await device
      .deliver(device.batchOf([{ resource: 'steps', anchor: null, records: [] }]))
      .catch((err: unknown) => err);
    expect(refusedPush).toBeInstanceOf(DeviceSignedOut);
    expect((refusedPush as DeviceSignedOut).answer?.body.detail.error_type).toBe('invalid_grant');
  });
});
