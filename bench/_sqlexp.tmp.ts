import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fs from 'node:fs';
const N = 200_000, CH = Number(process.env.CH ?? 1000);
const cpuOf = (pid: number) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const COLS = `resource text, provider text, source_type text, type text, start_at timestamptz, end_at timestamptz, timezone_offset integer, value double precision, value_text text, systolic double precision, diastolic double precision, app_id text, device_id uuid, workout_id uuid, sport text, extras jsonb`;
const VC = ['end_at','timezone_offset','value','value_text','systolic','diastolic','app_id','device_id','workout_id','sport','extras'];
const ONC = `on conflict (user_id, resource, start_at, provider, source_type, type) do update set ${VC.map(c=>`${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at where (${VC.map(c=>`t.${c}`).join(', ')}) is distinct from (${VC.map(c=>`excluded.${c}`).join(', ')})`;
const ALL = 'user_id, resource, provider, source_type, type, start_at, end_at, timezone_offset, value, value_text, systolic, diastolic, app_id, device_id, workout_id, sport, extras, created_at, updated_at';
const uid = '11111111-1111-4111-8111-111111111111';
const t0 = Date.UTC(2026, 5, 1);
const rows = Array.from({ length: N }, (_, i) => ({ ms: t0 + i * 300_000, v: 60 + (i % 40) }));
async function main() {
  const c = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  await c.query('drop database if exists sqlexp'); await c.query('create database sqlexp'); await c.end();
  const d = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/sqlexp' }); await d.connect();
  await d.query(`create table users (id uuid primary key)`); await d.query(`insert into users values ('${uid}')`);
  await d.query(`create table ts (user_id uuid not null references users(id) on delete cascade, resource text not null, provider text not null, source_type text not null default 'unknown', type text not null default '', start_at timestamptz not null, end_at timestamptz, timezone_offset integer, value double precision, value_text text, systolic double precision, diastolic double precision, app_id text, device_id uuid, workout_id uuid, sport text, extras jsonb, created_at timestamptz not null default now(), updated_at timestamptz not null default now(), primary key (user_id, resource, start_at, provider, source_type, type))`);
  const pid = (await d.query('select pg_backend_pid() as p')).rows[0].p;
  const now = new Date().toISOString();
  const run = async (name: string, f: () => Promise<void>) => {
    await d.query('truncate ts'); await d.query('vacuum analyze ts');
    const c0 = cpuOf(pid), nc0 = process.cpuUsage(), w0 = performance.now();
    await f();
    const n = (await d.query('select count(*)::int n from ts')).rows[0].n;
    console.log(`${name.padEnd(28)} wall ${(performance.now() - w0).toFixed(0).padStart(5)} ms  pg cpu ${cpuOf(pid) - c0} ms  node cpu ${((process.cpuUsage(nc0).user + process.cpuUsage(nc0).system) / 1000).toFixed(0)} ms  rows ${n}`);
  };
  const line = (r: { ms: number; v: number }) => `${uid}\theartrate\toura\tring\t\t${new Date(r.ms).toISOString()}\t\\N\t\\N\t${r.v}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${now}\t${now}\n`;
  await run('COPY direct', async () => {
    await pipeline(Readable.from([rows.map(line).join('')]), d.query(copyFrom(`copy ts (${ALL}) from stdin`)));
  });
  await run(`json upsert ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const recs = rows.slice(i, i + CH).map((r) => ({ resource: 'heartrate', provider: 'oura', source_type: 'ring', type: '', start_at: new Date(r.ms).toISOString(), end_at: null, timezone_offset: null, value: r.v, value_text: null, systolic: null, diastolic: null, app_id: null, device_id: null, workout_id: null, sport: null, extras: null }));
      await d.query(`with w as (insert into ts as t (${ALL}) select $1::uuid, r.resource, r.provider, r.source_type, r.type, r.start_at, r.end_at, r.timezone_offset, r.value, r.value_text, r.systolic, r.diastolic, r.app_id, r.device_id, r.workout_id, r.sport, r.extras, $2::timestamptz, $2::timestamptz from json_to_recordset($3::json) as r(${COLS}) ${ONC} returning (t.xmax = 0) as inserted) select count(*) from w`, [uid, now, JSON.stringify(recs)]);
    }
  });
  const stage = async (on: string) => {
    await d.query('begin');
    await d.query(`create temp table if not exists stg (resource text, provider text, source_type text, type text, start_at timestamptz, end_at timestamptz, timezone_offset integer, value double precision, value_text text, systolic double precision, diastolic double precision, app_id text, device_id uuid, workout_id uuid, sport text, extras jsonb) on commit delete rows`);
    for (let i = 0; i < N; i += CH) {
      const text = rows.slice(i, i + CH).map((r) => `heartrate\toura\tring\t\t${new Date(r.ms).toISOString()}\t\\N\t\\N\t${r.v}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n`).join('');
      await pipeline(Readable.from([text]), d.query(copyFrom(`copy stg from stdin`)));
      await d.query(`with w as (insert into ts as t (${ALL}) select $1::uuid, r.*, $2::timestamptz, $2::timestamptz from stg r ${on} returning (t.xmax = 0) as inserted) select count(*) from w`, [uid, now]);
      await d.query('truncate stg');
    }
    await d.query('commit');
  };
  await run(`stage+upsert ch${CH}`, () => stage(ONC));
  await run(`unnest upsert ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const sl = rows.slice(i, i + CH);
      await d.query(`with w as (insert into ts as t (user_id, resource, provider, source_type, type, start_at, value, created_at, updated_at) select $1::uuid, 'heartrate', 'oura', 'ring', '', s, v, $2::timestamptz, $2::timestamptz from unnest($3::timestamptz[], $4::float8[]) as r(s, v) ${ONC} returning (t.xmax = 0) as inserted) select count(*) from w`, [uid, now, sl.map((r) => new Date(r.ms).toISOString()), sl.map((r) => r.v)]);
    }
  });
  const q = (v: string) => `"${v.replace(/[\\"]/g, '\\$&')}"`;
  const lit = (xs: (string | null)[]) => `{${xs.map((x) => (x === null ? 'NULL' : x)).join(',')}}`;
  const UN = (ts: string) => `with w as (insert into ts as t (${ALL}) select $1::uuid, r.*, $2::timestamptz, $2::timestamptz from unnest($3::text[], $4::text[], $5::text[], $6::text[], ${ts}, $8::timestamptz[], $9::int[], $10::float8[], $11::text[], $12::float8[], $13::float8[], $14::text[], $15::uuid[], $16::uuid[], $17::text[], $18::jsonb[]) as r ${ONC} returning (t.xmax = 0) as inserted) select count(*) from w`;
  for (const mode of ['iso', 'epoch']) await run(`unnest16 literal ${mode} ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const sl = rows.slice(i, i + CH);
      const nul = lit(sl.map(() => null));
      const sql = mode === 'iso' ? UN('$7::timestamptz[]') : UN(`(select array_agg(to_timestamp(x / 1000.0)) from unnest($7::float8[]) x)`);
      await d.query(mode === 'iso' ? sql : sql, [uid, now, lit(sl.map(() => q('heartrate'))), lit(sl.map(() => q('oura'))), lit(sl.map(() => q('ring'))), lit(sl.map(() => '""')),
        lit(sl.map((r) => (mode === 'iso' ? new Date(r.ms).toISOString() : String(r.ms)))), nul, nul, lit(sl.map((r) => String(r.v))), nul, nul, nul, nul, nul, nul, nul, nul]);
    }
  });
  await run(`unnest16 plain (no count) ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const sl = rows.slice(i, i + CH);
      const nul = lit(sl.map(() => null));
      const sql = UN('$7::timestamptz[]').replace('with w as (', '').replace(/ returning \(t.xmax = 0\) as inserted\) select count\(\*\) from w$/, '');
      await d.query(sql, [uid, now, lit(sl.map(() => q('heartrate'))), lit(sl.map(() => q('oura'))), lit(sl.map(() => q('ring'))), lit(sl.map(() => '""')),
        lit(sl.map((r) => new Date(r.ms).toISOString())), nul, nul, lit(sl.map((r) => String(r.v))), nul, nul, nul, nul, nul, nul, nul, nul]);
    }
  });
  await run(`unnest2 grouped scalars ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const sl = rows.slice(i, i + CH);
      await d.query(`with w as (insert into ts as t (${ALL}) select $1::uuid, $3::text, $4::text, $5::text, $6::text, r.s, null::timestamptz, null::int, r.v, null::text, null::float8, null::float8, null::text, null::uuid, null::uuid, null::text, null::jsonb, $2::timestamptz, $2::timestamptz from unnest($7::timestamptz[], $8::float8[]) as r(s, v) ${ONC} returning (t.xmax = 0) as inserted) select count(*) from w`,
        [uid, now, 'heartrate', 'oura', 'ring', '', lit(sl.map((r) => new Date(r.ms).toISOString())), lit(sl.map((r) => String(r.v)))]);
    }
  });
  await run(`json insert (no conflict) ch${CH}`, async () => {
    for (let i = 0; i < N; i += CH) {
      const recs = rows.slice(i, i + CH).map((r) => ({ resource: 'heartrate', provider: 'oura', source_type: 'ring', type: '', start_at: new Date(r.ms).toISOString(), end_at: null, timezone_offset: null, value: r.v, value_text: null, systolic: null, diastolic: null, app_id: null, device_id: null, workout_id: null, sport: null, extras: null }));
      await d.query(`insert into ts as t (${ALL}) select $1::uuid, r.resource, r.provider, r.source_type, r.type, r.start_at, r.end_at, r.timezone_offset, r.value, r.value_text, r.systolic, r.diastolic, r.app_id, r.device_id, r.workout_id, r.sport, r.extras, $2::timestamptz, $2::timestamptz from json_to_recordset($3::json) as r(${COLS})`, [uid, now, JSON.stringify(recs)]);
    }
  });
  await d.end();
}
main().catch((e) => { console.error(e); process.exit(1); });
