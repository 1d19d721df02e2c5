// Relative import: @meridian/test-utils depends on @meridian/db, so db cannot list it as a dependency.
import { createTestDatabase, type TestDatabase } from '../../test-utils/src';
import type { Knex } from 'knex';
import { newId } from '@meridian/domain';
import { createOrgWithKey, createTeamWithKeys } from './bootstrap/tenancy-bootstrap';
import { migrationConfig } from './migrate';

/**
 * Citus rules for tables distributed by `user_id` (decision record 0011), checked on the catalogue of a database
 * migrated to the latest migrations. Citus itself is not installed here: this checks the schema it would need.
 *
 * A *per-user table* is any table with a `user_id` column that is not allow-listed below. For each:
 *  - its primary key contains `user_id` (it has one), and so does every unique constraint and unique index;
 *  - a foreign key to another per-user table pairs `user_id` with `user_id` (co-location);
 *  - it references no coordinator-local table (a distributed table may only reference distributed or reference
 *    tables).
 * A table without `user_id` (a reference table: tenancy, configuration) references no per-user table.
 */

/**
 * Tables with a `user_id` column that stay on the coordinator as local tables instead of being distributed.
 * Every entry needs its reason; adding one is a design decision to record in 0011.
 */
const COORDINATOR_LOCAL: Record<string, string> = {
  // The relay reads it in one global order (`seq`) across users; written in the same transaction as the change.
  outbox: 'global relay order',
  // Per team and time, range-partitioned by month and dropped by partition; user_id is only a detail.
  audit_events: 'per-team time-partitioned log',
  // Looked up by a secret's hash before the user is known; short-lived rows.
  link_codes: 'lookup by secret hash',
  link_tokens: 'lookup by secret hash',
  sdk_sign_in_tokens: 'lookup by secret hash',
  // An Idempotency-Key is scoped to (team, environment), not to a user: keying it by user would change its meaning.
  lab_order_idempotency_keys: 'idempotency key scoped to the team',
};

interface Violation {
  table: string;
  rule: string;
  detail: string;
}

/** Every breach of the rules above in the connected database's `public` schema. */
async function citusKeyViolations(db: Knex): Promise<Violation[]> {
  const { rows: tables } = await db.raw<{ rows: { table: string; has_user_id: boolean }[] }>(`
    select c.relname as table,
           exists (select 1 from pg_attribute a
                   where a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped) as has_user_id
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`);
  const perUser = new Set(
    tables.filter((t) => t.has_user_id && !(t.table in COORDINATOR_LOCAL)).map((t) => t.table),
  );
  const local = new Set(
    tables.filter((t) => t.has_user_id && t.table in COORDINATOR_LOCAL).map((t) => t.table),
  );
  const violations: Violation[] = [];

  // Primary keys, unique constraints and unique indexes (partial and expression ones included) of per-user tables.
  const { rows: keys } = await db.raw<{
    rows: { table: string; index: string; is_primary: boolean; has_user_id: boolean; def: string }[];
  }>(`
    select c.relname as table, i.indexrelid::regclass::text as index, i.indisprimary as is_primary,
           exists (select 1 from pg_attribute a
                   where a.attrelid = c.oid and a.attname = 'user_id' and a.attnum = any (i.indkey::int2[])) as has_user_id,
           pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique and not c.relispartition`);
  for (const table of perUser) {
    if (!keys.some((k) => k.table === table && k.is_primary)) {
      violations.push({ table, rule: 'primary key', detail: 'no primary key' });
    }
  }
  for (const k of keys) {
    if (perUser.has(k.table) && !k.has_user_id) {
      violations.push({ table: k.table, rule: k.is_primary ? 'primary key' : 'unique key', detail: k.def });
    }
  }

  // Foreign keys: (referencing, referenced) with the user_id pairing.
  const { rows: fks } = await db.raw<{
    rows: { name: string; from: string; to: string; pairs_user_id: boolean; def: string }[];
  }>(`
    select x.conname as name, f.relname as from, t.relname as to,
           exists (select 1 from unnest(x.conkey, x.confkey) as k(from_col, to_col)
                   join pg_attribute fa on fa.attrelid = x.conrelid and fa.attnum = k.from_col
                   join pg_attribute ta on ta.attrelid = x.confrelid and ta.attnum = k.to_col
                   where fa.attname = 'user_id' and ta.attname = 'user_id') as pairs_user_id,
           pg_get_constraintdef(x.oid) as def
    from pg_constraint x
    join pg_class f on f.oid = x.conrelid
    join pg_class t on t.oid = x.confrelid
    join pg_namespace n on n.oid = f.relnamespace
    where n.nspname = 'public' and x.contype = 'f' and not f.relispartition and x.conparentid = 0`);
  for (const fk of fks) {
    const detail = `${fk.name}: ${fk.def}`;
    if (perUser.has(fk.from) && perUser.has(fk.to) && !fk.pairs_user_id) {
      violations.push({
        table: fk.from,
        rule: 'foreign key between per-user tables without user_id',
        detail,
      });
    }
    if (perUser.has(fk.from) && local.has(fk.to)) {
      violations.push({
        table: fk.from,
        rule: 'per-user table references a coordinator-local table',
        detail,
      });
    }
    if (!perUser.has(fk.from) && !local.has(fk.from) && perUser.has(fk.to)) {
      violations.push({ table: fk.from, rule: 'table without user_id references a per-user table', detail });
    }
  }
  return violations;
}

const MIGRATION = '20261129100000_citus_distribution_keys';

describe('Citus distribution keys (catalogue of a migrated database)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('keys every per-user table by user_id: primary and unique keys, foreign keys between per-user tables', async () => {
    expect(await citusKeyViolations(db.knex)).toEqual([]);
    // The allow-list names real tables (a renamed table would otherwise leave a stale, silent entry).
    const { rows } = await db.knex.raw<{ rows: { relname: string }[] }>(
      `select relname from pg_class where relname = any (?) and relkind in ('r', 'p')`,
      [Object.keys(COORDINATOR_LOCAL)],
    );
    expect(rows.map((r) => r.relname).sort()).toEqual(Object.keys(COORDINATOR_LOCAL).sort());
  });

  it('reports a table that breaks the rules', async () => {
    await db.knex.raw(`
      create table citus_probe_parent (id uuid primary key, user_id uuid not null references users(id));
      create table citus_probe_child (
        id uuid primary key,
        user_id uuid not null,
        token text unique,
        parent_id uuid references citus_probe_parent(id)
      );
      create table citus_probe_orphan (parent_id uuid references citus_probe_parent(id));`);
    try {
      const found = (await citusKeyViolations(db.knex)).map((v) => `${v.table}: ${v.rule}`).sort();
      expect(found).toEqual([
        'citus_probe_child: foreign key between per-user tables without user_id',
        'citus_probe_child: primary key',
        'citus_probe_child: unique key',
        'citus_probe_orphan: table without user_id references a per-user table',
        'citus_probe_parent: primary key',
      ]);
    } finally {
      await db.knex.raw('drop table citus_probe_orphan, citus_probe_child, citus_probe_parent');
    }
  });

  it('migrates a populated database: user_id backfilled from the parent, reversible, later writers filled', async () => {
    const config = { ...migrationConfig(), name: MIGRATION };
    await db.knex.migrate.down(config);
    expect(
      await db.knex.raw(
        `select 1 from pg_attribute where attrelid = 'sdk_sessions'::regclass and attname = 'user_id'`,
      ),
    ).toMatchObject({ rowCount: 0 });
    const primaryKey = async (table: string) =>
      (
        await db.knex.raw<{ rows: { def: string }[] }>(
          `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ?::regclass and contype = 'p'`,
          [table],
        )
      ).rows[0]?.def;
    expect(await primaryKey('summaries')).toBe('PRIMARY KEY (id)');
    expect(await primaryKey('provider_refresh_requests')).toBeUndefined();

    // Two users of one team, each with a connection, a device with a session, a push batch and a checkpoint,
    // a workout with its stream, and a lab report job with a file: rows written before the migration.
    const { orgId } = await createOrgWithKey(db.knex);
    const { teamId: team } = await createTeamWithKeys(db.knex, orgId);
    const [a, b] = [newId(), newId()].sort() as [string, string];
    await db
      .knex('users')
      .insert(
        [a, b].map((id) => ({ id, team_id: team, environment: 'sandbox', client_user_id: `citus-${id}` })),
      );
    for (const user of [a, b]) {
      await db.knex.raw(
        `with conn as (insert into provider_connections (id, user_id, provider, status)
                       values (gen_random_uuid(), :user, 'oura', 'connected') returning id),
              stream as (insert into connection_sync_streams (connection_id, stream, range_start, range_end,
                           done_until)
                         select id, 'sleep', now(), now(), now() from conn),
              device as (insert into sdk_devices (id, team_id, environment, user_id, installation_id)
                         values (gen_random_uuid(), :team, 'sandbox', :user, 'install-' || :user) returning id),
              session as (insert into sdk_sessions (id, device_id, family_id, access_token_hash, access_expires_at,
                            refresh_token_hash, refresh_expires_at)
                          select gen_random_uuid(), id, gen_random_uuid(), encode(sha256(('a-' || :user)::bytea), 'hex'), now(),
                                 encode(sha256(('r-' || :user)::bytea), 'hex'), now()
                          from device),
              batch as (insert into sdk_push_batches (device_id, batch_id, provider, request_hash, status, received_at)
                        select id, 'b1', 'apple_health_kit', repeat('h', 64), 'completed', now() from device),
              checkpoint as (insert into sdk_sync_checkpoints (device_id, provider, resource)
                             select id, 'apple_health_kit', 'steps' from device),
              workout as (insert into summaries (id, user_id, kind, provider, source_type, calendar_date, start_at,
                            end_at, payload, created_at, updated_at)
                          values (gen_random_uuid(), :user, 'workout', 'strava', 'app', current_date, now(), now(),
                                  '{}', now(), now()) returning id),
              ws as (insert into workout_streams (workout_id, user_id, payload, updated_at)
                     select id, :user, '{}', now() from workout),
              job as (insert into lab_report_jobs (id, team_id, environment, user_id)
                      values (gen_random_uuid(), :team, 'sandbox', :user) returning id)
         insert into lab_report_files (job_id, position, user_id, media_type, size_bytes, content)
         select id, 0, :user, 'application/pdf', 1, '\\x00' from job`,
        { user, team },
      );
    }

    await db.knex.migrate.up(config);
    for (const [child, parent, column] of [
      ['connection_sync_streams', 'provider_connections', 'connection_id'],
      ['sdk_sessions', 'sdk_devices', 'device_id'],
      ['sdk_push_batches', 'sdk_devices', 'device_id'],
      ['sdk_sync_checkpoints', 'sdk_devices', 'device_id'],
    ] as const) {
      const { rows } = await db.knex.raw<{ rows: { user_id: string; owner: string }[] }>(
        `select c.user_id, p.user_id as owner from ?? c join ?? p on p.id = c.?? order by p.user_id`,
        [child, parent, column],
      );
      expect(rows.map((r) => r.user_id)).toEqual([a, b].sort());
      for (const r of rows) expect(r.user_id).toBe(r.owner);
    }
    expect(await citusKeyViolations(db.knex)).toEqual([]);
    expect(await primaryKey('summaries')).toBe('PRIMARY KEY (id, user_id)');

    // A writer that does not name user_id yet gets its parent's; one naming another user's is refused.
    const [deviceId] = (await db.knex('sdk_devices').where({ user_id: b }).pluck('id')) as string[];
    await db.knex('sdk_push_batches').insert({
      device_id: deviceId,
      batch_id: 'b2',
      provider: 'apple_health_kit',
      request_hash: 'h'.repeat(64),
      status: 'completed',
      received_at: new Date(),
    });
    expect(await db.knex('sdk_push_batches').where({ batch_id: 'b2' }).pluck('user_id')).toEqual([b]);
    await expect(
      db.knex('sdk_push_batches').insert({
        device_id: deviceId,
        user_id: a,
        batch_id: 'b3',
        provider: 'apple_health_kit',
        request_hash: 'h'.repeat(64),
        status: 'completed',
        received_at: new Date(),
      }),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      db.knex('sdk_sync_checkpoints').insert({
        device_id: '00000000-0000-4000-8000-000000000000',
        provider: 'apple_health_kit',
        resource: 'steps',
      }),
    ).rejects.toMatchObject({ code: '23503' });

    // Deleting a user still cascades through the composite keys.
    await db.knex('users').where({ id: a }).delete();
    expect(await db.knex('sdk_sessions').where({ user_id: a })).toEqual([]);
    expect(await db.knex('workout_streams').where({ user_id: a })).toEqual([]);
  });
});
