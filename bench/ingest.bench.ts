/**
 * Ingestion benchmark (issue 16): batches of a day of minute heart rate (1,440 samples, a watch's day)
 * through the one ingestion path (`createIngestion().ingest`: validation, units, bounds, upsert, derived
 * activity, resource stats, data events), against the same sample upsert statement the package sends
 * (`countingUpsertSql`: INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO UPDATE … WHERE changed, counting)
 * run bare, with its parameters built straight from the input, each batch in its own transaction. Two cases:
 * historical chunks (no data events) and daily batches (`daily.data.*` events with every sample).
 *
 * Every batch is a day not stored yet, for a user per case and arm (both arms write the same days into a
 * table that grows alike). Rounds interleave the cases and the arms (the order alternates per round), one
 * database connection, one batch at a time; per round and case the figures are paired, and the medians
 * printed: samples/s, CPU ms per batch of this process (Node) and of its PostgreSQL backend, and the ratio
 * package / bare (with its spread over the rounds).
 *
 *   pnpm bench:ingest [--rounds 10] [--batches 4] [--samples 1440] [--keep] [--statements] [--bare-named]
 *   (or BENCH_ROUNDS, BENCH_BATCHES, BENCH_SAMPLES)
 *
 * `--statements`: the package's SQL statements per case, by their first words, with their round-trip time
 * per batch (one connection, so wall time including PostgreSQL's work) and whether they ran as named
 * (prepared) statements; the transaction's BEGIN and COMMIT, which knex does not report, come on top (as they
 * do for the bare arm).
 *
 * The package names its fixed-text statements (parsed and planned once per connection); the bare arm sends
 * its statement unnamed, as before, unless `--bare-named` (then it too is prepared once: a stricter baseline).
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { createKnex, type Knex } from '@meridian/db';
import { newId } from '@meridian/domain';
import { createIngestion, type IngestBatch, type SampleInput } from '@meridian/ingestion';
import { createTestDatabase, seedOrg, seedTeam } from '@meridian/test-utils';
import {
  countingUpsertSql,
  SAMPLE_ROW_COLUMNS,
  samplesPartitionOf,
} from '../packages/ingestion/src/storage/samples.repository';
import { cpuSecondsOf, loadAverage } from './support/process-cpu';

const args = process.argv.slice(2);
const setting = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return Number(args[i + 1]);
  const env = process.env[`BENCH_${name.toUpperCase()}`];
  return env ? Number(env) : fallback;
};
const ROUNDS = setting('rounds', 10);
/** Batches per case and arm in each round. */
const BATCHES = setting('batches', 4);
/** Samples per batch: a day of minute heart rate. */
const SAMPLES = setting('samples', 1440);
const KEEP = args.includes('--keep');
const STATEMENTS = args.includes('--statements');
const BARE_NAMED = args.includes('--bare-named');
const DAY_MS = 86_400_000;
const OFFSET_SECONDS = 3600;
const SOURCE = { provider: 'garmin', type: 'watch' as const, app_id: null, device_id: null };
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

type Mode = IngestBatch['mode'];
const CASES: readonly Mode[] = ['historical', 'daily'];

/** Day `day` (counted from 2025-01-01) of minute heart rate, in the wire shape a connector hands to ingestion. */
function dayOfHeartRate(day: number): SampleInput[] {
  const start = Date.UTC(2025, 0, 1) + day * DAY_MS - OFFSET_SECONDS * 1000;
  const step = DAY_MS / SAMPLES;
  const samples: SampleInput[] = new Array<SampleInput>(SAMPLES);
  for (let i = 0; i < SAMPLES; i += 1) {
    samples[i] = {
      timestamp: new Date(start + i * step).toISOString(),
      timezone_offset: OFFSET_SECONDS,
      value: 55 + ((day * 7 + i * 13) % 60),
      unit: 'bpm',
    };
  }
  return samples;
}

/**
 * Heart rate's canonical unit is bpm and it has no type: the bare upsert's rows are the input as it is, with one
 * context (the UTC offset), written into the user's partition as the repository does.
 */
async function bareUpsert(db: Knex, userId: string, samples: readonly SampleInput[], _now: Date) {
  const present = SAMPLE_ROW_COLUMNS.map((c) => c === 'start_at' || c === 'value' || c === 'context');
  const start = new Array<number>(samples.length);
  const value = new Array<number>(samples.length);
  const context = new Array<number>(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    start[i] = Date.parse(s.timestamp);
    value[i] = s.value as number;
    context[i] = 1;
  }
  const table = await samplesPartitionOf(db, userId);
  const sql = countingUpsertSql(table, present);
  return db.transaction(async (trx) => {
    const result = await trx
      .raw<{ rows: Array<{ created: number; updated: number }> }>(sql, [
        userId,
        `{${OFFSET_SECONDS}}`,
        '{NULL}',
        '{NULL}',
        '{NULL}',
        '{NULL}',
        userId,
        userId,
        'heartrate',
        SOURCE.provider,
        SOURCE.type,
        '',
        `{${start.join(',')}}`,
        `{${value.join(',')}}`,
        `{${context.join(',')}}`,
      ])
      .options(BARE_NAMED ? { name: `bench_bare_${table}` } : {});
    return result.rows[0]!.created;
  });
}

interface Measure {
  seconds: number;
  nodeCpu: number;
  pgCpu: number;
  samples: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const test = await createTestDatabase();
  // One connection: its backend's CPU is PostgreSQL's share of every batch.
  const db = createKnex({ connectionString: test.url, poolMax: 1 });
  try {
    const org = await seedOrg(test.knex);
    const teamId = (await seedTeam(test.knex, org.orgId)).teamId;
    const newUser = async () => {
      const id = newId();
      await test.knex('users').insert({
        id,
        team_id: teamId,
        environment: 'sandbox',
        client_user_id: `bench-${id}`,
      });
      return id;
    };
    const users = new Map<string, string>();
    for (const mode of CASES) {
      for (const arm of ['package', 'bare']) users.set(`${mode}/${arm}`, await newUser());
    }
    const now = new Date();
    // Statement round trips of the package's batches, by case and statement kind (`--statements`).
    const traced = new Map<string, { count: number; ms: number }>();
    let tracing: string | null = null;
    const started = new Map<string, { kind: string; at: number }>();
    if (STATEMENTS) {
      db.on('query', (q: { __knexQueryUid: string; sql: string; options?: { name?: string } }) => {
        if (tracing === null) return;
        const kind = `${q.options?.name ? 'named   ' : 'unnamed '}${q.sql.replace(/\s+/g, ' ').trim().slice(0, 60)}`;
        started.set(q.__knexQueryUid, { kind: `${tracing}: ${kind}`, at: performance.now() });
      });
      db.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => {
        const s = started.get(q.__knexQueryUid);
        if (!s) return;
        started.delete(q.__knexQueryUid);
        const t = traced.get(s.kind) ?? { count: 0, ms: 0 };
        t.count += 1;
        t.ms += performance.now() - s.at;
        traced.set(s.kind, t);
      });
    }
    const ingestion = createIngestion({ db, clock: () => now });
    const backend = async () =>
      Number((await db.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid')).rows[0]!.pid);

    let nextDay = 0;
    const batchesOf = () => Array.from({ length: BATCHES }, () => dayOfHeartRate(nextDay++));
    const runArm = async (mode: Mode, arm: 'package' | 'bare', days: SampleInput[][]): Promise<Measure> => {
      const userId = users.get(`${mode}/${arm}`)!;
      const pid = await backend();
      const pgBefore = cpuSecondsOf(pid) ?? 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let stored = 0;
      for (const samples of days) {
        if (arm === 'package') {
          tracing = rounds.length > 0 || !STATEMENTS ? mode : null;
          const r = await ingestion.ingest({
            userId,
            mode,
            timeseries: [{ resource: 'heartrate', source: SOURCE, samples }],
          });
          stored += r.created;
          tracing = null;
        } else stored += await bareUpsert(db, userId, samples, now);
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const pgCpu = (cpuSecondsOf(pid) ?? 0) - pgBefore;
      const expected = days.length * SAMPLES;
      if (stored !== expected)
        throw new Error(`${mode}/${arm}: created ${stored} samples, expected ${expected}`);
      return { seconds, nodeCpu: (cpu.user + cpu.system) / 1e6, pgCpu, samples: expected };
    };

    // Warm-up (JIT, plans, caches) on users of its own, left out of the figures.
    for (const mode of CASES) {
      const warm = await newUser();
      for (const samples of batchesOf()) {
        await ingestion.ingest({
          userId: warm,
          mode,
          timeseries: [{ resource: 'heartrate', source: SOURCE, samples }],
        });
        await bareUpsert(db, warm, dayOfHeartRate(nextDay++), now);
      }
    }

    log(
      `${ROUNDS} rounds × ${BATCHES} batches of ${fmt(SAMPLES)} heart-rate samples per case and arm, one connection, bare statement ${BARE_NAMED ? 'named' : 'unnamed'}; load average ${loadAverage()}`,
    );
    const rounds: Array<Record<string, Measure>> = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const round: Record<string, Measure> = {};
      const modes = r % 2 === 0 ? CASES : [...CASES].reverse();
      for (const mode of modes) {
        const days = batchesOf();
        // The same days for both arms (each into its own user), the arm that goes first alternating.
        const arms =
          (r + (mode === 'daily' ? 1 : 0)) % 2 === 0
            ? (['package', 'bare'] as const)
            : (['bare', 'package'] as const);
        for (const arm of arms) round[`${mode}/${arm}`] = await runArm(mode, arm, days);
      }
      rounds.push(round);
      process.stdout.write('.');
    }
    log('');

    log(
      `${'case'.padEnd(12)} ${'arm'.padEnd(8)} ${'samples/s'.padStart(10)} ${'ms/batch'.padStart(9)} ${'Node CPU ms/batch'.padStart(18)} ${'PG CPU ms/batch'.padStart(16)}`,
    );
    const summary: string[] = [];
    for (const mode of CASES) {
      for (const arm of ['package', 'bare']) {
        const ms = rounds.map((r) => r[`${mode}/${arm}`]!);
        log(
          [
            mode.padEnd(12),
            arm.padEnd(8),
            fmt(median(ms.map((m) => m.samples / m.seconds))).padStart(10),
            median(ms.map((m) => (m.seconds * 1000) / BATCHES))
              .toFixed(1)
              .padStart(9),
            median(ms.map((m) => (m.nodeCpu * 1000) / BATCHES))
              .toFixed(1)
              .padStart(18),
            // /proc counts in 10 ms ticks: the per-round sums are coarse, their median less so.
            median(ms.map((m) => (m.pgCpu * 1000) / BATCHES))
              .toFixed(1)
              .padStart(16),
          ].join(' '),
        );
      }
      const ratios = rounds.map((r) => {
        const p = r[`${mode}/package`]!;
        const b = r[`${mode}/bare`]!;
        return p.samples / p.seconds / (b.samples / b.seconds);
      });
      const sorted = [...ratios].sort((a, b) => a - b);
      summary.push(
        `ratio package / bare upsert, ${mode}: ${median(ratios).toFixed(3)} (paired median of ${ROUNDS} rounds, spread ${sorted[0]!.toFixed(3)}–${sorted[sorted.length - 1]!.toFixed(3)}; goal ≥ 0.7: ${median(ratios) >= 0.7 ? 'met' : 'MISSED'})`,
      );
    }
    for (const line of summary) log(line);
    if (STATEMENTS) {
      const n = Math.max(1, (ROUNDS - 1) * BATCHES);
      log('package statements per batch (rounds after the first): count, round-trip ms');
      for (const [kind, t] of [...traced].sort((a, b) => b[1].ms - a[1].ms)) {
        log(`  ${(t.count / n).toFixed(1).padStart(5)} ${(t.ms / n).toFixed(2).padStart(8)} ms  ${kind}`);
      }
    }
    log(`load average after: ${loadAverage()}`);
  } finally {
    await db.destroy();
    if (!KEEP) await test.destroy();
    else log(`kept database ${test.name}`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
