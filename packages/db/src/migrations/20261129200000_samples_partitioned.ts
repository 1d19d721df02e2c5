import type { Knex } from 'knex';

/**
 * Timeseries samples in a compact, hash-partitioned layout (issue 16), moved from `timeseries_samples` by
 * expand / backfill / contract without blocking reads:
 *
 * - `sample_series` (per user): the key's fixed part (resource, provider, source type, type) as a small
 *   integer, `series`. `sample_contexts` (per user): what a sample says about its source and zone (UTC
 *   offset, app, device, workout, sport) as `context`. Both are a handful of rows per user.
 * - `samples`: one row per sample, `partition by hash (user_id)` (a user's rows and their purge stay in one
 *   partition; native partitioning, no extension). Eight columns, so the tuple header with its null bitmap
 *   stays 24 bytes; the 8-byte columns lead and the two integers share one 8-byte slot (no alignment
 *   padding): a point sample is 64 bytes of heap tuple. The primary key (user_id, series, start_at) leads
 *   with user_id (Citus). A series grows at its end and the pages behind its end are never written again,
 *   so the key's fill factor is 100: PostgreSQL splits those leaf pages 50/50 as they fill (its
 *   split-after-the-new-item rule covers only keys of ≤ 16 bytes; this one is 32 aligned), and a periodic
 *   `REINDEX INDEX CONCURRENTLY` of a partition's key packs them full for good (see bench:storage).
 * - Shapes share columns: blood pressure keeps systolic in `value` and diastolic in `diastolic` (only blood
 *   pressure has a diastolic, so `diastolic is not null` tells the shape); a note's text is the `_text` key
 *   of `extras`. A row outside these shapes (only possible by hand) keeps its odd values as `_systolic` /
 *   `_diastolic` keys of `extras`, so nothing is lost. created_at / updated_at are gone (nothing read them).
 * - `timeseries_samples` becomes a view decoding all of that (INSTEAD OF triggers write through it), for
 *   tools and tests; the hot paths read and write `samples` directly.
 *
 * Steps: (1) expand: the new tables, functions and a trigger mirroring every write of the old table into
 * the new one; (2) backfill: batches in key order, each its own short transaction that takes `for key share`
 * on the rows it copies (reads go on; a delete of those rows waits for the batch, a change of their values
 * reaches the new table through the mirror trigger and is never overwritten by the copy), progress kept
 * in `samples_backfill` so an interrupted migration resumes where it stopped; (3) contract: one short
 * transaction that copies what is left, drops the old table and creates the view. The migration runs
 * outside a knex transaction for that reason; each step is idempotent.
 */
export const config = { transaction: false };

export const SAMPLE_PARTITIONS = 16;
const PK_FILLFACTOR = 100;
const DEFAULT_BATCH = 50_000;

/** Reserved `extras` keys of the encoding (a sample's own extras never use a leading underscore). */
const RESERVED = "array['_text', '_systolic', '_diastolic']";

/** The decoded columns of a `samples` row `x` with its series `s` and context `c` (the old table's columns). */
export const DECODED_SAMPLE_COLUMNS = `x.user_id, s.resource, s.provider, s.source_type, s.type, x.start_at, x.end_at,
    c.timezone_offset,
    case when x.diastolic is null then x.value end as value,
    x.extras->>'_text' as value_text,
    case when x.diastolic is not null then x.value else (x.extras->>'_systolic')::float8 end as systolic,
    coalesce(x.diastolic, (x.extras->>'_diastolic')::float8) as diastolic,
    c.app_id, c.device_id, c.workout_id, c.sport,
    case when jsonb_exists_any(x.extras, ${RESERVED}) then nullif(x.extras - ${RESERVED}, '{}'::jsonb) else x.extras end as extras`;

/** Encoding expressions over an old-layout row `r` (value, value_text, systolic, diastolic, extras). */
const BP = '(r.value is null and r.systolic is not null and r.diastolic is not null)';
const ENCODED_VALUE = `case when ${BP} then r.systolic else r.value end`;
const ENCODED_DIASTOLIC = `case when ${BP} then r.diastolic end`;
const ENCODED_EXTRAS = `case when r.value_text is null and (${BP} or (r.systolic is null and r.diastolic is null))
      then r.extras
      else coalesce(r.extras, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('_text', r.value_text,
        '_systolic', case when not ${BP} then r.systolic end, '_diastolic', case when not ${BP} then r.diastolic end))
    end`;
const CONTEXT_KEY = (r: string) =>
  `row(${r}.timezone_offset, ${r}.app_id, ${r}.device_id, ${r}.workout_id, ${r}.sport)::text`;

/** Writes one old-layout row (the old table's or the view's row type) into samples; the newest write wins. */
const SAMPLE_WRITE = `
  create or replace function sample_write(r timeseries_samples) returns void language plpgsql as $$
  begin
    insert into samples as t (user_id, start_at, value, end_at, diastolic, series, context, extras)
    values (r.user_id, r.start_at, ${ENCODED_VALUE}, r.end_at, ${ENCODED_DIASTOLIC},
      sample_series_id(r.user_id, r.resource, r.provider, r.source_type, r.type),
      sample_context_id(r.user_id, r.timezone_offset, r.app_id, r.device_id, r.workout_id, r.sport),
      ${ENCODED_EXTRAS})
    on conflict (user_id, series, start_at) do update set value = excluded.value, end_at = excluded.end_at,
      diastolic = excluded.diastolic, context = excluded.context, extras = excluded.extras;
  end $$;

`;

const EXPAND = `
  create table if not exists sample_series (
    user_id uuid not null references users(id) on delete cascade,
    id integer not null,
    resource text not null,
    provider text not null,
    source_type text not null,
    type text not null,
    primary key (user_id, id),
    unique (user_id, resource, provider, source_type, type)
  );
  comment on table sample_series is
    'Per user: the fixed part of a sample key (resource, provider, source type, type) as samples.series.';

  create table if not exists sample_contexts (
    user_id uuid not null references users(id) on delete cascade,
    id integer not null,
    timezone_offset integer,
    app_id text,
    device_id uuid,
    workout_id uuid,
    sport text,
    primary key (user_id, id),
    unique nulls not distinct (user_id, timezone_offset, app_id, device_id, workout_id, sport)
  );
  comment on table sample_contexts is
    'Per user: a sample''s UTC offset and source details (app, device, workout, sport) as samples.context.';

  create table if not exists samples (
    user_id uuid not null,
    start_at timestamptz not null,
    value double precision,
    end_at timestamptz,
    diastolic double precision,
    series integer not null,
    context integer not null,
    extras jsonb,
    primary key (user_id, series, start_at) with (fillfactor = ${PK_FILLFACTOR}),
    foreign key (user_id, series) references sample_series (user_id, id) on delete cascade
  ) partition by hash (user_id);
  comment on table samples is
    'One sample per (user, series, start); hash-partitioned by user. Decoded by the view timeseries_samples.';
  ${Array.from(
    { length: SAMPLE_PARTITIONS },
    (_, i) =>
      `create table if not exists samples_p${String(i).padStart(2, '0')} partition of samples
         for values with (modulus ${SAMPLE_PARTITIONS}, remainder ${i});`,
  ).join('\n  ')}

  -- The partition holding a user's samples: writers that need a plain table (RETURNING xmax) insert there.
  create or replace function samples_partition(u uuid) returns text language sql stable as $$
    select c.oid::regclass::text
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid,
    lateral regexp_match(pg_get_expr(c.relpartbound, c.oid), 'modulus (\\d+), remainder (\\d+)') m
    where i.inhparent = 'samples'::regclass
      and satisfies_hash_partition('samples'::regclass, m[1]::int, m[2]::int, u)
  $$;

  -- The id of a user's series / context, created when missing (ids are per user: max + 1, retried on a race).
  create or replace function sample_series_id(u uuid, r text, p text, st text, t text) returns integer
  language plpgsql as $$
  declare v integer;
  begin
    loop
      select id into v from sample_series
        where user_id = u and resource = r and provider = p and source_type = st and type = t;
      if found then return v; end if;
      insert into sample_series (user_id, id, resource, provider, source_type, type)
        values (u, coalesce((select max(id) from sample_series where user_id = u), 0) + 1, r, p, st, t)
        on conflict do nothing returning id into v;
      if v is not null then return v; end if;
    end loop;
  end $$;

  create or replace function sample_context_id(u uuid, tz integer, app text, dev uuid, wk uuid, sp text)
  returns integer language plpgsql as $$
  declare v integer;
  begin
    loop
      select id into v from sample_contexts
        where user_id = u and timezone_offset is not distinct from tz and app_id is not distinct from app
          and device_id is not distinct from dev and workout_id is not distinct from wk
          and sport is not distinct from sp;
      if found then return v; end if;
      insert into sample_contexts (user_id, id, timezone_offset, app_id, device_id, workout_id, sport)
        values (u, coalesce((select max(id) from sample_contexts where user_id = u), 0) + 1, tz, app, dev, wk, sp)
        on conflict do nothing returning id into v;
      if v is not null then return v; end if;
    end loop;
  end $$;

  ${SAMPLE_WRITE}

  create or replace function sample_delete(u uuid, r text, p text, st text, t text, at timestamptz)
  returns void language sql as $$
    delete from samples x using sample_series s
    where x.user_id = u and s.user_id = u and s.resource = r and s.provider = p and s.source_type = st
      and s.type = t and x.series = s.id and x.start_at = at;
  $$;

  create table if not exists samples_backfill (
    one boolean primary key default true check (one),
    last_user uuid, last_resource text, last_start timestamptz, last_provider text, last_source_type text,
    last_type text,
    copied bigint not null default 0
  );
  insert into samples_backfill default values on conflict do nothing;
  comment on table samples_backfill is 'Progress of the timeseries_samples → samples copy (dropped when done).';
`;

/** Mirrors writes of the old table while it is copied (created only while the old table is a table). */
const MIRROR = `
  create or replace function timeseries_samples_mirror() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      perform sample_delete(old.user_id, old.resource, old.provider, old.source_type, old.type, old.start_at);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then perform sample_write(new); end if;
    return null;
  end $$;
  drop trigger if exists timeseries_samples_mirror on timeseries_samples;
  create trigger timeseries_samples_mirror after insert or update or delete on timeseries_samples
    for each row execute function timeseries_samples_mirror();
`;

/**
 * One batch: the next rows of the old table in key order after the progress (parameters), locked `for key
 * share` (a delete of them waits for this statement; a change of their values reaches the new table through
 * the mirror trigger and wins over the copy, which never overwrites), their series and contexts, the rows,
 * the progress. Returns the rows copied.
 */
const batchSql = (after: boolean) => `
  with b as materialized (
    select r.* from timeseries_samples r
    ${
      after
        ? `where (r.user_id, r.resource, r.start_at, r.provider, r.source_type, r.type)
        > (?::uuid, ?::text, ?::timestamptz, ?::text, ?::text, ?::text)`
        : ''
    }
    order by r.user_id, r.resource, r.start_at, r.provider, r.source_type, r.type
    limit ?
    for key share of r
  ),
  s as materialized (
    select d.*, sample_series_id(d.user_id, d.resource, d.provider, d.source_type, d.type) as id
    from (select distinct user_id, resource, provider, source_type, type from b) d
  ),
  c as materialized (
    select d.user_id, d.k, sample_context_id(d.user_id, d.timezone_offset, d.app_id, d.device_id, d.workout_id, d.sport) as id
    from (select distinct on (user_id, ${CONTEXT_KEY('b')}) user_id, ${CONTEXT_KEY('b')} as k,
            timezone_offset, app_id, device_id, workout_id, sport from b) d
  ),
  ins as (
    insert into samples (user_id, start_at, value, end_at, diastolic, series, context, extras)
    select r.user_id, r.start_at, ${ENCODED_VALUE}, r.end_at, ${ENCODED_DIASTOLIC}, s.id, c.id, ${ENCODED_EXTRAS}
    from b r
    join s on s.user_id = r.user_id and s.resource = r.resource and s.provider = r.provider
      and s.source_type = r.source_type and s.type = r.type
    join c on c.user_id = r.user_id and c.k = ${CONTEXT_KEY('r')}
    on conflict (user_id, series, start_at) do nothing
  ),
  last as (
    select * from b order by user_id desc, resource desc, start_at desc, provider desc, source_type desc, type desc
    limit 1
  )
  update samples_backfill set last_user = last.user_id, last_resource = last.resource, last_start = last.start_at,
    last_provider = last.provider, last_source_type = last.source_type, last_type = last.type,
    copied = copied + (select count(*) from b)
  from last
  returning (select count(*) from b)::int as n`;

const VIEW = `
  create view timeseries_samples as
  select ${DECODED_SAMPLE_COLUMNS}
  from samples x
  join sample_series s on s.user_id = x.user_id and s.id = x.series
  join sample_contexts c on c.user_id = x.user_id and c.id = x.context;
  comment on view timeseries_samples is
    'The samples decoded to one row per sample with named columns (tools, tests); writes go through to samples.';

  create or replace function timeseries_samples_write() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      perform sample_delete(old.user_id, old.resource, old.provider, old.source_type, old.type, old.start_at);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      new.source_type := coalesce(new.source_type, 'unknown');
      new.type := coalesce(new.type, '');
      perform sample_write(new);
      return new;
    end if;
    return old;
  end $$;
  alter view timeseries_samples alter column source_type set default 'unknown';
  alter view timeseries_samples alter column type set default '';
  create trigger timeseries_samples_write instead of insert or update or delete on timeseries_samples
    for each row execute function timeseries_samples_write();
`;

async function isTable(knex: Knex, name: string): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: { kind: string | null }[] }>(
    'select (select relkind::text from pg_class where oid = to_regclass(?)) as kind',
    [name],
  );
  return rows[0]?.kind === 'r';
}

/**
 * One batch after the recorded progress (a key range scan of the old primary key from there), in its own
 * statement; the rows copied.
 */
async function copyBatch(knex: Knex | Knex.Transaction, batch: number): Promise<number> {
  const { rows: progress } = await knex.raw<{ rows: Array<Record<string, unknown>> }>(
    `select last_user, last_resource, last_start::text, last_provider, last_source_type, last_type
     from samples_backfill`,
  );
  const p = progress[0]!;
  const after = p.last_user !== null;
  const { rows } = await knex.raw<{ rows: { n: number }[] }>(batchSql(after), [
    ...(after
      ? [p.last_user, p.last_resource, p.last_start, p.last_provider, p.last_source_type, p.last_type]
      : []),
    batch,
  ] as Knex.RawBinding[]);
  return rows[0]?.n ?? 0;
}

/** Copies the old table's rows in batches (each its own transaction); resumes from the recorded progress. */
export async function backfillSamples(knex: Knex, batch = DEFAULT_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await copyBatch(knex, batch);
    total += n;
    if (n < batch) return total;
  }
}

export async function up(knex: Knex): Promise<void> {
  if (!(await isTable(knex, 'timeseries_samples'))) return; // contracted already
  await knex.transaction(async (trx) => {
    await trx.raw(EXPAND);
    await trx.raw(MIRROR);
  });
  const batch = Number(process.env.MERIDIAN_SAMPLES_BACKFILL_BATCH) || DEFAULT_BATCH;
  await backfillSamples(knex, batch);
  await knex.transaction(async (trx) => {
    // Writers wait from here; readers only for the few statements below.
    await trx.raw('lock table timeseries_samples in exclusive mode');
    for (;;) {
      if ((await copyBatch(trx, batch)) < batch) break;
    }
    await trx.raw(`
      drop function sample_write(timeseries_samples);
      drop table timeseries_samples;
      drop function timeseries_samples_mirror();
      drop table samples_backfill;
      ${VIEW}
      ${SAMPLE_WRITE}
      analyze sample_series;
      analyze sample_contexts;
    `);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`
      create table timeseries_samples_old as select *, now() as created_at, now() as updated_at from timeseries_samples;
      drop function sample_write(timeseries_samples);
      drop view timeseries_samples;
      drop function timeseries_samples_write();
      drop function sample_delete(uuid, text, text, text, text, timestamptz);
      drop function sample_series_id(uuid, text, text, text, text);
      drop function sample_context_id(uuid, integer, text, uuid, uuid, text);
      drop function samples_partition(uuid);
      drop table samples, sample_contexts, sample_series;
      alter table timeseries_samples_old rename to timeseries_samples;
      alter table timeseries_samples
        alter column user_id set not null, alter column resource set not null,
        alter column provider set not null, alter column source_type set not null,
        alter column source_type set default 'unknown', alter column type set not null,
        alter column type set default '', alter column start_at set not null,
        alter column created_at set default now(), alter column updated_at set default now(),
        add foreign key (user_id) references users(id) on delete cascade,
        add primary key (user_id, resource, start_at, provider, source_type, type);
    `);
  });
}
