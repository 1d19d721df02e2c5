import { insertAuditEvents } from '@meridian/db';
import { newId, type AuditEvent } from '@meridian/domain';
import { createLogger } from '@meridian/platform';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { createScheduledJobs } from '../scheduled-jobs';

const logger = createLogger({ service: 'scheduler', silent: true });

const eventAt = (iso: string): AuditEvent => ({
  id: newId(),
  occurredAt: new Date(iso),
  actorKind: 'management_key',
  actorKeyId: newId(),
  orgId: newId(),
  teamId: null,
  environment: null,
  userId: null,
  operation: 'listTeamApiKeys',
  action: 'read',
  method: 'GET',
  route: '/v1/org/{org_id}/team_api_keys/{env}/{region}',
  resourceId: null,
  status: 200,
  clientAddress: '10.0.0.1',
  requestId: null,
});

describe('audit_trail_partitions job', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const partitions = async (): Promise<string[]> =>
    (
      await db.knex.raw<{ rows: { relname: string }[] }>(
        `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'audit_events'::regclass order by c.relname`,
      )
    ).rows.map((r) => r.relname);

  const jobWith = (retentionDays?: number) => {
    const job = createScheduledJobs({ db: db.knex, logger, auditPartitions: { retentionDays } }).find(
      (j) => j.name === 'audit_trail_partitions',
    );
    if (!job) throw new Error('audit_trail_partitions is not registered');
    return job;
  };

  it('is a scheduled job that creates the coming months and drops months past the retention', async () => {
    const expired = eventAt('2040-01-10T00:00:00Z');
    const olderButSameMonth = eventAt('2040-02-02T00:00:00Z');
    const kept = eventAt('2040-03-20T00:00:00Z');
    await insertAuditEvents(db.knex, [expired, olderButSameMonth, kept]);

    // 30 days of retention on 2040-03-25 (cutoff 2040-02-24): January is wholly older and goes; February may
    // still hold events younger than the cutoff, so it stays whole; March to May (two ahead) exist.
    await jobWith(30).run(new Date('2040-03-25T12:00:00Z'));

    const names = await partitions();
    expect(names).not.toContain('audit_events_2040_01');
    expect(names).toEqual(
      expect.arrayContaining(['audit_events_2040_02', 'audit_events_2040_03', 'audit_events_2040_05']),
    );
    const ids = (await db
      .knex('audit_events')
      .whereIn('id', [expired.id, olderButSameMonth.id, kept.id])
      .orderBy('occurred_at')
      .pluck('id')) as string[];
    expect(ids).toEqual([olderButSameMonth.id, kept.id]);
  });

  it('keeps six years by default', async () => {
    const fiveYearsOld = eventAt('2050-01-15T00:00:00Z');
    await insertAuditEvents(db.knex, [fiveYearsOld]);
    await jobWith().run(new Date('2055-06-01T00:00:00Z'));
    expect(await partitions()).toContain('audit_events_2050_01');
    await jobWith().run(new Date('2056-03-01T00:00:00Z'));
    expect(await partitions()).not.toContain('audit_events_2050_01');
  });
});
