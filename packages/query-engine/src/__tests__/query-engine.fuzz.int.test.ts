/**
 * Seeded mutations of valid queries: whatever the parser accepts, the engine runs or refuses with a 422
 * (ValidationError) — never an SQL error — and a statement cut by the timeout is a 422 `query_timeout`.
 */
import { ValidationError } from '@meridian/domain';
import { parseQueryBatch } from '@meridian/query-language';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { runQueries } from '../index';
import { insertSamples, insertSummary, insertUser, seedTenant, sleepRow } from './fixtures';

let db: TestDatabase;
let teamId: string;
let userId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ teamId } = await seedTenant(db.knex));
  userId = await insertUser(db.knex, teamId, { timeZone: 'Australia/Lord_Howe' });
  await insertSummary(
    db.knex,
    userId,
    sleepRow({
      start: '2025-01-01T23:00:00Z',
      end: '2025-01-02T07:00:00Z',
      calendarDate: '2025-01-02',
      fields: { score: 50 },
    }),
  );
  await insertSamples(db.knex, userId, [
    {
      resource: 'steps',
      provider: 'garmin',
      sourceType: 'watch',
      startAt: '2025-01-02T10:00:00Z',
      endAt: '2025-01-02T11:00:00Z',
      value: 100,
    },
    {
      resource: 'heartrate',
      provider: 'oura',
      sourceType: 'ring',
      startAt: '2025-01-02T10:00:00Z',
      value: 60,
      timezoneOffset: 37800,
    },
  ]);
}, 60_000);
afterAll(() => db.destroy());

/** Deterministic PRNG (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [
  {
    group_by: [
      { date_trunc: { unit: 'week', value: 2 }, arg: { index: 'sleep' } },
      { value_macro: 'chronotype' },
    ],
    select: [
      { group_key: '*' },
      { func: 'median', arg: { value_macro: 'sleep_score' } },
      { func: 'newest', arg: { value_macro: 'awake_at' } },
    ],
    where: "NOT (score < 40 OR type = 'acknowledged_nap') AND source_provider != 'o''hare'",
    align: { carry: { mode: 'carry_forward', max_age: { unit: 'month', value: 3 } } },
  },
  {
    group_by: [
      { date_part: 'weekday', arg: { placeholder: true } },
      { source: 'source_provider' },
      { source: 'source_type' },
    ],
    select: [{ group_key: '*' }, { func: 'stddev', arg: { timeseries: 'steps', field: 'value' } }],
    where: 'value >= 0 and duration > 10',
  },
  {
    select: [{ timeseries: 'heartrate', field: 'value' }, { index: 'timeseries' }, { source: 'source_type' }],
    where: "timezone_offset = 37800 or (value != 1.5e2 and NOT type = '')",
  },
];

const PIECES: unknown[] = [
  { unit: 'minute', value: 7 },
  { unit: 'month', value: 5 },
  { unit: 'year', value: 99999 },
  { unit: 'day' },
  'chronotype',
  'awakenings',
  'asleep_at',
  { value_macro: 'awakenings' },
  { sleep: 'session_start' },
  { sleep: 'efficiency' },
  { func: 'oldest', arg: { value_macro: 'asleep_at' } },
  { func: 'sum', arg: { sleep: 'latency_second' } },
  'min',
  'max',
  'count',
  "session_start > '0001-01-01' AND session_end <= '9999-12-31T23:59:59+14:00'",
  'asleep_at >= awake_at OR NOT (awakenings = 0)',
  { carry: { mode: 'carry_nearest', span: { unit: 'year', value: 100 } } },
  { carry: { mode: 'carry_backward', max_age: null } },
  null,
  0,
  '*',
];

function mutate(value: unknown, random: () => number, depth = 0): unknown {
  if (random() < 0.08 && depth > 0) return PIECES[Math.floor(random() * PIECES.length)];
  if (Array.isArray(value)) return value.map((v) => mutate(v, random, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mutate(v, random, depth + 1)]));
  }
  return value;
}

const TIMEFRAMES = [
  { placeholder: true },
  { type: 'relative', anchor: '2025-01-10', past: { unit: 'month', value: 1 } },
  { type: 'relative', anchor: '0001-01-01', past: { unit: 'year', value: 100000 } },
  { type: 'relative', anchor: '9999-12-31', past: { unit: 'minute', value: 3 } },
];

describe('mutated queries', () => {
  it('run or answer 422; never an SQL error', async () => {
    const random = rng(14);
    let ran = 0;
    for (let i = 0; i < 400; i++) {
      const seed = SEEDS[i % SEEDS.length];
      const body = {
        timeframe: TIMEFRAMES[i % TIMEFRAMES.length],
        queries: [i < SEEDS.length ? seed : mutate(seed, random)],
      };
      const parsed = parseQueryBatch(body, { basePath: ['body'] });
      if (!parsed.ok) continue;
      try {
        await runQueries(db.knex, {
          teamId,
          environment: 'sandbox',
          userId,
          queries: parsed.batch.queries,
          config: parsed.batch.config,
          timeframe: parsed.batch.timeframe,
          now: new Date('2025-01-20T00:00:00Z'),
        });
        ran++;
      } catch (err) {
        if (!(err instanceof ValidationError)) throw new Error(`${JSON.stringify(body)}: ${String(err)}`);
        for (const issue of err.issues) expect(issue.loc[0]).toBe('body');
      }
    }
    expect(ran).toBeGreaterThan(40);
  }, 120_000);
});

describe('statement timeout', () => {
  it('cuts a long statement and reports 422 query_timeout', async () => {
    const heavy = await insertUser(db.knex, teamId);
    await db.knex.raw(
      `insert into timeseries_samples (user_id, resource, provider, source_type, type, start_at, value)
       select ?::uuid, 'heartrate', 'garmin', 'watch', '', timestamptz '2024-01-01' + g * interval '1 minute', 60 + g % 40
       from generate_series(1, 200000) g`,
      [heavy],
    );
    const parsed = parseQueryBatch(
      {
        timeframe: { placeholder: true },
        queries: [
          {
            group_by: [{ date_part: 'hour', arg: { placeholder: true } }],
            select: [{ group_key: 0 }, { func: 'median', arg: { timeseries: 'heartrate', field: 'value' } }],
          },
        ],
      },
      { basePath: ['body'] },
    );
    if (!parsed.ok) throw new Error('invalid');
    const run = (statementTimeoutMs: number) =>
      runQueries(db.knex, {
        teamId,
        environment: 'sandbox',
        userId: heavy,
        ...parsed.batch,
        statementTimeoutMs,
      });
    await expect(run(5)).rejects.toMatchObject({
      kind: 'validation',
      issues: [expect.objectContaining({ type: 'query_timeout' })],
    });
    const [result] = await run(60_000);
    expect(result!.table['group_key.0']).toHaveLength(24);
  }, 120_000);
});
