/**
 * Numbers for docs/decisions/0011-scale-out.md: how long `20261129100000_citus_distribution_keys` takes on a
 * populated database and what `user_id` in the keys costs in bytes. Migrates a fresh database up to the migration
 * before it, loads `--users` users with per-user rows (summaries with workout streams, connections with sync
 * streams, an SDK device with sessions, push batches and checkpoints), then runs the migration and prints its time
 * and every changed table's rows and bytes before, after, and compacted (`vacuum full`), with the load average.
 *
 *   node --conditions=meridian-src --import tsx bench/support/citus-keys-migration.ts [--users 2000]
 */
import os from 'node:os';
import { Client } from 'pg';
import { createKnex, migrationConfig, type Knex } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { seedTenancyAndUsers } from './seed';

const MIGRATION = '20261129100000_citus_distribution_keys';
const args = process.argv.slice(2);
const i = args.indexOf('--users');
const USERS = i >= 0 ? Number(args[i + 1]) : 2000;
const TABLES = [
  'summaries',
  'workout_streams',
  'provider_connections',
  'connection_sync_streams',
  'sdk_devices',
  'sdk_sessions',
  'sdk_push_batches',
  'sdk_sync_checkpoints',
];
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function sizes(db: Knex): Promise<Map<string, { rows: number; heap: number; indexes: number }>> {
  await db.raw('vacuum analyze');
  const out = new Map<string, { rows: number; heap: number; indexes: number }>();
  for (const t of TABLES) {
    const { rows } = await db.raw<{ rows: { rows: string; heap: string; indexes: string }[] }>(
      `select (select count(*) from ??) as rows, pg_table_size(?::regclass) as heap, pg_indexes_size(?::regclass) as indexes`,
      [t, t, t],
    );
    out.set(t, {
      rows: Number(rows[0]!.rows),
      heap: Number(rows[0]!.heap),
      indexes: Number(rows[0]!.indexes),
    });
  }
  return out;
}

async function main(): Promise<void> {
  const name = `meridian_citus_keys_${Date.now().toString(36)}`;
  await admin(`create database "${name}"`);
  const db = createKnex({ connectionString: databaseUrlFor(name), poolMax: 2 });
  try {
    const config = migrationConfig();
    for (;;) {
      const [, pending] = (await db.migrate.list(config)) as [unknown[], { name: string }[]];
      const next = pending.map((p) => p.name).sort()[0];
      if (!next || next.startsWith(MIGRATION)) break;
      await db.migrate.up(config);
    }
    const { teamId } = await seedTenancyAndUsers(db, USERS);
    log(`load average ${load()} — seeding ${USERS.toLocaleString('en-US')} users`);
    await db.raw(
      `insert into summaries (id, user_id, kind, provider, source_type, calendar_date, start_at, end_at, payload)
       select gen_random_uuid(), u.id, 'workout', 'strava', 'app', date '2026-01-01' + g, now(), now(),
              '{"calories": 420, "distance": 8000}'
       from users u, generate_series(1, 100) g`,
    );
    await db.raw(
      `insert into workout_streams (workout_id, user_id, payload) select id, user_id, '{"hr": [120, 121]}' from summaries`,
    );
    await db.raw(
      `with c as (insert into provider_connections (id, user_id, provider, status)
                  select gen_random_uuid(), u.id, p, 'connected' from users u, unnest(array['oura', 'garmin']) p
                  returning id)
       insert into connection_sync_streams (connection_id, stream, range_start, range_end, done_until)
       select c.id, 's' || g, now(), now(), now() from c, generate_series(1, 10) g`,
    );
    await db.raw(
      `with d as (insert into sdk_devices (id, team_id, environment, user_id, installation_id)
                  select gen_random_uuid(), ?, 'sandbox', u.id, 'install' from users u returning id),
            s as (insert into sdk_sessions (id, device_id, family_id, access_token_hash, access_expires_at,
                    refresh_token_hash, refresh_expires_at)
                  select gen_random_uuid(), d.id, gen_random_uuid(), encode(sha256((d.id::text || g)::bytea), 'hex'),
                         now(), encode(sha256((g || d.id::text)::bytea), 'hex'), now()
                  from d, generate_series(1, 5) g),
            b as (insert into sdk_push_batches (device_id, batch_id, provider, request_hash, status, received_at)
                  select d.id, 'batch-' || g, 'apple_health_kit', repeat('0', 64), 'completed', now()
                  from d, generate_series(1, 50) g)
       insert into sdk_sync_checkpoints (device_id, provider, resource)
       select d.id, 'apple_health_kit', 'r' || g from d, generate_series(1, 10) g`,
      [teamId],
    );
    const before = await sizes(db);
    log(`load average ${load()} — running ${MIGRATION}`);
    const t0 = process.hrtime.bigint();
    await db.migrate.up({ ...config, name: MIGRATION });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const after = await sizes(db);
    // The backfill leaves a dead version of every child row (reused by later writes); compacted is the steady state.
    for (const t of TABLES) await db.raw('vacuum full ??', [t]);
    const compacted = await sizes(db);
    const totalRows = [...before.values()].reduce((s, v) => s + v.rows, 0);
    log(
      `migration: ${(ms / 1000).toFixed(1)} s for ${totalRows.toLocaleString('en-US')} rows; load ${load()}`,
    );
    log(
      '| table | rows | heap B/row: before → after → compacted | indexes B/row: before → after → compacted |',
    );
    log('|---|---|---|---|');
    for (const t of TABLES) {
      const b = before.get(t)!;
      const a = after.get(t)!;
      const c = compacted.get(t)!;
      const per = (bytes: number) => (b.rows ? (bytes / b.rows).toFixed(0) : '-');
      log(
        `| \`${t}\` | ${b.rows.toLocaleString('en-US')} | ${per(b.heap)} → ${per(a.heap)} → ${per(c.heap)} | ` +
          `${per(b.indexes)} → ${per(a.indexes)} → ${per(c.indexes)} |`,
      );
    }
  } finally {
    await db.destroy();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
