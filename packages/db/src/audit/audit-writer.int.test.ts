// Relative import: @meridian/test-utils depends on @meridian/db, so db cannot list it as a dependency.
import { createTestDatabase, type TestDatabase } from '../../../test-utils/src';
import { AUDIT_EXPORT_EVENT_TYPE, newId, type AuditEvent } from '@meridian/domain';
import { createOrgWithKey, createTeamWithKeys } from '../bootstrap/tenancy-bootstrap';
import {
  dropAuditPartitionsBefore,
  ensureAuditPartitions,
  insertAuditEvents,
} from './audit-events.repository';
import { createAuditWriter } from './audit-writer';

function auditEvent(over: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: newId(),
    occurredAt: new Date(),
    actorKind: 'team_api_key',
    actorKeyId: newId(),
    orgId: newId(),
    teamId: newId(),
    environment: 'sandbox',
    userId: newId(),
    operation: 'getUser',
    action: 'read',
    method: 'GET',
    route: '/v2/user/{user_id}',
    resourceId: null,
    status: 200,
    clientAddress: '127.0.0.1',
    requestId: 'req-1',
    ...over,
  };
}

describe('audit trail storage (PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const countRows = async (where: Record<string, unknown> = {}) =>
    Number((await db.knex('audit_events').where(where).count<{ count: string }[]>('* as count'))[0]!.count);

  describe('batched writer', () => {
    it('writes N recorded events with a few multi-row INSERTs, not one per event', async () => {
      const orgId = newId();
      let inserts = 0;
      const writer = createAuditWriter(db.knex, {
        flushIntervalMs: 60_000,
        maxBatchSize: 200,
        insert: async (knex, events) => {
          inserts += 1;
          await insertAuditEvents(knex, events);
        },
      });
      for (let i = 0; i < 450; i += 1) writer.record(auditEvent({ orgId }));
      await writer.close();
      expect(await countRows({ org_id: orgId })).toBe(450);
      expect(inserts).toBe(3);
      expect(writer.stats()).toMatchObject({ written: 450, queued: 0, dropped: 0 });
    });

    it('flushes on its timer without being asked', async () => {
      const orgId = newId();
      const writer = createAuditWriter(db.knex, { flushIntervalMs: 50 });
      writer.record(auditEvent({ orgId }));
      const deadline = Date.now() + 5_000;
      while ((await countRows({ org_id: orgId })) === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(await countRows({ org_id: orgId })).toBe(1);
      await writer.close();
    });

    it('never makes the caller wait, and keeps the newest events within its bound while the database is down', async () => {
      let down = true;
      const written: AuditEvent[] = [];
      const writer = createAuditWriter(db.knex, {
        flushIntervalMs: 60_000,
        maxBatchSize: 10,
        maxQueued: 25,
        insert: async (_knex, events) => {
          if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          written.push(...events);
        },
      });
      const events = Array.from({ length: 40 }, () => auditEvent());
      const started = process.hrtime.bigint();
      for (const e of events) writer.record(e);
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      expect(elapsedMs).toBeLessThan(50);
      await expect(writer.flush()).rejects.toThrow('ECONNREFUSED');
      const { queued, dropped } = writer.stats();
      expect(queued).toBeLessThanOrEqual(25);
      expect(queued).toBeGreaterThanOrEqual(20);
      expect(queued + dropped).toBe(40);
      down = false;
      await writer.flush();
      // Drop-oldest: the newest survive, in order.
      expect(written.map((e) => e.id)).toEqual(events.slice(dropped).map((e) => e.id));
      expect(writer.stats()).toMatchObject({ queued: 0, written: queued, dropped });
      await writer.close();
    });

    it('drops a batch the database refuses as data (no endless retry) and counts it', async () => {
      const orgId = newId();
      const writer = createAuditWriter(db.knex, { flushIntervalMs: 60_000 });
      writer.record(auditEvent({ orgId, status: 70_000 })); // out of smallint range: 22003
      await writer.flush();
      writer.record(auditEvent({ orgId }));
      await writer.close();
      expect(writer.stats()).toMatchObject({ dropped: 1, written: 1 });
      expect(await countRows({ org_id: orgId })).toBe(1);
    });

    it('writes what is queued on close and counts what is recorded after it as dropped', async () => {
      const orgId = newId();
      const writer = createAuditWriter(db.knex, { flushIntervalMs: 60_000 });
      writer.record(auditEvent({ orgId }));
      writer.record(auditEvent({ orgId }));
      await writer.close();
      writer.record(auditEvent({ orgId }));
      expect(await countRows({ org_id: orgId })).toBe(2);
      expect(writer.stats()).toMatchObject({ written: 2, dropped: 1 });
    });
  });

  describe('partitions, append-only and retention', () => {
    it('creates the month of an event that has no partition yet, then writes it', async () => {
      const orgId = newId();
      await insertAuditEvents(db.knex, [auditEvent({ orgId, occurredAt: new Date('2019-03-15T12:00:00Z') })]);
      expect(await countRows({ org_id: orgId })).toBe(1);
      const parts = await db.knex.raw<{ rows: { relname: string }[] }>(
        `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'audit_events'::regclass and c.relname = 'audit_events_2019_03'`,
      );
      expect(parts.rows).toHaveLength(1);
    });

    it('refuses UPDATE, DELETE and TRUNCATE (of the table and of a partition)', async () => {
      const e = auditEvent();
      await insertAuditEvents(db.knex, [e]);
      await expect(db.knex('audit_events').where({ id: e.id }).update({ status: 500 })).rejects.toThrow(
        /append-only/,
      );
      await expect(db.knex('audit_events').where({ id: e.id }).del()).rejects.toThrow(/append-only/);
      await expect(db.knex.raw('truncate audit_events')).rejects.toThrow(/append-only/);
      const month = e.occurredAt.toISOString().slice(0, 7).replace('-', '_');
      await expect(db.knex.raw(`truncate audit_events_${month}`)).rejects.toThrow(/append-only/);
      expect(await countRows({ id: e.id })).toBe(1);
    });

    it('retention drops whole months whose every event is older than the cutoff, and nothing newer', async () => {
      const old = auditEvent({ occurredAt: new Date('2018-01-20T00:00:00Z') });
      const boundary = auditEvent({ occurredAt: new Date('2018-02-10T00:00:00Z') });
      const recent = auditEvent();
      await insertAuditEvents(db.knex, [old, boundary, recent]);
      // Cutoff inside February 2018: January is wholly older and goes; February has newer rows and stays.
      const dropped = await dropAuditPartitionsBefore(db.knex, new Date('2018-02-05T00:00:00Z'));
      expect(dropped).toContain('audit_events_2018_01');
      expect(dropped).not.toContain('audit_events_2018_02');
      expect(await countRows({ id: old.id })).toBe(0);
      expect(await countRows({ id: boundary.id })).toBe(1);
      expect(await countRows({ id: recent.id })).toBe(1);
    });

    it('creates months ahead once (idempotent)', async () => {
      const from = new Date('2031-01-01T00:00:00Z');
      const to = new Date('2031-03-10T00:00:00Z');
      expect(await ensureAuditPartitions(db.knex, from, to)).toBe(3);
      expect(await ensureAuditPartitions(db.knex, from, to)).toBe(0);
    });
  });

  describe('ETL export', () => {
    it('writes ETL-only outbox events (chunked, without the data) only for pipelines naming the audit type', async () => {
      const { orgId } = await createOrgWithKey(db.knex, { plan: 'scale' });
      const optedIn = await createTeamWithKeys(db.knex, orgId);
      const allEvents = await createTeamWithKeys(db.knex, orgId);
      const pipeline = (teamId: string, prefixes: string[] | null) =>
        db.knex('etl_pipelines').insert({
          team_id: teamId,
          environment: 'sandbox',
          preferences: JSON.stringify({ enabled: ['webhook'] }),
          webhook: JSON.stringify({}),
          event_type_prefixes: prefixes,
        });
      await pipeline(optedIn.teamId, ['audit.']);
      await pipeline(allEvents.teamId, null);
      const mine = Array.from({ length: 130 }, () => auditEvent({ orgId, teamId: optedIn.teamId }));
      const others = Array.from({ length: 5 }, () => auditEvent({ orgId, teamId: allEvents.teamId }));
      await insertAuditEvents(db.knex, [...mine, ...others]);

      const rows = await db.knex('outbox').where({ event_type: AUDIT_EXPORT_EVENT_TYPE }).orderBy('seq');
      expect(rows.map((r: { team_id: string }) => r.team_id)).toEqual([optedIn.teamId, optedIn.teamId]);
      expect(
        rows.every((r: { etl_only: boolean; user_id: unknown }) => r.etl_only && r.user_id === null),
      ).toBe(true);
      const exported = rows.flatMap(
        (r: { payload: { data: { events: { id: string }[] } } }) => r.payload.data.events,
      );
      expect(
        rows.map((r: { payload: { data: { events: unknown[] } } }) => r.payload.data.events.length),
      ).toEqual([100, 30]);
      expect(new Set(exported.map((e) => e.id))).toEqual(new Set(mine.map((e) => e.id)));
      expect(Object.keys(exported[0]!).sort()).toEqual(
        [
          'action',
          'actor_key_id',
          'actor_kind',
          'client_address',
          'environment',
          'id',
          'method',
          'occurred_at',
          'operation',
          'request_id',
          'resource_id',
          'route',
          'status',
          'team_id',
          'user_id',
        ].sort(),
      );
    });
  });
});
