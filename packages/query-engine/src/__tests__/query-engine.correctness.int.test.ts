/**
 * Correctness of the compiled SQL against hand-computed tables (every expected number below was worked
 * out by hand from the fixture rows; the comments show the arithmetic).
 */
import { parseQueryBatch } from '@meridian/query-language';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { runQueries, type AggregationResult } from '../index';
import { insertSamples, insertSummary, insertUser, seedTenant, sleepRow } from './fixtures';

let db: TestDatabase;
let teamId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ teamId } = await seedTenant(db.knex));
}, 60_000);
afterAll(() => db.destroy());

async function run(userId: string, body: unknown, now?: Date): Promise<AggregationResult[]> {
  const parsed = parseQueryBatch(body, { basePath: ['body'] });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runQueries(db.knex, {
    teamId,
    environment: 'sandbox',
    userId,
    queries: parsed.batch.queries,
    config: parsed.batch.config,
    timeframe: parsed.batch.timeframe,
    now,
  });
}

const relative = (anchor: string, unit: string, value: number) => ({
  type: 'relative',
  anchor,
  past: { unit, value },
});

describe('weekly mean sleep score across a DST change and a time-zone move', () => {
  it('buckets each sleep by its local wake-up time', async () => {
    // Berlin switches to summer time on Sunday 2025-03-30; the user then travels to New York (UTC-4).
    const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
    const rows = [
      // A: wakes Sun 03-30 07:30 CEST (05:30Z), no own offset → Berlin → week of 03-24. score 80.
      sleepRow({
        start: '2025-03-29T22:00:00Z',
        end: '2025-03-30T05:30:00Z',
        calendarDate: '2025-03-30',
        fields: { score: 80 },
      }),
      // B: wakes Mon 03-31 00:30 CEST = Sun 22:30Z: in UTC week 03-24, locally week 03-31. score 60.
      sleepRow({
        start: '2025-03-30T16:30:00Z',
        end: '2025-03-30T22:30:00Z',
        calendarDate: '2025-03-31',
        fields: { score: 60 },
      }),
      // C: in New York (own offset -4h), wakes Sun 04-06 23:30 EDT = Mon 04-07 03:30Z (Berlin: 05:30 Mon)
      // → week 03-31. score 70.
      sleepRow({
        start: '2025-04-06T20:00:00Z',
        end: '2025-04-07T03:30:00Z',
        calendarDate: '2025-04-06',
        offset: -14400,
        fields: { score: 70 },
      }),
      // D: wakes Tue 04-08 07:00 EDT → week 04-07. score 90.
      sleepRow({
        start: '2025-04-08T03:00:00Z',
        end: '2025-04-08T11:00:00Z',
        calendarDate: '2025-04-08',
        offset: -14400,
        fields: { score: 90 },
      }),
      // E: no provider score; by the README formula: asleep 25200 s, in bed 28800 s, deep+rem 11340 s, latency 600 s:
      // 40·min(25200/28800,1)=35; 25·(25200/28800)=21.875; 20·min(11340/25200/0.45,1)=20; 15·1=15 → 91.875 → 92.
      sleepRow({
        start: '2025-04-10T02:00:00Z',
        end: '2025-04-10T10:00:00Z',
        calendarDate: '2025-04-10',
        offset: -14400,
        fields: { duration: 28800, total: 25200, deep: 5400, rem: 5940, latency: 600 },
      }),
    ];
    for (const r of rows) await insertSummary(db.knex, userId, r);
    const [result] = await run(userId, {
      timeframe: relative('2025-04-13', 'week', 3),
      queries: [
        {
          group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'sleep' } }],
          select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'sleep_score' } }],
        },
      ],
    });
    expect(result).toEqual({
      table: {
        'group_key.0': ['2025-03-24T00:00:00', '2025-03-31T00:00:00', '2025-04-07T00:00:00'],
        // 80 | (60 + 70) / 2 = 65 | (90 + 92) / 2 = 91
        'mean.sleep_score': [80, 65, 91],
      },
    });
  });
});

describe('monthly step sums with two overlapping devices and provider priority', () => {
  let userId: string;
  beforeAll(async () => {
    userId = await insertUser(db.knex, teamId);
    const steps = (provider: string, sourceType: string, startAt: string, value: number) => ({
      resource: 'steps',
      provider,
      sourceType,
      startAt,
      endAt: new Date(Date.parse(startAt) + 3600_000).toISOString(),
      value,
    });
    await insertSamples(db.knex, userId, [
      steps('garmin', 'watch', '2025-01-10T08:00:00Z', 1000),
      steps('garmin', 'watch', '2025-01-10T12:00:00Z', 500),
      steps('apple_health_kit', 'phone', '2025-01-10T09:00:00Z', 1800),
      steps('apple_health_kit', 'phone', '2025-01-11T09:00:00Z', 700),
      steps('garmin', 'watch', '2025-01-31T22:30:00Z', 300),
      steps('garmin', 'watch', '2025-02-01T10:00:00Z', 2000),
      steps('apple_health_kit', 'phone', '2025-02-01T10:00:00Z', 2500),
    ]);
  });
  const monthly = {
    group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'timeseries' } }],
    select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'steps', field: 'value' } }],
  };

  it('counts the watch over the phone on days both cover (default priority)', async () => {
    const [result] = await run(userId, { timeframe: relative('2025-02-28', 'month', 2), queries: [monthly] });
    // Jan: 10th watch 1000+500 (phone 1800 dropped), 11th phone 700, 31st watch 300 → 2500. Feb: watch 2000.
    expect(result!.table).toEqual({
      'group_key.0': ['2025-01-01T00:00:00', '2025-02-01T00:00:00'],
      'sum.steps.value': [2500, 2000],
    });
  });

  it('follows provider_priority_overrides', async () => {
    const [result] = await run(userId, {
      timeframe: relative('2025-02-28', 'month', 2),
      queries: [monthly],
      config: { provider_priority_overrides: ['apple_health_kit'] },
    });
    // Jan: 10th phone 1800, 11th phone 700, 31st only the watch 300 → 2800. Feb: phone 2500.
    expect(result!.table).toEqual({
      'group_key.0': ['2025-01-01T00:00:00', '2025-02-01T00:00:00'],
      'sum.steps.value': [2800, 2500],
    });
  });

  it('does not prioritise when grouping by both source provider and source type', async () => {
    const [result] = await run(userId, {
      timeframe: relative('2025-02-28', 'month', 2),
      queries: [
        {
          group_by: [...monthly.group_by, { source: 'source_provider' }, { source: 'source_type' }],
          select: monthly.select,
        },
      ],
    });
    expect(result!.table).toEqual({
      'group_key.0': [
        '2025-01-01T00:00:00',
        '2025-01-01T00:00:00',
        '2025-02-01T00:00:00',
        '2025-02-01T00:00:00',
      ],
      'group_key.1': ['apple_health_kit', 'garmin', 'apple_health_kit', 'garmin'],
      'group_key.2': ['phone', 'watch', 'phone', 'watch'],
      // apple Jan 1800+700; garmin Jan 1000+500+300; Feb as stored.
      'sum.steps.value': [2500, 1800, 2500, 2000],
    });
  });
});

describe('ALIGN carry_forward with max_age', () => {
  it('fills empty days from the last day with data no older than max_age, and stops at now', async () => {
    const userId = await insertUser(db.knex, teamId);
    const weight = (startAt: string, value: number) => ({
      resource: 'weight',
      provider: 'withings',
      sourceType: 'scale',
      startAt,
      value,
    });
    await insertSamples(db.knex, userId, [
      weight('2025-03-01T07:00:00Z', 70),
      weight('2025-03-04T07:00:00Z', 70.5),
      weight('2025-03-04T19:00:00Z', 71.5),
    ]);
    const [result] = await run(
      userId,
      {
        timeframe: relative('2025-03-07', 'day', 7),
        queries: [
          {
            group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
            select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'weight', field: 'value' } }],
            align: { carry: { mode: 'carry_forward', max_age: { unit: 'day', value: 1 } } },
          },
        ],
      },
      new Date('2025-03-06T12:00:00Z'),
    );
    expect(result!.table).toEqual({
      // Window 03-01..03-07, cut at now (03-06).
      'group_key.0': ['01', '02', '03', '04', '05', '06'].map((d) => `2025-03-${d}T00:00:00`),
      // 03-02 takes 03-01 (1 day old); 03-03 would be 2 days old → null; 03-04 mean(70.5, 71.5) = 71;
      // 03-05 carries 71; 03-06 is 2 days from 03-04 → null.
      'mean.weight.value': [70, 70, null, 71, 71, null],
    });
  });
});

describe('WHERE with NOT and parentheses', () => {
  it('keeps the rows the predicate is true for (SQL three-valued logic)', async () => {
    const userId = await insertUser(db.knex, teamId);
    const day = (date: string, provider: string, fields: Record<string, unknown>) =>
      insertSummary(db.knex, userId, {
        kind: 'activity',
        provider,
        sourceType: 'watch',
        calendarDate: date,
        payload: fields,
      });
    await day('2025-05-01', 'garmin', { steps: 8000, calories_total: 2100, floors_climbed: 2 }); // kept
    await day('2025-05-02', 'garmin', { steps: 4000, calories_total: 2500 }); // steps < 5000
    await day('2025-05-03', 'fitbit', { steps: 9000, calories_total: 2200 }); // fitbit
    await day('2025-05-04', 'garmin', { steps: 6000, calories_total: 1800, floors_climbed: 12 }); // kept (floors)
    await day('2025-05-05', 'garmin', { steps: 7000, calories_total: 1500, floors_climbed: 3 }); // neither
    await day('2025-05-06', 'garmin', { calories_total: 2300 }); // steps unknown → NOT(unknown) is not true
    const [result] = await run(userId, {
      timeframe: relative('2025-05-31', 'month', 1),
      queries: [
        {
          select: [{ activity: 'date' }, { activity: 'steps' }],
          where:
            "not (steps < 5000 OR source_provider = 'fitbit') and (calories_total >= 2000 or floors_climbed > 10)",
        },
      ],
    });
    expect(result!.table).toEqual({ date: ['2025-05-01', '2025-05-04'], steps: [8000, 6000] });
  });
});

describe('subquery over a menstrual-cycle list', () => {
  it('aggregates each cycle’s flow entries', async () => {
    const userId = await insertUser(db.knex, teamId);
    const cycle = (start: string, flow: Array<[string, string]> | null) =>
      insertSummary(db.knex, userId, {
        kind: 'menstrual_cycle',
        calendarDate: start,
        payload: {
          period_start: start,
          is_predicted: false,
          ...(flow ? { menstrual_flow: flow.map(([date, f]) => ({ date, flow: f })) } : {}),
        },
      });
    await cycle('2025-06-01', [
      ['2025-06-01', 'heavy'],
      ['2025-06-02', 'heavy'],
      ['2025-06-03', 'medium'],
      ['2025-06-04', 'light'],
    ]);
    await cycle('2025-06-29', [
      ['2025-06-29', 'medium'],
      ['2025-06-30', 'heavy'],
      ['2025-07-01', 'light'],
    ]);
    await cycle('2025-07-27', null);
    const [result] = await run(userId, {
      timeframe: { placeholder: true },
      queries: [
        {
          select: [
            { menstrual_cycle: 'period_start' },
            {
              select: { func: 'count' },
              from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
              where: "flow = 'heavy'",
            },
            {
              select: { func: 'max', arg: { menstrual_flow: 'date' } },
              from: { unnest: { menstrual_cycle: 'menstrual_flow' } },
            },
          ],
        },
      ],
    });
    expect(result!.table).toEqual({
      period_start: ['2025-06-01', '2025-06-29', '2025-07-27'],
      'count.menstrual_flow': [2, 1, 0],
      'max.menstrual_flow.date': ['2025-06-04', '2025-07-01', null],
    });
  });
});

describe('chronotype buckets', () => {
  it('classifies sleeps by their local midpoint', async () => {
    const userId = await insertUser(db.knex, teamId);
    const s = (start: string, end: string, offset: number) =>
      insertSummary(
        db.knex,
        userId,
        sleepRow({ start, end, offset, calendarDate: end.slice(0, 10), fields: { score: 70 } }),
      );
    await s('2025-08-01T22:00:00Z', '2025-08-02T06:00:00Z', 0); // mid 02:00 → lark
    await s('2025-08-02T23:30:00Z', '2025-08-03T06:30:00Z', 0); // mid 03:00 → third
    await s('2025-08-04T01:00:00Z', '2025-08-04T09:00:00Z', 0); // mid 05:00 → owl
    await s('2025-08-04T20:00:00Z', '2025-08-05T04:00:00Z', 0); // mid 00:00 → lark
    await s('2025-08-06T02:00:00Z', '2025-08-06T10:00:00Z', 0); // mid 06:00 → owl
    await s('2025-08-07T00:30:00Z', '2025-08-07T07:30:00Z', 3600); // mid 04:00Z = 05:00 local → owl
    const [result] = await run(userId, {
      timeframe: { placeholder: true },
      queries: [
        {
          group_by: [{ value_macro: 'chronotype' }],
          select: [{ group_key: '*' }, { func: 'count', arg: { value_macro: 'sleep_score' } }],
        },
      ],
    });
    expect(result!.table).toEqual({
      'group_key.0': ['lark', 'owl', 'third'],
      'count.sleep_score': [2, 3, 1],
    });
  });
});
