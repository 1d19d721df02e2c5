/**
 * Lab orders benchmark (issue 13), two measurements against a baseline each, in one run and database:
 *
 * 1. Orders created per second through `POST /v3/order` of a data API in its own process, every request with
 *    its own `X-Idempotency-Key` (validation, the idempotency claim, order + event + outbox row in one
 *    transaction, the stored answer), `--concurrency` requests in flight. Baseline: a bare INSERT of the same
 *    `lab_orders` rows and their first `lab_order_events` row (fresh ids), one order at a time per connection
 *    over as many connections.
 * 2. Results ingested per second from HL7: ORU^R01 messages (made by the LabSimulator for orders at
 *    `draw_completed`, mixed normal/abnormal/critical/missing) sent over MLLP to the lab gateway's result
 *    listener in its own process (parse, validate, one transaction per message: report rows, order status,
 *    events, health data), `--concurrency` connections. Baseline: a bare INSERT of the same biomarker and
 *    missing-result rows it stored, one statement per table per message, as many connections.
 * Prints rates, latency (p50/p99), ratios, and a count check (one order per key, each message applied once).
 *
 *   pnpm bench:orders [--orders 300] [--results 300] [--concurrency 8] [--pool 8] [--keep]
 *   (or BENCH_ORDERS, BENCH_RESULTS, BENCH_CONCURRENCY, BENCH_POOL)
 *
 * Uses DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and a fresh database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createKnex, createOrgWithKey, createTeamWithKeys, type Knex } from '@meridian/db';
import { ensureSandboxCatalogue, submitOrderToLab } from '@meridian/data-api/lab-fulfilment';
import { newId } from '@meridian/domain';
import {
  Hl7LabAdapter,
  Hl7ResultListener,
  LabSimulator,
  MllpClient,
  type LabScenario,
} from '@meridian/lab-partners';
import { createTestDatabase } from '@meridian/test-utils';

const args = process.argv.slice(2);
const setting = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return Number(args[i + 1]);
  const env = process.env[`BENCH_${name.toUpperCase()}`];
  return env ? Number(env) : fallback;
};
const ORDERS = setting('orders', 300);
const RESULTS = setting('results', 300);
const CONCURRENCY = setting('concurrency', 8);
const POOL = setting('pool', 8);
const KEEP = args.includes('--keep');
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const SCENARIOS: LabScenario[] = ['normal', 'abnormal', 'critical', 'missing'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A support server (bench/support/*.ts) in its own process; resolves once it says it is ready. */
function startServer(file: string, databaseUrl: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'support', file), [], {
      execArgv: ['--conditions=meridian-src', '--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        BENCH_POOL: String(POOL),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs `work(i)` for i in [0, n) with `concurrency` at once; returns per-item latencies (ms) and the wall time. */
async function runAll(
  n: number,
  concurrency: number,
  work: (i: number, lane: number) => Promise<void>,
): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async (_, lane) => {
      for (let i = next++; i < n; i = next++) {
        const t0 = performance.now();
        await work(i, lane);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const latency = (l: number[]) =>
  `p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms`;

/** A row as read back, ready to insert again: jsonb values as JSON text, PostgreSQL arrays as arrays. */
async function insertable(db: Knex, table: string) {
  const arrays = new Set(
    (
      await db('information_schema.columns')
        .where({ table_name: table, data_type: 'ARRAY' })
        .pluck<string[]>('column_name')
    ).map(String),
  );
  // Identity columns (`generated always`) are the database's to number.
  return (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => !(k === 'id' && typeof row.id === 'number'))
        .map(([k, v]) => [
          k,
          v !== null && typeof v === 'object' && !(v instanceof Date) && !arrays.has(k)
            ? JSON.stringify(v)
            : v,
        ]),
    );
}

function orderBody(userId: string, labTestId: string, i: number) {
  return {
    user_id: userId,
    lab_test_id: labTestId,
    patient_details: {
      first_name: 'Ada',
      last_name: `Bench${i}`,
      dob: '1985-12-10',
      gender: 'female',
      phone_number: '(415) 555-0123',
      email: 'ada@example.com',
    },
    patient_address: {
      receiver_name: 'Ada Lovelace',
      first_line: '350 5th Ave',
      city: 'New York',
      state: 'ny',
      zip: '10001',
      country: 'US',
    },
    physician: { first_name: 'Grace', last_name: 'Hopper', npi: '1234567893' },
    icd_codes: ['Z00.00'],
    consents: [{ consentType: 'terms-of-use' }],
  };
}

async function benchOrders(db: Knex, databaseUrl: string, apiKey: string, userId: string, labTestId: string) {
  const port = await freePort();
  const server = await startServer('data-api-server.ts', databaseUrl, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const post = async (i: number) => {
      const res = await fetch(`${base}/v3/order`, {
        method: 'POST',
        headers: {
          'x-service-api-key': apiKey,
          'content-type': 'application/json',
          'x-idempotency-key': `bench-${i}`,
        },
        body: JSON.stringify(orderBody(userId, labTestId, i)),
      });
      if (res.status !== 200) throw new Error(`POST /v3/order answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    // Warm-up (JIT, pools, caches), not counted.
    for (let i = 0; i < Math.min(20, ORDERS); i++) await post(ORDERS + i);
    const api = await runAll(ORDERS, CONCURRENCY, (i) => post(i));
    const created = await db('lab_orders').where('patient_last_name', 'like', 'Bench%').count('* as n');
    const keys = await db('lab_order_idempotency_keys').where('key', 'like', 'bench-%').count('* as n');

    // Baseline: the same order rows (and first event rows) inserted bare, fresh ids, same concurrency.
    const rows = await db('lab_orders')
      .where('patient_last_name', 'like', 'Bench%')
      .limit(ORDERS)
      .select('*');
    const events = new Map(
      (
        await db('lab_order_events')
          .whereIn(
            'order_id',
            rows.map((r) => r.id),
          )
          .select('*')
      ).map((e) => [e.order_id, e]),
    );
    const orderRow = await insertable(db, 'lab_orders');
    const eventRow = await insertable(db, 'lab_order_events');
    const pool = createKnex({ connectionString: databaseUrl, poolMax: POOL });
    try {
      const bare = await runAll(rows.length, CONCURRENCY, async (i) => {
        const { id, ...row } = rows[i];
        const copy = orderRow({ ...row, id: newId(), details_id: newId() });
        await pool('lab_orders').insert(copy);
        await pool('lab_order_events').insert(eventRow({ ...events.get(id), order_id: copy.id }));
      });
      const apiRate = ORDERS / api.seconds;
      const bareRate = rows.length / bare.seconds;
      log('');
      log(`Orders (POST /v3/order with X-Idempotency-Key, ${CONCURRENCY} in flight, pool ${POOL})`);
      log(
        `  API:      ${fmt(apiRate)} orders/s  (${ORDERS} in ${api.seconds.toFixed(2)} s; ${latency(api.latencies)})`,
      );
      log(
        `  bare:     ${fmt(bareRate)} orders/s  (INSERT lab_orders + lab_order_events; ${latency(bare.latencies)})`,
      );
      log(
        `  ratio:    API at ${((apiRate / bareRate) * 100).toFixed(1)}% of the bare insert (${(bareRate / apiRate).toFixed(1)}x slower)`,
      );
      log(
        `  check:    ${Number(created[0]?.n) - Math.min(20, ORDERS)} orders for ${ORDERS} keys counted, ${keys[0]?.n} keys stored`,
      );
    } finally {
      await pool.destroy();
    }
  } finally {
    await stopServer(server);
  }
}

/** Orders at draw_completed, inserted as the phlebotomy flow leaves them. */
async function insertDrawnOrders(db: Knex, teamId: string, userId: string, labTestId: string, n: number) {
  const ids = Array.from({ length: n }, () => newId());
  const now = new Date();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db('lab_orders').insert(
      chunk.map((id) => ({
        id,
        team_id: teamId,
        environment: 'sandbox',
        user_id: userId,
        lab_test_id: labTestId,
        collection_method: 'at_home_phlebotomy',
        status_top: 'collecting_sample',
        status_low: 'draw_completed',
        status_changed_at: now,
        details_id: newId(),
        patient_first_name: 'Ada',
        patient_last_name: 'Drawn',
        patient_dob: '1985-04-12',
        patient_details: JSON.stringify({ gender: 'female' }),
        patient_address: JSON.stringify({
          first_line: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        }),
        physician: JSON.stringify({ first_name: 'Greg', last_name: 'House', npi: '1234567893' }),
        icd_codes: ['Z00.00'],
      })),
    );
    await db('lab_order_events').insert(
      chunk.map((id) => ({
        order_id: id,
        team_id: teamId,
        environment: 'sandbox',
        status: 'collecting_sample.at_home_phlebotomy.draw_completed',
      })),
    );
  }
  return ids;
}

/** ORU^R01 texts of the simulator for each order (sent to a capturing listener, not applied). */
async function makeResultMessages(db: Knex, teamId: string, orderIds: string[]) {
  const messages = new Map<string, string[]>();
  const capture = new Hl7ResultListener({
    host: '127.0.0.1',
    port: 0,
    apply: async (message, context) => {
      messages.set(message.orderId, [...(messages.get(message.orderId) ?? []), context.raw]);
    },
  });
  const { port: capturePort } = await capture.listen();
  const lab = new LabSimulator({
    resultsEndpoint: { host: '127.0.0.1', port: capturePort },
    host: '127.0.0.1',
    port: 0,
    scenario: (orderId) => SCENARIOS[orderIds.indexOf(orderId) % SCENARIOS.length]!,
  });
  const { port: labPort } = await lab.listen();
  const adapter = new Hl7LabAdapter({ host: '127.0.0.1', port: labPort, processingId: 'T' });
  try {
    for (const orderId of orderIds) {
      await submitOrderToLab(
        db,
        { adapterFor: () => adapter, testCoding: 'loinc' },
        { teamId, environment: 'sandbox', orderId, now: new Date() },
      );
    }
    await lab.whenIdle();
  } finally {
    await adapter.close();
    await lab.close();
    await capture.close();
  }
  return messages;
}

async function benchResults(
  db: Knex,
  databaseUrl: string,
  teamId: string,
  userId: string,
  labTestId: string,
) {
  const orderIds = await insertDrawnOrders(db, teamId, userId, labTestId, RESULTS);
  const messages = await makeResultMessages(db, teamId, orderIds);
  const perOrder = orderIds.map((id) => messages.get(id) ?? []);
  const total = perOrder.reduce((n, m) => n + m.length, 0);
  const port = await freePort();
  const server = await startServer('lab-result-listener.ts', databaseUrl, port);
  const clients = Array.from(
    { length: CONCURRENCY },
    () => new MllpClient({ host: '127.0.0.1', port, responseTimeoutMs: 30_000 }),
  );
  let refused = 0;
  try {
    // One lane per MLLP connection, an order's messages in order on one connection (as a lab sends them).
    const hl7 = await runAll(orderIds.length, CONCURRENCY, async (i, lane) => {
      for (const text of perOrder[i]!) {
        const ack = await clients[lane]!.request(text);
        if (!/MSA\|AA\|/.test(ack)) refused += 1;
      }
    });
    const applied = Number(
      (await db('lab_result_messages').whereIn('order_id', orderIds).count('* as n'))[0]?.n,
    );
    const completed = Number(
      (await db('lab_orders').whereIn('id', orderIds).where({ status_low: 'completed' }).count('* as n'))[0]
        ?.n,
    );

    // Baseline: the very rows the listener stored, deleted and inserted bare, one statement per table per message.
    const biomarkers = await db('lab_biomarker_results').whereIn('order_id', orderIds).select('*');
    const missing = await db('lab_missing_results').whereIn('order_id', orderIds).select('*');
    const byOrder = (rows: Record<string, unknown>[]) => {
      const map = new Map<string, Record<string, unknown>[]>();
      for (const r of rows) map.set(String(r.order_id), [...(map.get(String(r.order_id)) ?? []), r]);
      return map;
    };
    const bio = byOrder(biomarkers);
    const miss = byOrder(missing);
    await db('lab_biomarker_results').whereIn('order_id', orderIds).delete();
    await db('lab_missing_results').whereIn('order_id', orderIds).delete();
    const bioRow = await insertable(db, 'lab_biomarker_results');
    const missRow = await insertable(db, 'lab_missing_results');
    const pool = createKnex({ connectionString: databaseUrl, poolMax: POOL });
    try {
      const bare = await runAll(orderIds.length, CONCURRENCY, async (i) => {
        const b = bio.get(orderIds[i]!) ?? [];
        const m = miss.get(orderIds[i]!) ?? [];
        if (b.length > 0) await pool('lab_biomarker_results').insert(b.map(bioRow));
        if (m.length > 0) await pool('lab_missing_results').insert(m.map(missRow));
      });
      const rows = biomarkers.length + missing.length;
      const hl7Rate = total / hl7.seconds;
      const bareRate = total / bare.seconds;
      log('');
      log(
        `Results (ORU^R01 over MLLP to the lab gateway's listener, ${CONCURRENCY} connections, pool ${POOL})`,
      );
      log(
        `  HL7:      ${fmt(hl7Rate)} messages/s, ${fmt(rows / hl7.seconds)} result rows/s  (${total} messages, ${rows} rows in ${hl7.seconds.toFixed(2)} s; per order ${latency(hl7.latencies)})`,
      );
      log(
        `  bare:     ${fmt(bareRate)} messages/s, ${fmt(rows / bare.seconds)} result rows/s  (INSERT of the same rows; ${latency(bare.latencies)})`,
      );
      log(
        `  ratio:    HL7 path at ${((hl7Rate / bareRate) * 100).toFixed(1)}% of the bare insert (${(bareRate / hl7Rate).toFixed(1)}x slower)`,
      );
      log(
        `  check:    ${applied} of ${total} messages applied once, ${refused} refused, ${completed} of ${orderIds.length} orders completed`,
      );
    } finally {
      await pool.destroy();
    }
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  log(
    `pnpm bench:orders — ${ORDERS} orders, ${RESULTS} result orders, concurrency ${CONCURRENCY}, pool ${POOL}`,
  );
  const db = await createTestDatabase();
  try {
    const org = await createOrgWithKey(db.knex, { plan: 'scale' });
    const team = await createTeamWithKeys(db.knex, org.orgId);
    await ensureSandboxCatalogue(db.knex, { teamId: team.teamId, environment: 'sandbox' }, new Date());
    const lipid = await db
      .knex('lab_tests')
      .where({ team_id: team.teamId, environment: 'sandbox', name: 'Lipid Panel' })
      .first<{ id: string }>('id');
    const userId = newId();
    await db
      .knex('users')
      .insert({ id: userId, team_id: team.teamId, environment: 'sandbox', client_user_id: 'bench' });
    await benchOrders(db.knex, db.url, team.apiKeys.sandbox, userId, lipid.id);
    await benchResults(db.knex, db.url, team.teamId, userId, lipid.id);
  } finally {
    if (KEEP) log(`database kept: ${db.url}`);
    else await db.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
