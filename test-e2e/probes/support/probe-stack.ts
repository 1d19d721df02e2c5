/**
 * The two HTTP services the probes aim at, each as its own process started from its `main.ts` (the
 * production composition: validated config, JSON logger with redaction, `serveHttp`), on a fresh test
 * database and without a broker — or, for the end-to-end log scan, all five processes over a broker.
 * Everything they print is kept for the log scan.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTORS } from '@meridian/connectors';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { freePort, runTs, waitReady, type RunningProcess } from '../../support/processes';

export interface ProbeStack {
  db: TestDatabase;
  dataUrl: string;
  managementUrl: string;
  /** Values a log line must never show: configured secrets (the key cache, provider app secrets...). */
  configuredSecrets: string[];
  /** Every line both processes printed so far (stdout and stderr). */
  logLines(): string[];
  /** Processes that are no longer running (a crash is a finding of its own). */
  exited(): string[];
  stop(): Promise<void>;
}

/**
 * Starts the data and management APIs. Provider URLs point at a closed local port, so a flow that calls a
 * provider fails fast instead of reaching the internet; provider app secrets are set so that the log scan
 * can look for them.
 */
export async function startProbeStack(
  opts: {
    extraEnv?: NodeJS.ProcessEnv;
    db?: TestDatabase;
    /** Also the three workers (lab-report parser, scheduler, event delivery), over this broker. */
    workersOver?: string;
  } = {},
): Promise<ProbeStack> {
  const db = opts.db ?? (await createTestDatabase());
  const [dataPort, managementPort, closedPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const secretsKey = randomBytes(32).toString('base64');
  const providerEnv: NodeJS.ProcessEnv = { PROVIDER_EMULATORS: 'true' };
  const providerSecrets: string[] = [];
  for (const c of CONNECTORS) {
    const upper = c.slug.toUpperCase();
    const secret = `probe-app-secret-${randomBytes(12).toString('hex')}`;
    providerSecrets.push(secret);
    Object.assign(providerEnv, {
      [`PROVIDER_${upper}_API_URL`]: `http://127.0.0.1:${closedPort}`,
      [`PROVIDER_${upper}_AUTH_URL`]: `http://127.0.0.1:${closedPort}`,
      [`PROVIDER_${upper}_CLIENT_ID`]: `probe-client-${c.slug}`,
      [`PROVIDER_${upper}_CLIENT_SECRET`]: secret,
    });
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...providerEnv,
    DATABASE_URL: db.url,
    HOST: '127.0.0.1',
    // The most verbose level: a value must not reach the logs at any level.
    LOG_LEVEL: 'debug',
    // Responses that do not match the documents become 500s, which the probes report.
    VALIDATE_RESPONSES: 'true',
    SECRETS_ENCRYPTION_KEY: secretsKey,
    DATA_API_PORT: String(dataPort),
    MANAGEMENT_API_PORT: String(managementPort),
    DATA_API_PUBLIC_URL: `http://127.0.0.1:${dataPort}`,
    // Webhook targets on loopback are allowed (the probes' webhooks point at a closed local port).
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    // The probes send thousands of requests, many with bad keys, from one address in a minute: request
    // limits (tested on their own) would answer most of them 429 and hide what the probes look for.
    RATE_LIMIT_PER_KEY_PER_MINUTE: '0',
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0',
    RATE_LIMIT_FAILED_AUTH_PER_MINUTE: '0',
    ...opts.extraEnv,
  };
  // Without workers no broker: the APIs publish nothing, and the probes need only PostgreSQL.
  if (opts.workersOver) env.AMQP_URL = opts.workersOver;
  else delete env.AMQP_URL;
  const dataUrl = `http://127.0.0.1:${dataPort}`;
  const managementUrl = `http://127.0.0.1:${managementPort}`;
  const services: Array<[string, string]> = [
    ['data-api', dataUrl],
    ['management-api', managementUrl],
  ];
  if (opts.workersOver) {
    for (const worker of ['lab-report-parser', 'scheduler', 'event-delivery'])
      services.push([worker, `http://127.0.0.1:${await freePort()}`]);
  }
  const procs: RunningProcess[] = services.map(([name, url]) =>
    runTs(name, `services/${name}/src/main.ts`, {
      ...env,
      HEALTH_PORT: new URL(url).port,
      SCHEDULER_TICK_MS: '1000',
    }),
  );
  try {
    await Promise.all(procs.map((p, i) => waitReady(services[i]![1], p, 90_000)));
  } catch (err) {
    await Promise.all(procs.map((p) => p.stop()));
    if (!opts.db) await db.destroy();
    throw err;
  }
  return {
    db,
    dataUrl,
    managementUrl,
    configuredSecrets: [secretsKey, ...providerSecrets],
    logLines: () =>
      procs.flatMap((p) =>
        p
          .output()
          .split('\n')
          .filter((line) => line.length > 0)
          .map((line) => `${p.name}: ${line}`),
      ),
    exited: () =>
      procs.filter((p) => p.child.exitCode !== null || p.child.signalCode !== null).map((p) => p.name),
    async stop() {
      await Promise.all(procs.map((p) => p.stop()));
      // PROBE_LOG_DUMP=<dir>: keep what the processes printed, for reading after a failure.
      if (process.env.PROBE_LOG_DUMP) {
        mkdirSync(process.env.PROBE_LOG_DUMP, { recursive: true });
        for (const p of procs)
          writeFileSync(path.join(process.env.PROBE_LOG_DUMP, `${p.name}-${dataPort}.log`), p.output());
      }
      if (!opts.db) await db.destroy();
    },
  };
}
