/**
 * Numbers for docs/decisions/0011-scale-out.md: migrates a fresh database, loads `--samples` minute
 * heart-rate samples (set-based, bench/support/seed.ts), prints rows and bytes per sample (heap, indexes,
 * total) of `samples` (its partitions summed) with `sample_series` and `sample_contexts`, and an inventory
 * of every table with a user_id column against Citus' rules for a table distributed by user_id (the
 * distribution column in every primary and unique key; foreign keys only to reference tables or between
 * co-located tables on user_id).
 *
 *   node --conditions=meridian-src --import tsx bench/support/event-delivery-scaleout-inventory.ts [--samples 1000000]
 */
import { Client } from 'pg';
import { createKnex, migrateLatest } from '@meridian/db';
import { baseDatabaseUrl, databaseUrlFor } from '@meridian/test-utils';
import { seedTenancyAndUsers, seedYearOfMinuteHeartRate } from './seed';

const args = process.argv.slice(2);
const i = args.indexOf('--samples');
const SAMPLES = i >= 0 ? Number(args[i + 1]) : 1_000_000;
const log = (msg: string) => process.stdout.write(`${msg}\n`);

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const name = `meridian_scaleout_${Date.now().toString(36)}`;
  await admin(`create database "${name}"`);
  const db = createKnex({ connectionString: databaseUrlFor(name), poolMax: 2 });
  try {
    await migrateLatest(db);
    await seedTenancyAndUsers(db, 10);
    const users: string[] = await db('users').orderBy('client_user_id').pluck('id');
    let loaded = 0;
    for (const userId of users) {
      if (loaded >= SAMPLES) break;
      loaded += await seedYearOfMinuteHeartRate(db, userId);
    }
    await db.raw('vacuum analyze');
    // `samples` is partitioned (its own size is 0): its partitions' sizes summed, plus the per-user series and
    // source contexts every sample points at (`timeseries_samples` is only a view decoding them).
    const { rows: size } = await db.raw<{
      rows: { rows: string; heap: string; indexes: string; total: string; partitions: string }[];
    }>(
      `with parts as (
         select relid from pg_partition_tree('samples') where isleaf
         union all select 'sample_series'::regclass union all select 'sample_contexts'::regclass)
       select (select count(*) from samples) as rows,
              sum(pg_table_size(relid)) as heap,
              sum(pg_indexes_size(relid)) as indexes,
              sum(pg_total_relation_size(relid)) as total,
              (select count(*) from pg_partition_tree('samples') where isleaf) as partitions
         from parts`,
    );
    const s = size[0]!;
    const per = (bytes: string) => (Number(bytes) / Number(s.rows)).toFixed(1);
    log(`samples: ${Number(s.rows).toLocaleString('en-US')} rows in ${s.partitions} partitions`);
    if (Number(s.rows) > 0)
      log(
        `bytes per sample (samples + sample_series + sample_contexts): heap ${per(s.heap)}, indexes ${per(s.indexes)}, total ${per(s.total)}`,
      );

    // Every table (partitions excluded) with its user_id column, keys and foreign keys.
    const { rows: tables } = await db.raw<{
      rows: { table: string; has_user: boolean; keys: string | null; fks: string | null }[];
    }>(
      `select c.relname as table,
              exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id'
                        and not a.attisdropped) as has_user,
              coalesce((select string_agg(case k.contype when 'p' then 'PK' else 'UQ' end || '(' ||
                        (select string_agg(a.attname, ',' order by x.o) from unnest(k.conkey) with ordinality x(n, o)
                           join pg_attribute a on a.attrelid = c.oid and a.attnum = x.n) || ')', ' ' order by k.contype)
                 from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '') ||
              coalesce(' ' || (select string_agg('UQ-index(' || (select string_agg(coalesce(a.attname, 'expr'), ','
                           order by x.o) from unnest(i.indkey::int2[]) with ordinality x(n, o)
                           left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.n) || ')', ' ')
                 from pg_index i where i.indrelid = c.oid and i.indisunique
                  and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)), '') as keys,
              (select string_agg('(' || (select string_agg(a.attname, ',') from unnest(k.conkey) x(n)
                           join pg_attribute a on a.attrelid = c.oid and a.attnum = x.n) || ')→' ||
                        k.confrelid::regclass::text, ' ')
                 from pg_constraint k where k.conrelid = c.oid and k.contype = 'f') as fks
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and c.relname not like 'knex_%'
        order by 2 desc, 1`,
    );
    log('');
    log('table | user_id | primary/unique keys | foreign keys | keys without user_id');
    for (const t of tables) {
      const keys = t.keys ?? '';
      const missing = t.has_user
        ? keys
            .split(' ')
            .filter((k) => k && !/[(,]user_id[,)]/.test(k))
            .join(' ')
        : '';
      log(`${t.table} | ${t.has_user ? 'yes' : 'no'} | ${keys} | ${t.fks ?? ''} | ${missing}`);
    }
  } finally {
    await db.destroy();
    if (!args.includes('--keep')) await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
