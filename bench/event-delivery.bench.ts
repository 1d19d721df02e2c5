/**
 * Event delivery benchmark (issues #4, #16): N events through outbox → relay → RabbitMQ → consumer fan-out,
 * then the delivery loop signing and POSTing them to a local sink, each in the real worker composition in
 * its own process; against a bare loop that signs and POSTs the same payloads to the same sink in the same
 * run. The fan-out is timed whole (relay and consumer pipelined in one worker) and in parts: the relay alone
 * (outbox → broker, confirmed) and the consumer alone (draining a queue the relay filled into
 * `webhook_messages`), each with the relay's default batching (OUTBOX_RELAY_EVENTS_PER_MESSAGE) and with
 * one broker message per event (the baseline: how the relay published before), interleaved over rounds.
 * CPU is counted for the worker alone and for the worker with its PostgreSQL backends and the broker, so
 * the rates can be judged on a loaded machine.
 *
 *   pnpm bench:delivery [--events 20000] [--rounds 1] [--concurrency <DELIVERY_CONCURRENCY default>]
 *                       [--endpoints 1] [--fan-out-only] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) with a fresh database
 * and AMQP_URL's broker (default amqp://guest:guest@127.0.0.1:5672) with a topology of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createKnex, createOutboxRepository, migrateLatest, type Knex } from '@meridian/db';
import { eventDeliveryProcessConfigSpec } from '@meridian/event-delivery';
import { eventEnvelope, newId } from '@meridian/domain';
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import { baseDatabaseUrl, databaseUrlFor, seedOrg, seedTeam } from '@meridian/test-utils';
import { cpuSince, cpuSnapshot } from './support/process-cpu';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const EVENTS = flag('events', 20_000);
/** The worker's default DELIVERY_CONCURRENCY unless given. */
const DEFAULT_CONCURRENCY = eventDeliveryProcessConfigSpec.DELIVERY_CONCURRENCY.parse(
  undefined,
  'DELIVERY_CONCURRENCY',
);
const CONCURRENCY = flag('concurrency', DEFAULT_CONCURRENCY);
const ENDPOINTS = flag('endpoints', 1);
const ROUNDS = flag('rounds', 1);
const FAN_OUT_ONLY = args.includes('--fan-out-only');
const KEEP = args.includes('--keep');
/** The relay's default events per broker message, and the baseline's one message per event. */
const EVENTS_PER_MESSAGE = eventDeliveryProcessConfigSpec.OUTBOX_RELAY_EVENTS_PER_MESSAGE.parse(
  undefined,
  'OUTBOX_RELAY_EVENTS_PER_MESSAGE',
);
/** The bench's own polling connections, left out of the database CPU. */
const POLL_APPLICATION = 'bench-poll';
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const SECRETS_KEY = Buffer.alloc(32, 11).toString('base64');
const SINK_PORT = 18110;
/** Node flags for the worker process, e.g. BENCH_NODE_FLAGS=--cpu-prof. */
const WORKER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
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

/** Forks a support script and resolves once it says `ready`; later messages go to `onMessage`. */
function startChild(
  script: string,
  env: Record<string, string>,
  onMessage?: (message: unknown) => void,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', script), [], {
      execArgv: [
        '--conditions=meridian-src',
        '--import',
        'tsx',
        ...(script === 'event-delivery-worker.ts' ? WORKER_NODE_FLAGS : []),
      ],
      env: { ...process.env, ...env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      if (message === 'ready') resolve(child);
      else onMessage?.(message);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function unpublished(db: Knex): Promise<number> {
  const [row] = await db('outbox').whereNull('published_at').count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

async function count(db: Knex, where: Record<string, string> = {}): Promise<number> {
  const [row] = await db('webhook_messages').where(where).count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

/** Polls until `done` and returns the elapsed seconds since `started`. */
async function timeUntil(
  started: number,
  done: () => Promise<boolean>,
  timeoutMs = 600_000,
): Promise<number> {
  while (!(await done())) {
    if (performance.now() - started > timeoutMs) throw new Error('benchmark phase timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
  return (performance.now() - started) / 1000;
}

async function appendEvents(db: Knex, teamId: string, n: number): Promise<void> {
  const userId = newId();
  for (let done = 0; done < n; done += 1000) {
    await createOutboxRepository(db).append(
      Array.from({ length: Math.min(1000, n - done) }, (_, i) => ({
        teamId,
        environment: 'sandbox' as const,
        userId,
        envelope: eventEnvelope(
          'daily.data.steps.created',
          {
            user_id: userId,
            start_date: '2026-11-20',
            end_date: '2026-11-20',
            provider: 'oura',
            seq: done + i,
          },
          { userId, clientUserId: 'bench-user-0001', teamId },
        ),
      })),
    );
  }
}

interface Phase {
  seconds: number;
  /** CPU seconds the worker process used (its own share of a busy machine, database and broker excluded). */
  cpuSeconds: number;
  /** CPU seconds of the worker, its PostgreSQL backends and the broker (which other work may share). */
  allCpuSeconds: number;
  /** The PostgreSQL backends' and the broker's parts of allCpuSeconds. */
  databaseCpuSeconds: number;
  brokerCpuSeconds: number;
  /** Load average (1 min) when the phase ended. */
  load: number;
}

/** The RabbitMQ server's process (Erlang VM) on this machine, if it runs here. */
function brokerPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'beam.smp') return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** PostgreSQL backends serving the benchmark database, the bench's own polling excluded. */
async function backendPids(db: Knex, dbName: string): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { pid: number }[] }>(
    `select pid from pg_stat_activity where datname = ? and application_name <> ?`,
    [dbName, POLL_APPLICATION],
  );
  return rows.map((r) => r.pid);
}

async function runWorker(
  ctx: { db: Knex; dbName: string },
  mode: 'relay' | 'fan-out' | 'deliver' | 'all',
  env: Record<string, string>,
  done: () => Promise<boolean>,
): Promise<Phase> {
  let cpu: ((seconds: number) => void) | undefined;
  const worker = await startChild('event-delivery-worker.ts', { ...env, BENCH_MODE: mode }, (message) =>
    cpu?.((message as { cpuSeconds: number }).cpuSeconds),
  );
  try {
    const broker = brokerPid();
    const brokerPids = broker ? [broker] : [];
    const backendsAtGo = cpuSnapshot(await backendPids(ctx.db, ctx.dbName));
    const brokerAtGo = cpuSnapshot(brokerPids);
    const started = performance.now();
    worker.send('go');
    const seconds = await timeUntil(started, done);
    const databaseCpuSeconds = cpuSince(backendsAtGo, await backendPids(ctx.db, ctx.dbName));
    const brokerCpuSeconds = cpuSince(brokerAtGo, brokerPids);
    const cpuSeconds = await new Promise<number>((resolve) => {
      cpu = resolve;
      worker.send('cpu');
    });
    return {
      seconds,
      cpuSeconds,
      allCpuSeconds: cpuSeconds + databaseCpuSeconds + brokerCpuSeconds,
      databaseCpuSeconds,
      brokerCpuSeconds,
      load: loadavg()[0]!,
    };
  } finally {
    await stop(worker);
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 2, applicationName: POLL_APPLICATION });
  const ctx = { db, dbName };
  const sink = await startChild('webhook-sink.ts', { PORT: String(SINK_PORT) });
  const workerEnv = {
    DATABASE_URL: url,
    AMQP_URL,
    SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
    DELIVERY_CONCURRENCY: String(CONCURRENCY),
    BENCH_SUFFIX: `bench-${randomUUID().slice(0, 8)}`,
  };
  const rate = (n: number, s: number) => (n / s).toFixed(0).padStart(7);
  try {
    await migrateLatest(db);
    const org = await seedOrg(db);
    const { teamId } = await seedTeam(db, org.orgId);
    const secretBox = createSecretBox(decodeSecretsKey(SECRETS_KEY));
    for (let i = 0; i < ENDPOINTS; i++) {
      await db('webhooks').insert({
        id: `ep_bench${String(i).padStart(20, '0')}`,
        team_id: teamId,
        environment: 'sandbox',
        url: `http://127.0.0.1:${SINK_PORT}/hooks/${i}`,
        secret_ciphertext: secretBox.seal(`whsec_${Buffer.alloc(32, 7).toString('base64')}`),
      });
    }
    const messages = EVENTS * ENDPOINTS;
    log(
      `${EVENTS.toLocaleString('en-US')} events × ${ENDPOINTS} endpoint(s), concurrency ${CONCURRENCY}${CONCURRENCY === DEFAULT_CONCURRENCY ? ' (the default)' : ''}, ${ROUNDS} round(s); load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    // The fan-out, batched (the default) against one broker message per event (the baseline), interleaved.
    const variants = [
      { name: `batched (${EVENTS_PER_MESSAGE} events/message)`, perMessage: EVENTS_PER_MESSAGE },
      { name: 'baseline (1 event/message)', perMessage: 1 },
    ];
    type Part = 'pipelined' | 'relay' | 'consumer';
    const results = new Map<string, Phase[]>();
    const record = (variant: string, part: Part, phase: Phase) => {
      const key = `${variant}|${part}`;
      results.set(key, [...(results.get(key) ?? []), phase]);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const env = { ...workerEnv, BENCH_EVENTS_PER_MESSAGE: String(variant.perMessage) };
        let base = await count(db);
        await appendEvents(db, teamId, EVENTS);
        const pipelined = await runWorker(
          ctx,
          'fan-out',
          env,
          async () => (await count(db)) >= base + messages,
        );
        record(variant.name, 'pipelined', pipelined);
        // The parts: the relay alone fills the queue, then the consumer alone drains it.
        base = await count(db);
        await appendEvents(db, teamId, EVENTS);
        const relay = await runWorker(ctx, 'relay', env, async () => (await unpublished(db)) === 0);
        record(variant.name, 'relay', relay);
        const consumer = await runWorker(
          ctx,
          'fan-out',
          { ...env, BENCH_DELETE_TOPOLOGY: '1' },
          async () => (await count(db)) >= base + messages,
        );
        record(variant.name, 'consumer', consumer);
        log(
          `round ${round + 1}, ${variant.name}: pipelined ${pipelined.seconds.toFixed(2)} s, relay ${relay.seconds.toFixed(2)} s, consumer ${consumer.seconds.toFixed(2)} s (load ${consumer.load.toFixed(1)})`,
        );
      }
    }

    let delivery: { deliver: Phase; endToEnd: Phase; bareSeconds: number; bare: BareResult } | undefined;
    if (!FAN_OUT_ONLY) {
      await db.raw('truncate webhook_attempts, webhook_messages');
      await appendEvents(db, teamId, EVENTS);
      await runWorker(ctx, 'fan-out', workerEnv, async () => (await count(db)) >= messages);
      const deliver = await runWorker(
        ctx,
        'deliver',
        workerEnv,
        async () => (await count(db, { status: 'succeeded' })) >= messages,
      );
      log(`delivery loop (sign + POST + record): ${deliver.seconds.toFixed(2)} s`);

      let bareResult: BareResult | undefined;
      const bare = await startChild(
        'bare-delivery.ts',
        {
          DATABASE_URL: url,
          SINK_URL: `http://127.0.0.1:${SINK_PORT}/bare`,
          COUNT: String(EVENTS),
          CONCURRENCY: String(CONCURRENCY),
        },
        (message) => {
          bareResult = message as BareResult;
        },
      );
      bare.send('go');
      await timeUntil(performance.now(), async () => bareResult !== undefined);
      await stop(bare);
      const bareSeconds = bareResult!.elapsedMs / 1000;
      log(`bare sign + POST loop: ${bareSeconds.toFixed(2)} s`);

      await appendEvents(db, teamId, EVENTS);
      const endToEnd = await runWorker(
        ctx,
        'all',
        workerEnv,
        async () => (await count(db, { status: 'succeeded' })) >= 2 * messages,
      );
      log(`events end to end: ${endToEnd.seconds.toFixed(2)} s`);
      delivery = { deliver, endToEnd, bareSeconds, bare: bareResult! };
    }

    log('');
    log(
      `event fan-out — ${EVENTS.toLocaleString('en-US')} events, ${ENDPOINTS} endpoint(s), concurrency ${CONCURRENCY}, one worker process (pool 8), median of ${ROUNDS} round(s)`,
    );
    log(
      `${''.padEnd(44)} ${'per s'.padStart(7)} ${'per CPU-s'.padStart(10)} ${'all CPU-s'.padStart(10)}  load`,
    );
    const line = (label: string, phases: readonly Phase[], n: number) =>
      log(
        `${label.padEnd(44)} ${rate(n, median(phases.map((p) => p.seconds)))} ${rate(n, median(phases.map((p) => p.cpuSeconds))).padStart(10)} ${rate(n, median(phases.map((p) => p.allCpuSeconds))).padStart(10)}  ${phases.map((p) => p.load.toFixed(1)).join(' ')}`,
      );
    const parts: [Part, string][] = [
      ['pipelined', 'events outbox → consumer (pipelined)'],
      ['relay', '  relay alone (outbox → broker, confirmed)'],
      ['consumer', '  consumer alone (queue → fan-out rows)'],
    ];
    for (const variant of variants) {
      log(variant.name);
      for (const [part, label] of parts) line(label, results.get(`${variant.name}|${part}`)!, EVENTS);
    }
    // Where the CPU went, per 1,000 events: what a quiet machine's cores would have to supply.
    log('CPU ms per 1,000 events (medians): worker + PostgreSQL backends + broker');
    for (const variant of variants) {
      const msPer1000 = (phases: readonly Phase[], pick: (p: Phase) => number) =>
        ((median(phases.map(pick)) / EVENTS) * 1e6).toFixed(0);
      log(
        `  ${variant.name}: ${parts
          .map(([part]) => {
            const phases = results.get(`${variant.name}|${part}`)!;
            return `${part} ${msPer1000(phases, (p) => p.cpuSeconds)} + ${msPer1000(phases, (p) => p.databaseCpuSeconds)} + ${msPer1000(phases, (p) => p.brokerCpuSeconds)}`;
          })
          .join('; ')}`,
      );
    }
    const [batched, baseline] = variants.map((v) => v.name) as [string, string];
    const ratio = (part: Part, pick: (p: Phase) => number) => {
      const a = results.get(`${batched}|${part}`)!;
      const b = results.get(`${baseline}|${part}`)!;
      // Paired by round: each round ran both variants back to back.
      return median(a.map((p, i) => pick(b[i]!) / pick(p)));
    };
    log(
      `ratio batched / baseline (paired medians): ${parts
        .map(
          ([part]) =>
            `${part} ${ratio(part, (p) => p.seconds).toFixed(2)} per s, ${ratio(part, (p) => p.cpuSeconds).toFixed(2)} per CPU-s, ${ratio(part, (p) => p.allCpuSeconds).toFixed(2)} per all CPU-s`,
        )
        .join('; ')}`,
    );
    const pipelined = results.get(`${batched}|pipelined`)!;
    const eventsPerSecond = EVENTS / median(pipelined.map((p) => p.seconds));
    const perAllCpu = EVENTS / median(pipelined.map((p) => p.allCpuSeconds));
    log(
      `target ≥ 5,000 events/s outbox → consumer at the default concurrency: ${eventsPerSecond >= 5000 ? 'met' : 'MISSED'} on this machine (${eventsPerSecond.toFixed(0)}/s); ` +
        `at ${perAllCpu.toFixed(0)} events per CPU-second of worker + PostgreSQL + broker, 2 idle cores would give at most ≈ ${(2 * perAllCpu).toFixed(0)}/s`,
    );
    log(
      '(per CPU-s: the worker process’s own CPU time; all CPU-s: the worker, its PostgreSQL backends and the broker, which other work on this machine may share)',
    );

    if (delivery) {
      const { deliver, endToEnd, bareSeconds, bare } = delivery;
      const deliveriesPerSecond = messages / deliver.seconds;
      const barePerSecond = bare.sent / bareSeconds;
      log('');
      log(`${''.padEnd(44)} ${'per s'.padStart(7)} ${'per CPU-s'.padStart(10)}`);
      log(
        `${'deliveries, one worker'.padEnd(44)} ${rate(messages, deliver.seconds)} ${rate(messages, deliver.cpuSeconds).padStart(10)}   target ≥ 2,000/s: ${deliveriesPerSecond >= 2000 ? 'met' : 'MISSED'}`,
      );
      log(
        `${'deliveries, bare sign + POST loop'.padEnd(44)} ${rate(bare.sent, bareSeconds)} ${rate(bare.sent, bare.cpuSeconds).padStart(10)}`,
      );
      log(
        `${'events end to end (outbox → delivered)'.padEnd(44)} ${rate(EVENTS, endToEnd.seconds)} ${rate(EVENTS, endToEnd.cpuSeconds).padStart(10)}`,
      );
      log(
        `ratio worker / bare: ${(deliveriesPerSecond / barePerSecond).toFixed(2)} per s, ${(messages / deliver.cpuSeconds / (bare.sent / bare.cpuSeconds)).toFixed(2)} per CPU-s`,
      );
      const failed = await count(db, { status: 'failed' });
      if (failed > 0 || bare.errors > 0)
        log(`WARNING: ${failed} failed messages, ${bare.errors} bare errors; figures are not trustworthy`);
    }
    log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
  } finally {
    await stop(sink);
    await db.destroy();
    if (!KEEP) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

interface BareResult {
  elapsedMs: number;
  cpuSeconds: number;
  sent: number;
  errors: number;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
