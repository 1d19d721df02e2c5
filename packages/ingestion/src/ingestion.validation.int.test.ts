import { NotFoundError, ValidationError, newId } from '@meridian/domain';
import type { IngestBatch } from './ingestion.types';
import { useIngestionFixture } from './__tests__/ingestion-fixture';

const WATCH = { provider: 'apple_health_kit', type: 'watch' as const };

async function refusal(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the batch to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('ingestion refuses bad input as a whole', () => {
  const fx = useIngestionFixture();

  async function tableCounts(userId: string) {
    const count = async (table: string) =>
      Number((await fx.db.knex(table).where({ user_id: userId }).count({ n: '*' }).first())?.n);
    return {
      samples: await count('timeseries_samples'),
      summaries: await count('summaries'),
      streams: await count('workout_streams'),
      stats: await count('resource_stats'),
      outbox: await count('outbox'),
    };
  }
  const NOTHING = { samples: 0, summaries: 0, streams: 0, stats: 0, outbox: 0 };

  it('one invalid sample among good ones: nothing is written and the issue is reported', async () => {
    const userId = await fx.insertUser();
    const error = await refusal(
      fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'heartrate',
            source: WATCH,
            samples: [
              { timestamp: '2026-03-05T10:00:00Z', value: 60 },
              { timestamp: '2026-03-05T10:01:00Z', value: 61 },
              { timestamp: '2026-03-05T10:02:00Z', value: 62 },
              { timestamp: '2026-03-05T10:03:00Z', value: 'abc' },
            ],
          },
        ],
        summaries: [
          {
            kind: 'sleep',
            source: WATCH,
            provider_id: 'n1',
            fields: { bedtime_start: '2026-03-05T00:00:00Z', bedtime_stop: '2026-03-05T07:00:00Z' },
          },
        ],
      }),
    );
    expect(error.issues).toEqual([
      {
        loc: ['body', 'timeseries', '0', 'samples', '3', 'value'],
        msg: 'Input should be a finite number',
        type: 'float_type',
        input: 'abc',
        ctx: {},
      },
    ]);
    expect(await tableCounts(userId)).toEqual(NOTHING);
  });

  it.each([
    ['no sleep id', {}],
    ['a null sleep id', { sleep_id: null }],
  ])('refuses a sleep cycle naming no sleep (%s): its sleep_id is never null', async (_name, link) => {
    const userId = await fx.insertUser();
    const error = await refusal(
      fx.ingestion.ingest({
        userId,
        mode: 'daily',
        summaries: [
          {
            kind: 'sleep_cycle',
            source: WATCH,
            provider_id: 'cycle-1',
            fields: {
              ...link,
              session_start: '2026-03-05T00:00:00Z',
              session_end: '2026-03-05T07:00:00Z',
              stage_start_offset_second: [0],
              stage_end_offset_second: [25200],
              stage_type: [2],
            },
          },
        ],
      } as unknown as IngestBatch),
    );
    expect(error.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
      ['body.summaries.0.fields.sleep_id', 'missing'],
    ]);
    expect(await tableCounts(userId)).toEqual(NOTHING);
  });

  it('reports every problem of the batch at once, each at its location', async () => {
    const userId = await fx.insertUser();
    const batch = {
      userId,
      mode: 'daily',
      timeseries: [
        { resource: 'pulse', source: WATCH, samples: [] },
        {
          resource: 'glucose',
          source: { provider: 'freestyle_libre', type: 'automatic' },
          samples: [{ timestamp: '2026-03-05T10:00:00Z', value: 5, unit: 'g/L' }],
        },
        {
          resource: 'cholesterol',
          source: { provider: 'quest', type: 'lab' },
          samples: [
            { timestamp: '2026-03-05T10:00:00Z', value: 5 },
            { timestamp: '2026-03-05T10:00:00Z', value: 5, type: 'vldl' },
          ],
        },
        {
          resource: 'blood_pressure',
          source: { provider: 'omron', type: 'cuff' },
          samples: [{ timestamp: '2026-03-05T10:00:00Z', systolic: 80, diastolic: 120 }],
        },
        {
          resource: 'steps',
          source: { provider: 'nowhere', type: 'wristband' },
          samples: [
            { timestamp: '2026-03-05T10:00:00Z', end: '2026-03-05T09:00:00Z', value: 10, intensity: 'high' },
          ],
        },
        {
          resource: 'blood_oxygen',
          source: WATCH,
          samples: [
            { timestamp: 'yesterday', value: 97, timezone_offset: 99_999 },
            { timestamp: '2026-03-05T10:00:00Z', value: 0.97 * 200, unit: 'fraction' },
          ],
        },
        {
          resource: 'workout_duration',
          source: WATCH,
          samples: [
            {
              timestamp: '2026-03-05T10:00:00Z',
              end: '2026-03-05T10:30:00Z',
              value: 30,
              intensity: 'extreme',
            },
          ],
        },
      ],
      summaries: [
        { kind: 'activity', source: WATCH, provider_id: 'a', fields: {} },
        {
          kind: 'workouts',
          source: WATCH,
          provider_id: 'w',
          time_zone: 'Mars/Olympus',
          fields: { time_start: '2026-03-05T10:00:00Z', calories: 'lots', hr_zones: [1, 2.5] },
        },
      ],
    } as unknown as IngestBatch;
    const error = await refusal(fx.ingestion.ingest(batch));
    expect(error.issues.map((i) => [i.loc.slice(1).join('.'), i.type])).toEqual([
      ['timeseries.0.resource', 'enum'],
      ['timeseries.1.samples.0.unit', 'enum'],
      ['timeseries.2.samples.0.type', 'missing'],
      ['timeseries.2.samples.1.type', 'enum'],
      ['timeseries.3.samples.0.systolic', 'value_error'],
      ['timeseries.4.source.provider', 'enum'],
      ['timeseries.4.source.type', 'enum'],
      ['timeseries.5.samples.0.timestamp', 'datetime_parsing'],
      ['timeseries.5.samples.0.timezone_offset', 'less_than_equal'],
      ['timeseries.5.samples.1.value', 'less_than_equal'],
      ['timeseries.6.samples.0.intensity', 'enum'],
      ['summaries.0.kind', 'enum'],
      ['summaries.1.time_zone', 'value_error'],
      ['summaries.1.fields.calories', 'float_type'],
      ['summaries.1.fields.hr_zones', 'list_type'],
    ]);
    expect(error.issues[1]).toMatchObject({
      msg: "Unit 'g/L' is not accepted for glucose; accepted units: mmol/L, mg/dL, mg/dl",
      ctx: { expected: ['mmol/L', 'mg/dL', 'mg/dl'] },
    });
    expect(await tableCounts(userId)).toEqual(NOTHING);
  });

  it('checks interval ends, extras per slug, and missing summary times', async () => {
    const userId = await fx.insertUser();
    const error = await refusal(
      fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'steps',
            source: WATCH,
            samples: [
              { timestamp: '2026-03-05T10:00:00Z', end: '2026-03-05T09:00:00Z', value: 10 },
              { timestamp: '2026-03-05T11:00:00Z', value: 10 },
              {
                timestamp: '2026-03-05T12:00:00Z',
                end: '2026-03-05T12:10:00Z',
                value: 10,
                sensor_location: 'wrist',
              },
            ],
          },
          {
            resource: 'note',
            source: WATCH,
            samples: [{ timestamp: '2026-03-05T10:00:00Z', end: '2026-03-05T10:01:00Z', value: 3 }],
          },
        ],
        summaries: [
          {
            kind: 'sleep',
            source: WATCH,
            provider_id: 's',
            fields: { bedtime_start: '2026-03-05T00:00:00Z' },
          },
        ],
      }),
    );
    expect(error.issues.map((i) => [i.loc.slice(1).join('.'), i.type])).toEqual([
      ['timeseries.0.samples.0.end', 'greater_than'],
      ['timeseries.0.samples.1.end', 'missing'],
      ['timeseries.0.samples.2.sensor_location', 'extra_forbidden'],
      ['timeseries.1.samples.0.value', 'string_type'],
      ['summaries.0.fields.bedtime_stop', 'missing'],
    ]);
  });

  it('refuses a stream whose workout is unknown, writing nothing', async () => {
    const userId = await fx.insertUser();
    const error = await refusal(
      fx.ingestion.ingest({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'heartrate',
            source: WATCH,
            samples: [{ timestamp: '2026-03-05T10:00:00Z', value: 60 }],
          },
        ],
        workoutStreams: [
          { workout_provider_id: 'nope', provider: 'apple_health_kit', stream: { heartrate: [1] } },
        ],
      }),
    );
    expect(error.issues).toEqual([
      {
        loc: ['body', 'workoutStreams', '0', 'workout_provider_id'],
        msg: 'No workout summary with this provider_id for this provider',
        type: 'value_error',
        input: 'nope',
        ctx: { provider: 'apple_health_kit' },
      },
    ]);
    expect(await tableCounts(userId)).toEqual(NOTHING);
  });

  it('answers NotFoundError for a deleted, unknown or malformed user', async () => {
    const deleted = await fx.insertUser({ deleted: true });
    for (const userId of [deleted, newId(), 'not-a-uuid']) {
      await expect(fx.ingestion.ingest({ userId, mode: 'daily' })).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        fx.ingestion.completeHistoricalPull({
          userId,
          provider: 'oura',
          resources: ['steps'],
          rangeStart: new Date('2026-03-01T00:00:00Z'),
          rangeEnd: new Date('2026-03-31T00:00:00Z'),
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await tableCounts(deleted)).toEqual(NOTHING);
  });
});
