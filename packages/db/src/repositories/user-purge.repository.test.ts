import { newId } from '@meridian/domain';
// Relative import: @meridian/test-utils depends on @meridian/db, so db cannot list it as a dependency.
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '../../../test-utils/src';
import { purgeExpiredUsers } from './user-purge.repository';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

describe('purgeExpiredUsers', () => {
  let db: TestDatabase;
  let teamId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await seedOrg(db.knex);
    teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  });
  afterAll(() => db.destroy());
  afterEach(async () => {
    await db.knex('users').del();
    await db.knex('outbox').del();
  });

  /** A user deleted `deletedDaysAgo` days ago (null = active), with one provider connection. */
  async function insertUser(deletedDaysAgo: number | null): Promise<string> {
    const id = newId();
    const deletedAt = deletedDaysAgo === null ? null : daysAgo(deletedDaysAgo);
    await db.knex('users').insert({
      id,
      team_id: teamId,
      environment: 'sandbox',
      client_user_id: `c-${id}`,
      created_on: daysAgo(30),
      deleted_at: deletedAt,
      purge_after: deletedAt && new Date(deletedAt.getTime() + 7 * DAY),
    });
    await db.knex('provider_connections').insert({ id: newId(), user_id: id, provider: 'oura' });
    await db.knex('timeseries_samples').insert({
      user_id: id,
      resource: 'heartrate',
      provider: 'oura',
      source_type: 'ring',
      start_at: daysAgo(9),
      value: 61,
      app_id: 'com.example',
    });
    return id;
  }

  const exists = async (table: string, column: string, id: string) =>
    (await db.knex(table).where(column, id).first()) !== undefined;

  it('erases users past the grace period with their connections; keeps those inside it and active ones', async () => {
    const expired = await insertUser(8);
    const inGrace = await insertUser(6);
    const active = await insertUser(null);
    await db.knex('outbox').insert({
      id: newId(),
      team_id: teamId,
      environment: 'sandbox',
      user_id: expired,
      event_type: 'provider.connection.created',
      payload: JSON.stringify({}),
    });

    expect(await purgeExpiredUsers(db.knex, NOW)).toBe(1);

    expect(await exists('users', 'id', expired)).toBe(false);
    expect(await exists('provider_connections', 'user_id', expired)).toBe(false);
    // Samples with their series and contexts.
    for (const table of ['samples', 'sample_series', 'sample_contexts']) {
      expect(await exists(table, 'user_id', expired)).toBe(false);
    }
    for (const kept of [inGrace, active]) {
      expect(await exists('users', 'id', kept)).toBe(true);
      expect(await exists('provider_connections', 'user_id', kept)).toBe(true);
      expect(await exists('samples', 'user_id', kept)).toBe(true);
    }
    expect(await exists('outbox', 'user_id', expired)).toBe(true);
    expect(await purgeExpiredUsers(db.knex, NOW)).toBe(0);
  });

  it('treats purge_after = now as due', async () => {
    const id = await insertUser(7);
    expect(await purgeExpiredUsers(db.knex, NOW)).toBe(1);
    expect(await exists('users', 'id', id)).toBe(false);
  });

  it('works through several batches', async () => {
    for (let i = 0; i < 5; i++) await insertUser(10 + i);
    expect(await purgeExpiredUsers(db.knex, NOW, 2)).toBe(5);
    expect(await db.knex('users').count<{ c: number }[]>({ c: '*' })).toEqual([{ c: 0 }]);
  });

  it('skips users another transaction holds, and gets them on the next run', async () => {
    const held = await insertUser(9);
    const free = await insertUser(9);
    const trx = await db.knex.transaction();
    try {
      await trx('users').where({ id: held }).forUpdate().first();
      expect(await purgeExpiredUsers(db.knex, NOW)).toBe(1);
      expect(await exists('users', 'id', free)).toBe(false);
    } finally {
      await trx.commit();
    }
    expect(await purgeExpiredUsers(db.knex, NOW)).toBe(1);
    expect(await exists('users', 'id', held)).toBe(false);
  });

  it('lets two replicas purge concurrently without erasing anything twice or failing', async () => {
    for (let i = 0; i < 12; i++) await insertUser(8);
    const [first, second] = await Promise.all([
      purgeExpiredUsers(db.knex, NOW, 1),
      purgeExpiredUsers(db.knex, NOW, 1),
    ]);
    const leftover = await purgeExpiredUsers(db.knex, NOW);
    expect(first + second + leftover).toBe(12);
    expect(await db.knex('users').count<{ c: number }[]>({ c: '*' })).toEqual([{ c: 0 }]);
  });

  it('refuses a batch size that is not a positive integer', async () => {
    await expect(purgeExpiredUsers(db.knex, NOW, 0)).rejects.toThrow(RangeError);
  });

  /** The purge relies on cascades: user-owned data in a table without one would survive the erasure. */
  describe('schema guard: everything user-owned goes with the user', () => {
    it('every foreign key to users is ON DELETE CASCADE', async () => {
      const { rows } = await db.knex.raw<{ rows: { table_name: string; constraint_name: string }[] }>(`
        select c.conrelid::regclass::text as table_name, c.conname as constraint_name
        from pg_constraint c
        where c.contype = 'f' and c.confrelid = 'public.users'::regclass and c.confdeltype <> 'c'`);
      expect(rows).toEqual([]);
    });

    // A table keyed by user may instead cascade from a per-user table that references users (samples are
    // erased with their series). The audit trail outlives the user on purpose (HIPAA keeps access records for years); it holds the
    // user's uuid only, never data, and is dropped by month under AUDIT_RETENTION_DAYS.
    it('every user_id column references users (the outbox and the audit trail excepted)', async () => {
      const { rows } = await db.knex.raw<{ rows: { table_name: string }[] }>(`
        select col.table_name
        from information_schema.columns col
        join information_schema.tables t
          on t.table_schema = col.table_schema and t.table_name = col.table_name and t.table_type = 'BASE TABLE'
        where col.table_schema = 'public' and col.column_name = 'user_id'
          and col.table_name not in ('outbox')
          and col.table_name not like 'audit\\_events%'
          and not exists (
            select 1 from pg_constraint c
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
            where c.contype = 'f' and c.conrelid = (quote_ident(col.table_schema) || '.' || quote_ident(col.table_name))::regclass
              and a.attname = 'user_id'
              and (c.confrelid = 'public.users'::regclass
                -- or, cascading, a per-user table that references users itself (samples → sample_series)
                or (c.confdeltype = 'c' and exists (
                  select 1 from pg_constraint u
                  where u.contype = 'f' and u.conrelid = c.confrelid and u.confrelid = 'public.users'::regclass)))
          )
        order by 1`);
      expect(rows.map((r) => r.table_name)).toEqual([]);
    });
  });
});
