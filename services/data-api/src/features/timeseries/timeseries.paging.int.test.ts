import request from 'supertest';
import type { Express } from 'express';
import { timeseriesBySlug } from '@meridian/domain';
import { seedOrg, seedTeam, type SeededTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { createTimeseriesTestApp, insertSamples, insertUser, sampleOf } from './timeseries.test-fixtures';

/** Keyset paging of the grouped read, with a page size of 3. */
describe('grouped timeseries paging', () => {
  let h: DataApiHarness;
  let app: Express;
  let team: SeededTeam;
  let userId: string;
  const hr = timeseriesBySlug('heartrate')!;

  // 12 samples; several share a timestamp, so page boundaries fall between equal timestamps.
  const stored = [
    ['2026-03-01T08:00:00Z', 'oura', 'ring', 1],
    ['2026-03-01T08:00:00Z', 'garmin', 'watch', 2],
    ['2026-03-01T08:00:00Z', 'apple_health_kit', 'watch', 3],
    ['2026-03-01T08:00:00Z', 'apple_health_kit', 'phone', 4],
    ['2026-03-01T08:00:00.001Z', 'oura', 'ring', 5],
    ['2026-03-01T09:00:00Z', 'oura', 'ring', 6],
    ['2026-03-01T09:00:00Z', 'garmin', 'watch', 7],
    ['2026-03-02T00:00:00Z', 'garmin', 'watch', 8],
    ['2026-03-02T10:00:00Z', 'oura', 'ring', 9],
    ['2026-03-02T11:00:00Z', 'oura', 'ring', 10],
    ['2026-03-02T23:59:59Z', 'oura', 'ring', 11],
    ['2026-03-03T00:00:00Z', 'oura', 'ring', 12],
  ] as const;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    team = await seedTeam(h.db.knex, org.orgId);
    app = createTimeseriesTestApp(h.db.knex, { pageSize: 3 });
    userId = await insertUser(h.db.knex, team.teamId);
    await insertSamples(
      h.db.knex,
      userId,
      stored.map(([start, provider, source_type, value]) =>
        sampleOf(hr, start, { provider, source_type, value }),
      ),
    );
  }, 30_000);
  afterAll(() => h.close());

  type Page = {
    groups: Record<string, { data: { value: number }[] }[]>;
    next_cursor: string | null;
    next: string | null;
  };
  const get = async (query: Record<string, string>): Promise<Page> => {
    const res = await request(app)
      .get(`/v2/timeseries/${userId}/heartrate/grouped`)
      .query(query)
      .set('x-service-api-key', team.apiKeys.sandbox);
    expect(res.status).toBe(200);
    expect(res.body.next).toBe(res.body.next_cursor);
    return res.body as Page;
  };
  const valuesOf = (page: Page) =>
    Object.values(page.groups)
      .flat()
      .flatMap((g) => g.data.map((d) => d.value));

  async function readAll(query: Record<string, string>, param: 'next_cursor' | 'cursor' = 'next_cursor') {
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await get(cursor ? { ...query, [param]: cursor } : query);
      pages.push(valuesOf(page));
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  const byValue = (page: number[]) => [...page].sort((x, y) => x - y);

  it('walks every sample once, in order, 3 per page; the last full page has no next', async () => {
    const pages = await readAll({ start_date: '2026-03-01' });
    // Sort order: start, provider, source type (at 08:00: apple phone 4, apple watch 3, garmin 2, oura 1;
    // at 09:00: garmin 7, oura 6). Within a page samples are grouped, so compare each page as a set.
    expect(pages.map(byValue)).toEqual([
      [2, 3, 4],
      [1, 5, 7],
      [6, 8, 9],
      [10, 11, 12],
    ]);
  });

  it('the deprecated cursor parameter pages the same way', async () => {
    expect(await readAll({ start_date: '2026-03-01' }, 'cursor')).toEqual(
      await readAll({ start_date: '2026-03-01' }),
    );
  });

  it('next_cursor wins over cursor (which is then not even decoded)', async () => {
    const first = await get({ start_date: '2026-03-01' });
    const second = await get({ start_date: '2026-03-01', next_cursor: first.next_cursor! });
    const both = await get({ start_date: '2026-03-01', next_cursor: first.next_cursor!, cursor: 'garbage!' });
    // Cursors are sealed afresh on every answer: the same page, and a cursor to the same next page.
    expect(both.groups).toEqual(second.groups);
    const after = (page: Page) => get({ start_date: '2026-03-01', next_cursor: page.next_cursor! });
    expect((await after(both)).groups).toEqual((await after(second)).groups);
  });

  it('pages within the date range and the provider filter', async () => {
    const pages = await readAll({ start_date: '2026-03-01', end_date: '2026-03-02', provider: 'oura' });
    expect(pages).toEqual([
      [1, 5, 6],
      [9, 10, 11],
    ]);
  });

  it('a cursor from before a moved start_date starts at start_date', async () => {
    const first = await get({ start_date: '2026-03-01' });
    const moved = await get({ start_date: '2026-03-02', next_cursor: first.next_cursor! });
    expect(valuesOf(moved).sort((a, b) => a - b)).toEqual([8, 9, 10]);
  });

  it('cursors are sealed: no readable position, and one of another read or user is a 422', async () => {
    const first = await get({ start_date: '2026-03-01' });
    const cursor = first.next_cursor!;
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toMatch(/oura|garmin|apple/);
    const otherUser = await insertUser(h.db.knex, team.teamId);
    const reads = [`/v2/timeseries/${userId}/steps/grouped`, `/v2/timeseries/${otherUser}/heartrate/grouped`];
    for (const path of reads) {
      const res = await request(app)
        .get(path)
        .query({ start_date: '2026-03-01', next_cursor: cursor })
        .set('x-service-api-key', team.apiKeys.sandbox);
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
      expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'next_cursor'], type: 'value_error' });
    }
  });

  it('an empty range has no groups and no cursor', async () => {
    expect(await get({ start_date: '2027-01-01' })).toEqual({ groups: {}, next_cursor: null, next: null });
  });
});
