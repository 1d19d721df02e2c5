import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { createManagementApi, type ManagementApiDeps } from '../app';

export interface ManagementApiHarness {
  app: Express;
  db: TestDatabase;
  /** Moves the injected clock; undefined goes back to real time. */
  setNow(date: Date | undefined): void;
  close(): Promise<void>;
}

/**
 * The real management API on a fresh test database, with response validation on and a random secrets key.
 * `opts` sets the webhook SSRF inputs (a fake resolver: tests do no real DNS).
 */
export async function createManagementApiHarness(
  opts: Pick<
    ManagementApiDeps,
    'resolveHost' | 'webhookAllowedTargets' | 'secretsKey' | 'dataApiPublicUrl'
  > = {},
): Promise<ManagementApiHarness> {
  const db = await createTestDatabase();
  let now: Date | undefined;
  const app = createManagementApi({
    db: db.knex,
    logger: createLogger({ service: 'management-api', silent: true }),
    metrics: createMetricsRegistry('management-api'),
    region: 'us',
    readiness: {},
    clock: () => now ?? new Date(),
    validateResponses: true,
    secretsKey: randomBytes(32),
    ...opts,
  });
  return {
    app,
    db,
    setNow: (d) => {
      now = d;
    },
    close: () => db.destroy(),
  };
}
