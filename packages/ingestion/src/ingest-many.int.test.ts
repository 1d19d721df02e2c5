import { withTransaction, type OutboxEvent } from '@meridian/db';
import { ValidationError } from '@meridian/domain';
import { createIngestion } from './create-ingestion';
import type { IngestBatch, SampleInput } from './ingestion.types';
import { activityLock } from './refresh-activity';
import {
  ingestionUserColumns,
  toIngestionUser,
  type IngestionUserRow,
} from './storage/ingestion-user.repository';
import { NOW, useIngestionFixture } from './__tests__/ingestion-fixture';

/**
 * `ingestMany` (the resources of one mobile push in one write) must store exactly what ingesting the same
 * batches one by one stores — samples, summaries, derived activity, resource stats, per-batch counts — while
 * announcing an activity day once: as daily data when a daily batch touched it, else not at all (historical).
 */
const WATCH = { provider: 'apple_health_kit', type: 'watch' as const, device_id: null };

const minutes = (
  fromIso: string,
  n: number,
  value: (i: number) => number,
  extra: Partial<SampleInput> = {},
) =>
  Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(Date.parse(fromIso) + i * 60_000).toISOString(),
    timezone_offset: 3600,
    value: value(i),
    ...extra,
  }));

const heartRate = (userId: string, mode: IngestBatch['mode'], day: string): IngestBatch => ({
  userId,
  mode,
  timeseries: [
    { resource: 'heartrate', source: WATCH, samples: minutes(`${day}T06:00:00Z`, 90, (i) => 60 + (i % 25)) },
  ],
});

const steps = (userId: string, mode: IngestBatch['mode'], day: string): IngestBatch => ({
  userId,
  mode,
  timeseries: [
    {
      resource: 'steps',
      source: WATCH,
      samples: minutes(`${day}T06:00:00Z`, 40, (i) => 10 + i, {}).map((s) => ({
        ...s,
        end: new Date(Date.parse(s.timestamp) + 60_000).toISOString(),
      })),
    },
  ],
});

describe('ingestMany', () => {
  const fx = useIngestionFixture();

  async function stored(userId: string) {
    const samples = (await fx.samples(userId)).map((s: Record<string, unknown>) => ({
      resource: s.resource,
      start_at: s.start_at,
      value: s.value,
      type: s.type,
    }));
    const activity = (await fx.summaries(userId, 'activity')).map((a) => ({ ...a, id: null, user_id: null }));
    const stats = await fx.db
      .knex('resource_stats')
      .where({ user_id: userId })
      .orderBy(['provider', 'resource'])
      .select('provider', 'resource', 'oldest_data', 'newest_data', 'sent_count');
    return { samples, activity, stats };
  }

  const strip = <T extends { eventIds: string[] }>(r: T) => ({ ...r, eventIds: undefined });

  it('stores what ingesting the batches one by one stores, with the same counts per batch', async () => {
    const one = await fx.insertUser();
    const many = await fx.insertUser();
    const batches = (u: string) => [
      heartRate(u, 'daily', '2026-03-10'),
      steps(u, 'daily', '2026-03-10'),
      heartRate(u, 'historical', '2026-03-08'),
    ];
    const apart = [];
    for (const b of batches(one)) apart.push(await fx.ingestion.ingest(b));
    const together = await fx.ingestion.ingestMany(batches(many));

    expect(together.map(strip)).toEqual(apart.map(strip));
    expect(together.map((r) => r.created)).toEqual([90, 40, 90]);
    const a = await stored(one);
    const b = await stored(many);
    expect(b.samples).toEqual(a.samples);
    expect(b.activity).toEqual(a.activity);
    expect(b.activity.map((d) => (d as Record<string, unknown>).calendar_date)).toEqual([
      '2026-03-08',
      '2026-03-10',
    ]);
    // Resource stats alike, except that the activity days are derived (and counted) once per write: the
    // 10th was derived twice one by one (after the heart rate, again after the steps).
    const activityStat = (stats: typeof a.stats) => stats.find((s) => s.resource === 'activity');
    expect(b.stats.filter((s) => s.resource !== 'activity')).toEqual(
      a.stats.filter((s) => s.resource !== 'activity'),
    );
    expect([activityStat(a.stats)?.sent_count, activityStat(b.stats)?.sent_count]).toEqual([3, 2]);
    expect(b.stats.find((s) => s.resource === 'heartrate')?.sent_count).toBe(180);

    // Re-sending the same batches together changes nothing and counts every sample unchanged.
    const again = await fx.ingestion.ingestMany(batches(many));
    expect(again.map((r) => [r.created, r.updated, r.unchanged])).toEqual([
      [0, 0, 90],
      [0, 0, 40],
      [0, 0, 90],
    ]);
  });

  it('announces each batch’s samples as before and an activity day once, by the daily batches that touched it', async () => {
    const one = await fx.insertUser();
    const many = await fx.insertUser();
    const batches = (u: string) => [
      heartRate(u, 'daily', '2026-03-10'),
      steps(u, 'daily', '2026-03-10'),
      steps(u, 'historical', '2026-03-08'),
    ];
    for (const b of batches(one)) await fx.ingestion.ingest(b);
    const results = await fx.ingestion.ingestMany(batches(many));

    const types = async (u: string) => (await fx.events(u)).map((e) => e.event_type);
    // One by one: each daily batch re-announces the day it changed; together, the day once, created.
    expect(await types(one)).toEqual([
      'daily.data.heartrate.created',
      'daily.data.activity.created',
      'daily.data.steps.created',
      'daily.data.activity.updated',
    ]);
    expect(await types(many)).toEqual([
      'daily.data.heartrate.created',
      'daily.data.steps.created',
      'daily.data.activity.created',
    ]);
    const events = await fx.events(many);
    const lastApart = (await fx.events(one)).at(-1)!;
    expect(events[2]!.payload.data).toEqual({
      ...lastApart.payload.data,
      id: events[2]!.payload.data.id,
      user_id: many,
      created_at: events[2]!.payload.data.created_at,
      updated_at: events[2]!.payload.data.updated_at,
    });
    expect(events[2]!.payload.data.calendar_date).toBe('2026-03-10');
    const outboxIds = await fx.db.knex('outbox').where({ user_id: many }).orderBy('seq').pluck('id');
    for (const r of results) expect(r.eventIds).toEqual(outboxIds);
  });

  it('with the caller’s user, activity lock and deferred events writes the same, the events handed back in order', async () => {
    const one = await fx.insertUser();
    const many = await fx.insertUser();
    const batches = (u: string) => [heartRate(u, 'daily', '2026-03-10'), steps(u, 'daily', '2026-03-10')];
    const plain = await fx.ingestion.ingestMany(batches(one));
    const handed: OutboxEvent[][] = [];
    const deferred = await withTransaction(fx.db.knex, async (trx) => {
      // The caller's own statement: the user read and locked as ingestion would, the activity lock taken.
      const lock = activityLock(many, 'apple_health_kit');
      const { rows } = await trx.raw<{ rows: IngestionUserRow[] }>(
        `select ${ingestionUserColumns('u')} from users u, pg_advisory_xact_lock(?, hashtext(?)) l
          where u.id = ? and u.deleted_at is null for key share of u`,
        [lock.classId, lock.key, many],
      );
      const ids = [
        '0b4c0e39-54a4-4c0e-9d5e-6c0b8f1d2a01',
        '0b4c0e39-54a4-4c0e-9d5e-6c0b8f1d2a02',
        '0b4c0e39-54a4-4c0e-9d5e-6c0b8f1d2a03',
      ];
      return createIngestion({ db: trx, clock: () => NOW }).ingestMany(batches(many), {
        savepoint: false,
        user: toIngestionUser(rows[0]!),
        activityLocked: ['apple_health_kit'],
        deferEvents: (events) => {
          handed.push(events);
          return ids.slice(0, events.length);
        },
      });
    });
    expect(deferred.map(strip)).toEqual(plain.map(strip));
    // Nothing written to the outbox: the events were handed over once, in the order they would be written.
    expect(await fx.events(many)).toEqual([]);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.map((e) => e.envelope.event_type)).toEqual(
      (await fx.events(one)).map((e) => e.event_type),
    );
    expect(deferred[0]!.eventIds).toHaveLength(handed[0]!.length);
    const a = await stored(one);
    const b = await stored(many);
    expect(b.samples).toEqual(a.samples);
    expect(b.activity).toEqual(a.activity);
    expect(b.stats).toEqual(a.stats);
  });

  it('refuses the whole write when one batch is bad, and batches of two users', async () => {
    const userId = await fx.insertUser();
    const bad: IngestBatch = {
      userId,
      mode: 'daily',
      timeseries: [
        { resource: 'heartrate', source: WATCH, samples: [{ timestamp: 'yesterday', value: 60 }] },
      ],
    };
    await expect(
      fx.ingestion.ingestMany([heartRate(userId, 'daily', '2026-03-10'), bad]),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await fx.samples(userId)).toEqual([]);
    expect(await fx.events(userId)).toEqual([]);

    const other = await fx.insertUser();
    await expect(
      fx.ingestion.ingestMany([
        heartRate(userId, 'daily', '2026-03-10'),
        heartRate(other, 'daily', '2026-03-10'),
      ]),
    ).rejects.toThrow(/same user/);
    expect(await fx.samples(userId)).toEqual([]);
  });
});
