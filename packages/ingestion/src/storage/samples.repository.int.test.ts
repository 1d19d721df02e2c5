import { useIngestionFixture } from '../__tests__/ingestion-fixture';

/**
 * The samples upsert sends each series context's rows as PostgreSQL array literals: texts that need quoting
 * in an array literal, a text that reads "NULL", JSON extras, blood pressure and several contexts in one
 * batch must come back exactly as sent, and a repeated batch must change nothing (historical chunks are
 * inserted outright until they meet a stored row, then upserted).
 */
const CUFF = '5a0c2d1e-8f3b-4c6d-9e7f-0a1b2c3d4e5f';

describe('samples upsert (array literals per column)', () => {
  const fx = useIngestionFixture();

  const notes = [
    'plain',
    'with "quotes" and a \\ backslash',
    '{braces}, commas, and spaces',
    'NULL',
    'multi\nline\ttabbed',
    'ünïcödé ✓ 𝄞',
  ];
  const note = (text: string, i: number) => ({
    timestamp: new Date(Date.UTC(2026, 2, 10, 8, i)).toISOString(),
    end: new Date(Date.UTC(2026, 2, 10, 8, i, 30)).toISOString(),
    value: text,
    tags: i % 2 === 0 ? ['food', 'exercise'] : null,
  });
  const batch = (userId: string) => ({
    userId,
    mode: 'historical' as const,
    timeseries: [
      {
        resource: 'note',
        source: { provider: 'apple_health_kit', type: 'phone' as const, app_id: 'app "one", {x}' },
        samples: notes.map(note),
      },
      {
        resource: 'blood_pressure',
        source: { provider: 'withings', type: 'cuff' as const, device_id: CUFF },
        samples: [
          { timestamp: '2026-03-10T07:00:00Z', systolic: 121.5, diastolic: 79, unit: 'mmHg' },
          { timestamp: '2026-03-10T19:00:00Z', systolic: 118, diastolic: 76.25, unit: 'mmHg' },
        ],
      },
      {
        resource: 'heartrate',
        source: { provider: 'oura', type: 'ring' as const },
        samples: [
          { timestamp: '2026-03-10T00:05:00+00:00', value: 58, unit: 'bpm' },
          { timestamp: '2026-03-10T00:00:00+00:00', value: 1e-7 + 60, unit: 'bpm' },
          { timestamp: '2026-03-10T00:10:00.001Z', value: 61, unit: 'bpm' },
          { timestamp: '2026-03-10T00:10:00.999+02:00', value: 62, unit: 'bpm' },
        ],
      },
    ],
  });

  it('stores every value as sent and re-upserts nothing', async () => {
    const userId = await fx.insertUser();
    const first = await fx.ingestion.ingest(batch(userId));
    expect(first).toMatchObject({ created: 12, updated: 0, unchanged: 0 });

    const stored = await fx.samples(userId, 'note');
    expect(stored.map((r) => r.value_text)).toEqual(notes);
    expect(stored.every((r) => r.app_id === 'app "one", {x}' && r.value === null)).toBe(true);
    expect(stored.map((r) => r.extras)).toEqual(
      notes.map((_, i) => (i % 2 === 0 ? { tags: ['food', 'exercise'] } : null)),
    );
    expect(stored[0]!.end_at).toEqual(new Date('2026-03-10T08:00:30.000Z'));

    const pressure = await fx.samples(userId, 'blood_pressure');
    expect(pressure.map((r) => [r.systolic, r.diastolic, r.value, r.end_at, r.device_id])).toEqual([
      [121.5, 79, null, null, CUFF],
      [118, 76.25, null, null, CUFF],
    ]);
    const heart = await fx.samples(userId, 'heartrate');
    expect(heart.map((r) => [r.start_at, r.value, r.source_type])).toEqual([
      [new Date('2026-03-09T22:10:00.999Z'), 62, 'ring'],
      [new Date('2026-03-10T00:00:00Z'), 1e-7 + 60, 'ring'],
      [new Date('2026-03-10T00:05:00Z'), 58, 'ring'],
      [new Date('2026-03-10T00:10:00.001Z'), 61, 'ring'],
    ]);
    // Instants are stored to the millisecond exactly (no float rounding on the way in).
    const exact = await fx.db.knex.raw<{ rows: { t: string }[] }>(
      `select to_char(start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as t from timeseries_samples
        where user_id = ? and resource = 'heartrate' order by start_at`,
      [userId],
    );
    expect(exact.rows.map((r) => r.t)).toEqual([
      '2026-03-09T22:10:00.999000',
      '2026-03-10T00:00:00.000000',
      '2026-03-10T00:05:00.000000',
      '2026-03-10T00:10:00.001000',
    ]);

    const again = await fx.ingestion.ingest(batch(userId));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 12 });
  });

  it('stores texts with quotes, backslashes and question marks exactly when their series goes first', async () => {
    // The series is the batch's only one: its insert is the batch's first (gated by the probe when daily).
    const tricky = ["it's", 'what?', "a \\ backslash, a \\x3f and \\'", "$1 ?? ?| E'x'", '\\', "''", 'ü ✓ 𝄞'];
    const appId = "app 'two'? \\ $1";
    const notesOf = (userId: string, mode: 'daily' | 'historical') => ({
      userId,
      mode,
      timeseries: [
        {
          resource: 'note',
          source: { provider: 'apple_health_kit', type: 'phone' as const, app_id: appId },
          samples: tricky.map(note),
        },
      ],
    });
    for (const mode of ['historical', 'daily'] as const) {
      const userId = await fx.insertUser();
      expect(await fx.ingestion.ingest(notesOf(userId, mode))).toMatchObject({ created: 7, updated: 0 });
      const stored = await fx.samples(userId, 'note');
      expect(stored.map((r) => r.value_text)).toEqual(tricky);
      expect(stored.every((r) => r.app_id === appId)).toBe(true);
      // Once more, daily: the insert's probe meets the stored rows, which are upserted and unchanged.
      expect(await fx.ingestion.ingest(notesOf(userId, 'daily'))).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: 7,
      });
    }
  });

  it('a historical batch meeting stored rows part way through writes the new ones and keeps the rest', async () => {
    const userId = await fx.insertUser();
    const full = batch(userId);
    // Heart rate is stored first: in the full batch its series comes after blood pressure.
    await fx.ingestion.ingest({ ...full, timeseries: [full.timeseries[2]!] });
    const result = await fx.ingestion.ingest(full);
    expect(result).toMatchObject({ created: 8, updated: 0, unchanged: 4 });
    expect(await fx.samples(userId)).toHaveLength(12);
    const changed = batch(userId);
    changed.timeseries[1]!.samples[0] = { ...changed.timeseries[1]!.samples[0]!, systolic: 125 };
    expect(await fx.ingestion.ingest(changed)).toMatchObject({ created: 0, updated: 1, unchanged: 11 });
  });

  it('a changed value updates only its row, in daily mode as well', async () => {
    const userId = await fx.insertUser();
    await fx.ingestion.ingest(batch(userId));
    const changed = batch(userId);
    changed.timeseries[0]!.samples[3] = { ...note('no longer "NULL"', 3) };
    const result = await fx.ingestion.ingest({ ...changed, mode: 'daily' });
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 11 });
    const stored = await fx.samples(userId, 'note');
    expect(stored[3]!.value_text).toBe('no longer "NULL"');
  });

  it('a daily batch inserts a series with nothing stored in its span and upserts one that overlaps', async () => {
    const userId = await fx.insertUser();
    const full = batch(userId);
    // The notes are stored already; blood pressure and heart rate have nothing stored (their series are new).
    await fx.ingestion.ingest({ ...full, timeseries: [full.timeseries[0]!] });
    const daily = batch(userId);
    daily.timeseries[0]!.samples[1] = { ...note('changed', 1) };
    const result = await fx.ingestion.ingest({ ...daily, mode: 'daily' });
    expect(result).toMatchObject({ created: 6, updated: 1, unchanged: 5 });
    const sampleEvents = (await fx.events(userId)).filter((e) => !e.event_type.includes('activity'));
    const counts = sampleEvents.map((e) => {
      const data = (e.payload as { data: { data: unknown[] } }).data.data;
      return [e.event_type, data.length];
    });
    expect(counts).toEqual([
      ['daily.data.note.updated', 1],
      ['daily.data.blood_pressure.created', 2],
      ['daily.data.heartrate.created', 4],
    ]);
    // A later daily batch over the same span upserts what it meets: the unchanged rows announce nothing.
    const again = batch(userId);
    again.timeseries[2]!.samples[0] = { timestamp: '2026-03-10T00:05:00+00:00', value: 57, unit: 'bpm' };
    expect(await fx.ingestion.ingest({ ...again, mode: 'daily' })).toMatchObject({
      created: 0,
      updated: 2,
      unchanged: 10,
    });
  });
});
