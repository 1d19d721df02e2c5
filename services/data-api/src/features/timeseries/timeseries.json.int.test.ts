import request from 'supertest';
import { newId, TIMESERIES, type TeamScope, type TimeseriesSpec } from '@meridian/domain';
import { createKnex } from '@meridian/db';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { parseTimeRange, type SortKey } from './timeseries-params';
import {
  GroupedPageWriter,
  OUTPUT_BUFFERS,
  renderGroupedPage,
  renderSamples,
  SamplesWriter,
} from './timeseries.json';
import { buildGroupedPage, sampleRenderer } from './timeseries.presenter';
import { createTimeseriesRepository } from './timeseries.repository';
import { groupedPageStatement, legacySamplesStatement } from './timeseries.sql';
import {
  createTimeseriesTestApp,
  insertSamples,
  insertUser,
  sampleOf,
  type SampleFixture,
} from './timeseries.test-fixtures';

/**
 * The JSON writer against the reference: for every slug of the catalog, a varied dataset read through the
 * same SQL in object mode (presenter + JSON.stringify, what the API answered before issue 16) and in array
 * mode (the writer) must give the same bytes, grouped (several page sizes, so cursors too) and legacy; and
 * so must the writer over the compact rows the API reads (series descriptors only on a context change),
 * every page of a walk through the cursors included.
 */
describe('timeseries JSON writer is byte-identical to presenter + JSON.stringify', () => {
  // A bare test database (no data API built around it): these tests read through the repository.
  let h: { db: TestDatabase; close(): Promise<void> };
  let scope: TeamScope;
  let userId: string;
  let apiKey: string;

  const devices = Array.from(
    { length: 20 },
    (_, d) => `00000000-0000-4000-8000-${String(d).padStart(12, '0')}`,
  );
  // Offsets east of UTC in seconds: null, zero, negative, half and quarter hours, and a non-minute one.
  const offsets = [null, 0, 3600, -18000, 19800, 20700, -12600, 50400, -43200, 3601, -59];
  const providers = ['oura', 'garmin', 'apple_health_kit', 'lab_partner_x', '42', 'withings'];
  const strings = [
    'plain',
    'quote " and \\ backslash',
    'línea\nnueva',
    'emoji 🫀',
    'sep \u2028 \u2029',
    '<tag>&',
  ];
  const numbers = [0, -0, 72.5, -3.25, 1e21, 1e-7, 123456789.123, Number.NaN, Number.POSITIVE_INFINITY, null];

  function dataset(spec: TimeseriesSpec): SampleFixture[] {
    const samples: SampleFixture[] = [];
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (let i = 0; i < 90; i++) {
      // Several samples share a start (sort key ties); some carry milliseconds.
      const start = new Date(base + Math.floor(i / 3) * 61_000 + (i % 7 === 0 ? 123 : 0)).toISOString();
      const provider = providers[i % providers.length]!;
      const over: Partial<SampleFixture> = {
        provider,
        source_type: ['ring', 'watch', 'unknown', 'phone', 'manual_scan', ''][(i >> 1) % 6]!,
        timezone_offset: offsets[i % offsets.length]!,
        app_id: i % 5 === 0 ? null : i % 5 === 1 ? strings[i % strings.length]! : 'com.example.app',
        device_id: i % 4 === 0 ? null : devices[i % devices.length]!,
        workout_id: i % 9 === 0 ? newId() : null,
        sport: i % 9 === 0 ? 'running' : null,
      };
      if (spec.types?.values?.length) over.type = spec.types.values[i % spec.types.values.length]!;
      else if (i % 10 === 3) over.type = 'resting';
      if (spec.shape === 'interval') {
        over.end = i % 8 === 0 ? null : new Date(Date.parse(start) + (i % 3) * 30_500).toISOString();
      }
      if (spec.shape === 'blood_pressure') {
        over.systolic = numbers[i % numbers.length];
        over.diastolic = numbers[(i + 3) % numbers.length];
      } else if (spec.textValue) {
        over.value_text = i % 6 === 0 ? null : strings[i % strings.length]!;
      } else {
        over.value = numbers[i % numbers.length];
      }
      if (spec.extras?.length) {
        const variants: (Record<string, unknown> | null)[] = [
          null,
          {},
          Object.fromEntries(spec.extras.map((k) => [k, strings[i % strings.length]])),
          Object.fromEntries(spec.extras.map((k) => [k, { nested: [1, 'two', null], k }])),
          { [spec.extras[0]!]: 7.5, unrelated: true },
        ];
        over.extras = variants[i % variants.length]!;
      }
      const sample = sampleOf(spec, start, over);
      if (over.extras === null) delete sample.extras;
      samples.push(sample);
    }
    return samples;
  }

  beforeAll(async () => {
    const db = await createTestDatabase();
    h = { db, close: () => db.destroy() };
    const org = await seedOrg(h.db.knex);
    const team = await seedTeam(h.db.knex, org.orgId);
    scope = { teamId: team.teamId, environment: 'sandbox' };
    apiKey = team.apiKeys.sandbox;
    userId = await insertUser(h.db.knex, team.teamId);
    for (const spec of TIMESERIES) await insertSamples(h.db.knex, userId, dataset(spec));
  }, 60_000);
  afterAll(() => h.close());

  const seal = (key: SortKey) => `cursor:${JSON.stringify(key)}`;
  const range = parseTimeRange('2026-02-28', '2026-03-02');

  it.each(TIMESERIES.map((spec) => [spec.slug, spec] as const))('%s', async (_slug, spec) => {
    const repo = createTimeseriesRepository(h.db.knex);
    let compared = 0;
    for (const pageSize of [10_000, 17, 1]) {
      const statement = groupedPageStatement(spec, {
        scope,
        userId,
        range,
        provider: '',
        after: null,
        limit: pageSize + 1,
      });
      const objects = await repo.samples(statement);
      const arrays = await repo.sampleArrays(statement);
      expect(arrays.rows).toHaveLength(objects.length);
      const expected = JSON.stringify(buildGroupedPage(objects, spec, pageSize, seal));
      expect(renderGroupedPage(arrays, spec, pageSize, seal).toString('utf8')).toBe(expected);
      // What the API does: rows streamed from PostgreSQL into the writer, none kept.
      const streamed = new GroupedPageWriter(spec, pageSize, seal);
      expect(await repo.streamSampleArrays(statement, streamed)).toBe(objects.length);
      expect(streamed.finish().toString('utf8')).toBe(expected);
      // The compact rows the API reads, streamed and read whole.
      const compact = groupedPageStatement(
        spec,
        { scope, userId, range, provider: '', after: null, limit: pageSize + 1 },
        { compact: true },
      );
      const compactStreamed = new GroupedPageWriter(spec, pageSize, seal);
      expect(await repo.streamSampleArrays(compact, compactStreamed)).toBe(objects.length);
      expect(compactStreamed.finish().toString('utf8')).toBe(expected);
      const compactArrays = await repo.sampleArrays(compact);
      expect(compactArrays.fields).toContain('k');
      expect(renderGroupedPage(compactArrays, spec, pageSize, seal).toString('utf8')).toBe(expected);
      compared += objects.length;
    }
    // Every page of a walk through the cursors (the after-key statement), compact against full.
    let after: SortKey | null = null;
    let pages = 0;
    do {
      const query = { scope, userId, range, provider: '', after, limit: 8 };
      const objects = await repo.samples(groupedPageStatement(spec, query));
      const expected = JSON.stringify(buildGroupedPage(objects, spec, 7, seal));
      const writer = new GroupedPageWriter(spec, 7, seal);
      await repo.streamSampleArrays(groupedPageStatement(spec, query, { compact: true }), writer);
      const page = writer.finish().toString('utf8');
      expect(page).toBe(expected);
      const next = (JSON.parse(page) as { next_cursor: string | null }).next_cursor;
      after = next === null ? null : (JSON.parse(next.slice('cursor:'.length)) as SortKey);
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(Math.ceil(90 / 7));
    const legacy = legacySamplesStatement(spec, {
      scope,
      userId,
      range,
      provider: '',
      type: '',
      limit: 1000,
    });
    const objects = await repo.samples(legacy);
    expect(objects.length).toBe(90);
    const legacyExpected = JSON.stringify(objects.map(sampleRenderer(spec)));
    expect(renderSamples(await repo.sampleArrays(legacy), spec).toString('utf8')).toBe(legacyExpected);
    const streamed = new SamplesWriter(spec);
    await repo.streamSampleArrays(legacy, streamed);
    expect(streamed.finish().toString('utf8')).toBe(legacyExpected);
    const compactLegacy = legacySamplesStatement(
      spec,
      { scope, userId, range, provider: '', type: '', limit: 1000 },
      { compact: true },
    );
    const compactStreamed = new SamplesWriter(spec);
    await repo.streamSampleArrays(compactLegacy, compactStreamed);
    expect(compactStreamed.finish().toString('utf8')).toBe(legacyExpected);
    expect(renderSamples(await repo.sampleArrays(compactLegacy), spec).toString('utf8')).toBe(legacyExpected);
    expect(compared).toBeGreaterThan(90);
  });

  it('compact rows: runs of one context per series, series interleaved, give the same bytes', async () => {
    const repo = createTimeseriesRepository(h.db.knex);
    const spec = TIMESERIES.find((t) => t.slug === 'heartrate')!;
    const reader = await insertUser(h.db.knex, scope.teamId);
    const base = Date.parse('2026-03-01T00:00:00Z');
    // Two providers' series, interleaved minute by minute; the context (offset, device) changes every 25.
    await insertSamples(
      h.db.knex,
      reader,
      Array.from({ length: 240 }, (_, i) =>
        sampleOf(spec, new Date(base + Math.floor(i / 2) * 60_000).toISOString(), {
          provider: i % 2 ? 'oura' : 'garmin',
          source_type: 'watch',
          timezone_offset: [3600, null, -18000][Math.floor(i / 50) % 3]!,
          device_id: Math.floor(i / 25) % 2 ? devices[1]! : null,
          value: 60 + (i % 17) / 2,
        }),
      ),
    );
    for (const pageSize of [10_000, 100, 33, 1]) {
      const query = { scope, userId: reader, range, provider: '', after: null, limit: pageSize + 1 };
      const objects = await repo.samples(groupedPageStatement(spec, query));
      const expected = JSON.stringify(buildGroupedPage(objects, spec, pageSize, seal));
      const compact = await repo.sampleArrays(groupedPageStatement(spec, query, { compact: true }));
      // Most rows leave the series' descriptors out (their series' previous row had the same context).
      const provider = compact.fields.indexOf('provider');
      const sparse = compact.rows.filter((row) => row[provider] === null).length;
      if (pageSize >= 100) expect(sparse).toBeGreaterThan(compact.rows.length * 0.8);
      expect(renderGroupedPage(compact, spec, pageSize, seal).toString('utf8')).toBe(expected);
      const writer = new GroupedPageWriter(spec, pageSize, seal);
      await repo.streamSampleArrays(groupedPageStatement(spec, query, { compact: true }), writer);
      expect(writer.finish().toString('utf8')).toBe(expected);
    }
  });

  it('a streamed read runs as a prepared statement, parsed once per connection', async () => {
    // One connection, so the session that prepared the statement is the one asked.
    const one = createKnex({ connectionString: h.db.url, poolMax: 1 });
    try {
      const repo = createTimeseriesRepository(one);
      const spec = TIMESERIES[0]!;
      const query = { scope, userId, range, provider: '', after: null, limit: 11 };
      const prepared = async () =>
        (
          await one.raw<{ rows: { statement: string }[] }>(
            "select statement from pg_prepared_statements where name like 'meridian\\_ts\\_%'",
          )
        ).rows;
      expect(await prepared()).toHaveLength(0);
      const expected = JSON.stringify(
        buildGroupedPage(await repo.samples(groupedPageStatement(spec, query)), spec, 10, seal),
      );
      for (let i = 0; i < 7; i++) {
        const writer = new GroupedPageWriter(spec, 10, seal);
        await repo.streamSampleArrays(groupedPageStatement(spec, query, { compact: true }), writer);
        // The same bytes on every run, the generic plan's (from the sixth) included.
        expect(writer.finish().toString('utf8')).toBe(expected);
      }
      const statements = await prepared();
      expect(statements).toHaveLength(1);
      expect(statements[0]!.statement).toContain('as fresh');
    } finally {
      await one.destroy();
    }
  });

  it('an empty read renders as the presenter does', async () => {
    const repo = createTimeseriesRepository(h.db.knex);
    const spec = TIMESERIES[0]!;
    const statement = groupedPageStatement(spec, {
      scope,
      userId: newId(),
      range,
      provider: '',
      after: null,
      limit: 11,
    });
    const arrays = await repo.sampleArrays(statement);
    expect(arrays.rows).toHaveLength(0);
    expect(renderGroupedPage(arrays, spec, 10, seal).toString('utf8')).toBe(
      JSON.stringify(buildGroupedPage([], spec, 10, seal)),
    );
    expect(renderSamples(arrays, spec).toString('utf8')).toBe('[]');
  });

  it('a failure while rendering a streamed read is raised after it, and the connection stays usable', async () => {
    const repo = createTimeseriesRepository(h.db.knex);
    const statement = groupedPageStatement(TIMESERIES[0]!, {
      scope,
      userId,
      range,
      provider: '',
      after: null,
      limit: 50,
    });
    let seen = 0;
    const failing = {
      columns: () => undefined,
      row: () => {
        seen += 1;
        if (seen === 2) throw new Error('render failed');
      },
    };
    await expect(repo.streamSampleArrays(statement, failing)).rejects.toThrow('render failed');
    expect(seen).toBe(2);
    for (let i = 0; i < 3; i++) {
      expect(
        await repo.streamSampleArrays(statement, { columns: () => undefined, row: () => undefined }),
      ).toBe(50);
    }
  });

  it('a large grouped read over HTTP: compressed answers inflate to the identity bytes', async () => {
    const app = createTimeseriesTestApp(h.db.knex, {});
    // Valid documents only (the test app validates its answers): catalog providers, values in range.
    const spec = TIMESERIES.find((t) => t.slug === 'insulin_injection')!;
    const reader = await insertUser(h.db.knex, scope.teamId);
    await insertSamples(
      h.db.knex,
      reader,
      Array.from({ length: 300 }, (_, i) =>
        sampleOf(spec, new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000).toISOString(), {
          provider: i % 3 === 0 ? 'oura' : 'garmin',
          timezone_offset: i % 2 ? 3600 : null,
          value: i / 4,
        }),
      ),
    );
    const url = `/v2/timeseries/${reader}/${spec.slug}/grouped?start_date=2026-02-28&end_date=2026-03-02`;
    const text = (res: request.Response, cb: (err: Error | null, body: string) => void) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => cb(null, body));
    };
    const get = (encoding: string) =>
      request(app)
        .get(url)
        .set('x-service-api-key', apiKey)
        .set('Accept-Encoding', encoding)
        .buffer(true)
        .parse(text as never);
    const identity = await get('identity');
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['vary']).toMatch(/Accept-Encoding/i);
    const plain = identity.body as string;
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(plain));
    // The bytes the API sent before issue 16: presenter objects through JSON.stringify.
    const objects = await createTimeseriesRepository(h.db.knex).samples(
      groupedPageStatement(spec, { scope, userId: reader, range, provider: '', after: null, limit: 10_001 }),
    );
    const reference = JSON.parse(JSON.stringify(buildGroupedPage(objects, spec, 10_000, seal))) as {
      groups: unknown;
    };
    expect(JSON.parse(plain)).toEqual({ ...reference, next_cursor: null, next: null });
    expect(plain.length).toBeGreaterThan(10_000);
    expect(objects).toHaveLength(300);
    for (const coding of ['gzip', 'br']) {
      const res = await get(`${coding}, identity;q=0.5`);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain) / 3);
      // supertest inflated the body: it is the identity answer's bytes.
      expect(res.body).toBe(plain);
    }
  });

  /** A reader whose heart rate is one source context (one group: the page is a view of a pooled buffer). */
  async function singleContextReader(n: number, seed: number) {
    const spec = TIMESERIES.find((t) => t.slug === 'heartrate')!;
    const reader = await insertUser(h.db.knex, scope.teamId);
    await insertSamples(
      h.db.knex,
      reader,
      Array.from({ length: n }, (_, i) =>
        sampleOf(spec, new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000).toISOString(), {
          provider: 'oura',
          value: 50 + ((i * (seed + 3)) % 90),
        }),
      ),
    );
    const query = { scope, userId: reader, range, provider: '', after: null, limit: 10_001 };
    const objects = await createTimeseriesRepository(h.db.knex).samples(groupedPageStatement(spec, query));
    expect(objects).toHaveLength(n);
    return { spec, reader, query, expected: JSON.stringify(buildGroupedPage(objects, spec, 10_000, seal)) };
  }

  it('pooled output buffers: pages in flight never share bytes; a buffer is reused only after release', async () => {
    const repo = createTimeseriesRepository(h.db.knex);
    const readers = await Promise.all([30, 300, 1200, 700].map((n, seed) => singleContextReader(n, seed)));
    const render = async (r: (typeof readers)[number]) => {
      const writer = new GroupedPageWriter(r.spec, 10_000, seal);
      await repo.streamSampleArrays(groupedPageStatement(r.spec, r.query, { compact: true }), writer);
      return { writer, body: writer.finish(), expected: r.expected };
    };
    const released = new Set<ArrayBufferLike>();
    // Pages rendered concurrently, none released: each has its own memory and its own bytes.
    const held = await Promise.all(readers.map(render));
    for (const [i, a] of held.entries()) {
      expect(a.body.toString('utf8')).toBe(a.expected);
      for (const b of held.slice(i + 1)) expect(a.body.buffer).not.toBe(b.body.buffer);
    }
    // Pages rendered and released meanwhile reuse buffers, never a held one's: the held bytes stay put.
    for (let round = 0; round < 3; round++) {
      const pages = await Promise.all(readers.map(render));
      for (const page of pages) {
        expect(held.some((x) => x.body.buffer === page.body.buffer)).toBe(false);
        expect(page.body.toString('utf8')).toBe(page.expected);
      }
      for (const page of pages) {
        released.add(page.body.buffer);
        page.writer.release();
      }
      for (const x of held) expect(x.body.toString('utf8')).toBe(x.expected);
    }
    expect(OUTPUT_BUFFERS.size.buffers).toBeGreaterThan(0);
    // Released, buffers are handed out again (and rendered into afresh).
    for (const x of held) {
      released.add(x.body.buffer);
      x.writer.release();
    }
    const again = await Promise.all(readers.map(render));
    expect(again.some((p) => released.has(p.body.buffer))).toBe(true);
    for (const p of again) {
      expect(p.body.toString('utf8')).toBe(p.expected);
      p.writer.release();
    }
  });

  it('concurrent answers over HTTP (bytes to the socket, no response validation) are each their own', async () => {
    const app = createTimeseriesTestApp(h.db.knex, { validateResponses: false });
    // Readers with pages of different sizes, so buffers of one are reused for another.
    const readers = await Promise.all([40, 400, 1500].map((n, seed) => singleContextReader(n, seed)));
    const server = app.listen(0, '127.0.0.1');
    try {
      const answers = await Promise.all(
        Array.from({ length: 36 }, (_, i) => {
          const { reader } = readers[i % readers.length]!;
          return request(server)
            .get(`/v2/timeseries/${reader}/heartrate/grouped?start_date=2026-02-28&end_date=2026-03-02`)
            .set('x-service-api-key', apiKey)
            .set('Accept-Encoding', 'identity')
            .buffer(true)
            .parse((res, cb) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => cb(null, Buffer.concat(chunks)));
            })
            .then((res) => ({ res, i }));
        }),
      );
      for (const { res, i } of answers) {
        expect(res.status).toBe(200);
        const body = res.body as Buffer;
        expect(Number(res.headers['content-length'])).toBe(body.length);
        // The sealed cursors are null here (one page): the whole answer is the reference's.
        expect(body.toString('utf8')).toBe(readers[i % readers.length]!.expected);
      }
      // The answers went through the pool: their buffers came back after each response's 'finish'.
      expect(OUTPUT_BUFFERS.size.buffers).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
