import { useIngestionFixture } from './__tests__/ingestion-fixture';

/**
 * Round trips of a batch (issue 16): a day of one series that lands where nothing is stored takes the samples'
 * savepoint with the user's read and the activity lock with its insert, and reads the activity's inputs in one
 * statement. What it writes is what the separate statements wrote: samples, activity, resource stats, events.
 */
describe('round trips per batch', () => {
  const fx = useIngestionFixture();
  const DAY_MS = 86_400_000;

  const dayOfHeartRate = (userId: string, mode: 'daily' | 'historical', day: number) => {
    const start = Date.UTC(2026, 2, 1) + day * DAY_MS - 3_600_000;
    return {
      userId,
      mode,
      timeseries: [
        {
          resource: 'heartrate',
          source: { provider: 'garmin', type: 'watch' as const },
          samples: Array.from({ length: 96 }, (_, i) => ({
            timestamp: new Date(start + i * 900_000).toISOString(),
            timezone_offset: 3600,
            value: 60 + (i % 30),
            unit: 'bpm',
          })),
        },
      ],
    };
  };

  /** The statements `work` sends (whitespace collapsed), and by statement its prepared-statement name. */
  async function statementsOf<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; statements: string[]; names: Map<string, string | undefined> }> {
    const statements: string[] = [];
    const names = new Map<string, string | undefined>();
    const onQuery = (q: { sql: string; options?: { name?: string } }) => {
      const sql = q.sql.replace(/\s+/g, ' ').trim();
      statements.push(sql);
      names.set(sql, q.options?.name);
    };
    fx.db.knex.on('query', onQuery);
    try {
      return { result: await work(), statements, names };
    } finally {
      fx.db.knex.off('query', onQuery);
    }
  }

  it.each(['daily', 'historical'] as const)(
    'a %s day of one series with nothing stored: the user, the insert, the reads, the activity and stats, the events',
    async (mode) => {
      const userId = await fx.insertUser();
      const { result, statements, names } = await statementsOf(() =>
        fx.ingestion.ingest(dayOfHeartRate(userId, mode, 1)),
      );
      expect(result).toMatchObject({ created: 96, updated: 0, unchanged: 0 });
      // (The user's samples partition is looked up once per process.)
      const kinds = statements.filter((s) => !/^(begin|commit);?$|samples_partition\(/i.test(s));
      expect(kinds).toHaveLength(mode === 'daily' ? 5 : 4);
      expect(statements.filter((s) => /^begin;?$/i.test(s))).toEqual([]);
      expect(statements.filter((s) => /^commit;?$/i.test(s))).toHaveLength(1);
      // The user's read begins the transaction (no BEGIN round trip of its own) and takes the samples'
      // savepoint; the first insert takes the activity lock (and probes the span); one statement reads what the
      // activity is derived from; no lock, savepoint or release of its own.
      expect(kinds[0]).toMatch(
        /^begin; select .* from users u .* for key share of u; savepoint samples_insert$/,
      );
      expect(kinds[1]).toMatch(/^with gate as materialized .*pg_advisory_xact_lock\(/);
      expect(kinds[2]).toMatch(/^select \(select coalesce\(json_agg/);
      expect(kinds[3]).toMatch(/^with also as \( insert into resource_stats .* insert into summaries/);
      if (mode === 'daily') expect(kinds[4]).toMatch(/^insert into "outbox"/);
      expect(kinds.filter((k) => /^(select pg_advisory|savepoint|release)/.test(k))).toEqual([]);
      // The insert, the activity's read and the activity with the stats run as prepared statements (named:
      // parsed and planned once per connection), one name per text; the user's read and savepoint (two
      // statements in one message) cannot be.
      const named = kinds.slice(1, 4).map((k) => names.get(k));
      expect(named).toEqual([
        expect.stringMatching(/^meridian_ingest_\d+$/),
        expect.stringMatching(/^meridian_ingest_\d+$/),
        expect.stringMatching(/^meridian_ingest_\d+$/),
      ]);
      expect(new Set(named).size).toBe(3);
      expect(names.get(kinds[0]!)).toBeUndefined();
      // Another day sends the same texts under the same names (values are parameters, never in the text).
      const next = await statementsOf(() => fx.ingestion.ingest(dayOfHeartRate(userId, mode, 3)));
      const nextKinds = next.statements.filter((s) => !/^(begin|commit);?$|samples_partition\(/i.test(s));
      expect(nextKinds.slice(1, 4)).toEqual(kinds.slice(1, 4));
      expect(nextKinds.slice(1, 4).map((k) => next.names.get(k))).toEqual(named);

      // The activity derived from what was read: the day's heart rate, once.
      const activity = await fx.db
        .knex('summaries')
        .select('calendar_date', 'payload')
        .where({ user_id: userId, kind: 'activity', calendar_date: '2026-03-02' });
      expect(activity).toEqual([
        {
          calendar_date: '2026-03-02',
          payload: expect.objectContaining({
            heart_rate: expect.objectContaining({ avg_bpm: 73.75, min_bpm: 60, max_bpm: 89 }),
          }),
        },
      ]);
      const stats = await fx.db.knex('resource_stats').where({ user_id: userId }).orderBy('resource');
      expect(stats.map((s: { resource: string; sent_count: number }) => [s.resource, s.sent_count])).toEqual([
        ['activity', 2],
        ['heartrate', 192],
      ]);
      const events = (await fx.events(userId)).map((e) => e.event_type);
      expect(events).toEqual(
        mode === 'daily'
          ? [
              'daily.data.heartrate.created',
              'daily.data.activity.created',
              'daily.data.heartrate.created',
              'daily.data.activity.created',
            ]
          : [],
      );

      // The same day again meets what is stored: upserted, nothing created, no event, the activity unchanged.
      const {
        result: again,
        statements: upserted,
        names: upsertNames,
      } = await statementsOf(() => fx.ingestion.ingest(dayOfHeartRate(userId, mode, 1)));
      expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 96 });
      // The upsert that follows (per row for daily data, counting for a historical chunk) is named too.
      const upsert = upserted.filter((s) => / on conflict \(user_id, series, start_at\) do update /.test(s));
      expect(upsert).toHaveLength(1);
      expect(upsertNames.get(upsert[0]!)).toMatch(/^meridian_ingest_\d+$/);
      expect((await fx.events(userId)).map((e) => e.event_type)).toEqual(events);
      expect(
        await fx.db
          .knex('summaries')
          .select('calendar_date', 'payload')
          .where({ user_id: userId, kind: 'activity', calendar_date: '2026-03-02' }),
      ).toEqual(activity);
    },
  );

  /** A day of heart rate and of 15-minute steps: two series, each its own chunk. */
  const dayOfTwoSeries = (userId: string, day: number) => {
    const hr = dayOfHeartRate(userId, 'daily', day);
    const start = Date.UTC(2026, 2, 1) + day * DAY_MS - 3_600_000;
    return {
      ...hr,
      timeseries: [
        ...hr.timeseries,
        {
          resource: 'steps',
          source: { provider: 'garmin', type: 'watch' as const },
          samples: Array.from({ length: 96 }, (_, i) => ({
            timestamp: new Date(start + i * 900_000).toISOString(),
            end: new Date(start + (i + 1) * 900_000).toISOString(),
            timezone_offset: 3600,
            value: 100 + i,
          })),
        },
      ],
    };
  };

  it('a daily batch of two series: both probed and inserted by one statement; one met where stored is upserted alone', async () => {
    const userId = await fx.insertUser();
    const { result, statements } = await statementsOf(() => fx.ingestion.ingest(dayOfTwoSeries(userId, 1)));
    expect(result).toMatchObject({ created: 192, updated: 0, unchanged: 0 });
    const kinds = statements.filter((s) => !/^(begin|commit);?$|samples_partition\(/i.test(s));
    // The user's read, one insert for both series (locks, both probes), the activity's read, the activity
    // with the stats, the events: no probe statement of its own, no second insert.
    expect(kinds).toHaveLength(5);
    expect(kinds[1]).toMatch(
      /^with gate as materialized .*pg_advisory_xact_lock\(.* as f0, .* as f1 .* ins1 as/,
    );
    expect(kinds.filter((k) => /^select not exists/.test(k))).toEqual([]);
    expect(await fx.samples(userId)).toHaveLength(192);
    const types = (await fx.events(userId)).map((e) => e.event_type);
    expect(types).toEqual([
      'daily.data.heartrate.created',
      'daily.data.steps.created',
      'daily.data.activity.created',
    ]);

    // The next day with its steps stored already (one changed): heart rate inserted by the statement, the
    // steps' probe finds their rows, so they insert nothing there and are upserted after it.
    const user2 = await fx.insertUser();
    const twoDays = dayOfTwoSeries(user2, 2);
    await fx.ingestion.ingest({ ...twoDays, mode: 'historical', timeseries: [twoDays.timeseries[1]!] });
    const next = dayOfTwoSeries(user2, 2);
    const steps = next.timeseries[1]!.samples as Array<{ value: number }>;
    steps[5] = { ...steps[5]!, value: 5000 };
    const mixed = await statementsOf(() => fx.ingestion.ingest(next));
    expect(mixed.result).toMatchObject({ created: 96, updated: 1, unchanged: 95 });
    const upserts = mixed.statements.filter((s) =>
      / on conflict \(user_id, series, start_at\) do update /.test(s),
    );
    expect(upserts).toHaveLength(1);
    expect(await fx.samples(user2)).toHaveLength(192);
    const mixedEvents = (await fx.events(user2)).filter((e) => !e.event_type.includes('activity'));
    expect(
      mixedEvents.map((e) => [e.event_type, (e.payload as { data: { data: unknown[] } }).data.data.length]),
    ).toEqual([
      ['daily.data.heartrate.created', 96],
      ['daily.data.steps.updated', 1],
    ]);
  });
});
