/**
 * Event delivery benchmark (issues #4, #16): N events through outbox → relay → RabbitMQ → consumer fan-out,
 * then the delivery loop signing and POSTing them to a local sink, each in the real worker composition in
 * its own process; against a bare loop that signs and POSTs the same payloads to the same sink in the same
 * run. The fan-out is also timed in parts: the relay alone (outbox → broker, confirmed) and the consumer
 * alone (draining a queue the relay filled into `webhook_messages`).
 *
 *   pnpm bench:delivery [--events 20000] [--concurrency <DELIVERY_CONCURRENCY default>] [--endpoints 1] [--keep]
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) with a fresh database
 * and AMQP_URL's broker (default amqp://guest:guest@127.0.0.1:5672) with a topology of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createKnex, createOutboxRepository, migrateLatest, type Knex } from '@meridian/db';
import { eventDeliveryProcessConfigSpec } from '@meridian/event-delivery';
import { eventEnvelope, newId } from '@meridian/domain';
import { createSecretBox, decodeSecretsKey } from '@meridian/platform';
import { baseDatabaseUrl, databaseUrlFor, seedOrg, seedTeam } from '@meridian/test-utils';

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
const KEEP = args.includes('--keep');
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
}

async function runWorker(
  mode: 'relay' | 'fan-out' | 'deliver' | 'all',
  env: Record<string, string>,
  done: () => Promise<boolean>,
): Promise<Phase> {
  let cpu: ((seconds: number) => void) | undefined;
  const worker = await startChild('event-delivery-worker.ts', { ...env, BENCH_MODE: mode }, (message) =>
    cpu?.((message as { cpuSeconds: number }).cpuSeconds),
  );
  try {
    const started = performance.now();
    worker.send('go');
    const seconds = await timeUntil(started, done);
    const cpuSeconds = await new Promise<number>((resolve) => {
      cpu = resolve;
      worker.send('cpu');
    });
    return { seconds, cpuSeconds };
  } finally {
    await stop(worker);
  }
}

async function main(): Promise<void> {
  const dbName = `meridian_bench_${Date.now().toString(36)}`;
  await admin(`create database "${dbName}"`);
  const url = databaseUrlFor(dbName);
  const db = createKnex({ connectionString: url, poolMax: 2 });
  const sink = await startChild('webhook-sink.ts', { PORT: String(SINK_PORT) });
  const workerEnv = {
    DATABASE_URL: url,
    AMQP_URL,
    SECRETS_ENCRYPTION_KEY: SECRETS_KEY,
    DELIVERY_CONCURRENCY: String(CONCURRENCY),
    BENCH_SUFFIX: `bench-${randomUUID().slice(0, 8)}`,
  };
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
      `${EVENTS.toLocaleString('en-US')} events × ${ENDPOINTS} endpoint(s), concurrency ${CONCURRENCY}${CONCURRENCY === DEFAULT_CONCURRENCY ? ' (the default)' : ''}`,
    );

    await appendEvents(db, teamId, EVENTS);
    const fanOut = await runWorker('fan-out', workerEnv, async () => (await count(db)) >= messages);
    log(`outbox → relay → RabbitMQ → consumer fan-out: ${fanOut.seconds.toFixed(2)} s`);

    const deliver = await runWorker(
      'deliver',
      workerEnv,
      async () => (await count(db, { status: 'succeeded' })) >= messages,
    );
    log(`delivery loop (sign + POST + record): ${deliver.seconds.toFixed(2)} s`);

    let bareResult: { elapsedMs: number; cpuSeconds: number; sent: number; errors: number } | undefined;
    const bare = await startChild(
      'bare-delivery.ts',
      {
        DATABASE_URL: url,
        SINK_URL: `http://127.0.0.1:${SINK_PORT}/bare`,
        COUNT: String(EVENTS),
        CONCURRENCY: String(CONCURRENCY),
      },
      (message) => {
        bareResult = message as typeof bareResult;
      },
    );
    bare.send('go');
    await timeUntil(performance.now(), async () => bareResult !== undefined);
    await stop(bare);
    const bareSeconds = bareResult!.elapsedMs / 1000;
    log(`bare sign + POST loop: ${bareSeconds.toFixed(2)} s`);

    await appendEvents(db, teamId, EVENTS);
    const endToEnd = await runWorker(
      'all',
      workerEnv,
      async () => (await count(db, { status: 'succeeded' })) >= 2 * messages,
    );
    log(`events end to end: ${endToEnd.seconds.toFixed(2)} s`);

    // The fan-out in parts: the relay alone fills the queue, then the consumer alone drains it.
    await appendEvents(db, teamId, EVENTS);
    const relayOnly = await runWorker('relay', workerEnv, async () => (await unpublished(db)) === 0);
    log(`relay alone (outbox → RabbitMQ, confirmed): ${relayOnly.seconds.toFixed(2)} s`);
    const consumerOnly = await runWorker(
      'fan-out',
      { ...workerEnv, BENCH_DELETE_TOPOLOGY: '1' },
      async () => (await count(db)) >= 3 * messages,
    );
    log(`consumer alone (RabbitMQ → webhook_messages): ${consumerOnly.seconds.toFixed(2)} s`);

    const failed = await count(db, { status: 'failed' });
    const rate = (n: number, s: number) => (n / s).toFixed(0).padStart(7);
    const eventsPerSecond = EVENTS / fanOut.seconds;
    const deliveriesPerSecond = messages / deliver.seconds;
    const barePerSecond = bareResult!.sent / bareSeconds;
    log('');
    log(
      `event delivery — ${EVENTS.toLocaleString('en-US')} events, ${ENDPOINTS} endpoint(s), concurrency ${CONCURRENCY}, one worker process (pool 8)`,
    );
    log(`${''.padEnd(42)} ${'per s'.padStart(7)} ${'per CPU-s'.padStart(10)}`);
    log(
      `${'events outbox → consumer (fan-out)'.padEnd(42)} ${rate(EVENTS, fanOut.seconds)} ${rate(EVENTS, fanOut.cpuSeconds).padStart(10)}   target ≥ 5,000/s: ${eventsPerSecond >= 5000 ? 'met' : 'MISSED'}`,
    );
    log(
      `${'  relay alone (outbox → broker, confirmed)'.padEnd(42)} ${rate(EVENTS, relayOnly.seconds)} ${rate(EVENTS, relayOnly.cpuSeconds).padStart(10)}`,
    );
    log(
      `${'  consumer alone (queue → fan-out rows)'.padEnd(42)} ${rate(EVENTS, consumerOnly.seconds)} ${rate(EVENTS, consumerOnly.cpuSeconds).padStart(10)}`,
    );
    log(
      `${'deliveries, one worker'.padEnd(42)} ${rate(messages, deliver.seconds)} ${rate(messages, deliver.cpuSeconds).padStart(10)}   target ≥ 2,000/s: ${deliveriesPerSecond >= 2000 ? 'met' : 'MISSED'}`,
    );
    log(
      `${'deliveries, bare sign + POST loop'.padEnd(42)} ${rate(bareResult!.sent, bareSeconds)} ${rate(bareResult!.sent, bareResult!.cpuSeconds).padStart(10)}`,
    );
    log(
      `${'events end to end (outbox → delivered)'.padEnd(42)} ${rate(EVENTS, endToEnd.seconds)} ${rate(EVENTS, endToEnd.cpuSeconds).padStart(10)}`,
    );
    log(
      `ratio worker / bare: ${(deliveriesPerSecond / barePerSecond).toFixed(2)} per s, ${(messages / deliver.cpuSeconds / (bareResult!.sent / bareResult!.cpuSeconds)).toFixed(2)} per CPU-s`,
    );
    log('(per CPU-s: per second of the process’s own CPU time; PostgreSQL and RabbitMQ not counted)');
    log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    if (failed > 0 || bareResult!.errors > 0)
      log(
        `WARNING: ${failed} failed messages, ${bareResult!.errors} bare errors; figures are not trustworthy`,
      );
  } finally {
    await stop(sink);
    await db.destroy();
    if (!KEEP) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
