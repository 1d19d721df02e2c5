/**
 * Result tables kept current, end to end against PostgreSQL and RabbitMQ (issue 14): real ingestion writes
 * data events to the outbox; a relay publishes them as the event-delivery relay does (`event.<type>` carrying
 * `{event_id}`); the scheduler's consumers schedule and run the dependent continuous queries; the sweep hands
 * over deferred runs. The broker layout is the production table with unique names (parallel runs never
 * share queues), removed afterwards.
 */
import { newId } from '@meridian/domain';
import { createIngestion, type IngestBatch } from '@meridian/ingestion';
import {
  type AmqpTransport,
  createAmqpTransport,
  createMessage,
  meridianQueues,
  meridianTopology,
  type Topology,
} from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import {
  fhirObservationIssues,
  parseQuery,
  queryToWire,
  type FhirObservation,
} from '@meridian/query-language';
import {
  amqpUrl,
  createTestDatabase,
  describeWithBroker,
  seedOrg,
  seedTeam,
  waitFor,
  type TestDatabase,
} from '@meridian/test-utils';
import {
  CONTINUOUS_QUERY_BACKFILL_TASK,
  createContinuousQueryBackfillJob,
} from './continuous-query-backfill.job';
import { createContinuousQueryTaskRetentionJob } from './continuous-query-task-retention.job';
import { createContinuousQuerySweepJob, startContinuousQueryConsumers } from './continuous-query-worker';
import { runContinuousQueryTask } from './run-continuous-query-task';
import { scheduleOnDataChange } from './schedule-on-data-change';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'scheduler', silent: true });
const GAP_SECONDS = 1800;

const STEPS_BY_DAY = {
  group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
  select: [{ group_key: '*' }, { func: 'sum', arg: { timeseries: 'steps', field: 'value' } }],
};

function scopedTopology(): {
  topology: Topology;
  queues: { dataChanges: string; runs: string; schedulerTasks: string };
} {
  const suffix = `cq-test-${newId().slice(0, 8)}`;
  const scoped = (name: string) => `${name}.${suffix}`;
  return {
    topology: {
      exchange: scoped(meridianTopology.exchange),
      queues: meridianTopology.queues.map((q) => ({ ...q, name: scoped(q.name), retryDelaysMs: [50] })),
    },
    queues: {
      dataChanges: scoped(meridianQueues.schedulerDataChanges),
      runs: scoped(meridianQueues.continuousQueryRuns),
      schedulerTasks: scoped(meridianQueues.schedulerTasks),
    },
  };
}

interface TaskRow {
  id: string;
  status: string;
  scheduled_at: Date;
  started_at: Date | null;
  error_details: string | null;
}

describeWithBroker('continuous queries kept current (scheduler, RabbitMQ)', () => {
  let db: TestDatabase;
  let transport: AmqpTransport;
  let consumers: { close(): Promise<void> };
  let now = new Date('2026-03-01T10:00:00Z');
  const clock = () => now;
  let teamId: string;
  let otherTeamId: string;
  let orgId: string;
  let schedulerTasksQueue: string;

  /** The event-delivery relay's contract: each unpublished outbox row as `event.<type>` with `{event_id}`. */
  async function relay(): Promise<number> {
    const rows: { id: string; event_type: string }[] = await db
      .knex('outbox')
      .whereNull('published_at')
      .orderBy('seq')
      .select('id', 'event_type');
    for (const row of rows) {
      const type = `event.${row.event_type}`;
      await transport.publish(type, { ...createMessage(type, { event_id: row.id }), id: row.id });
    }
    await db
      .knex('outbox')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ published_at: db.knex.fn.now() });
    return rows.length;
  }

  const ingestion = () => createIngestion({ db: db.knex, clock });

  const steps = (userId: string, day: string, values: number[], type: 'watch' | 'phone' = 'watch') =>
    ({
      userId,
      mode: 'daily',
      timeseries: [
        {
          resource: 'steps',
          source: { provider: 'garmin', type },
          samples: values.map((value, i) => ({
            timestamp: `${day}T0${i}:00:00Z`,
            end: `${day}T0${i}:01:00Z`,
            value,
          })),
        },
      ],
    }) satisfies IngestBatch;

  async function addUser(team: string): Promise<string> {
    const id = newId();
    await db.knex('users').insert({ id, team_id: team, environment: 'sandbox', client_user_id: `c-${id}` });
    return id;
  }

  async function addQuery(opts: {
    team: string | null;
    slug: string;
    query?: unknown;
    dataEvents?: boolean;
    fhir?: boolean;
    gap?: number | null;
  }): Promise<string> {
    const parsed = parseQuery(opts.query ?? STEPS_BY_DAY, { basePath: ['query'], mode: 'continuous' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const id = newId();
    await db.knex('continuous_queries').insert({
      id,
      org_id: orgId,
      team_id: opts.team,
      query_type: opts.team === null ? 'platform' : 'team',
      environment: 'sandbox',
      slug: opts.slug,
      title: opts.slug,
      query: JSON.stringify(queryToWire(parsed.query)),
      query_config: null,
      scheduling_preferences: JSON.stringify({
        minimum_gap_duration_second: opts.gap === undefined ? GAP_SECONDS : opts.gap,
      }),
      export_preferences: JSON.stringify({
        data_events: { enabled: opts.dataEvents ?? true },
        fhir_observations: opts.fhir ?? false,
      }),
      result_table_schema: JSON.stringify(parsed.derived.resultTableSchema),
      resource_dependencies: parsed.derived.resourceDependencies,
      fhir_observation_mappers: parsed.derived.fhirObservationMappers,
    });
    return id;
  }

  const tasks = (queryId: string, userId: string): Promise<TaskRow[]> =>
    db
      .knex('continuous_query_tasks')
      .where({ query_id: queryId, user_id: userId })
      .orderBy([{ column: 'scheduled_at' }, { column: 'status' }])
      .select('id', 'status', 'scheduled_at', 'started_at', 'error_details');

  const result = (queryId: string, userId: string) =>
    db
      .knex('continuous_query_results')
      .where({ query_id: queryId, user_id: userId })
      .first<{ result_table: Record<string, unknown[]>; table_hash: string; updated_at: Date } | undefined>();

  /** The query's events for the user (the queries of earlier tests also run for later users). */
  const changedEvents = async (userId: string, queryId: string) =>
    (
      await db
        .knex('outbox')
        .where({ user_id: userId, event_type: 'continuous_query.result_table.changed' })
        .whereRaw("payload->'data'->>'query_id' = ?", [queryId])
        .orderBy('seq')
        .select<{ payload: Record<string, unknown>; team_id: string }[]>('payload', 'team_id')
    ).map((r) => r.payload);

  /** Waits until every task of the query and user is settled (none scheduled and due, none started). */
  const settled = (queryId: string, userId: string, count: number): Promise<TaskRow[]> =>
    waitFor(async (): Promise<TaskRow[] | undefined> => {
      const list = await tasks(queryId, userId);
      const busy = list.some(
        (t) => t.status === 'started' || (t.status === 'scheduled' && t.scheduled_at <= now),
      );
      return !busy && list.length >= count ? list : undefined;
    }) as Promise<TaskRow[]>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    orgId = org.orgId;
    teamId = (await seedTeam(db.knex, orgId)).teamId;
    otherTeamId = (await seedTeam(db.knex, orgId)).teamId;
    for (const t of [teamId, otherTeamId])
      await db.knex('team_features').insert({ team_id: t, feature: 'continuous_query' });
    const { topology, queues } = scopedTopology();
    schedulerTasksQueue = queues.schedulerTasks;
    transport = await createAmqpTransport({ url: amqpUrl(), logger, topology });
    consumers = await startContinuousQueryConsumers({ db: db.knex, transport, logger, clock, queues });
  });

  afterAll(async () => {
    await consumers?.close();
    await transport?.deleteTopology().catch(() => undefined);
    await transport?.close();
    await db?.destroy();
  });

  it('ingest → scheduled → completed → result table → event; inside the gap → skipped, deferred, run when due', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-daily' });

    await ingestion().ingest(steps(userId, '2025-01-10', [1200, 300]));
    await relay();
    const [first] = await settled(queryId, userId, 1);
    expect(first).toMatchObject({ status: 'completed', error_details: null });
    expect((await result(queryId, userId))?.result_table).toEqual({
      'group_key.0': ['2025-01-10T00:00:00'],
      'sum.steps.value': [1500],
    });
    const [event] = await changedEvents(userId, queryId);
    expect(event).toEqual({
      event_type: 'continuous_query.result_table.changed',
      user_id: userId,
      client_user_id: `c-${userId}`,
      team_id: teamId,
      data: {
        query_id: queryId,
        query_slug: 'steps-daily',
        data: { 'group_key.0': ['2025-01-10T00:00:00'], 'sum.steps.value': [1500] },
      },
    });

    // Ten minutes later, inside the 30-minute gap: the run is skipped and deferred to the gap's end.
    now = new Date(now.getTime() + 10 * 60_000);
    await ingestion().ingest(steps(userId, '2025-01-11', [4000]));
    await relay();
    const afterSecond = await settled(queryId, userId, 3);
    const due = new Date(first!.started_at!.getTime() + GAP_SECONDS * 1000);
    expect(afterSecond.map((t) => t.status)).toEqual(['completed', 'skipped', 'scheduled']);
    expect(afterSecond[2]!.scheduled_at).toEqual(due);
    expect((await result(queryId, userId))?.result_table['sum.steps.value']).toEqual([1500]);

    // More changes inside the gap are covered by the deferred task.
    await ingestion().ingest(steps(userId, '2025-01-12', [10]));
    await relay();
    await new Promise((r) => setTimeout(r, 300));
    expect((await tasks(queryId, userId)).length).toBe(3);

    // Not due yet: the sweep leaves it; once due, it hands it over and it runs with every change.
    const sweep = createContinuousQuerySweepJob({ db: db.knex, logger, transport });
    await sweep.run(now);
    expect((await tasks(queryId, userId))[2]!.status).toBe('scheduled');
    now = new Date(due.getTime() + 1000);
    await sweep.run(now);
    const afterDue = await settled(queryId, userId, 3);
    expect(afterDue.map((t) => t.status)).toEqual(['completed', 'skipped', 'completed']);
    expect((await result(queryId, userId))?.result_table).toEqual({
      'group_key.0': ['2025-01-10T00:00:00', '2025-01-11T00:00:00', '2025-01-12T00:00:00'],
      'sum.steps.value': [1500, 4000, 10],
    });
    // The event holds only the new rows.
    expect((await changedEvents(userId, queryId)).map((e) => (e.data as { data: unknown }).data)).toEqual([
      { 'group_key.0': ['2025-01-10T00:00:00'], 'sum.steps.value': [1500] },
      { 'group_key.0': ['2025-01-11T00:00:00', '2025-01-12T00:00:00'], 'sum.steps.value': [4000, 10] },
    ]);
  });

  it('schedules once per ingest transaction, whichever of its events arrives after the run', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({
      team: teamId,
      slug: 'sleep-score-monthly',
      gap: null,
      query: {
        group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'sleep' } }],
        select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'sleep_score' } }],
      },
    });
    const night = (id: string, start: string, stop: string, score: number) => ({
      kind: 'sleep' as const,
      source: { provider: 'oura', type: 'ring' as const },
      provider_id: id,
      fields: { bedtime_start: start, bedtime_stop: stop, score },
    });
    const { eventIds } = await ingestion().ingest({
      userId,
      mode: 'daily',
      summaries: [
        night('n1', '2025-03-03T23:00:00Z', '2025-03-04T07:00:00Z', 81),
        night('n2', '2025-03-04T23:00:00Z', '2025-03-05T07:00:00Z', 71),
      ],
    });
    // Handled one by one, in this process: the first event schedules, the run completes, the second finds it.
    await db.knex('outbox').whereIn('id', eventIds).update({ published_at: db.knex.fn.now() });
    const sleepEvents: string[] = await db
      .knex('outbox')
      .whereIn('id', eventIds)
      .where('event_type', 'like', 'daily.data.sleep.%')
      .orderBy('seq')
      .pluck('id');
    expect(sleepEvents.length).toBe(2);
    const [taskId] = await scheduleOnDataChange(db.knex, sleepEvents[0]!, now);
    expect(await runContinuousQueryTask({ db: db.knex, logger, clock }, taskId!)).toBe('completed');
    expect(await scheduleOnDataChange(db.knex, sleepEvents[1]!, now)).toEqual([]);
    expect((await tasks(queryId, userId)).map((t) => t.status)).toEqual(['completed']);
    expect((await result(queryId, userId))?.result_table).toEqual({
      'group_key.0': ['2025-03-01T00:00:00'],
      'mean.sleep_score': [76],
    });
    // A later transaction's change is a new task.
    const later = await ingestion().ingest({
      userId,
      mode: 'daily',
      summaries: [night('n3', '2025-03-05T23:00:00Z', '2025-03-06T07:00:00Z', 91)],
    });
    await db.knex('outbox').whereIn('id', later.eventIds).update({ published_at: db.knex.fn.now() });
    expect(await scheduleOnDataChange(db.knex, later.eventIds[0]!, now)).toHaveLength(1);
  });

  it('completes without an event when the table did not change', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-unchanged', gap: null });
    await ingestion().ingest(steps(userId, '2025-02-01', [100]));
    await relay();
    await settled(queryId, userId, 1);
    const before = await result(queryId, userId);

    // A phone's steps the same day: the watch keeps priority, so the day's sum is the same.
    await ingestion().ingest(steps(userId, '2025-02-01', [99999], 'phone'));
    expect(await relay()).toBeGreaterThan(0);
    const list = await settled(queryId, userId, 2);
    expect(list.map((t) => t.status)).toEqual(['completed', 'completed']);
    const after = await result(queryId, userId);
    expect(after?.table_hash).toBe(before?.table_hash);
    expect(after?.updated_at).toEqual(before?.updated_at);
    expect(await changedEvents(userId, queryId)).toHaveLength(1);
  });

  it('writes no event when the query does not export data events', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-quiet', dataEvents: false });
    await ingestion().ingest(steps(userId, '2025-02-02', [5]));
    await relay();
    await settled(queryId, userId, 1);
    expect((await result(queryId, userId))?.result_table['sum.steps.value']).toEqual([5]);
    expect(await changedEvents(userId, queryId)).toEqual([]);
  });

  it("schedules only the queries of the user's team environment (and its org's platform queries)", async () => {
    const userId = await addUser(otherTeamId);
    const teamQuery = await addQuery({ team: teamId, slug: 'steps-team-only' });
    const platformQuery = await addQuery({ team: null, slug: 'steps-platform' });
    const sleepQuery = await addQuery({
      team: otherTeamId,
      slug: 'sleep-monthly',
      query: {
        group_by: [{ date_trunc: { unit: 'month' }, arg: { index: 'sleep' } }],
        select: [{ group_key: '*' }, { func: 'mean', arg: { value_macro: 'sleep_score' } }],
      },
    });
    await ingestion().ingest(steps(userId, '2025-03-01', [7]));
    await relay();
    await settled(platformQuery, userId, 1);
    expect((await result(platformQuery, userId))?.result_table['sum.steps.value']).toEqual([7]);
    const [event] = await changedEvents(userId, platformQuery);
    expect(event).toMatchObject({ team_id: otherTeamId, data: { query_slug: 'steps-platform' } });
    expect(await tasks(teamQuery, userId)).toEqual([]);
    // Steps do not touch a sleep query.
    expect(await tasks(sleepQuery, userId)).toEqual([]);
  });

  it('records a query the engine refuses as an error task with the reason', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({
      team: teamId,
      slug: 'readiness',
      query: {
        group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'derived_readiness' } }],
        select: [{ group_key: '*' }, { func: 'mean', arg: { derived_readiness: 'sleep_score' } }],
      },
    });
    await ingestion().ingest(steps(userId, '2025-03-02', [1]));
    await relay();
    const [task] = await settled(queryId, userId, 1);
    expect(task).toMatchObject({ status: 'error', error_details: expect.stringContaining('not supported') });
    expect(await result(queryId, userId)).toBeUndefined();
  });

  it('stops with archiving: nothing is scheduled, and a task already scheduled is skipped', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-archived' });
    const taskId = newId();
    await db.knex('continuous_query_tasks').insert({
      id: taskId,
      query_id: queryId,
      user_id: userId,
      status: 'scheduled',
      scheduled_at: now,
    });
    await db
      .knex('continuous_queries')
      .where({ id: queryId })
      .update({ status: 'archived', archived_at: now });
    expect(await runContinuousQueryTask({ db: db.knex, logger, clock }, taskId)).toBe('skipped');

    await ingestion().ingest(steps(userId, '2025-03-03', [3]));
    await relay();
    await new Promise((r) => setTimeout(r, 500));
    expect((await tasks(queryId, userId)).map((t) => t.status)).toEqual(['skipped']);
    expect(await result(queryId, userId)).toBeUndefined();
  });

  it("removes the user's result tables and tasks when the user is deleted", async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-deleted-user' });
    await ingestion().ingest(steps(userId, '2025-03-04', [8]));
    await relay();
    await settled(queryId, userId, 1);
    expect(await result(queryId, userId)).toBeDefined();
    await db.knex('users').where({ id: userId }).delete();
    expect(await result(queryId, userId)).toBeUndefined();
    expect(await tasks(queryId, userId)).toEqual([]);
  });

  it('ends runs that never finished and schedules them again; a duplicate message changes nothing', async () => {
    const userId = await addUser(teamId);
    const queryId = await addQuery({ team: teamId, slug: 'steps-stuck', gap: null });
    await ingestion().ingest(steps(userId, '2025-03-05', [2]));
    const stuck = newId();
    await db.knex('continuous_query_tasks').insert({
      id: stuck,
      query_id: queryId,
      user_id: userId,
      status: 'started',
      scheduled_at: new Date(now.getTime() - 3_600_000),
      started_at: new Date(now.getTime() - 3_600_000),
    });
    await createContinuousQuerySweepJob({ db: db.knex, logger, transport }).run(now);
    const list = await settled(queryId, userId, 2);
    expect(list.map((t) => t.status)).toEqual(['error', 'completed']);
    expect((await result(queryId, userId))?.result_table['sum.steps.value']).toEqual([2]);
    expect(await runContinuousQueryTask({ db: db.knex, logger, clock }, list[1]!.id)).toBe('not_due');
  });
  describe('FHIR observations', () => {
    const HEART_RATE_BY_DAY = {
      group_by: [{ date_trunc: { unit: 'day' }, arg: { index: 'timeseries' } }],
      select: [
        { group_key: '*' },
        { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } },
        { func: 'count', arg: { timeseries: 'heartrate', field: 'value' } },
      ],
    };
    const heartRate = (userId: string, samples: [string, number][]) =>
      ({
        userId,
        mode: 'daily',
        timeseries: [
          {
            resource: 'heartrate',
            source: { provider: 'oura', type: 'ring' },
            samples: samples.map(([timestamp, value]) => ({ timestamp, value })),
          },
        ],
      }) satisfies IngestBatch;
    const stored = async (queryId: string, userId: string) =>
      (
        await db
          .knex('continuous_query_results')
          .where({ query_id: queryId, user_id: userId })
          .first<{ fhir_observations: FhirObservation[] | null }>('fhir_observations')
      )?.fhir_observations;

    it('a run builds valid vital-signs Observations, stores them and exports the new or changed ones', async () => {
      now = new Date('2026-04-01T12:00:00Z');
      const userId = await addUser(teamId);
      const queryId = await addQuery({
        team: teamId,
        slug: 'hr-fhir',
        query: HEART_RATE_BY_DAY,
        fhir: true,
        gap: null,
      });
      await ingestion().ingest(
        heartRate(userId, [
          ['2026-03-30T08:00:00Z', 60],
          ['2026-03-30T09:00:00Z', 70],
          ['2026-03-31T08:00:00Z', 58],
          ['2026-04-01T08:00:00Z', 64],
        ]),
      );
      await relay();
      expect((await settled(queryId, userId, 1)).map((t) => t.status)).toEqual(['completed']);
      const first = (await stored(queryId, userId))!;
      // One per row of the mean column (count is not a heart rate); the user has no time zone: UTC days.
      expect(first.map((o) => [o.effectivePeriod, o.valueQuantity.value, o.status])).toEqual([
        [{ start: '2026-03-30', end: '2026-03-30' }, 65, 'final'],
        [{ start: '2026-03-31', end: '2026-03-31' }, 58, 'final'],
        [{ start: '2026-04-01', end: '2026-04-01' }, 64, 'preliminary'],
      ]);
      for (const o of first) {
        expect(fhirObservationIssues(o)).toEqual([]);
        expect(o).toMatchObject({
          resourceType: 'Observation',
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
          subject: { reference: `Patient/${userId}` },
          valueQuantity: { system: 'http://unitsofmeasure.org', code: '/min', unit: 'beats/minute' },
        });
      }
      const [event] = await changedEvents(userId, queryId);
      const eventData = event!.data as {
        data: Record<string, unknown[]>;
        fhir_observations: FhirObservation[];
      };
      expect(eventData.data['mean.heartrate.value']).toEqual([65, 58, 64]);
      expect(eventData.fhir_observations).toEqual(first);

      // The next day: today's value changes and yesterday's bucket is over. Only those two are exported.
      now = new Date('2026-04-02T12:00:00Z');
      await ingestion().ingest(heartRate(userId, [['2026-04-01T20:00:00Z', 66]]));
      await relay();
      await settled(queryId, userId, 2);
      const second = (await stored(queryId, userId))!;
      expect(second.map((o) => o.id)).toEqual(first.map((o) => o.id));
      expect(second[2]).toMatchObject({ status: 'final', valueQuantity: { value: 65 } });
      // Unchanged observations keep their first version (and `issued`).
      expect(second.slice(0, 2)).toEqual(first.slice(0, 2));
      const events = await changedEvents(userId, queryId);
      expect(events).toHaveLength(2);
      const latest = events[1]!.data as {
        data: Record<string, unknown[]>;
        fhir_observations: FhirObservation[];
      };
      expect(latest.data).toEqual({
        'group_key.0': ['2026-04-01T00:00:00'],
        'mean.heartrate.value': [65],
        'count.heartrate.value': [2],
      });
      expect(latest.fhir_observations.map((o) => o.id)).toEqual([first[2]!.id]);
    });

    it('builds none without fhir_observations, and the event keeps its plain shape', async () => {
      const userId = await addUser(teamId);
      const queryId = await addQuery({ team: teamId, slug: 'hr-plain', query: HEART_RATE_BY_DAY, gap: null });
      await ingestion().ingest(heartRate(userId, [['2026-03-30T08:00:00Z', 61]]));
      await relay();
      await settled(queryId, userId, 1);
      expect(await stored(queryId, userId)).toBeNull();
      const [event] = await changedEvents(userId, queryId);
      expect(Object.keys(event!.data as object).sort()).toEqual(['data', 'query_id', 'query_slug']);
    });
  });

  describe('back-fill of existing users', () => {
    let backfillConsumer: { cancel(): Promise<void> } | undefined;
    /** A team of its own: the earlier tests' users of the shared teams have steps too. */
    let fillTeam: string;
    const backfillJob = () =>
      createContinuousQueryBackfillJob({ db: db.knex, logger, transport, options: { batchSize: 2 } });

    beforeAll(async () => {
      fillTeam = (await seedTeam(db.knex, orgId)).teamId;
      // Enabled before the tests' clock (the database's now() is the real time).
      await db.knex('team_features').insert({
        team_id: fillTeam,
        feature: 'continuous_query',
        enabled_at: new Date('2026-01-01T00:00:00Z'),
      });
      // The scheduler worker's task consumer, for the batches.
      const job = backfillJob();
      backfillConsumer = await transport.consume(schedulerTasksQueue, async ({ envelope, attempt }) => {
        if (envelope.type === CONTINUOUS_QUERY_BACKFILL_TASK)
          await job.run(clock(), { data: envelope.data, attempt });
      });
    });
    afterAll(async () => {
      await backfillConsumer?.cancel();
    });

    const backfillRows = (queryId: string) =>
      db
        .knex('continuous_query_backfills')
        .where({ query_id: queryId })
        .orderBy('team_id')
        .select('team_id', 'users_scheduled', 'completed_at');

    it('schedules a new query for every user of its team environment with data, in batches', async () => {
      now = new Date('2026-05-01T10:00:00Z');
      const withSteps = [await addUser(fillTeam), await addUser(fillTeam), await addUser(fillTeam)];
      const withoutData = await addUser(fillTeam);
      const sleepOnly = await addUser(fillTeam);
      const otherTeam = await addUser(otherTeamId);
      for (const u of [...withSteps, otherTeam]) await ingestion().ingest(steps(u, '2026-04-20', [10, 20]));
      await ingestion().ingest({
        userId: sleepOnly,
        mode: 'daily',
        summaries: [
          {
            kind: 'sleep',
            source: { provider: 'oura', type: 'ring' },
            provider_id: 's1',
            fields: {
              bedtime_start: '2026-04-19T23:00:00Z',
              bedtime_stop: '2026-04-20T07:00:00Z',
              score: 80,
            },
          },
        ],
      });
      // The data events are not relayed: only the back-fill can schedule the new query.
      await db.knex('outbox').whereNull('published_at').update({ published_at: db.knex.fn.now() });
      const leaving = await addUser(fillTeam);
      await ingestion().ingest(steps(leaving, '2026-04-20', [5]));
      await db.knex('outbox').whereNull('published_at').update({ published_at: db.knex.fn.now() });
      await db.knex('users').where({ id: leaving }).update({ deleted_at: now });

      now = new Date('2026-05-01T11:00:00Z');
      const queryId = await addQuery({ team: fillTeam, slug: 'steps-backfill' });
      await backfillJob().run(now);
      for (const u of withSteps) {
        const [task] = await settled(queryId, u, 1);
        expect(task).toMatchObject({ status: 'completed' });
        expect((await result(queryId, u))?.result_table).toEqual({
          'group_key.0': ['2026-04-20T00:00:00'],
          'sum.steps.value': [30],
        });
      }
      await waitFor(async () => ((await backfillRows(queryId))[0]?.completed_at ? true : undefined));
      expect(await backfillRows(queryId)).toEqual([
        { team_id: fillTeam, users_scheduled: 3, completed_at: expect.any(Date) },
      ]);
      for (const u of [withoutData, sleepOnly, otherTeam, leaving])
        expect(await tasks(queryId, u)).toEqual([]);

      // A second tick requests nothing new.
      await backfillJob().run(now);
      await new Promise((r) => setTimeout(r, 300));
      for (const u of withSteps) expect(await tasks(queryId, u)).toHaveLength(1);

      // The feature enabled anew: back-filled again; nothing changed since the runs, so the tasks are skipped.
      now = new Date('2026-05-01T12:00:00Z');
      await db.knex('team_features').where({ team_id: fillTeam, feature: 'continuous_query' }).delete();
      await db
        .knex('team_features')
        .insert({ team_id: fillTeam, feature: 'continuous_query', enabled_at: now });
      await backfillJob().run(now);
      for (const u of withSteps) {
        const list = await settled(queryId, u, 2);
        expect(list.map((t) => t.status)).toEqual(['completed', 'skipped']);
      }
      expect(await changedEvents(withSteps[0]!, queryId)).toHaveLength(1);
    });

    it('reaches every team of the org for a platform query, and ends for an archived query', async () => {
      now = new Date('2026-05-02T10:00:00Z');
      const a = await addUser(fillTeam);
      const b = await addUser(otherTeamId);
      for (const u of [a, b]) await ingestion().ingest(steps(u, '2026-04-21', [7]));
      await db.knex('outbox').whereNull('published_at').update({ published_at: db.knex.fn.now() });
      const platform = await addQuery({ team: null, slug: 'steps-backfill-org' });
      const archived = await addQuery({ team: fillTeam, slug: 'steps-backfill-archived' });
      await db
        .knex('continuous_queries')
        .where({ id: archived })
        .update({ status: 'archived', archived_at: now });
      await backfillJob().run(now);
      for (const u of [a, b]) expect((await settled(platform, u, 1))[0]!.status).toBe('completed');
      await waitFor(async () =>
        (await backfillRows(platform)).every((r) => r.completed_at !== null) ? true : undefined,
      );
      // One back-fill per team of the org with the feature.
      expect((await backfillRows(platform)).map((r) => r.team_id).sort()).toEqual(
        [teamId, otherTeamId, fillTeam].sort(),
      );
      expect(await backfillRows(archived)).toEqual([]);
      expect(await tasks(archived, a)).toEqual([]);
    });
  });

  describe('task history retention', () => {
    const insertTask = (queryId: string, userId: string, status: string, at: Date) =>
      db.knex('continuous_query_tasks').insert({
        id: newId(),
        query_id: queryId,
        user_id: userId,
        status,
        scheduled_at: at,
        started_at: status === 'completed' || status === 'error' || status === 'started' ? at : null,
        ended_at: status === 'scheduled' || status === 'started' ? null : at,
        error_details: status === 'error' ? 'x' : null,
      });
    const statuses = async (queryId: string, userId: string) =>
      (
        await db
          .knex('continuous_query_tasks')
          .where({ query_id: queryId, user_id: userId })
          .orderBy('scheduled_at')
          .select('status', 'scheduled_at')
      ).map(
        (t: { status: string; scheduled_at: Date }) =>
          `${t.status}@${t.scheduled_at.toISOString().slice(0, 10)}`,
      );

    it('purges finished tasks past the retention and beyond the cap, never pending ones or the last run', async () => {
      const jobNow = new Date('2026-06-30T00:00:00Z');
      const day = (d: number) => new Date(jobNow.getTime() - d * 86_400_000);
      const queryId = await addQuery({ team: teamId, slug: 'retention' });
      const old = await addUser(teamId);
      await insertTask(queryId, old, 'completed', day(60));
      await insertTask(queryId, old, 'skipped', day(50));
      await insertTask(queryId, old, 'error', day(45));
      await insertTask(queryId, old, 'started', day(44));
      await insertTask(queryId, old, 'completed', day(40));
      await insertTask(queryId, old, 'skipped', day(35));
      await insertTask(queryId, old, 'scheduled', day(31));
      await insertTask(queryId, old, 'completed', day(2));
      // A user without runs for months: the last run that started stays (the gap is measured from it).
      const dormant = await addUser(teamId);
      await insertTask(queryId, dormant, 'completed', day(60));
      await insertTask(queryId, dormant, 'skipped', day(55));
      const busy = await addUser(teamId);
      for (let d = 12; d >= 1; d -= 1)
        await insertTask(queryId, busy, d % 3 === 0 ? 'skipped' : 'completed', day(d));
      const job = createContinuousQueryTaskRetentionJob({
        db: db.knex,
        logger,
        // Small batches, enough of them (the earlier tests' tasks are past the retention too).
        options: { retentionDays: 30, maxPerQueryUser: 5, batchSize: 5, maxBatches: 100, pairsPerBatch: 1 },
      });
      await job.run(jobNow);
      expect(await statuses(queryId, old)).toEqual([
        'started@2026-05-17',
        'scheduled@2026-05-30',
        'completed@2026-06-28',
      ]);
      expect(await statuses(queryId, dormant)).toEqual(['completed@2026-05-01']);
      expect(await statuses(queryId, busy)).toEqual([
        'completed@2026-06-25',
        'completed@2026-06-26',
        'skipped@2026-06-27',
        'completed@2026-06-28',
        'completed@2026-06-29',
      ]);
      // Later passes look at the pairs with newly ended tasks only; the cap holds for them.
      await insertTask(queryId, busy, 'completed', new Date(jobNow.getTime() + 3_600_000));
      await job.run(new Date(jobNow.getTime() + 2 * 3_600_000));
      expect((await statuses(queryId, busy))[0]).toBe('completed@2026-06-26');
      expect(await statuses(queryId, busy)).toHaveLength(5);
    });
  });
});
