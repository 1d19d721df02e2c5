import knexFactory, { type Knex } from 'knex';
import { types } from 'pg';

// `date` columns stay 'YYYY-MM-DD' strings: converting them to JS Dates shifts them by the local offset.
types.setTypeParser(1082, (v: string) => v);
// bigint counts fit in a JS number for our sizes.
types.setTypeParser(20, (v: string) => Number(v));

export interface DbOptions {
  connectionString: string;
  poolMax?: number;
  applicationName?: string;
  /** How long a query waits for a pooled connection (default 10 s). */
  acquireTimeoutMs?: number;
  /**
   * Where knex's own warnings go (pool and connection errors during a database outage). Without it knex
   * prints plain text to the console, which breaks JSON log lines.
   */
  log?: { warn(message: string): void; error(message: string): void };
}

const describe = (message: unknown): string =>
  message instanceof Error ? message.message : typeof message === 'string' ? message : String(message);

export function createKnex(opts: DbOptions): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: opts.connectionString,
      application_name: opts.applicationName ?? 'meridian',
    },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    acquireConnectionTimeout: opts.acquireTimeoutMs ?? 10_000,
    ...(opts.log
      ? {
          log: {
            warn: (m: unknown) => opts.log?.warn(`knex: ${describe(m)}`),
            error: (m: unknown) => opts.log?.error(`knex: ${describe(m)}`),
            deprecate: (m: unknown) => opts.log?.warn(`knex: ${describe(m)}`),
            debug: () => undefined,
          },
        }
      : {}),
  });
}

export type { Knex };

/** Readiness probe: the database answers a trivial query. */
export async function pingDatabase(db: Knex): Promise<boolean> {
  await db.raw('select 1');
  return true;
}
