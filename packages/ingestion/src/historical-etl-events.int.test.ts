import { useIngestionFixture } from './__tests__/ingestion-fixture';

const RING = { provider: 'oura', type: 'ring' as const };

/** `push_historical_data`: historical chunks write ETL-only `daily.data.*` events only for such pipelines. */
describe('historical data pushed to ETL', () => {
  const fx = useIngestionFixture();

  afterEach(() => fx.db.knex('etl_pipelines').del());

  async function setPipeline(opts: { push: boolean; enabled?: string[]; azure?: boolean }) {
    await fx.db
      .knex('etl_pipelines')
      .insert({
        team_id: fx.teamId,
        environment: 'sandbox',
        push_historical_data: opts.push,
        preferences: JSON.stringify({ preferred: 'azure_amqp', enabled: opts.enabled ?? ['azure_amqp'] }),
        azure_amqp:
          opts.azure === false
            ? null
            : JSON.stringify({ default_event_hub: 'hub', event_hub_matchers: null, compression: 'auto' }),
        azure_connection_string_ciphertext: opts.azure === false ? null : 'sealed',
      })
      .onConflict(['team_id', 'environment'])
      .merge();
  }

  const historicalChunk = (userId: string) =>
    fx.ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: [
        { resource: 'heartrate', source: RING, samples: [{ timestamp: '2026-03-05T03:00:00Z', value: 52 }] },
      ],
      summaries: [
        {
          kind: 'sleep',
          source: RING,
          provider_id: 'sleep-1',
          fields: { bedtime_start: '2026-03-04T23:00:00Z', bedtime_stop: '2026-03-05T07:00:00Z' },
        },
      ],
    });

  const outbox = (userId: string) =>
    fx.db.knex('outbox').where({ user_id: userId }).orderBy('seq').select('id', 'event_type', 'etl_only');

  it('writes the chunk’s daily.data events marked etl_only when the pipeline pushes historical data', async () => {
    await setPipeline({ push: true });
    const userId = await fx.insertUser();
    const result = await historicalChunk(userId);
    const rows = await outbox(userId);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(result.eventIds).toEqual(rows.map((r) => r.id));
    for (const row of rows) {
      expect(row.etl_only).toBe(true);
      expect(row.event_type).toMatch(/^daily\.data\./);
    }
    expect(rows.map((r) => r.event_type)).toEqual(
      expect.arrayContaining(['daily.data.heartrate.created', 'daily.data.sleep.created']),
    );
  });

  it('writes none without push_historical_data, without azure_amqp enabled, or without a pipeline', async () => {
    for (const setup of [
      () => setPipeline({ push: false }),
      () => setPipeline({ push: true, enabled: ['webhook'] }),
      () => setPipeline({ push: true, enabled: ['azure_amqp'], azure: false }),
      () => fx.db.knex('etl_pipelines').del(),
    ]) {
      await setup();
      const userId = await fx.insertUser();
      const result = await historicalChunk(userId);
      expect(result.eventIds).toEqual([]);
      expect(await outbox(userId)).toEqual([]);
    }
  });

  it('daily batches are unaffected: their events are not etl_only', async () => {
    await setPipeline({ push: true });
    const userId = await fx.insertUser();
    await fx.ingestion.ingest({
      userId,
      mode: 'daily',
      timeseries: [
        { resource: 'heartrate', source: RING, samples: [{ timestamp: '2026-03-05T03:00:00Z', value: 52 }] },
      ],
    });
    const rows = await outbox(userId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.etl_only === false)).toBe(true);
  });
});
