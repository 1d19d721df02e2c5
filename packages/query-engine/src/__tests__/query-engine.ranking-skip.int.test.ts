/**
 * Leaving provider priority out when only one source can compete (README "Performance") never changes a
 * result; and the columns backed from stored keys (activity intensity minutes, meal macros) read them.
 */
import { deriveQuery, parseQueryBatch } from '@meridian/query-language';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { compileQuery, runQueries, type CompileOptions } from '../index';
import { insertSamples, insertSummary, insertUser, seedTenant } from './fixtures';

let db: TestDatabase;
let teamId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ teamId } = await seedTenant(db.knex));
}, 60_000);
afterAll(() => db.destroy());

const WEEKLY_HR = {
  timeframe: { placeholder: true },
  queries: [
    {
      group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } }],
      select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
    },
  ],
};

function parsed(body: unknown) {
  const p = parseQueryBatch(body, { basePath: ['body'] });
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.batch;
}

async function viaEngine(userId: string, body: unknown) {
  const batch = parsed(body);
  const [result] = await runQueries(db.knex, {
    teamId,
    environment: 'sandbox',
    userId,
    queries: batch.queries,
    config: batch.config,
    timeframe: batch.timeframe,
  });
  return result!.table;
}

/** The compiled statement run as is, with the ranking stage forced on or off. */
async function compiled(userId: string, body: unknown, prioritise: boolean) {
  const batch = parsed(body);
  const query = batch.queries[0]!.query;
  const opts: CompileOptions = {
    tenant: { teamId, environment: 'sandbox', userId },
    timeZone: 'Europe/Berlin',
    timeframe: batch.timeframe,
    providerPriority: [],
    prioritise,
  };
  const c = compileQuery(query, deriveQuery(query), opts);
  const { rows } = await db.knex.raw<{ rows: Record<string, unknown>[] }>(
    c.statement.text,
    c.statement.bindings as never,
  );
  return rows.map((r) => [r.c0, r.c1]);
}

const hr = (
  provider: string,
  sourceType: string,
  startAt: string,
  value: number,
  offset: number | null = 3600,
) => ({
  resource: 'heartrate',
  provider,
  sourceType,
  startAt,
  value,
  timezoneOffset: offset,
});

describe('ranking left out for one source', () => {
  it('gives the ranked result, across days, offsets and the fallback zone', async () => {
    const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
    await insertSamples(db.knex, userId, [
      hr('oura', 'ring', '2025-03-02T22:30:00Z', 60), // Sun 23:30 local (+1 h) → week of 02-24
      hr('oura', 'ring', '2025-03-02T23:30:00Z', 70), // Mon 00:30 local → week of 03-03
      hr('oura', 'ring', '2025-03-04T10:00:00Z', 80, null), // Berlin fallback → week of 03-03
      hr('oura', 'ring', '2025-03-12T10:00:00Z', 90),
    ]);
    const ranked = await compiled(userId, WEEKLY_HR, true);
    expect(ranked).toEqual([
      ['2025-02-24T00:00:00', 60],
      ['2025-03-03T00:00:00', 75],
      ['2025-03-10T00:00:00', 90],
    ]);
    expect(await compiled(userId, WEEKLY_HR, false)).toEqual(ranked);
    expect(await viaEngine(userId, WEEKLY_HR)).toEqual({
      'group_key.0': ranked.map((r) => r[0]),
      'mean.heartrate.value': ranked.map((r) => r[1]),
    });
  });

  it('still ranks when two sources meet on a day (the pre-check sees both)', async () => {
    const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
    await insertSamples(db.knex, userId, [
      hr('garmin', 'watch', '2025-03-04T10:00:00Z', 80),
      hr('fitbit', 'phone', '2025-03-04T11:00:00Z', 40), // same local day: the watch wins
      hr('fitbit', 'phone', '2025-03-05T11:00:00Z', 50), // alone that day: kept
    ]);
    const unranked = await compiled(userId, WEEKLY_HR, false);
    expect(unranked).toEqual([['2025-03-03T00:00:00', (80 + 40 + 50) / 3]]);
    // (80 + 50) / 2: the phone's sample of 03-04 is dropped.
    expect(await viaEngine(userId, WEEKLY_HR)).toEqual({
      'group_key.0': ['2025-03-03T00:00:00'],
      'mean.heartrate.value': [65],
    });
  });
});

describe('sources detected in the same pass (grouping sets)', () => {
  it('keeps every row when two sources cover different days, and agrees with the ranked statement', async () => {
    const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
    await insertSamples(db.knex, userId, [
      hr('garmin', 'watch', '2025-03-04T10:00:00Z', 80),
      hr('fitbit', 'phone', '2025-03-05T11:00:00Z', 50),
      hr('fitbit', 'phone', '2025-03-05T12:00:00Z', 20),
    ]);
    const ranked = await compiled(userId, WEEKLY_HR, true);
    expect(ranked).toEqual([['2025-03-03T00:00:00', 50]]);
    expect(await viaEngine(userId, WEEKLY_HR)).toEqual({
      'group_key.0': ['2025-03-03T00:00:00'],
      'mean.heartrate.value': [50],
    });
  });

  it('ranks within each provider when grouping by source_provider, and answers whole-set aggregates', async () => {
    const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
    await insertSamples(db.knex, userId, [
      hr('apple', 'watch', '2025-03-04T10:00:00Z', 80),
      hr('apple', 'phone', '2025-03-04T11:00:00Z', 40), // same day, same provider: the watch wins
      hr('garmin', 'watch', '2025-03-04T12:00:00Z', 60), // another provider: its own partition
    ]);
    const byProvider = {
      timeframe: { placeholder: true },
      queries: [
        {
          group_by: [
            { date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } },
            { source: 'source_provider' },
          ],
          select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }],
        },
      ],
    };
    expect(await viaEngine(userId, byProvider)).toEqual({
      'group_key.0': ['2025-03-03T00:00:00', '2025-03-03T00:00:00'],
      'group_key.1': ['apple', 'garmin'],
      'mean.heartrate.value': [80, 60],
    });
    const whole = {
      timeframe: { placeholder: true },
      queries: [{ select: [{ func: 'count', arg: { timeseries: 'heartrate', field: 'value' } }] }],
    };
    // Across providers the watch of apple ranks first (then garmin by slug): only its row of that day counts.
    expect(await viaEngine(userId, whole)).toEqual({ 'count.heartrate.value': [1] });
    const empty = await insertUser(db.knex, teamId);
    expect(await viaEngine(empty, whole)).toEqual({ 'count.heartrate.value': [0] });
    expect(await viaEngine(empty, WEEKLY_HR)).toEqual({ 'group_key.0': [], 'mean.heartrate.value': [] });
  });
});

describe('columns backed from stored keys', () => {
  it('reads activity intensity minutes as seconds and meal macros in grams', async () => {
    const userId = await insertUser(db.knex, teamId);
    await insertSummary(db.knex, userId, {
      kind: 'activity',
      calendarDate: '2025-05-01',
      payload: { low: 30, medium: 12.5, high: 5 },
    });
    await insertSummary(db.knex, userId, {
      kind: 'meal',
      calendarDate: '2025-05-01',
      payload: { name: 'Lunch', macros: { carbs: 55.5, protein: 30, fats: { saturated: 4, total: 18 } } },
    });
    const activity = await viaEngine(userId, {
      timeframe: { placeholder: true },
      queries: [
        {
          select: [
            { activity: 'intensity_low_second' },
            { activity: 'intensity_medium_second' },
            { activity: 'intensity_high_second' },
          ],
        },
      ],
    });
    expect(activity).toEqual({
      intensity_low_second: [1800],
      intensity_medium_second: [750],
      intensity_high_second: [300],
    });
    const meal = await viaEngine(userId, {
      timeframe: { placeholder: true },
      queries: [
        {
          select: [
            { meal: 'carbohydrate_gram' },
            { meal: 'protein_gram' },
            { meal: 'saturated_fat_gram' },
            { meal: 'total_fat_gram' },
            { meal: 'sugar_gram' },
          ],
        },
      ],
    });
    expect(meal).toEqual({
      carbohydrate_gram: [55.5],
      protein_gram: [30],
      saturated_fat_gram: [4],
      total_fat_gram: [18],
      sugar_gram: [null],
    });
  });
});
