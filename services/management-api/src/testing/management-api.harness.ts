import type { Express } from 'express';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { createManagementApi } from '../app';

export interface ManagementApiHarness {
  app: Express;
  db: TestDatabase;
  /** Moves the injected clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/** The real management API on a fresh test database, with response validation on. */
export async function createManagementApiHarness(): Promise<ManagementApiHarness> {
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
