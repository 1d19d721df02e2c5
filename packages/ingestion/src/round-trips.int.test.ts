import { useIngestionFixture } from './__tests__/ingestion-fixture';

/**
 * Round trips of a batch (issue 16): a day of one series that lands where nothing is stored sends its insert,
 * the activity locks and the activity reads in one message, and reads or locks nothing else on its own. What
 * it writes is what the separate statements wrote: samples, activity, resource stats and events.
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

  async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => {
      statements.push(q.sql.replace(/\s+/g, ' ').trim());
    };
    fx.db.knex.on('query', onQuery);
    try {
      return { result: await work(), statements };
    } finally {
      fx.db.knex.off('query', onQuery);
    }
  }

  it.each(['daily', 'historical'] as const)(
    'a %s day of one series with nothing stored: the user, one message for the write and the reads, the activity and stats, the events',
    async (mode) => {
      const userId = await fx.insertUser();
      const { result, statements } = await statementsOf(() =>
        fx.ingestion.ingest(dayOfHeartRate(userId, mode, 1)),
      );
      expect(result).toMatchObject({ created: 96, updated: 0, unchanged: 0 });
      // (The user's samples partition is looked up once per process.)
      const kinds = statements.filter((s) => !/^(begin|commit)|samples_partition\(/i.test(s));
      expect(kinds).toHaveLength(mode === 'daily' ? 4 : 3);
      expect(kinds[0]).toMatch(/^select .* from "users"/);
      expect(kinds[1]).toMatch(/^savepoint samples_insert; with gate/);
      // The activity lock and the activity reads travel in the write's message, and in no statement of their own.
      expect(kinds[1]).toMatch(/pg_advisory_xact_lock\(.*coalesce\(json_agg/);
      const others = kinds.filter((_, i) => i !== 1).join('\n');
      expect(others).not.toMatch(/pg_advisory_xact_lock|json_agg/);

      // The activity derived from what the message read: the day's heart rate, once.
      const activity = await fx.db
        .knex('summaries')
        .select('calendar_date', 'payload')
        .where({ user_id: userId, kind: 'activity' });
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
        ['activity', 1],
        ['heartrate', 96],
      ]);
      const events = (await fx.events(userId)).map((e) => e.event_type);
      expect(events).toEqual(
        mode === 'daily' ? ['daily.data.heartrate.created', 'daily.data.activity.created'] : [],
      );

      // The same day again meets what is stored: upserted, nothing created, no event, the activity unchanged.
      const again = await fx.ingestion.ingest(dayOfHeartRate(userId, mode, 1));
      expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 96 });
      expect((await fx.events(userId)).map((e) => e.event_type)).toEqual(events);
      expect(
        await fx.db
          .knex('summaries')
          .select('calendar_date', 'payload')
          .where({ user_id: userId, kind: 'activity' }),
      ).toEqual(activity);
    },
  );
});
